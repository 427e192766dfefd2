// The passes one after another from their flags, in --tile-to-ptx's order:
// each accepts what the one before it makes, and the configuration
// tile-tiling records in #tile.kernel reaches every later pass (the pass
// tests start from checked-in IR instead).
// RUN: tile-opt %s --tile-tiling="block-m=32 block-n=16 block-k=16 num-warps=1 num-stages=2" --tile-to-gpu --tile-to-nvgpu --tile-pipeline --nvgpu-optimize-shared-memory --tile-allocate-shared | FileCheck %s --check-prefix=SYNC
// RUN: tile-opt %s --tile-tiling="block-m=32 block-n=16 block-k=16 num-warps=1 num-stages=2" --tile-to-gpu --tile-to-nvgpu --tile-pipeline --nvgpu-optimize-shared-memory --tile-allocate-shared --tile-nvgpu-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: tile-opt %s --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64 num-stages=4" --tile-persistent --tile-to-gpu --tile-to-wgmma --tile-allocate-shared | FileCheck %s --check-prefix=WGMMA
// A second tile-persistent leaves the persistent kernel as it is.
// RUN: tile-opt %s --tile-tiling --tile-persistent --tile-persistent --tile-to-gpu | FileCheck %s --check-prefix=PERSISTENT

// num-stages=2 from tile-tiling: two buffers per tile, placed in dynamic
// shared memory, swizzled.
// SYNC-LABEL: gpu.func @mm(
// SYNC-SAME: num_stages = 2,{{.*}}shared_bytes = 3072>
// SYNC: %[[BASE:.*]] = gpu.dynamic_shared_memory
// SYNC: memref.view %[[BASE]][%{{.*}}][] : {{.*}} to memref<2x32x16xf16, #gpu.address_space<workgroup>>
// SYNC: memref.view %[[BASE]][%{{.*}}][] : {{.*}} to memref<2x16x16xf16, #gpu.address_space<workgroup>>
// SYNC-NOT: memref.alloc
// SYNC: arith.xori
// SYNC: scf.for
// SYNC: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// SYNC: nvgpu.mma.sync
// SYNC-NOT: tile.load
// SYNC-NOT: tile.dot
// SYNC: gpu.return

// NVVM-LABEL: gpu.func @mm(
// NVVM: nvvm.cp.async.shared.global
// NVVM: nvvm.ldmatrix
// NVVM: nvvm.mma.sync
// NVVM-NOT: nvgpu.
// NVVM: gpu.return

// mma=wgmma, num-stages=4, persistent: a ring of four stages (4 x 32 KB and
// 1 KB to align it), one mbarrier each, and the proxy fence between tiles.
// WGMMA-LABEL: gpu.func @mm(
// WGMMA-SAME: num_stages = 4, schedule = persistent,{{.*}}mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 132096>
// WGMMA: gpu.dynamic_shared_memory
// WGMMA: memref.view {{.*}} to memref<132096xi8, #gpu.address_space<workgroup>>
// WGMMA: nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// WGMMA: nvgpu.tma.async.load
// WGMMA: nvgpu.warpgroup.mma
// WGMMA: nvvm.fence.proxy
// WGMMA-NOT: tile.load
// WGMMA: gpu.return

// PERSISTENT-LABEL: gpu.func @mm(
// PERSISTENT: %[[PID:.*]] = gpu.block_id x
// PERSISTENT: %[[NP:.*]] = gpu.grid_dim x
// PERSISTENT-NOT: gpu.grid_dim
// PERSISTENT: scf.for %{{.*}} = %[[PID]] to %{{.*}} step %[[NP]] {
// No second tile loop (a loop without iter_args).
// PERSISTENT-NOT: scf.for {{[^(]*}} {{[{]$}}
// PERSISTENT-NOT: gpu.grid_dim
// PERSISTENT: gpu.return
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
