// tile-nvgpu-to-nvvm's own nvgpu.warpgroup.mma.store: the i-th 64-row block
// of the accumulator lands at row 64 i (upstream's pattern puts it N/2 rows
// down, right only for N = 128).
// RUN: tile-opt %s -split-input-file --tile-nvgpu-to-nvvm | FileCheck %s

// A 128x64 accumulator: two blocks of 32 floats per thread, at rows
// 16 w + lane / 4 + {0, 8, 64, 72}, columns 8 j + 2 (lane % 4) + {0, 1}.
// CHECK-LABEL: gpu.func @store_128x64(
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.urem %[[TID]], %{{.*}} : i32
// CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]], %{{.*}} : i32
// CHECK: %[[W16:.*]] = llvm.mul %[[WARP]], %{{.*}} : i32
// CHECK: %[[ROW0:.*]] = llvm.add %[[W16]], %{{.*}} : i32
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: %[[R64:.*]] = llvm.add %[[ROW0]], %[[C64]] : i32
// CHECK: %[[I64:.*]] = arith.index_cast %[[R64]] : i32 to index
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I64]], %{{.*}}]
// CHECK: %[[C72:.*]] = llvm.mlir.constant(72 : i32) : i32
// CHECK: llvm.add %[[ROW0]], %[[C72]] : i32
// CHECK: gpu.return
gpu.module @wg {
  gpu.func @store_128x64(%dst: memref<128x64xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>>
    nvgpu.warpgroup.mma.store %acc, %dst : !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>> to memref<128x64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The same store: the 64 values per thread, each stored once.
// CHECK-LABEL: gpu.func @count_128x64(
// CHECK-COUNT-64: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<128x64xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.store
// CHECK: gpu.return
gpu.module @wg {
  gpu.func @count_128x64(%dst: memref<128x64xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>>
    nvgpu.warpgroup.mma.store %acc, %dst : !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>> to memref<128x64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// One warpgroup's 64x256 block (tile-to-wgmma's two-warpgroup kernel) in
// the padded staging buffer: 128 values per thread.
// CHECK-LABEL: gpu.func @count_64x256(
// CHECK-COUNT-128: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x256xf32, strided<[260, 1]>, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.store
// CHECK: gpu.return
gpu.module @wg {
  gpu.func @count_64x256(%dst: memref<64x256xf32, strided<[260, 1]>, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>>
    nvgpu.warpgroup.mma.store %acc, %dst : !nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>> to memref<64x256xf32, strided<[260, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}
