// A kernel function holds one tile.matmul, directly in its body, and a
// return: anything else is refused with a diagnostic, never skipped (a
// matmul in a loop used to compile to nothing).
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-tiling

// Invalid options: each is rejected with a diagnostic before the pass looks
// at the IR, never a crash.
// RUN: not tile-opt %s --tile-tiling="block-m=0" 2>&1 | FileCheck %s --check-prefix=BM0
// RUN: not tile-opt %s --tile-tiling="block-m=-16" 2>&1 | FileCheck %s --check-prefix=BMNEG
// RUN: not tile-opt %s --tile-tiling="block-n=24" 2>&1 | FileCheck %s --check-prefix=BN
// RUN: not tile-opt %s --tile-tiling="block-k=8" 2>&1 | FileCheck %s --check-prefix=BK
// RUN: not tile-opt %s --tile-tiling="num-warps=3" 2>&1 | FileCheck %s --check-prefix=W3
// RUN: not tile-opt %s --tile-tiling="num-warps=0" 2>&1 | FileCheck %s --check-prefix=W0
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 num-warps=12" 2>&1 | FileCheck %s --check-prefix=W12
// RUN: not tile-opt %s --tile-tiling="block-m=16 block-n=16 num-warps=4" 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not tile-opt %s --tile-tiling="block-m=256 block-n=256 num-warps=4 num-stages=1" 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: not tile-opt %s --tile-tiling="block-m=128 block-n=128 num-warps=4" 2>&1 | FileCheck %s --check-prefix=REGS-STAGES
// RUN: not tile-opt %s --tile-tiling="block-m=512" 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not tile-opt %s --tile-tiling="block-m=48" 2>&1 | FileCheck %s --check-prefix=POW2
// RUN: not tile-opt %s --tile-tiling="order=spiral" 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not tile-opt %s --tile-tiling="group-m=0" 2>&1 | FileCheck %s --check-prefix=GROUP
// RUN: not tile-opt %s --tile-tiling="order=grouped group-m=17" 2>&1 | FileCheck %s --check-prefix=GROUP17
// RUN: not tile-opt %s --tile-tiling="num-stages=0" 2>&1 | FileCheck %s --check-prefix=STAGES0
// RUN: not tile-opt %s --tile-tiling="num-stages=9" 2>&1 | FileCheck %s --check-prefix=STAGES9
// RUN: not tile-opt %s --tile-tiling="block-m=abc" 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 l2-promotion=96" 2>&1 | FileCheck %s --check-prefix=PROMO
// RUN: not tile-opt %s --tile-tiling="l2-promotion=128" 2>&1 | FileCheck %s --check-prefix=PROMO-SYNC
// RUN: not tile-opt %s --tile-tiling="mma=tcgen05" 2>&1 | FileCheck %s --check-prefix=MMA
// RUN: not tile-opt %s --tile-tiling="chip=sm_99" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=32" 2>&1 | FileCheck %s --check-prefix=WG-K
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 num-warps=2" 2>&1 | FileCheck %s --check-prefix=WG-W
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 num-warps=2 swap-ab=1" 2>&1 | FileCheck %s --check-prefix=WG-WSWAP
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-n=72" 2>&1 | FileCheck %s --check-prefix=WG-N
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-n=8" 2>&1 | FileCheck %s --check-prefix=WG-N8
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-n=272" 2>&1 | FileCheck %s --check-prefix=WG-N272
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-m=96 block-n=96" 2>&1 | FileCheck %s --check-prefix=WG-M96
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-n=96 split-k=16" 2>&1 | FileCheck %s --check-prefix=WG-N96-SPLIT
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-n=160 num-warps=8 warp-specialize=cooperative cluster-m=2" 2>&1 | FileCheck %s --check-prefix=WG-N160-CLUSTER
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-m=192 block-n=128 num-warps=8" 2>&1 | FileCheck %s --check-prefix=WG-M8
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-m=256 block-n=128 num-warps=8 warp-specialize=cooperative cluster-m=2" 2>&1 | FileCheck %s --check-prefix=WG-M8-CLUSTER
// RUN: not tile-opt %s --tile-tiling="warp-specialize=cooperative" 2>&1 | FileCheck %s --check-prefix=WS-SYNC
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-n=256 num-warps=8 warp-specialize=pingpong" 2>&1 | FileCheck %s --check-prefix=PP-N
// RUN: not tile-opt %s --tile-tiling="warp-specialize=spin" 2>&1 | FileCheck %s --check-prefix=WS-BAD
// RUN: not tile-opt %s --tile-tiling="cluster-m=3" 2>&1 | FileCheck %s --check-prefix=CLUSTER3
// RUN: not tile-opt %s --tile-tiling="split-k=0" 2>&1 | FileCheck %s --check-prefix=SPLITK0
// RUN: not tile-opt %s --tile-tiling="split-k=129" 2>&1 | FileCheck %s --check-prefix=SPLITK129
// RUN: not tile-opt %s --tile-tiling="swap-ab=-1" 2>&1 | FileCheck %s --check-prefix=SWAPNEG
// RUN: not tile-opt %s --tile-tiling="swap-ab=1" 2>&1 | FileCheck %s --check-prefix=SWAPSYNC
// RUN: not tile-opt %s --tile-tiling="swap-ab=1 mma=wgmma block-m=64 block-n=128 block-k=64" 2>&1 | FileCheck %s --check-prefix=SWAPWIDE
// RUN: not tile-opt %s --tile-tiling="swap-ab=1 mma=wgmma block-m=64 block-n=64 block-k=64 num-warps=8" 2>&1 | FileCheck %s --check-prefix=SWAPNARROW
// RUN: not tile-opt %s --tile-tiling="swap-ab=1 mma=wgmma block-m=64 block-n=128 block-k=64 num-warps=12" 2>&1 | FileCheck %s --check-prefix=SWAP12
// RUN: not tile-opt %s --tile-tiling="split-k=2 cluster-m=2" 2>&1 | FileCheck %s --check-prefix=SPLITK-CLUSTER
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-m=128 block-n=256 num-warps=4 num-stages=2" 2>&1 | FileCheck %s --check-prefix=WG-REGS
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64 chip=sm_90" 2>&1 | FileCheck %s --check-prefix=WG-CHIP
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64 num-stages=1" 2>&1 | FileCheck %s --check-prefix=WG-STAGES

