// tile-pipeline on tile-to-nvgpu's output (canonicalized, with the memrefs
// as parameters and without the epilogue's stores), pipelined num_stages
// deep as each kernel's #tile.kernel says. One warp, a 32x16 block and a
// 16-deep K step: per K step three 16-byte copies, one group, four mma.sync.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-pipeline | FileCheck %s

// num_stages = 1 is the unpipelined loop: one buffer, wait for everything.
// CHECK-LABEL: gpu.func @s1(
// CHECK-SAME: num_stages = 1,
// CHECK: memref.alloc() : memref<32x16xf16, #gpu.address_space<workgroup>>
// CHECK: memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: nvgpu.device_async_create_group
// CHECK: scf.for
// CHECK: nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
#s1 = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @s1_kernels {
  gpu.func @s1(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #s1} {
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0.000000e+00> : vector<2x2xf32>
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id  x
    %lane = arith.remui %tid, %c32 : index
    %warp = arith.divui %tid, %c32 : index
    %warp_row = arith.muli %warp, %c32 : index
    %sa = memref.alloc() : memref<32x16xf16, #gpu.address_space<workgroup>>
    %sb = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16>
    %tiles_n = arith.ceildivui %N, %c16 : index
    %pid = gpu.block_id  x
    %tile_m = arith.divui %pid, %tiles_n : index
    %tile_n = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %tile_m, %c32 : index
    %n0 = arith.muli %tile_n, %c16 : index
    %acc:4 = scf.for %k = %c0 to %K step %c16 iter_args(%acc0 = %zero, %acc1 = %zero, %acc2 = %zero, %acc3 = %zero) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
      %M = memref.dim %A, %c0 : memref<?x?xf16>
      %73 = arith.divui %tid, %c2 : index
      %74 = arith.remui %tid, %c2 : index
      %75 = arith.muli %74, %c8 : index
      %76 = arith.addi %m0, %73 : index
      %77 = arith.addi %k, %75 : index
      %78 = arith.cmpi ult, %76, %M : index
      %79 = arith.maxui %K, %77 : index
      %80 = arith.subi %79, %77 : index
      %81 = arith.minui %80, %c8 : index
      %82 = arith.select %78, %81, %c0 : index
      %83 = nvgpu.device_async_copy %A[%76, %77], %sa[%73, %75], 8, %82 {bypassL1} : memref<?x?xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      %84 = arith.addi %tid, %c32 : index
      %85 = arith.divui %84, %c2 : index
      %86 = arith.remui %84, %c2 : index
      %87 = arith.muli %86, %c8 : index
      %88 = arith.addi %m0, %85 : index
      %89 = arith.addi %k, %87 : index
      %90 = arith.cmpi ult, %88, %M : index
      %91 = arith.maxui %K, %89 : index
      %92 = arith.subi %91, %89 : index
      %93 = arith.minui %92, %c8 : index
      %94 = arith.select %90, %93, %c0 : index
      %95 = nvgpu.device_async_copy %A[%88, %89], %sa[%85, %87], 8, %94 {bypassL1} : memref<?x?xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      %KB = memref.dim %B, %c0 : memref<?x?xf16>
      %96 = arith.addi %k, %73 : index
      %97 = arith.addi %n0, %75 : index
      %98 = arith.cmpi ult, %96, %KB : index
      %99 = arith.maxui %N, %97 : index
      %100 = arith.subi %99, %97 : index
      %101 = arith.minui %100, %c8 : index
      %102 = arith.select %98, %101, %c0 : index
      %103 = nvgpu.device_async_copy %B[%96, %97], %sb[%73, %75], 8, %102 {bypassL1} : memref<?x?xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
      %104 = nvgpu.device_async_create_group %83, %95, %103
      nvgpu.device_async_wait %104 {numGroups = 0 : i32}
      gpu.barrier
      %105 = arith.remui %lane, %c16 : index
      %106 = arith.divui %lane, %c16 : index
      %107 = arith.addi %warp_row, %105 : index
      %108 = arith.muli %106, %c8 : index
      %109 = nvgpu.ldmatrix %sa[%107, %108] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %110 = arith.addi %warp_row, %c16 : index
      %111 = arith.addi %110, %105 : index
      %112 = nvgpu.ldmatrix %sa[%111, %108] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %113 = nvgpu.ldmatrix %sb[%105, %108] {numTiles = 4 : i32, transpose = true} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %114 = vector.shuffle %113, %113 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
      %115 = vector.shuffle %113, %113 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
      %116 = nvgpu.mma.sync(%109, %114, %acc0) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %117 = nvgpu.mma.sync(%109, %115, %acc1) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %118 = nvgpu.mma.sync(%112, %114, %acc2) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %119 = nvgpu.mma.sync(%112, %115, %acc3) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      gpu.barrier
      scf.yield %116, %117, %118, %119 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>
    }
    gpu.return
  }
}

