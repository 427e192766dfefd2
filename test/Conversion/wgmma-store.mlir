// tile-nvgpu-to-nvvm's own nvgpu.warpgroup.mma.store: the i-th 64-row block
// of the accumulator lands at row 64 i (upstream's pattern puts it N/2 rows
// down, right only for N = 128).
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s

// A 128x64 accumulator: two blocks of 32 floats per thread, at rows
// 16 w + lane / 4 + {0, 8, 64, 72}, columns 8 j + 2 (lane % 4) + {0, 1}.
// CHECK-LABEL: gpu.func @store_128x64
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
// The 64 values per thread, each stored once.
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | grep -c "memref.store" | FileCheck %s --check-prefix=COUNT
// COUNT: 64
gpu.module @wg {
  gpu.func @store_128x64(%dst: memref<128x64xf32, #gpu.address_space<workgroup>>) {
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>>
    nvgpu.warpgroup.mma.store %acc, %dst : !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>> to memref<128x64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