// BM0: error: tile-tiling: block-m must be a positive multiple of 16 (the MMA M), got 0
// BMNEG: error: tile-tiling: block-m must be a positive multiple of 16 (the MMA M), got -16
// BN: error: tile-tiling: block-n must be a positive multiple of 16 (two MMA N), got 24
// BK: error: tile-tiling: block-k must be a positive multiple of 16 (the MMA K), got 8
// W3: error: tile-tiling: num-warps must be 1, 2, 4, 8 or 16 (12 with swap-ab=1), got 3
// W0: error: tile-tiling: num-warps must be 1, 2, 4, 8 or 16 (12 with swap-ab=1), got 0
// W12: error: tile-tiling: mma=wgmma needs num-warps 4 or 8 (one or two warpgroups; 12 with swap-ab=1), got 12
// SPLIT: error: tile-tiling: 4 warps cannot split a 16x16 tile into 16x16 pieces
// REGS: error: tile-tiling: a 256x256x32 block over 4 warps with num-stages=1 needs about 704 registers per thread, more than the 255 it may use; use more warps, fewer stages or a smaller block
// Each stage keeps its copies' addresses live: 256 registers with one stage.
// REGS-STAGES: error: tile-tiling: a 128x128x32 block over 4 warps with num-stages=3 needs about 320 registers per thread, more than the 255 it may use
// HUGE: error: tile-tiling: block sizes above 256x256x128 are not supported
// POW2: error: tile-tiling: mma=sync needs block sizes that are powers of two, got 48x64x32
// ORDER: for the --order option: Cannot find option named 'spiral'!
// ORDER-NOT: <unknown>:0: error
// GROUP: error: tile-tiling: group-m must be between 1 and 16, got 0
// GROUP17: error: tile-tiling: group-m must be between 1 and 16, got 17
// STAGES0: error: tile-tiling: num-stages must be between 1 and 8, got 0
// STAGES9: error: tile-tiling: num-stages must be between 1 and 8, got 9
// PROMO: error: tile-tiling: l2-promotion must be 0, 64, 128 or 256, got 96
// PROMO-SYNC: error: tile-tiling: l2-promotion needs mma=wgmma (TMA loads), got 128
// PARSE: tile-opt: for the --block-m option: 'abc' value invalid for long argument!
// MMA: for the --mma option: Cannot find option named 'tcgen05'!
// MMA-NOT: <unknown>:0: error
// CHIP: for the --chip option: Cannot find option named 'sm_99'!
// CHIP-NOT: <unknown>:0: error
// WG-K: error: tile-tiling: mma=wgmma needs block-k = 64 (one 128-byte swizzled row of f16/bf16), got 32
// WG-W: error: tile-tiling: mma=wgmma needs num-warps 4 or 8 (one or two warpgroups; 12 with swap-ab=1), got 2
// WG-WSWAP: error: tile-tiling: mma=wgmma needs num-warps 4 or 8 (one or two warpgroups; 12 with swap-ab=1), got 2
// WG-N: error: tile-tiling: mma=wgmma needs block-m in {64, 128, 192, 256} and block-n a multiple of 16 up to 256, got 128x72
// WG-N8: error: tile-tiling: mma=wgmma needs block-m in {64, 128, 192, 256} and block-n a multiple of 16 up to 256, got 128x8
// WG-N272: error: tile-tiling: mma=wgmma needs block-m in {64, 128, 192, 256} and block-n a multiple of 16 up to 256, got 128x272
// WG-M96: error: tile-tiling: mma=wgmma needs block-m in {64, 128, 192, 256} and block-n a multiple of 16 up to 256, got 96x96
// A block-n that is not a multiple of 64 lowers without multicast, its
// splits added in a cluster, not in the workspace (and not Stream-K:
// kernel-attr-invalid.mlir).
// WG-N96-SPLIT: error: tile-tiling: mma=wgmma with block-n=96 (not a multiple of 64) needs split-k <= 8 (splits added in a cluster), got 16
// WG-N160-CLUSTER: error: tile-tiling: mma=wgmma with block-n=160 (not a multiple of 64) needs cluster-m=1, got 2
// WG-M8: error: tile-tiling: mma=wgmma with 8 warps needs block-m = 128 or 256 (two warpgroups of 64 or 128 rows), got 192
// WG-M8-CLUSTER: error: tile-tiling: mma=wgmma with block-m=256 needs cluster-m=1, got 2
// WS-SYNC: error: tile-tiling: warp-specialize=cooperative needs mma=wgmma and num-warps 4 or 8 (one or two consumer warpgroups; the producer warpgroup comes on top)
// PP-N: error: tile-tiling: warp-specialize=pingpong needs block-m = 128 and block-n <= 192 (one warpgroup holds the whole tile's accumulator), got 128x256
// WS-BAD: for the --warp-specialize option: Cannot find option named 'spin'!
// WS-BAD-NOT: <unknown>:0: error
// CLUSTER3: error: tile-tiling: cluster-m must be 1 or 2, got 3
// SPLITK0: error: tile-tiling: split-k must be between 1 and 128, got 0
// SPLITK129: error: tile-tiling: split-k must be between 1 and 128, got 129
// SWAPNEG: error: tile-tiling: swap-ab must be 0 or 1, got -1
// SWAPSYNC: error: tile-tiling: swap-ab=1 needs mma=wgmma
// SWAPWIDE: error: tile-tiling: swap-ab=1 needs block-n 64 per warpgroup (64, 128 or 192 at 4, 8 or 12 warps) and block-m a multiple of 16 up to 256 (M on wgmma's N side), got 4 warps and 64x128
// SWAPNARROW: error: tile-tiling: swap-ab=1 needs block-n 64 per warpgroup (64, 128 or 192 at 4, 8 or 12 warps) and block-m a multiple of 16 up to 256 (M on wgmma's N side), got 8 warps and 64x64
// SWAP12: error: tile-tiling: swap-ab=1 needs block-n 64 per warpgroup (64, 128 or 192 at 4, 8 or 12 warps) and block-m a multiple of 16 up to 256 (M on wgmma's N side), got 12 warps and 64x128
// SPLITK-CLUSTER: error: tile-tiling: split-k=2 needs schedule=tiled and cluster-m=1
// WG-REGS: error: tile-tiling: a 128x256x64 block over 4 warps with num-stages=2 needs about 320 registers per thread, more than the 255 it may use; use more warps, fewer stages or a smaller block
// WG-CHIP: error: tile-tiling: wgmma and TMA need chip=sm_90a, got sm_90
// WG-STAGES: error: tile-tiling: mma=wgmma needs num-stages of at least 2 (the TMA ring), got 1

