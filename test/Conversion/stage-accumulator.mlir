// tile-nvgpu-to-nvvm's tile.stage_accumulator: the accumulator (or some of
// its columns) lands in shared memory as C's TMA descriptor reads it,
// boxes of 128-byte rows one after the other (N / B boxes of R rows, B =
// 128 bytes of the element type), byte (row, c) of a box at
// row * 128 + ((c * size / 16) ^ (row % 8)) * 16 + (c * size) % 16; or
// (box_bytes) of 64- or 32-byte rows, swizzled as TMA swizzles them.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s --check-prefix=COUNT
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s --check-prefix=UPPER

// f16, a cooperative warpgroup's 64x256: four 64x64 boxes (8 KB each).
// stmatrix.x4 writes a warp's 16 x 16 piece: lane l gives row l % 8 of
// matrix q = l / 8, i.e. row 16 w + 8 (q % 2) + l % 8 (w: warp in the
// warpgroup), columns 8 (q / 2)..; its 16-byte chunk j + q / 2 (j even) is
// swizzled as j ^ xr with xr = (q / 2) ^ (row % 8), the same for all j.
// CHECK-LABEL: gpu.func @staging_f16
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.urem %[[TID]], %{{.*}} : i32
// CHECK: %[[W:.*]] = llvm.udiv %[[TID]], %{{.*}} : i32
// CHECK: %[[WARP:.*]] = llvm.urem %[[W]], %{{.*}} : i32
// CHECK: %[[Q:.*]] = llvm.udiv %[[LANE]], %{{.*}} : i32
// CHECK: %[[L8:.*]] = llvm.urem %[[LANE]], %{{.*}} : i32
// CHECK: %[[Q2:.*]] = llvm.urem %[[Q]], %{{.*}} : i32
// CHECK: %[[ROWQ:.*]] = llvm.mul %[[Q2]], %{{.*}} : i32
// CHECK: %[[ROWW:.*]] = llvm.mul %[[WARP]], %{{.*}} : i32
// CHECK: %[[ROWSUM:.*]] = llvm.add %[[ROWW]], %[[ROWQ]] : i32
// CHECK: %[[ROW:.*]] = llvm.add %[[ROWSUM]], %[[L8]] : i32
// CHECK: %[[HALF:.*]] = llvm.udiv %[[Q]], %{{.*}} : i32
// CHECK: %[[COL:.*]] = llvm.mul %[[HALF]], %{{.*}} : i32
// CHECK: %[[COLB:.*]] = llvm.mul %[[COL]], %{{.*}} : i32
// CHECK: %[[ROWMOD:.*]] = llvm.urem %[[ROW]], %{{.*}} : i32
// CHECK: %[[CHUNK:.*]] = llvm.udiv %[[COLB]], %{{.*}} : i32
// CHECK: %[[XR:.*]] = llvm.xor %[[CHUNK]], %[[ROWMOD]] : i32
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[ROWB:.*]] = llvm.mul %[[ROW]], %[[C128]] : i32
// CHECK: %[[TB:.*]] = llvm.add %[[ROWB]], %{{.*}} : i32
// CHECK: %[[BASE:.*]] = llvm.extractvalue %{{.*}}[1]
// Columns 0-15: chunks 0 and 1 of box 0.
// CHECK: llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[S0:.*]] = llvm.xor %[[XR]], %[[C0]] : i32
// CHECK-NEXT: %[[B0:.*]] = llvm.shl %[[S0]], %{{.*}} : i32
// CHECK-NEXT: %[[O0:.*]] = llvm.add %[[TB]], %[[B0]] : i32
// CHECK-NEXT: %[[P0:.*]] = llvm.getelementptr %[[BASE]][%[[O0]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT: %[[A0:.*]] = llvm.getelementptr %[[P0]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix %[[A0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// Pairs rounded to f16, two per register.
// CHECK: llvm.fptrunc %{{.*}} : vector<2xf32> to vector<2xf16>
// CHECK-NEXT: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// Columns 16-31: chunk 2.
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.xor %[[XR]], %[[C2]] : i32
// CHECK: llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.mlir.constant(4 : i32) : i32
// CHECK: nvvm.stmatrix
// CHECK: llvm.mlir.constant(6 : i32) : i32
// CHECK: nvvm.stmatrix
// Columns 64-79: box 1, 64 rows x 128 bytes on.
// CHECK: llvm.xor %[[XR]], %{{.*}} : i32
// CHECK: llvm.getelementptr %{{.*}}[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK-COUNT-3: nvvm.stmatrix %{{.*}}
// CHECK: llvm.getelementptr %{{.*}}[16384]
// CHECK-COUNT-4: nvvm.stmatrix %{{.*}}
// CHECK: llvm.getelementptr %{{.*}}[24576]
// CHECK-COUNT-4: nvvm.stmatrix %{{.*}}
// CHECK-NOT: nvvm.stmatrix
// CHECK-NOT: llvm.store
// CHECK: gpu.return
gpu.module @wg {
  gpu.func @staging_f16(%dst: memref<64x256xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>>
    tile.stage_accumulator %acc[0], %dst : <fragmented = vector<64x256xf32>> to memref<64x256xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// f32, a 128x64 accumulator (two 64-row blocks): two boxes of 32 columns x
// 128 rows (16 KB each). Each pair of columns is one 8-byte store at row
// 16 w + lane / 4 (+ 8: 1 KB on; + 64: 8 KB on), columns 8 j + 2 (lane % 4).
// CHECK-LABEL: gpu.func @staging_f32
// CHECK-NOT: nvvm.stmatrix
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK: llvm.getelementptr %{{.*}}[1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store
// Columns 32..: box 1.
// CHECK: llvm.getelementptr %{{.*}}[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.getelementptr %{{.*}}[17408] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// Rows 64..: the second block.
// CHECK: llvm.getelementptr %{{.*}}[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.getelementptr %{{.*}}[25600] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: gpu.return
// All 32 pairs of a thread, each stored once.
// COUNT-LABEL: gpu.func @staging_f32
// COUNT-COUNT-32: llvm.store {{.*}} : vector<2xf32>, !llvm.ptr<3>
// COUNT-NOT: llvm.store
// COUNT: gpu.return
gpu.module @wg32 {
  gpu.func @staging_f32(%dst: memref<128x64xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>>
    tile.stage_accumulator %acc[0], %dst : <fragmented = vector<128x64xf32>> to memref<128x64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The accumulator's columns 128..255 into a 64 x 128 f32 staging tile
// (half of a cooperative warpgroup's 64x256 f32 tile): the values of
// column groups j = 16..31 (from value 4 j = 64 of the block), placed from
// column 0 of the destination, as the whole-tile store places j = 0..15.
// CHECK-LABEL: gpu.func @second_half_f32
// CHECK: llvm.extractvalue %{{.*}}[64] : !llvm.struct<(f32,
// CHECK-NOT: llvm.getelementptr %{{.*}}[{{[1-9][0-9]*}}]
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK: llvm.getelementptr %{{.*}}[1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// The last group: box 3 (32 columns of 64 rows = 8 KB each), row 8.
// CHECK-DAG: llvm.extractvalue %{{.*}}[127] : !llvm.struct<(f32,
// CHECK-DAG: llvm.getelementptr %{{.*}}[25600] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: gpu.return
// Half the columns: 32 pairs of a thread, none of the first half's.
// UPPER-LABEL: gpu.func @second_half_f32
// UPPER-NOT: llvm.extractvalue %{{.*}}[{{([0-9]|[1-5][0-9]|6[0-3])}}] : !llvm.struct<(f32,
// UPPER: gpu.return
// COUNT-LABEL: gpu.func @second_half_f32
// COUNT-COUNT-32: llvm.store {{.*}} : vector<2xf32>, !llvm.ptr<3>
// COUNT-NOT: llvm.store
// COUNT: gpu.return
gpu.module @half {
  gpu.func @second_half_f32(%dst: memref<64x128xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>>
    tile.stage_accumulator %acc[128], %dst : <fragmented = vector<64x256xf32>> to memref<64x128xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Narrower boxes (box_bytes, for a block_n whose rows are not whole 128
// bytes): TMA's swizzle of W-byte rows puts chunk c of row r at
// (c ^ (r W / 128) % (W / 16)) 16, so xr = chunk(colT) ^ (row / 2) % 4 for
// 64-byte rows, rows W bytes apart and boxes R W bytes apart.
// f16, 64x96 in 64-byte boxes: three boxes of 32 columns (4 KB each), two
// stmatrix.x4 per box, chunks 0 and 2.
// CHECK-LABEL: gpu.func @staging_f16_64b
// CHECK: %[[ROWSUM:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[ROW:.*]] = llvm.add %[[ROWSUM]], %{{.*}} : i32
// CHECK: %[[COL:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK: %[[COLB:.*]] = llvm.mul %[[COL]], %{{.*}} : i32
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[PAIR:.*]] = llvm.udiv %[[ROW]], %[[C2]] : i32
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[RS:.*]] = llvm.urem %[[PAIR]], %[[C4]] : i32
// CHECK-NEXT: llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %[[CHUNK:.*]] = llvm.udiv %[[COLB]], %{{.*}} : i32
// CHECK-NEXT: %[[XR:.*]] = llvm.xor %[[CHUNK]], %[[RS]] : i32
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: llvm.mul %[[ROW]], %[[C64]] : i32
// CHECK: llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[K0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.xor %[[XR]], %[[K0]] : i32
// CHECK: llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: %[[K2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.xor %[[XR]], %[[K2]] : i32
// CHECK: llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// Columns 32..63: box 1, 64 rows x 64 bytes on.
// CHECK: llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.xor %[[XR]]
// CHECK: llvm.getelementptr %{{.*}}[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.xor %[[XR]]
// CHECK: llvm.getelementptr %{{.*}}[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.getelementptr %{{.*}}[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.getelementptr %{{.*}}[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.return
gpu.module @wg64b {
  gpu.func @staging_f16_64b(%dst: memref<64x96xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x96xf32>>
    tile.stage_accumulator %acc[0], %dst {box_bytes = 64 : i64} : <fragmented = vector<64x96xf32>> to memref<64x96xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// f16, 64x112 in 32-byte boxes: seven boxes of 16 columns (2 KB each), one
// stmatrix.x4 each (chunks 0 and 1 of a row: colC is always chunk 0); the
// row term is (row / 4) % 2.
// CHECK-LABEL: gpu.func @staging_f16_32b
// CHECK: %[[ROWSUM:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %[[ROW:.*]] = llvm.add %[[ROWSUM]], %{{.*}} : i32
// CHECK: %[[COL:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK: %[[COLB:.*]] = llvm.mul %[[COL]], %{{.*}} : i32
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[QUAD:.*]] = llvm.udiv %[[ROW]], %[[C4]] : i32
// CHECK-NEXT: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[RS:.*]] = llvm.urem %[[QUAD]], %[[C2]] : i32
// CHECK-NEXT: llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %[[CHUNK:.*]] = llvm.udiv %[[COLB]], %{{.*}} : i32
// CHECK-NEXT: %[[XR:.*]] = llvm.xor %[[CHUNK]], %[[RS]] : i32
// CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: llvm.mul %[[ROW]], %[[C32]] : i32
// CHECK: llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[K0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.xor %[[XR]], %[[K0]] : i32
// CHECK: llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.getelementptr %{{.*}}[2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.getelementptr %{{.*}}[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.getelementptr %{{.*}}[6144] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.getelementptr %{{.*}}[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.getelementptr %{{.*}}[10240] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK: llvm.getelementptr %{{.*}}[12288] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.return
gpu.module @wg32b {
  gpu.func @staging_f16_32b(%dst: memref<64x112xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x112xf32>>
    tile.stage_accumulator %acc[0], %dst {box_bytes = 32 : i64} : <fragmented = vector<64x112xf32>> to memref<64x112xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// f32, 64x112 in 64-byte boxes: seven boxes of 16 columns (4 KB each);
// columns 8 j + 2 (lane % 4) are chunk 2 (j % 2) of box j / 2, rows 8 h
// (512 bytes) on.
// CHECK-LABEL: gpu.func @staging_f32_64b
// CHECK: %[[ROW:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
// CHECK: %[[PAIR:.*]] = llvm.udiv %[[ROW]], %{{.*}} : i32
// CHECK-NEXT: llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[RS:.*]] = llvm.urem %[[PAIR]], %{{.*}} : i32
// CHECK-NEXT: llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %[[CHUNK:.*]] = llvm.udiv
// CHECK-NEXT: %[[XR:.*]] = llvm.xor %[[CHUNK]], %[[RS]] : i32
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: llvm.mul %[[ROW]], %[[C64]] : i32
// CHECK: llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store
// CHECK: llvm.getelementptr %{{.*}}[512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store
// CHECK: %[[K2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.xor %[[XR]], %[[K2]] : i32
// CHECK: llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store
// CHECK: llvm.getelementptr %{{.*}}[512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store
// CHECK: llvm.getelementptr %{{.*}}[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.getelementptr %{{.*}}[4608] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// The last box: 6 x 4 KB on.
// CHECK: llvm.getelementptr %{{.*}}[25088] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: gpu.return
// COUNT-LABEL: gpu.func @staging_f32_64b
// COUNT-COUNT-28: llvm.store {{.*}} : vector<2xf32>, !llvm.ptr<3>
// COUNT-NOT: llvm.store
// COUNT: gpu.return
gpu.module @wgf32_64b {
  gpu.func @staging_f32_64b(%dst: memref<64x112xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x112xf32>>
    tile.stage_accumulator %acc[0], %dst {box_bytes = 64 : i64} : <fragmented = vector<64x112xf32>> to memref<64x112xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A box width TMA does not swizzle.
gpu.module @bad_box {
  gpu.func @box_48(%dst: memref<64x96xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x96xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op box_bytes must be 128, 64 or 32, got 48}}
    tile.stage_accumulator %acc[0], %dst {box_bytes = 48 : i64} : <fragmented = vector<64x96xf32>> to memref<64x96xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Rows and a first column that are not whole 64-byte boxes.
gpu.module @bad_narrow {
  gpu.func @rows_80(%dst: memref<64x80xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x80xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op needs a static identity-layout destination with rows of whole 64-byte boxes (32 elements), got 'memref<64x80xf16, #gpu.address_space<workgroup>>'}}
    tile.stage_accumulator %acc[0], %dst {box_bytes = 64 : i64} : <fragmented = vector<64x80xf32>> to memref<64x80xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @bad_narrow_start {
  gpu.func @mid_box_64(%dst: memref<64x32xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x96xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op columns 16 .. 47 must start on a 64-byte box and lie within the 96 of the accumulator}}
    tile.stage_accumulator %acc[16], %dst {box_bytes = 64 : i64} : <fragmented = vector<64x96xf32>> to memref<64x32xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Rows that are not whole boxes: an error, not a wrong layout.
gpu.module @bad {
  gpu.func @partial_box(%dst: memref<64x96xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x96xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op needs a static identity-layout destination with rows of whole 128-byte boxes (64 elements), got 'memref<64x96xf16, #gpu.address_space<workgroup>>'}}
    tile.stage_accumulator %acc[0], %dst : <fragmented = vector<64x96xf32>> to memref<64x96xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Columns past the accumulator's.
gpu.module @bad_columns {
  gpu.func @past_the_end(%dst: memref<64x128xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x192xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op columns 96 .. 223 must start on a 128-byte box and lie within the 192 of the accumulator}}
    tile.stage_accumulator %acc[96], %dst : <fragmented = vector<64x192xf32>> to memref<64x128xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A first column inside a box.
gpu.module @bad_start {
  gpu.func @mid_box(%dst: memref<64x64xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op columns 32 .. 95 must start on a 128-byte box and lie within the 256 of the accumulator}}
    tile.stage_accumulator %acc[32], %dst : <fragmented = vector<64x256xf32>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Rows other than the accumulator's.
gpu.module @bad_rows {
  gpu.func @rows(%dst: memref<128x64xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op destination has 128 rows; the accumulator has 64}}
    tile.stage_accumulator %acc[0], %dst : <fragmented = vector<64x64xf32>> to memref<128x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
