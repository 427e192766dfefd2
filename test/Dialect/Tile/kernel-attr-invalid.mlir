// #tile.kernel is checked when it is parsed: every field present, enum
// values by name, and a block the chosen mma can lower on the chosen chip.
// The messages name the fields as the attribute spells them (block_m,
// mma = wgmma); tile-tiling's name its options (block-m, mma=wgmma).
// RUN: tile-opt %s -split-input-file -verify-diagnostics

// No group_m.
// expected-error @+1 {{#tile.kernel is missing field 'group_m'}}
func.func @missing_field() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel field 'block_m' given twice}}
func.func @duplicate_field() attributes {tile.kernel = #tile.kernel<block_m = 128, block_m = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel field 'schedule' must be tiled, persistent or stream_k, got 'streamk'}}
func.func @unknown_schedule() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = streamk, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel field 'order' must be linear, grouped or serpentine, got 'spiral'}}
func.func @unknown_order() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = spiral, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel field 'mma' must be sync or wgmma, got 'tcgen05'}}
func.func @unknown_mma() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = tcgen05, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel field 'chip' must be sm_80, sm_86, sm_89, sm_90 or sm_90a, got 'sm_100'}}
func.func @unknown_chip() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_100, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{block_n must be a positive multiple of 16 (two MMA N), got 24}}
func.func @block_n_24() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 24, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{mma = sync needs block sizes that are powers of two, got 48x64x32}}
func.func @block_m_48() attributes {tile.kernel = #tile.kernel<block_m = 48, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{4 warps cannot split a 16x16 tile into 16x16 pieces}}
func.func @warp_split() attributes {tile.kernel = #tile.kernel<block_m = 16, block_n = 16, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{wgmma and TMA need chip = sm_90a, got sm_90}}
func.func @wgmma_on_sm_90() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{mma = wgmma needs num_stages of at least 2 (the TMA ring), got 1}}
func.func @wgmma_one_stage() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{mma = wgmma needs block_k = 64 (one 128-byte swizzled row of f16/bf16), got 32}}
func.func @wgmma_block_k() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{num_stages must be between 1 and 8, got 0}}
func.func @no_stages() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 0, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{num_stages must be between 1 and 8, got 9}}
func.func @nine_stages() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 9, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{group_m must be between 1 and 16, got 17}}
func.func @group_m_17() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = grouped, group_m = 17, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{shared_bytes must not be negative, got -1}}
func.func @negative_shared() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = -1>} {
  return
}

// -----

// expected-error @+1 {{warp_specialize = cooperative needs mma = wgmma and num_warps 4 or 8}}
func.func @ws_sync() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 32, num_warps = 8, num_stages = 3, schedule = persistent, order = linear, group_m = 8, mma = sync, warp_specialize = cooperative, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// One or two consumer warpgroups (4 or 8 warps), the producer's on top.
// expected-error @+1 {{warp_specialize = cooperative needs mma = wgmma and num_warps 4 or 8 (one or two consumer warpgroups; the producer warpgroup comes on top)}}
func.func @ws_two_warps() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 2, num_stages = 3, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel field 'warp_specialize' must be none, cooperative or pingpong, got 'producer'}}
func.func @ws_unknown() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = producer, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// The dictionary form tile.kernel had before it was an attribute of its own.
// expected-error @+1 {{'tile.kernel' must be a #tile.kernel attribute}}
func.func @dictionary() attributes {tile.kernel = {block_k = 32 : i64, block_m = 128 : i64, block_n = 64 : i64, num_stages = 3 : i64, num_warps = 4 : i64, order = "linear", schedule = "tiled"}} {
  return
}

// -----