// -----

// Two stages: the prologue issues one group; the loop waits for all but the
// copies it is about to issue (0 in flight), then copies k+1, then computes
// k.
// CHECK-LABEL: gpu.func @s2(
// CHECK: %[[SA:.*]] = memref.alloc() : memref<2x32x16xf16, #gpu.address_space<workgroup>>
// CHECK: %[[SB:.*]] = memref.alloc() : memref<2x16x16xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-1: nvgpu.device_async_create_group
// CHECK-NOT: nvgpu.device_async_create_group
// CHECK: scf.for
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: nvgpu.device_async_copy {{.*}}, %[[SA]]
// CHECK: nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.ldmatrix %[[SA]]
// CHECK: nvgpu.ldmatrix %[[SB]]
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK-NEXT: scf.yield
// Epilogue: one iteration, nothing left in flight.
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-4: nvgpu.mma.sync
// An epilogue iteration's result is kept only if that iteration exists
// (K may be shorter than the pipeline).
// CHECK-COUNT-4: arith.select
// The barrier moved out of the loop guards the buffers' next use.
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.return
#s2 = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 2, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @s2_kernels {
  gpu.func @s2(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #s2} {
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0.000000e+00> : vector<2x2xf32>
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id  x
    %lane = arith.remui %tid, %c32 : index
    %warp = arith.divui %tid, %c32 : index
    %warp_row = arith.muli %warp, %c32 : index
    %sa = memref.alloc() : memref<32x16xf16, #gpu.address_space<workgroup>>
    %sb = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16>
    %tiles_n = arith.ceildivui %N, %c16 : index
    %pid = gpu.block_id  x
    %tile_m = arith.divui %pid, %tiles_n : index
    %tile_n = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %tile_m, %c32 : index
    %n0 = arith.muli %tile_n, %c16 : index
    %acc:4 = scf.for %k = %c0 to %K step %c16 iter_args(%acc0 = %zero, %acc1 = %zero, %acc2 = %zero, %acc3 = %zero) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
      %M = memref.dim %A, %c0 : memref<?x?xf16>
      %73 = arith.divui %tid, %c2 : index
      %74 = arith.remui %tid, %c2 : index
      %75 = arith.muli %74, %c8 : index
      %76 = arith.addi %m0, %73 : index
      %77 = arith.addi %k, %75 : index
      %78 = arith.cmpi ult, %76, %M : index
      %79 = arith.maxui %K, %77 : index
      %80 = arith.subi %79, %77 : index
      %81 = arith.minui %80, %c8 : index
      %82 = arith.select %78, %81, %c0 : index
      %83 = nvgpu.device_async_copy %A[%76, %77], %sa[%73, %75], 8, %82 {bypassL1} : memref<?x?xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      %84 = arith.addi %tid, %c32 : index
      %85 = arith.divui %84, %c2 : index
      %86 = arith.remui %84, %c2 : index
      %87 = arith.muli %86, %c8 : index
      %88 = arith.addi %m0, %85 : index
      %89 = arith.addi %k, %87 : index
      %90 = arith.cmpi ult, %88, %M : index
      %91 = arith.maxui %K, %89 : index
      %92 = arith.subi %91, %89 : index
      %93 = arith.minui %92, %c8 : index
      %94 = arith.select %90, %93, %c0 : index
      %95 = nvgpu.device_async_copy %A[%88, %89], %sa[%85, %87], 8, %94 {bypassL1} : memref<?x?xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      %KB = memref.dim %B, %c0 : memref<?x?xf16>
      %96 = arith.addi %k, %73 : index
      %97 = arith.addi %n0, %75 : index
      %98 = arith.cmpi ult, %96, %KB : index
      %99 = arith.maxui %N, %97 : index
      %100 = arith.subi %99, %97 : index
      %101 = arith.minui %100, %c8 : index
      %102 = arith.select %98, %101, %c0 : index
      %103 = nvgpu.device_async_copy %B[%96, %97], %sb[%73, %75], 8, %102 {bypassL1} : memref<?x?xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
      %104 = nvgpu.device_async_create_group %83, %95, %103
      nvgpu.device_async_wait %104 {numGroups = 0 : i32}
      gpu.barrier
      %105 = arith.remui %lane, %c16 : index
      %106 = arith.divui %lane, %c16 : index
      %107 = arith.addi %warp_row, %105 : index
      %108 = arith.muli %106, %c8 : index
      %109 = nvgpu.ldmatrix %sa[%107, %108] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %110 = arith.addi %warp_row, %c16 : index
      %111 = arith.addi %110, %105 : index
      %112 = nvgpu.ldmatrix %sa[%111, %108] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %113 = nvgpu.ldmatrix %sb[%105, %108] {numTiles = 4 : i32, transpose = true} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %114 = vector.shuffle %113, %113 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
      %115 = vector.shuffle %113, %113 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
      %116 = nvgpu.mma.sync(%109, %114, %acc0) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %117 = nvgpu.mma.sync(%109, %115, %acc1) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %118 = nvgpu.mma.sync(%112, %114, %acc2) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %119 = nvgpu.mma.sync(%112, %115, %acc3) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      gpu.barrier
      scf.yield %116, %117, %118, %119 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>
    }
    gpu.return
  }
}

