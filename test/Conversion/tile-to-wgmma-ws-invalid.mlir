// Warp-specialized kernels tile-to-wgmma cannot build: a one-line
// diagnostic each, no crash.
// RUN: tile-opt %s --split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(func.func(tile-tiling{mma=wgmma block-m=128 block-n=128 block-k=64 num-warps=8 num-stages=4 warp-specialize=pingpong}),tile-to-gpu,gpu.module(tile-to-wgmma))"
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=3 warp-specialize=cooperative" 2>&1 | FileCheck %s --check-prefix=COOP-TILED
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=persistent block-m=128 block-n=128 block-k=64 num-warps=8 num-stages=4 warp-specialize=pingpong min-blocks-per-sm=2" 2>&1 | FileCheck %s --check-prefix=BLOCKS
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=persistent block-m=128 block-n=128 block-k=64 num-warps=8 num-stages=7 warp-specialize=pingpong" 2>&1 | FileCheck %s --check-prefix=SMEM128
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=persistent block-m=128 block-n=192 block-k=64 num-warps=8 num-stages=5 warp-specialize=pingpong" 2>&1 | FileCheck %s --check-prefix=SMEM192
// RUN: not tile-opt %S/../Pipelines/Inputs/matmul_f16_f32c_nt.mlir --tile-to-ptx="mma=wgmma schedule=persistent swap-ab=1 block-m=208 block-n=128 block-k=64 num-warps=8 num-stages=4 warp-specialize=cooperative" 2>&1 | FileCheck %s --check-prefix=SWAPF32

// COOP-TILED: error: tile-to-wgmma: warp-specialize=cooperative needs schedule=persistent (the producer and the consumers walk the tile loop)
// COOP-TILED-NOT: error
// setmaxnreg hands the consumers the registers of a whole SM.
// BLOCKS: error: tile-to-gpu: warp-specialize=pingpong needs min-blocks-per-sm <= 1 (the consumer warpgroups take the SM's registers), got 2
// BLOCKS-NOT: error
// The ring and two staging tiles (one per consumer warpgroup), staged in
// parts where whole ones do not fit: 7 x 32 KB + 2 x 16 KB + 1 KB (halves
// too much), and 5 x 40 KB + 2 x 16 KB + 1 KB (three boxes, one per part:
// too much).
// SMEM128: error: tile-allocate-shared: the kernel needs 263168 bytes of shared memory per block, more than the 232448 the target allows
// SMEM192: error: tile-allocate-shared: the kernel needs 238592 bytes of shared memory per block, more than the 232448 the target allows
// swap_ab stages the transposed accumulator whole, in one part: 4 x 42 KB
// of ring and two 208 x 64 f32 tiles (2 x 52 KB) do not fit.
// SWAPF32: error: tile-allocate-shared: the kernel needs 279552 bytes of shared memory per block, more than the 232448 the target allows
// SWAPF32-NOT: error

// Each consumer warpgroup walks its own tiles of the persistent loop.
// expected-error @+1 {{tile-to-wgmma: warp-specialize=pingpong needs schedule=persistent (the producer and the consumers walk the tile loop)}}
func.func @tiled(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// The #tile.kernel verifier: two consumer warpgroups on wgmma.
// expected-error @+1 {{warp_specialize = pingpong needs mma = wgmma and num_warps = 8 (two consumer warpgroups; the producer warpgroup comes on top)}}
func.func @four_warps() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = pingpong, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{warp_specialize = pingpong needs mma = wgmma and num_warps = 8}}
func.func @sync() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 32, num_warps = 8, num_stages = 4, schedule = persistent, order = grouped, group_m = 8, mma = sync, warp_specialize = pingpong, chip = sm_90, shared_bytes = 0>} {
  return
}

// -----

// A 128x256 accumulator in one warpgroup spills even at 232 registers.
// expected-error @+1 {{warp_specialize = pingpong needs block_m = 128 and block_n <= 192 (one warpgroup holds the whole tile's accumulator), got 128x256}}
func.func @wide() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = pingpong, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// Pingpong warpgroups each hold a whole tile: 128 rows, not 256.
// expected-error @+1 {{warp_specialize = pingpong needs block_m = 128 and block_n <= 192 (one warpgroup holds the whole tile's accumulator), got 256x128}}
func.func @tall() attributes {tile.kernel = #tile.kernel<block_m = 256, block_n = 128, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = pingpong, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// Warp-specialized split-K adds the partial sums in the tile's cluster
// (the workspace's arrive-and-wait would hold the producer too), with
// cooperative consumers sharing the tile.
// expected-error @+1 {{split_k = 2 needs warp_specialize = cooperative or none (a pingpong warpgroup holds whole tiles)}}
func.func @split_pingpong() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = pingpong, split_k = 2, chip = sm_90a, shared_bytes = 0>} {
  return
}

// -----

// expected-error @+1 {{split_k = 16 with warp_specialize = cooperative needs split_k <= 8 (warp-specialized splits are added in a cluster)}}
func.func @split_workspace() attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = cooperative, split_k = 16, chip = sm_90a, shared_bytes = 0>} {
  return
}