// expected-error @+1 {{'tile.kernel' must be a #tile.kernel attribute}}
func.func @string() attributes {tile.kernel = "128x64x32"} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel has no field 'block'}}
func.func @unknown_field() attributes {tile.kernel = #tile.kernel<block = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{cluster_m must be 1 or 2, got 4}}
func.func @cluster_of_four() attributes {tile.kernel = #tile.kernel<cluster_m = 4, block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel field 'cluster_m' given twice}}
func.func @cluster_twice() attributes {tile.kernel = #tile.kernel<cluster_m = 2, cluster_m = 2, block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{split_k must be between 1 and 128, got 0}}
func.func @split_zero() attributes {tile.kernel = #tile.kernel<split_k = 0, block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// One program per split of each tile: not a persistent schedule.
// expected-error @+1 {{split_k = 4 needs schedule = tiled and cluster_m = 1}}
func.func @split_persistent() attributes {tile.kernel = #tile.kernel<split_k = 4, block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// Stream-K shares tiles between programs of one block each.
// expected-error @+1 {{schedule = stream_k needs cluster_m = 1}}
func.func @stream_k_clusters() attributes {tile.kernel = #tile.kernel<cluster_m = 2, block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = stream_k, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// Integer fields take integers only: parseInteger alone would read true as
// -1 and false as 0.
// expected-error @+1 {{#tile.kernel field 'shared_bytes' must be an integer, got 'false'}}
func.func @bool_shared_bytes() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = false>} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel field 'block_m' must be an integer, got 'true'}}
func.func @bool_block_m() attributes {tile.kernel = #tile.kernel<block_m = true, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{#tile.kernel field 'split_k' must be an integer, got 'eight'}}
func.func @word_split_k() attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = eight, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// wgmma's block_n: a multiple of 16 up to 256; one that is not a
// multiple of 64 neither splits K nor runs Stream-K.
// expected-error @+1 {{mma = wgmma needs block_m in {64, 128, 192, 256} and block_n a multiple of 16 up to 256, got 128x72}}
func.func @wgmma_block_n_72() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 72, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{mma = wgmma with block_n = 96 (not a multiple of 64) needs split_k <= 8 (splits added in a cluster), got 9}}
func.func @wgmma_block_n_96_split() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 96, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0, split_k = 9>} {
  return
}

// -----

// expected-error @+1 {{mma = wgmma with block_n = 112 (not a multiple of 64) needs schedule = tiled or schedule = persistent}}
func.func @wgmma_block_n_112_stream_k() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 112, block_k = 64, num_warps = 4, num_stages = 3, schedule = stream_k, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{mma = wgmma with block_n = 160 (not a multiple of 64) needs cluster_m = 1, got 2}}
func.func @wgmma_block_n_160_cluster() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 160, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0, cluster_m = 2>} {
  return
}

// -----

// Accepted: 128x96 and 64x176.
func.func @wgmma_block_n_96() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 96, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
  return
}
func.func @wgmma_block_n_176() attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 176, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{swap_ab must be 0 or 1, got 2}}
func.func @swap_two() attributes {tile.kernel = #tile.kernel<swap_ab = 2, block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{swap_ab = 1 needs mma = wgmma}}
func.func @swap_sync() attributes {tile.kernel = #tile.kernel<swap_ab = 1, block_m = 64, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// One warpgroup whose 64 MMA rows are the tile's N.
// expected-error @+1 {{swap_ab = 1 needs block_n 64 per warpgroup (64, 128 or 192 at 4, 8 or 12 warps) and block_m a multiple of 16 up to 256 (M on wgmma's N side), got 4 warps and 64x128}}
func.func @swap_wide() attributes {tile.kernel = #tile.kernel<swap_ab = 1, block_m = 64, block_n = 128, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{block_m must be a positive multiple of 16 (the MMA M), got 40}}
func.func @swap_odd_m() attributes {tile.kernel = #tile.kernel<swap_ab = 1, block_m = 40, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// Tiled, or persistent with a producer warpgroup walking the tiles; its
// splits added in a cluster.
// expected-error @+1 {{swap_ab = 1 needs schedule = tiled (or persistent with warp_specialize = cooperative), no pingpong, and split_k <= 8 (splits added in a cluster)}}
func.func @swap_persistent() attributes {tile.kernel = #tile.kernel<swap_ab = 1, block_m = 32, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{swap_ab = 1 needs schedule = tiled (or persistent with warp_specialize = cooperative), no pingpong, and split_k <= 8 (splits added in a cluster)}}
func.func @swap_grid_split() attributes {tile.kernel = #tile.kernel<swap_ab = 1, block_m = 32, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 16, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// A pingpong warpgroup holds a whole 128-row tile; a swapped one 64 rows of N.
// expected-error @+1 {{swap_ab = 1 needs schedule = tiled (or persistent with warp_specialize = cooperative), no pingpong, and split_k <= 8 (splits added in a cluster)}}
func.func @swap_pingpong() attributes {tile.kernel = #tile.kernel<swap_ab = 1, block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = pingpong, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// The block belongs to the kernel function whose body the passes lower.
// expected-error @+1 {{'tile.kernel' belongs on a kernel function}}
module attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
}

// -----

// expected-error @+1 {{l2_promotion must be 0, 64, 128 or 256, got 32}}
func.func @promotion_32() attributes {tile.kernel = #tile.kernel<l2_promotion = 32, block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{l2_promotion needs mma = wgmma (TMA loads), got 0}}
func.func @promotion_sync() attributes {tile.kernel = #tile.kernel<l2_promotion = 0, block_m = 64, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}