// -----

// Three stages, with the unaligned path tile-to-nvgpu emits beside the
// aligned one: two groups in the prologue, one in flight at the loop's
// wait, then 1 and 0 in the two epilogue iterations.
// CHECK-LABEL: gpu.func @s3(
// CHECK-SAME: num_stages = 3,
// CHECK: %[[SA:.*]] = memref.alloc() : memref<3x32x16xf16, #gpu.address_space<workgroup>>
// CHECK: %[[SB:.*]] = memref.alloc() : memref<3x16x16xf16, #gpu.address_space<workgroup>>
// CHECK: scf.if
// CHECK-COUNT-2: nvgpu.device_async_create_group
// CHECK-NOT: nvgpu.device_async_create_group
// CHECK: scf.for
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK-NEXT: gpu.barrier
// The buffer of this iteration's copies: ((k - lb) / step) mod 3.
// CHECK: %[[IT:.*]] = arith.divsi %{{.*}}, %c16{{[_0-9]*}} : index
// CHECK: %[[STAGE:.*]] = arith.remsi %[[IT]], %c3{{[_0-9]*}} : index
// CHECK: nvgpu.device_async_copy {{.*}}, %[[SA]][%[[STAGE]], {{.*}}], 8
// CHECK: nvgpu.device_async_create_group
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK-NEXT: scf.yield
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-4: nvgpu.mma.sync
// CHECK-COUNT-4: arith.select
// CHECK-NEXT: gpu.barrier
// The unaligned loop is multi-buffered but not pipelined.
// CHECK: } else {
// CHECK: scf.for
// CHECK: %[[UIT:.*]] = arith.divsi %{{.*}}, %c16{{[_0-9]*}} : index
// CHECK: %[[USTAGE:.*]] = arith.remsi %[[UIT]], %c3{{[_0-9]*}} : index
// CHECK: memref.store %{{.*}}, %[[SA]][%[[USTAGE]], %{{.*}}, %{{.*}}] : memref<3x32x16xf16, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[SB]][%[[USTAGE]], %{{.*}}, %{{.*}}] : memref<3x16x16xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.ldmatrix %[[SA]][%[[USTAGE]],
// CHECK-NOT: nvgpu.device_async_wait
// CHECK: gpu.return
#s3 = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @s3_kernels {
  gpu.func @s3(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #s3} {
    %c256 = arith.constant 256 : index
    %cst = arith.constant 0.000000e+00 : f16
    %c512 = arith.constant 512 : index
    %c8 = arith.constant 8 : index
    %c15 = arith.constant 15 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0.000000e+00> : vector<2x2xf32>
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id  x
    %lane = arith.remui %tid, %c32 : index
    %warp = arith.divui %tid, %c32 : index
    %warp_row = arith.muli %warp, %c32 : index
    %sa = memref.alloc() : memref<32x16xf16, #gpu.address_space<workgroup>>
    %sb = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16>
    %tiles_n = arith.ceildivui %N, %c16 : index
    %pid = gpu.block_id  x
    %tile_m = arith.divui %pid, %tiles_n : index
    %tile_n = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %tile_m, %c32 : index
    %n0 = arith.muli %tile_n, %c16 : index
    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %B : memref<?x?xf16> -> memref<f16>, index, index, index, index, index
    %intptr = memref.extract_aligned_pointer_as_index %B : memref<?x?xf16> -> index
    %8 = arith.muli %strides#0, %c2 : index
    %9 = arith.andi %8, %c15 : index
    %10 = arith.andi %intptr, %c15 : index
    %11 = arith.ori %10, %9 : index
    %12 = arith.cmpi eq, %11, %c0 : index
    %base_buffer_3, %offset_4, %sizes_5:2, %strides_6:2 = memref.extract_strided_metadata %A : memref<?x?xf16> -> memref<f16>, index, index, index, index, index
    %intptr_7 = memref.extract_aligned_pointer_as_index %A : memref<?x?xf16> -> index
    %13 = arith.muli %strides_6#0, %c2 : index
    %14 = arith.andi %13, %c15 : index
    %15 = arith.andi %intptr_7, %c15 : index
    %16 = arith.ori %15, %14 : index
    %17 = arith.cmpi eq, %16, %c0 : index
    %18 = arith.andi %17, %12 : i1
    %19:4 = scf.if %18 -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
      %acc:4 = scf.for %k = %c0 to %K step %c16 iter_args(%acc0 = %zero, %acc1 = %zero, %acc2 = %zero, %acc3 = %zero) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
        %M = memref.dim %A, %c0 : memref<?x?xf16>
        %73 = arith.divui %tid, %c2 : index
        %74 = arith.remui %tid, %c2 : index
        %75 = arith.muli %74, %c8 : index
        %76 = arith.addi %m0, %73 : index
        %77 = arith.addi %k, %75 : index
        %78 = arith.cmpi ult, %76, %M : index
        %79 = arith.maxui %K, %77 : index
        %80 = arith.subi %79, %77 : index
        %81 = arith.minui %80, %c8 : index
        %82 = arith.select %78, %81, %c0 : index
        %83 = nvgpu.device_async_copy %A[%76, %77], %sa[%73, %75], 8, %82 {bypassL1} : memref<?x?xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
        %84 = arith.addi %tid, %c32 : index
        %85 = arith.divui %84, %c2 : index
        %86 = arith.remui %84, %c2 : index
        %87 = arith.muli %86, %c8 : index
        %88 = arith.addi %m0, %85 : index
        %89 = arith.addi %k, %87 : index
        %90 = arith.cmpi ult, %88, %M : index
        %91 = arith.maxui %K, %89 : index
        %92 = arith.subi %91, %89 : index
        %93 = arith.minui %92, %c8 : index
        %94 = arith.select %90, %93, %c0 : index
        %95 = nvgpu.device_async_copy %A[%88, %89], %sa[%85, %87], 8, %94 {bypassL1} : memref<?x?xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
        %KB = memref.dim %B, %c0 : memref<?x?xf16>
        %96 = arith.addi %k, %73 : index
        %97 = arith.addi %n0, %75 : index
        %98 = arith.cmpi ult, %96, %KB : index
        %99 = arith.maxui %N, %97 : index
        %100 = arith.subi %99, %97 : index
        %101 = arith.minui %100, %c8 : index
        %102 = arith.select %98, %101, %c0 : index
        %103 = nvgpu.device_async_copy %B[%96, %97], %sb[%73, %75], 8, %102 {bypassL1} : memref<?x?xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
        %104 = nvgpu.device_async_create_group %83, %95, %103
        nvgpu.device_async_wait %104 {numGroups = 0 : i32}
        gpu.barrier
        %105 = arith.remui %lane, %c16 : index
        %106 = arith.divui %lane, %c16 : index
        %107 = arith.addi %warp_row, %105 : index
        %108 = arith.muli %106, %c8 : index
        %109 = nvgpu.ldmatrix %sa[%107, %108] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %110 = arith.addi %warp_row, %c16 : index
        %111 = arith.addi %110, %105 : index
        %112 = nvgpu.ldmatrix %sa[%111, %108] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %113 = nvgpu.ldmatrix %sb[%105, %108] {numTiles = 4 : i32, transpose = true} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %114 = vector.shuffle %113, %113 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
        %115 = vector.shuffle %113, %113 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
        %116 = nvgpu.mma.sync(%109, %114, %acc0) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %117 = nvgpu.mma.sync(%109, %115, %acc1) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %118 = nvgpu.mma.sync(%112, %114, %acc2) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %119 = nvgpu.mma.sync(%112, %115, %acc3) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        gpu.barrier
        scf.yield %116, %117, %118, %119 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>
      }
      scf.yield %acc#0, %acc#1, %acc#2, %acc#3 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>
    } else {
      %acc:4 = scf.for %k = %c0 to %K step %c16 iter_args(%acc0 = %zero, %acc1 = %zero, %acc2 = %zero, %acc3 = %zero) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
        %M = memref.dim %A, %c0 : memref<?x?xf16>
        scf.for %i = %tid to %c512 step %c32 {
          %88 = arith.divui %i, %c16 : index
          %89 = arith.remui %i, %c16 : index
          %90 = arith.addi %m0, %88 : index
          %91 = arith.addi %k, %89 : index
          %92 = arith.cmpi ult, %91, %K : index
          %93 = arith.cmpi ult, %90, %M : index
          %94 = arith.andi %93, %92 : i1
          %95 = scf.if %94 -> (f16) {
            %96 = memref.load %A[%90, %91] : memref<?x?xf16>
            scf.yield %96 : f16
          } else {
            scf.yield %cst : f16
          }
          memref.store %95, %sa[%88, %89] : memref<32x16xf16, #gpu.address_space<workgroup>>
        }
        %KB = memref.dim %B, %c0 : memref<?x?xf16>
        scf.for %i = %tid to %c256 step %c32 {
          %88 = arith.divui %i, %c16 : index
          %89 = arith.remui %i, %c16 : index
          %90 = arith.addi %k, %88 : index
          %91 = arith.addi %n0, %89 : index
          %92 = arith.cmpi ult, %91, %N : index
          %93 = arith.cmpi ult, %90, %KB : index
          %94 = arith.andi %93, %92 : i1
          %95 = scf.if %94 -> (f16) {
            %96 = memref.load %B[%90, %91] : memref<?x?xf16>
            scf.yield %96 : f16
          } else {
            scf.yield %cst : f16
          }
          memref.store %95, %sb[%88, %89] : memref<16x16xf16, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %73 = arith.remui %lane, %c16 : index
        %74 = arith.divui %lane, %c16 : index
        %75 = arith.addi %warp_row, %73 : index
        %76 = arith.muli %74, %c8 : index
        %77 = nvgpu.ldmatrix %sa[%75, %76] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %78 = arith.addi %warp_row, %c16 : index
        %79 = arith.addi %78, %73 : index
        %80 = nvgpu.ldmatrix %sa[%79, %76] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %81 = nvgpu.ldmatrix %sb[%73, %76] {numTiles = 4 : i32, transpose = true} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %82 = vector.shuffle %81, %81 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
        %83 = vector.shuffle %81, %81 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
        %84 = nvgpu.mma.sync(%77, %82, %acc0) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %85 = nvgpu.mma.sync(%77, %83, %acc1) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %86 = nvgpu.mma.sync(%80, %82, %acc2) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %87 = nvgpu.mma.sync(%80, %83, %acc3) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        gpu.barrier
        scf.yield %84, %85, %86, %87 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>
      }
      scf.yield %acc#0, %acc#1, %acc#2, %acc#3 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>
    }
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @s4(
// CHECK: memref.alloc() : memref<4x32x16xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-3: nvgpu.device_async_create_group
// CHECK-NOT: nvgpu.device_async_create_group
// CHECK: scf.for
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK: scf.yield
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// CHECK-NOT: nvgpu.device_async_wait
// CHECK: gpu.return
#s4 = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @s4_kernels {
  gpu.func @s4(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #s4} {
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0.000000e+00> : vector<2x2xf32>
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id  x
    %lane = arith.remui %tid, %c32 : index
    %warp = arith.divui %tid, %c32 : index
    %warp_row = arith.muli %warp, %c32 : index
    %sa = memref.alloc() : memref<32x16xf16, #gpu.address_space<workgroup>>
    %sb = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16>
    %tiles_n = arith.ceildivui %N, %c16 : index
    %pid = gpu.block_id  x
    %tile_m = arith.divui %pid, %tiles_n : index
    %tile_n = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %tile_m, %c32 : index
    %n0 = arith.muli %tile_n, %c16 : index
    %acc:4 = scf.for %k = %c0 to %K step %c16 iter_args(%acc0 = %zero, %acc1 = %zero, %acc2 = %zero, %acc3 = %zero) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
      %M = memref.dim %A, %c0 : memref<?x?xf16>
      %73 = arith.divui %tid, %c2 : index
      %74 = arith.remui %tid, %c2 : index
      %75 = arith.muli %74, %c8 : index
      %76 = arith.addi %m0, %73 : index
      %77 = arith.addi %k, %75 : index
      %78 = arith.cmpi ult, %76, %M : index
      %79 = arith.maxui %K, %77 : index
      %80 = arith.subi %79, %77 : index
      %81 = arith.minui %80, %c8 : index
      %82 = arith.select %78, %81, %c0 : index
      %83 = nvgpu.device_async_copy %A[%76, %77], %sa[%73, %75], 8, %82 {bypassL1} : memref<?x?xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      %84 = arith.addi %tid, %c32 : index
      %85 = arith.divui %84, %c2 : index
      %86 = arith.remui %84, %c2 : index
      %87 = arith.muli %86, %c8 : index
      %88 = arith.addi %m0, %85 : index
      %89 = arith.addi %k, %87 : index
      %90 = arith.cmpi ult, %88, %M : index
      %91 = arith.maxui %K, %89 : index
      %92 = arith.subi %91, %89 : index
      %93 = arith.minui %92, %c8 : index
      %94 = arith.select %90, %93, %c0 : index
      %95 = nvgpu.device_async_copy %A[%88, %89], %sa[%85, %87], 8, %94 {bypassL1} : memref<?x?xf16> to memref<32x16xf16, #gpu.address_space<workgroup>>
      %KB = memref.dim %B, %c0 : memref<?x?xf16>
      %96 = arith.addi %k, %73 : index
      %97 = arith.addi %n0, %75 : index
      %98 = arith.cmpi ult, %96, %KB : index
      %99 = arith.maxui %N, %97 : index
      %100 = arith.subi %99, %97 : index
      %101 = arith.minui %100, %c8 : index
      %102 = arith.select %98, %101, %c0 : index
      %103 = nvgpu.device_async_copy %B[%96, %97], %sb[%73, %75], 8, %102 {bypassL1} : memref<?x?xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
      %104 = nvgpu.device_async_create_group %83, %95, %103
      nvgpu.device_async_wait %104 {numGroups = 0 : i32}
      gpu.barrier
      %105 = arith.remui %lane, %c16 : index
      %106 = arith.divui %lane, %c16 : index
      %107 = arith.addi %warp_row, %105 : index
      %108 = arith.muli %106, %c8 : index
      %109 = nvgpu.ldmatrix %sa[%107, %108] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %110 = arith.addi %warp_row, %c16 : index
      %111 = arith.addi %110, %105 : index
      %112 = nvgpu.ldmatrix %sa[%111, %108] {numTiles = 4 : i32, transpose = false} : memref<32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %113 = nvgpu.ldmatrix %sb[%105, %108] {numTiles = 4 : i32, transpose = true} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %114 = vector.shuffle %113, %113 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
      %115 = vector.shuffle %113, %113 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
      %116 = nvgpu.mma.sync(%109, %114, %acc0) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %117 = nvgpu.mma.sync(%109, %115, %acc1) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %118 = nvgpu.mma.sync(%112, %114, %acc2) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %119 = nvgpu.mma.sync(%112, %115, %acc3) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      gpu.barrier
      scf.yield %116, %117, %118, %119 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>
    }
    gpu.return
  }
}

