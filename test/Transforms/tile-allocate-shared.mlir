// tile-allocate-shared places each workgroup buffer of a kernel in dynamic
// shared memory at a 128-byte aligned offset, records the total in
// #tile.kernel (shared_bytes) and refuses kernels needing more than their
// chip allows (or max-bytes). The kernels keep only their buffers and one
// use of each.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-allocate-shared | FileCheck %s
// RUN: not tile-opt %s -split-input-file --tile-allocate-shared=max-bytes=2048 2>&1 | FileCheck %s --check-prefix=TOOBIG

// tile-pipeline's buffers for a 32x16x16 block, 2 stages. A: 2 x 32 x 16 f16
// = 2048 bytes at 0; B: 2 x 16 x 16 f16 = 1024 bytes at 2048; 3072 bytes in
// all, recorded for the manifest.
// CHECK-LABEL: gpu.func @mm(
// CHECK-SAME: shared_bytes = 3072>
// CHECK: %[[BASE:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[SA:.*]] = memref.view %[[BASE]][%[[C0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x32x16xf16, #gpu.address_space<workgroup>>
// CHECK: %[[C2048:.*]] = arith.constant 2048 : index
// CHECK: %[[SB:.*]] = memref.view %[[BASE]][%[[C2048]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x16x16xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.alloc
// CHECK: nvgpu.ldmatrix %[[SA]]
// CHECK: nvgpu.ldmatrix %[[SB]]
// With a 2048-byte cap the same kernel does not fit.
// TOOBIG: error: tile-allocate-shared: the kernel needs 3072 bytes of shared memory per block, more than the 2048 the target allows; use fewer stages or smaller blocks
#k = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 2, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @mm_kernels {
  gpu.func @mm(%i: index) kernel attributes {tile.kernel = #k} {
    %sa = memref.alloc() : memref<2x32x16xf16, #gpu.address_space<workgroup>>
    %sb = memref.alloc() : memref<2x16x16xf16, #gpu.address_space<workgroup>>
    %a = nvgpu.ldmatrix %sa[%i, %i, %i] {numTiles = 4 : i32, transpose = false} : memref<2x32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    %b = nvgpu.ldmatrix %sb[%i, %i, %i] {numTiles = 4 : i32, transpose = true} : memref<2x16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.return
  }
}

// -----

// Each buffer starts on a 128-byte boundary: 48 bytes, then 64 at 128.
// CHECK-LABEL: gpu.func @aligned(
// CHECK-SAME: shared_bytes = 256>
// CHECK: %[[BASE:.*]] = gpu.dynamic_shared_memory
// CHECK: memref.view %[[BASE]][%c0][] : {{.*}} to memref<3x8xf16, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[BASE]][%c128][] : {{.*}} to memref<16xf32, #gpu.address_space<workgroup>>
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @aligned_kernels {
  gpu.func @aligned(%i: index) kernel attributes {tile.kernel = #k} {
    %x = memref.alloc() : memref<3x8xf16, #gpu.address_space<workgroup>>
    %y = memref.alloc() : memref<16xf32, #gpu.address_space<workgroup>>
    %a = memref.load %x[%i, %i] : memref<3x8xf16, #gpu.address_space<workgroup>>
    %b = memref.load %y[%i] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// tile-to-wgmma's ring: one i8 buffer.
// CHECK-LABEL: gpu.func @wgmma(
// CHECK-SAME: mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 99328>
// CHECK: %[[BASE:.*]] = gpu.dynamic_shared_memory
// CHECK: %[[RING:.*]] = memref.view %[[BASE]][%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<99328xi8, #gpu.address_space<workgroup>>
// CHECK: memref.extract_aligned_pointer_as_index %[[RING]]
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @wgmma_kernels {
  gpu.func @wgmma() kernel attributes {tile.kernel = #k} {
    %smem = memref.alloc() : memref<99328xi8, #gpu.address_space<workgroup>>
    %addr = memref.extract_aligned_pointer_as_index %smem : memref<99328xi8, #gpu.address_space<workgroup>> -> index
    gpu.return
  }
}

// -----

// The limit is the kernel's chip's: 128 KB fit on sm_80 (163 KB) ...
// CHECK-LABEL: gpu.func @fits_sm_80(
// CHECK-SAME: chip = sm_80, shared_bytes = 131072>
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 2, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_80, shared_bytes = 0>
gpu.module @sm_80_kernels {
  gpu.func @fits_sm_80(%i: index) kernel attributes {tile.kernel = #k} {
    %s = memref.alloc() : memref<4x128x128xf16, #gpu.address_space<workgroup>>
    %a = memref.load %s[%i, %i, %i] : memref<4x128x128xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// ... not on sm_86 (99 KB).
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 2, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_86, shared_bytes = 0>
gpu.module @sm_86_kernels {
  // expected-error @+1 {{tile-allocate-shared: the kernel needs 131072 bytes of shared memory per block, more than the 101376 the target allows; use fewer stages or smaller blocks}}
  gpu.func @too_big_sm_86(%i: index) kernel attributes {tile.kernel = #k} {
    %s = memref.alloc() : memref<4x128x128xf16, #gpu.address_space<workgroup>>
    %a = memref.load %s[%i, %i, %i] : memref<4x128x128xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @dynamic_kernels {
  gpu.func @dynamic(%n: index) kernel attributes {tile.kernel = #k} {
    // expected-error @+1 {{'memref.alloc' op tile-allocate-shared: shared buffers must have a static shape and the identity layout}}
    %s = memref.alloc(%n) : memref<?xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Without shared buffers a kernel is left as it is (shared_bytes stays 0);
// so are other functions' buffers and buffers outside workgroup memory.
// CHECK-LABEL: gpu.func @no_buffers(
// CHECK-SAME: shared_bytes = 0>
// CHECK-NOT: gpu.dynamic_shared_memory
// CHECK: memref.alloc() : memref<16xf32>
// CHECK-LABEL: gpu.func @not_a_kernel(
// CHECK-NEXT: memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @other {
  gpu.func @no_buffers() kernel attributes {tile.kernel = #k} {
    %g = memref.alloc() : memref<16xf32>
    gpu.return
  }
  gpu.func @not_a_kernel() kernel {
    %s = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
