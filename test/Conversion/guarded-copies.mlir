// tile-to-nvgpu with more threads than 16-byte chunks in a shared tile: the
// copies of the last round sit under an scf.if. Their tokens stay inside it
// and the group takes only the tokens of unguarded copies
// (cp.async.commit_group commits all of a thread's copies anyway). These
// configurations used to fail with "operand #N does not dominate this use";
// tile-pipeline.mlir pipelines the second one.
// RUN: tile-opt %s -split-input-file --tile-to-nvgpu | FileCheck %s

// A: 512 chunks, 4 per thread; B: 64 chunks for 128 threads, all guarded.
// CHECK-LABEL: gpu.func @mixed(
// CHECK: scf.for
// CHECK: %[[T0:.*]] = nvgpu.device_async_copy {{.*}} to memref<128x32xf16
// CHECK: %[[T1:.*]] = nvgpu.device_async_copy {{.*}} to memref<128x32xf16
// CHECK: %[[T2:.*]] = nvgpu.device_async_copy {{.*}} to memref<128x32xf16
// CHECK: %[[T3:.*]] = nvgpu.device_async_copy {{.*}} to memref<128x32xf16
// CHECK: %[[GUARD:.*]] = arith.cmpi ult, %{{.*}}, %c64 : index
// CHECK-NEXT: scf.if %[[GUARD]] {
// CHECK: nvgpu.device_async_copy {{.*}} to memref<32x16xf16
// CHECK-NEXT: }
// CHECK-NEXT: %[[G:.*]] = nvgpu.device_async_create_group %[[T0]], %[[T1]], %[[T2]], %[[T3]]{{$}}
// CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
#k = #tile.kernel<block_m = 128, block_n = 16, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @mixed_kernels {
  gpu.func @mixed(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant dense<0.000000e+00> : vector<128x16xf32>
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16>
    %tiles_n = arith.ceildivui %N, %c16 : index
    %pid = gpu.block_id x
    %row = arith.divui %pid, %tiles_n : index
    %col = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %row, %c128 : index
    %n0 = arith.muli %col, %c16 : index
    %acc = scf.for %k = %c0 to %K step %c32 iter_args(%acc_k = %zero) -> (vector<128x16xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x32xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<32x16xf16>
      %d = tile.dot %a, %b, %acc_k : vector<128x32xf16>, vector<32x16xf16> -> vector<128x16xf32>
      scf.yield %d : vector<128x16xf32>
    }
    tile.store %acc, %C[%m0, %n0] : vector<128x16xf32> -> memref<?x?xf32>
    gpu.return
  }
}

// -----

// 16 warps: A and B have 128 chunks each for 512 threads, so every copy is
// guarded and the group has no tokens.
// CHECK-LABEL: gpu.func @all_guarded(
// CHECK: scf.for
// CHECK: %[[GA:.*]] = arith.cmpi ult, %{{.*}}, %c128 : index
// CHECK-NEXT: scf.if %[[GA]] {
// CHECK: nvgpu.device_async_copy {{.*}} to memref<64x16xf16
// CHECK-NEXT: }
// CHECK: %[[GB:.*]] = arith.cmpi ult, %{{.*}}, %c128{{[_0-9]*}} : index
// CHECK-NEXT: scf.if %[[GB]] {
// CHECK: nvgpu.device_async_copy {{.*}} to memref<16x64xf16
// CHECK-NEXT: }
// CHECK-NEXT: %[[G:.*]] = nvgpu.device_async_create_group{{ *$}}
// CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
#k = #tile.kernel<block_m = 64, block_n = 64, block_k = 16, num_warps = 16, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @all_kernels {
  gpu.func @all_guarded(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant dense<0.000000e+00> : vector<64x64xf32>
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16>
    %tiles_n = arith.ceildivui %N, %c64 : index
    %pid = gpu.block_id x
    %row = arith.divui %pid, %tiles_n : index
    %col = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %row, %c64 : index
    %n0 = arith.muli %col, %c64 : index
    %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc_k = %zero) -> (vector<64x64xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<64x16xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<16x64xf16>
      %d = tile.dot %a, %b, %acc_k : vector<64x16xf16>, vector<16x64xf16> -> vector<64x64xf32>
      scf.yield %d : vector<64x64xf32>
    }
    tile.store %acc, %C[%m0, %n0] : vector<64x64xf32> -> memref<?x?xf32>
    gpu.return
  }
}