func.func @in_for(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'tile.matmul' op must be directly in its function's body (a kernel computes one whole matmul; it cannot sit in a loop or a branch)}}
    tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  }
  return
}

// -----

func.func @in_if(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %p: i1) {
  scf.if %p {
    // expected-error @+1 {{'tile.matmul' op must be directly in its function's body}}
    tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  }
  return
}

// -----

// In a second block: tile-to-gpu would outline only the entry block.
func.func @second_block(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  // expected-error @+1 {{'cf.br' op cannot be in a kernel function: it holds one tile.matmul and a return, in one block}}
  cf.br ^bb1
^bb1:
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

// Another op would run in every program of the kernel.
func.func @extra_store(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %i: index, %z: f32) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  // expected-error @below {{'memref.store' op cannot be in a kernel function}}
  memref.store %z, %C[%i, %i] : memref<?x?xf32>
  return
}

// -----

func.func @two_matmuls(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %D: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  // expected-error @+1 {{'tile.matmul' op a kernel function must hold exactly one tile.matmul}}
  tile.matmul %A, %B into %D : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

// A function already marked as a kernel is not tiled again, and the message
// says so (not "exactly one tile.matmul").
// expected-error @below {{tile-tiling: @already_tiled already carries #tile.kernel; only an untiled function holding a tile.matmul is tiled}}
func.func @already_tiled(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