// -----

// 16 warps: every copy sits under a guard (see guarded-copies.mlir) and the
// groups have no tokens. The guards and the address arithmetic of the
// guarded copies go to stage 0 with the copies (this used to fail with
// "operation scheduled before its operands"). Unlike the cases above, the
// input is tile-to-nvgpu's output as the pipeline hands it on, not
// canonicalized.
// CHECK-LABEL: gpu.func @guarded(
// CHECK: %[[SA:.*]] = memref.alloc() : memref<3x64x16xf16, #gpu.address_space<workgroup>>
// CHECK: %[[SB:.*]] = memref.alloc() : memref<3x16x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[GA:.*]] = arith.cmpi ult, %{{.*}}, %c128 : index
// CHECK: %[[GB:.*]] = arith.cmpi ult, %{{.*}}, %c128{{[_0-9]*}} : index
// CHECK: %[[S0:.*]] = arith.remsi %{{.*}}, %c3 : index
// CHECK-NEXT: scf.if %[[GA]] {
// CHECK: nvgpu.device_async_copy {{.*}}, %[[SA]][%[[S0]], {{.*}} to memref<3x64x16xf16
// CHECK: scf.if %[[GB]] {
// CHECK: nvgpu.device_async_copy {{.*}}, %[[SB]][%[[S0]], {{.*}} to memref<3x16x64xf16
// CHECK: nvgpu.device_async_create_group{{ *$}}
// CHECK: %[[S1:.*]] = arith.remsi %{{.*}}, %c3 : index
// CHECK-NEXT: scf.if %[[GA]] {
// CHECK: nvgpu.device_async_copy {{.*}}, %[[SA]][%[[S1]],
// CHECK: nvgpu.device_async_create_group{{ *$}}
// CHECK: scf.for
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: scf.if %[[GA]] {
// CHECK: nvgpu.device_async_copy
// CHECK: scf.if %[[GB]] {
// CHECK: nvgpu.device_async_copy
// CHECK: nvgpu.device_async_create_group{{ *$}}
// CHECK: scf.yield
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
#g = #tile.kernel<block_m = 64, block_n = 64, block_k = 16, num_warps = 16, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @guarded_kernels {
  gpu.func @guarded(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #g} {
    %tid = gpu.thread_id  x
    %c32 = arith.constant 32 : index
    %0 = arith.remui %tid, %c32 : index
    %c32_0 = arith.constant 32 : index
    %1 = arith.divui %tid, %c32_0 : index
    %c4 = arith.constant 4 : index
    %2 = arith.divui %1, %c4 : index
    %c16 = arith.constant 16 : index
    %3 = arith.muli %2, %c16 : index
    %c4_1 = arith.constant 4 : index
    %4 = arith.remui %1, %c4_1 : index
    %c16_2 = arith.constant 16 : index
    %5 = arith.muli %4, %c16_2 : index
    %sa = memref.alloc() : memref<64x16xf16, #gpu.address_space<workgroup>>
    %sb = memref.alloc() : memref<16x64xf16, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16_4 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16>
    %6 = arith.ceildivui %N, %c64 : index
    %pid = gpu.block_id  x
    %7 = arith.divui %pid, %6 : index
    %8 = arith.remui %pid, %6 : index
    %9 = arith.muli %7, %c64 : index
    %10 = arith.muli %8, %c64 : index
    %zero = arith.constant dense<0.000000e+00> : vector<2x2xf32>
    %74:2 = scf.for %k = %c0 to %K step %c16_4 iter_args(%acc0 = %zero, %acc1 = %zero) -> (vector<2x2xf32>, vector<2x2xf32>) {
      %c0_33 = arith.constant 0 : index
      %dim_34 = memref.dim %A, %c0_33 : memref<?x?xf16>
      %c1_35 = arith.constant 1 : index
      %dim_36 = memref.dim %A, %c1_35 : memref<?x?xf16>
      %c128 = arith.constant 128 : index
      %75 = arith.cmpi ult, %tid, %c128 : index
      scf.if %75 {
        %c2_49 = arith.constant 2 : index
        %93 = arith.divui %tid, %c2_49 : index
        %c2_50 = arith.constant 2 : index
        %94 = arith.remui %tid, %c2_50 : index
        %c8_51 = arith.constant 8 : index
        %95 = arith.muli %94, %c8_51 : index
        %96 = arith.addi %9, %93 : index
        %97 = arith.addi %k, %95 : index
        %98 = arith.cmpi ult, %96, %dim_34 : index
        %99 = arith.maxui %dim_36, %97 : index
        %100 = arith.subi %99, %97 : index
        %c0_52 = arith.constant 0 : index
        %c8_53 = arith.constant 8 : index
        %101 = arith.minui %100, %c8_53 : index
        %102 = arith.select %98, %101, %c0_52 : index
        %103 = nvgpu.device_async_copy %A[%96, %97], %sa[%93, %95], 8, %102 {bypassL1} : memref<?x?xf16> to memref<64x16xf16, #gpu.address_space<workgroup>>
      }
      %c0_37 = arith.constant 0 : index
      %dim_38 = memref.dim %B, %c0_37 : memref<?x?xf16>
      %c1_39 = arith.constant 1 : index
      %dim_40 = memref.dim %B, %c1_39 : memref<?x?xf16>
      %c128_41 = arith.constant 128 : index
      %76 = arith.cmpi ult, %tid, %c128_41 : index
      scf.if %76 {
        %c8_49 = arith.constant 8 : index
        %93 = arith.divui %tid, %c8_49 : index
        %c8_50 = arith.constant 8 : index
        %94 = arith.remui %tid, %c8_50 : index
        %c8_51 = arith.constant 8 : index
        %95 = arith.muli %94, %c8_51 : index
        %96 = arith.addi %k, %93 : index
        %97 = arith.addi %10, %95 : index
        %98 = arith.cmpi ult, %96, %dim_38 : index
        %99 = arith.maxui %dim_40, %97 : index
        %100 = arith.subi %99, %97 : index
        %c0_52 = arith.constant 0 : index
        %c8_53 = arith.constant 8 : index
        %101 = arith.minui %100, %c8_53 : index
        %102 = arith.select %98, %101, %c0_52 : index
        %103 = nvgpu.device_async_copy %B[%96, %97], %sb[%93, %95], 8, %102 {bypassL1} : memref<?x?xf16> to memref<16x64xf16, #gpu.address_space<workgroup>>
      }
      %77 = nvgpu.device_async_create_group 
      nvgpu.device_async_wait %77 {numGroups = 0 : i32}
      gpu.barrier
      %c16_42 = arith.constant 16 : index
      %78 = arith.remui %0, %c16_42 : index
      %c16_43 = arith.constant 16 : index
      %79 = arith.divui %0, %c16_43 : index
      %c8_44 = arith.constant 8 : index
      %80 = arith.remui %0, %c8_44 : index
      %c8_45 = arith.constant 8 : index
      %81 = arith.divui %0, %c8_45 : index
      %c2_46 = arith.constant 2 : index
      %82 = arith.remui %81, %c2_46 : index
      %83 = arith.addi %3, %78 : index
      %c8_47 = arith.constant 8 : index
      %84 = arith.muli %79, %c8_47 : index
      %85 = nvgpu.ldmatrix %sa[%83, %84] {numTiles = 4 : i32, transpose = false} : memref<64x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %c8_48 = arith.constant 8 : index
      %86 = arith.muli %79, %c8_48 : index
      %87 = arith.addi %5, %86 : index
      %88 = nvgpu.ldmatrix %sb[%78, %87] {numTiles = 4 : i32, transpose = true} : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
      %89 = vector.shuffle %88, %88 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
      %90 = vector.shuffle %88, %88 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
      %91 = nvgpu.mma.sync(%85, %89, %acc0) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      %92 = nvgpu.mma.sync(%85, %90, %acc1) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
      gpu.barrier
      scf.yield %91, %92 : vector<2x2xf32>, vector<2x2xf32>
    }
    gpu.return
  }
}

// -----

// The kernel's configuration is checked again: three stages of a 128x128x32
// block would spill on 4 warps.
#spills = #tile.kernel<block_m = 128, block_n = 128, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @spills_kernels {
  // expected-error @+1 {{tile-pipeline: a 128x128x32 block over 4 warps with num-stages=3 needs about 320 registers per thread, more than the 255 it may use}}
  gpu.func @spills() kernel attributes {tile.kernel = #spills} {
    gpu.return
  }
}

// -----

// With nvvm.minctasm (tile-to-gpu's min-blocks-per-sm), against that cap.
#capped = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @capped_kernels {
  // expected-error @+1 {{tile-pipeline: a 128x64x32 block over 4 warps with num-stages=4 needs about 248 registers per thread, more than the 128 it may use with min-blocks-per-sm=4}}
  gpu.func @capped() kernel attributes {nvvm.minctasm = 4 : i32, tile.kernel = #capped} {
    gpu.return
  }
}

// -----

// Not a kernel: its shared buffer stays as it is.
// CHECK-LABEL: gpu.func @not_a_kernel(
// CHECK-NEXT: memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
gpu.module @other {
  gpu.func @not_a_kernel() kernel {
    %s = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
