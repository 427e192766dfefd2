// tile-nvgpu-to-nvvm's own nvgpu.warpgroup.mma.store: the i-th 64-row block
// of the accumulator lands at row 64 i (upstream's pattern puts it N/2 rows
// down, right only for N = 128), counted from row 0 of the view for every
// warpgroup (the warp is taken within its warpgroup).
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s

// A 128x64 accumulator: two blocks of 32 floats per thread, at rows
// 16 w + lane / 4 + {0, 8, 64, 72}, columns 8 j + 2 (lane % 4) + {0, 1},
// w = (tid / 32) % 4; one 8-byte store per pair of columns, at a constant
// offset from the thread's first element.
// CHECK-LABEL: gpu.func @store_128x64
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.urem %[[TID]], %{{.*}} : i32
// CHECK: %[[W:.*]] = llvm.udiv %[[TID]], %{{.*}} : i32
// CHECK: %[[WARP:.*]] = llvm.urem %[[W]], %{{.*}} : i32
// CHECK: %[[W16:.*]] = llvm.mul %[[WARP]], %{{.*}} : i32
// CHECK: %[[ROW0:.*]] = llvm.add %[[W16]], %{{.*}} : i32
// CHECK: %[[BASE:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr<3>, ptr<3>, i32, array<2 x i32>, array<2 x i32>)>
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: %[[R:.*]] = llvm.mul %[[ROW0]], %[[C64]] : i32
// CHECK: %[[FIRST:.*]] = llvm.add %[[R]], %{{.*}} : i32
// CHECK: %[[PTR:.*]] = llvm.getelementptr %[[BASE]][%[[FIRST]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: %[[P0:.*]] = llvm.getelementptr %[[PTR]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %{{.*}}, %[[P0]] {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// Row 8: 8 x 64.
// CHECK: llvm.getelementptr %[[PTR]][512] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK: llvm.getelementptr %[[PTR]][8] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// The second block: row 64, then 72.
// CHECK: llvm.getelementptr %[[PTR]][4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK: llvm.getelementptr %[[PTR]][4608] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f32
// CHECK: gpu.return

// A warp-specialized kernel's staging view: f16, padded rows, a dynamic
// offset; pairs rounded to f16 and stored as 4 bytes.
// CHECK-LABEL: gpu.func @store_f16_view
// CHECK: %[[ALIGNED:.*]] = llvm.extractvalue %{{.*}}[1] : !llvm.struct<(ptr<3>, ptr<3>, i32, array<2 x i32>, array<2 x i32>)>
// CHECK: %[[OFF:.*]] = llvm.extractvalue %{{.*}}[2] : !llvm.struct<(ptr<3>, ptr<3>, i32, array<2 x i32>, array<2 x i32>)>
// CHECK: %[[VIEW:.*]] = llvm.getelementptr %[[ALIGNED]][%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: llvm.mlir.constant(136 : i32) : i32
// CHECK: %[[PTR:.*]] = llvm.getelementptr %[[VIEW]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: %[[H:.*]] = llvm.fptrunc %{{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: %[[P:.*]] = llvm.getelementptr %[[PTR]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f16
// CHECK: llvm.store %[[H]], %[[P]] {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK: llvm.getelementptr %[[PTR]][1088] : (!llvm.ptr<3>) -> !llvm.ptr<3>, f16
// CHECK: gpu.return

// Rows of an odd length cannot hold aligned pairs: one value at a time.
// CHECK-LABEL: gpu.func @store_odd_rows
// CHECK-NOT: llvm.store
// CHECK: memref.store
// CHECK-NOT: llvm.store
// CHECK: gpu.return

// The 32 pairs of a 128x64 accumulator per thread, each stored once; 32
// single values of a 64x64 one.
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s --check-prefix=COUNT
// COUNT-LABEL: gpu.func @store_128x64
// COUNT-COUNT-32: llvm.store
// COUNT-NOT: llvm.store
// COUNT-LABEL: gpu.func @store_f16_view
// COUNT-LABEL: gpu.func @store_odd_rows
// COUNT-COUNT-32: memref.store
// COUNT-NOT: memref.store
// COUNT: gpu.return
gpu.module @wg {
  gpu.func @store_128x64(%dst: memref<128x64xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>>
    nvgpu.warpgroup.mma.store %acc, %dst : !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>> to memref<128x64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store_f16_view(%dst: memref<64x128xf16, strided<[136, 1], offset: ?>, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>>
    nvgpu.warpgroup.mma.store %acc, %dst : !nvgpu.warpgroup.accumulator<fragmented = vector<64x128xf32>> to memref<64x128xf16, strided<[136, 1], offset: ?>, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store_odd_rows(%dst: memref<64x64xf32, strided<[65, 1]>, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
    nvgpu.warpgroup.mma.store %acc, %dst : !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>> to memref<64x64xf32, strided<[65, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}
