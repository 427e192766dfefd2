// tile-nvgpu-to-nvvm's tile.stage_accumulator {transposed} (swap_ab: the
// accumulator is C's transpose): fragment (r, c) lands at staging row
// c - first, column r, in boxes of 128-byte rows (64 f16 or 32 f32 columns),
// byte (row, col) of a box at row * 128 + ((col * size / 16) ^ (row % 8)) *
// 16 + (col * size) % 16.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s --check-prefix=COUNT

// f16, 64 x 32: stmatrix.x4.trans per 16 x 16 piece. Lane l gives staging
// row 8 (q / 2) + l % 8 of matrix q = l / 8, whose 8 fragment rows 16 w +
// 8 (q % 2) are 16-byte chunk 2 w + q % 2 of that row, swizzled by the
// row's l % 8. The second piece (columns 16-31) is 16 rows (2048 bytes) on.
// CHECK-LABEL: gpu.func @transposed_f16
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.urem %[[TID]], %{{.*}} : i32
// CHECK: %[[W:.*]] = llvm.udiv %[[TID]], %{{.*}} : i32
// CHECK: %[[WARP:.*]] = llvm.urem %[[W]], %{{.*}} : i32
// CHECK: %[[Q:.*]] = llvm.udiv %[[LANE]], %{{.*}} : i32
// CHECK: %[[L8:.*]] = llvm.urem %[[LANE]], %{{.*}} : i32
// CHECK: %[[HALF:.*]] = llvm.udiv %[[Q]], %{{.*}} : i32
// CHECK: %[[ROW8:.*]] = llvm.mul %[[HALF]], %{{.*}} : i32
// CHECK: %[[ROW:.*]] = llvm.add %[[ROW8]], %[[L8]] : i32
// CHECK: %[[Q2:.*]] = llvm.urem %[[Q]], %{{.*}} : i32
// CHECK: %[[W2:.*]] = llvm.mul %[[WARP]], %{{.*}} : i32
// CHECK: %[[CHUNK:.*]] = llvm.add %[[W2]], %[[Q2]] : i32
// CHECK: %[[SW:.*]] = llvm.xor %[[CHUNK]], %[[L8]] : i32
// CHECK: %[[SWB:.*]] = llvm.shl %[[SW]], %{{.*}} : i32
// CHECK: %[[ROWB:.*]] = llvm.mul %[[ROW]], %{{.*}} : i32
// CHECK: %[[AT:.*]] = llvm.add %[[ROWB]], %[[SWB]] : i32
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[AT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK: %[[A0:.*]] = llvm.getelementptr %[[P]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix %[[A0]], {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK: %[[A1:.*]] = llvm.getelementptr %[[P]][2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix %[[A1]], {{.*}} layout = #nvvm.mma_layout<col>
// CHECK-NOT: nvvm.stmatrix
// CHECK: gpu.return
// COUNT-LABEL: gpu.func @transposed_f16
// COUNT-COUNT-2: nvvm.stmatrix
// COUNT-NOT: nvvm.stmatrix
gpu.module @f16 {
  gpu.func @transposed_f16(%dst: memref<32x64xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x32xf32>>
    tile.stage_accumulator %acc[0], %dst {transposed} : <fragmented = vector<64x32xf32>> to memref<32x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// f32, 64 x 16: each value alone (4 bytes), two boxes of 32 columns (the
// box of warps 2 and 3 16 rows, 2048 bytes, on); values e = 0, 1 of a pair
// are rows 128 bytes apart; their chunk is the thread's own ^ (2 h + e).
// CHECK-LABEL: gpu.func @transposed_f32
// CHECK: llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: llvm.getelementptr %{{.*}}[128] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// COUNT-LABEL: gpu.func @transposed_f32
// COUNT-COUNT-8: llvm.store {{.*}} : f32, !llvm.ptr<3>
// COUNT-NOT: llvm.store
gpu.module @f32 {
  gpu.func @transposed_f32(%dst: memref<16x64xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x16xf32>>
    tile.stage_accumulator %acc[0], %dst {transposed} : <fragmented = vector<64x16xf32>> to memref<16x64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Narrower swizzle rows: a transposed tile's rows are whole 128 bytes.
gpu.module @bad_box {
  gpu.func @box(%dst: memref<32x64xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x32xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op transposed needs box_bytes = 128 and a static identity-layout destination with a column per accumulator row (64), got 'memref<32x64xf16, #gpu.address_space<workgroup>>'}}
    tile.stage_accumulator %acc[0], %dst {box_bytes = 64 : i64, transposed} : <fragmented = vector<64x32xf32>> to memref<32x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A column per accumulator row, not per column.
gpu.module @bad_shape {
  gpu.func @shape(%dst: memref<64x32xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x32xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op transposed needs box_bytes = 128 and a static identity-layout destination with a column per accumulator row (64), got 'memref<64x32xf16, #gpu.address_space<workgroup>>'}}
    tile.stage_accumulator %acc[0], %dst {transposed} : <fragmented = vector<64x32xf32>> to memref<64x32xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Columns in whole 16-column pieces, inside the accumulator.
gpu.module @bad_columns {
  gpu.func @columns(%dst: memref<16x64xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x32xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op transposed columns 8 .. 23 must be whole 16-column pieces within the 32 of the accumulator}}
    tile.stage_accumulator %acc[8], %dst {transposed} : <fragmented = vector<64x32xf32>> to memref<16x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
