// tile-nvgpu-to-nvvm's tile.stage_accumulator {row_classes}: row r of each
// box at (r % 8) * (R / 8) + r / 8, so that the rows of one class (r % 8)
// are a box of R / 8 rows of their own, each row still in its own
// 128-byte swizzle (R / 8 a multiple of 8: the swizzle of row r / 8).
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s

// f16, a 128 x 64 box: stmatrix row 16 w + 8 (q % 2) + l % 8 goes to
// (l % 8) * 16 + 2 w + q % 2 (its swizzle: that row % 8), and the second
// 64-row block 8 rows on (1 KB), not 64 (8 KB).
// CHECK-LABEL: gpu.func @classes_f16
// CHECK: %[[LANE:.*]] = llvm.urem %{{.*}}, %{{.*}} : i32
// CHECK: %[[L8:.*]] = llvm.urem %[[LANE]], %{{.*}} : i32
// CHECK: %[[ROW:.*]] = llvm.add %{{.*}}, %[[L8]] : i32
// CHECK: %[[GROUP:.*]] = llvm.udiv %[[ROW]], %{{.*}} : i32
// CHECK-NEXT: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %[[CLASS:.*]] = llvm.urem %[[ROW]], %[[C8]] : i32
// CHECK-NEXT: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT: %[[AT:.*]] = llvm.mul %[[CLASS]], %[[C16]] : i32
// CHECK-NEXT: %[[STAGED:.*]] = llvm.add %[[AT]], %[[GROUP]] : i32
// CHECK: %[[SW:.*]] = llvm.urem %[[STAGED]], %{{.*}} : i32
// CHECK: llvm.xor %{{.*}}, %[[SW]] : i32
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: llvm.mul %[[STAGED]], %[[C128]] : i32
// CHECK-COUNT-4: llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.getelementptr %{{.*}}[1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NEXT: nvvm.stmatrix
// CHECK-NOT: [8192]
// CHECK: gpu.return
gpu.module @wg {
  gpu.func @classes_f16(%dst: memref<128x64xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>>
    tile.stage_accumulator %acc[0], %dst {row_classes} : <fragmented = vector<128x64xf32>> to memref<128x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// f32, a 128 x 32 box: the pair at row 16 w + lane / 4 + 8 h goes to
// (lane / 4) * 16 + 2 w + h: h's rows are 1 row (128 bytes) on, not 8,
// and one swizzle on (chunk ^ 1); the second block 8 rows on.
// CHECK-LABEL: gpu.func @classes_f32
// CHECK: %[[XR:.*]] = llvm.xor %{{.*}}, %{{.*}} : i32
// CHECK: %[[H0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.xor %[[XR]], %[[H0]] : i32
// CHECK: %[[P0:.*]] = llvm.getelementptr %{{.*}}[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[P0]] {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK: %[[H1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.xor %[[XR]], %[[H1]] : i32
// CHECK: %[[P1:.*]] = llvm.getelementptr %{{.*}}[128] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[P1]]
// CHECK: %[[P2:.*]] = llvm.getelementptr %{{.*}}[1024] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[P2]]
// CHECK: %[[P3:.*]] = llvm.getelementptr %{{.*}}[1152] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: llvm.store %{{.*}}, %[[P3]]
// CHECK-NOT: [8192]
// CHECK: gpu.return
gpu.module @wg32 {
  gpu.func @classes_f32(%dst: memref<128x32xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<128x32xf32>>
    tile.stage_accumulator %acc[0], %dst {row_classes} : <fragmented = vector<128x32xf32>> to memref<128x32xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @bad_box {
  gpu.func @narrow(%dst: memref<64x32xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x32xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op row_classes needs box_bytes = 128, rows a multiple of 64 and no transposed, got box_bytes = 64, 64 rows}}
    tile.stage_accumulator %acc[0], %dst {box_bytes = 64 : i64, row_classes} : <fragmented = vector<64x32xf32>> to memref<64x32xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @bad_transposed {
  gpu.func @transposed(%dst: memref<64x64xf16, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
    // expected-error @+1 {{'tile.stage_accumulator' op row_classes needs box_bytes = 128, rows a multiple of 64 and no transposed, got box_bytes = 128, 64 rows, transposed}}
    tile.stage_accumulator %acc[0], %dst {transposed, row_classes} : <fragmented = vector<64x64xf32>> to memref<64x64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
