// #tile.kernel prints every field in declaration order, whatever the order
// it was written in, and parses back to the same attribute.
// RUN: tile-opt %s -split-input-file --verify-roundtrip | FileCheck %s

// CHECK-LABEL: func.func @sync_tiled_linear
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @sync_tiled_linear() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// CHECK-LABEL: func.func @wgmma_persistent_grouped
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = grouped, group_m = 16, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 197632>
func.func @wgmma_persistent_grouped() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = grouped, group_m = 16, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 197632>} {
  return
}

// -----

// A producer warpgroup on top of two consumer warpgroups.
// CHECK-LABEL: func.func @cooperative
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>
func.func @cooperative() attributes {tile.kernel = #tile.kernel<warp_specialize = cooperative, block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// The other chips, and the smallest block.
// CHECK-LABEL: func.func @sm_80
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 64, block_n = 128, block_k = 32, num_warps = 8, num_stages = 1, schedule = tiled, order = linear, group_m = 1, mma = sync, warp_specialize = none, chip = sm_80, shared_bytes = 0>
// CHECK-LABEL: func.func @sm_86
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 32, block_n = 64, block_k = 128, num_warps = 8, num_stages = 2, schedule = persistent, order = grouped, group_m = 3, mma = sync, warp_specialize = none, chip = sm_86, shared_bytes = 49152>
// CHECK-LABEL: func.func @sm_89
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 8, schedule = tiled, order = serpentine, group_m = 8, mma = sync, warp_specialize = none, chip = sm_89, shared_bytes = 0>
func.func @sm_80() attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 128, block_k = 32, num_warps = 8, num_stages = 1, schedule = tiled, order = linear, group_m = 1, mma = sync, warp_specialize = none, chip = sm_80, shared_bytes = 0>} {
  return
}
func.func @sm_86() attributes {tile.kernel = #tile.kernel<block_m = 32, block_n = 64, block_k = 128, num_warps = 8, num_stages = 2, schedule = persistent, order = grouped, group_m = 3, mma = sync, warp_specialize = none, chip = sm_86, shared_bytes = 49152>} {
  return
}
func.func @sm_89() attributes {tile.kernel = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 8, schedule = tiled, order = serpentine, group_m = 8, mma = sync, warp_specialize = none, chip = sm_89, shared_bytes = 0>} {
  return
}

// -----

// Fields in any order; an alias; on a gpu.func, where tile-to-gpu puts it.
#k = #tile.kernel<chip = sm_90, mma = sync, warp_specialize = none, shared_bytes = 3072, group_m = 8, order = linear, schedule = tiled, num_stages = 2, num_warps = 1, block_k = 16, block_n = 16, block_m = 32>
// CHECK-LABEL: gpu.func @reordered
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 2, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 3072>
// CHECK-LABEL: func.func @same
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 2, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 3072>
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @reordered() kernel attributes {tile.kernel = #k} {
      gpu.return
    }
  }
  func.func @same() attributes {tile.kernel = #k} {
    return
  }
}

// -----

// cluster_m is optional (1 when absent) and printed only when it is not 1.
// CHECK-LABEL: func.func @cluster
// CHECK-SAME: warp_specialize = cooperative, cluster_m = 2, chip = sm_90a,
// CHECK-LABEL: func.func @no_cluster
// CHECK-SAME: warp_specialize = cooperative, chip = sm_90a,
func.func @cluster() attributes {tile.kernel = #tile.kernel<cluster_m = 2, block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = serpentine, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
  return
}
func.func @no_cluster() attributes {tile.kernel = #tile.kernel<cluster_m = 1, block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = serpentine, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// split_k is optional (1 when absent) and printed only when it is not 1.
// CHECK-LABEL: func.func @split
// CHECK-SAME: warp_specialize = none, split_k = 8, chip = sm_90a,
// CHECK-LABEL: func.func @no_split
// CHECK-SAME: warp_specialize = none, chip = sm_90a,
func.func @split() attributes {tile.kernel = #tile.kernel<split_k = 8, block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}
func.func @no_split() attributes {tile.kernel = #tile.kernel<split_k = 1, block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// swap_ab (printed only when 1, after split_k): M on wgmma's N side, so
// block_m may be any multiple of 16 up to 256.
// CHECK-LABEL: func.func @swap_ab
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 208, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 4, swap_ab = 1, chip = sm_90a, shared_bytes = 0>
func.func @swap_ab() attributes {tile.kernel = #tile.kernel<swap_ab = 1, block_m = 208, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 4, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// swap_ab = 0 is the default and is not printed.
// CHECK-LABEL: func.func @no_swap
// CHECK-SAME: split_k = 2, chip = sm_90a
func.func @no_swap() attributes {tile.kernel = #tile.kernel<swap_ab = 0, block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 2, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// l2_promotion (printed only when not 256, after swap_ab): the bytes L2
// fetches around each miss of the kernel's TMA loads.
// CHECK-LABEL: func.func @l2_promotion
// CHECK-SAME: warp_specialize = none, swap_ab = 1, l2_promotion = 128, chip = sm_90a
// CHECK-LABEL: func.func @default_l2_promotion
// CHECK-SAME: warp_specialize = none, chip = sm_90a
func.func @l2_promotion() attributes {tile.kernel = #tile.kernel<l2_promotion = 128, swap_ab = 1, block_m = 16, block_n = 64, block_k = 64, num_warps = 4, num_stages = 8, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}
func.func @default_l2_promotion() attributes {tile.kernel = #tile.kernel<l2_promotion = 256, block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}
