// Invalid tiling options: each is rejected with a diagnostic, never a crash.
// RUN: not tile-opt %s --tile-tiling="block-m=0" 2>&1 | FileCheck %s --check-prefix=BM0
// RUN: not tile-opt %s --tile-tiling="block-m=-16" 2>&1 | FileCheck %s --check-prefix=BMNEG
// RUN: not tile-opt %s --tile-tiling="block-n=24" 2>&1 | FileCheck %s --check-prefix=BN
// RUN: not tile-opt %s --tile-tiling="block-k=8" 2>&1 | FileCheck %s --check-prefix=BK
// RUN: not tile-opt %s --tile-tiling="num-warps=3" 2>&1 | FileCheck %s --check-prefix=W3
// RUN: not tile-opt %s --tile-tiling="num-warps=0" 2>&1 | FileCheck %s --check-prefix=W0
// RUN: not tile-opt %s --tile-tiling="block-m=16 block-n=16 num-warps=4" 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not tile-opt %s --tile-tiling="block-m=256 block-n=256 num-warps=4" 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: not tile-opt %s --tile-tiling="block-m=512" 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not tile-opt %s --tile-tiling="block-m=48" 2>&1 | FileCheck %s --check-prefix=POW2
// RUN: not tile-opt %s --tile-tiling="order=spiral" 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not tile-opt %s --tile-tiling="group-m=0" 2>&1 | FileCheck %s --check-prefix=GROUP
// RUN: not tile-opt %s --tile-tiling="order=grouped group-m=17" 2>&1 | FileCheck %s --check-prefix=GROUP17
// RUN: not tile-opt %s --tile-tiling="block-m=abc" 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not tile-opt %s --tile-tiling="mma=tcgen05" 2>&1 | FileCheck %s --check-prefix=MMA
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=32" 2>&1 | FileCheck %s --check-prefix=WG-K
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 num-warps=2" 2>&1 | FileCheck %s --check-prefix=WG-W
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-n=96" 2>&1 | FileCheck %s --check-prefix=WG-N
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-m=256 block-n=128 num-warps=8" 2>&1 | FileCheck %s --check-prefix=WG-M8
// RUN: not tile-opt %s --tile-tiling="mma=wgmma block-k=64 block-m=128 block-n=256 num-warps=4" 2>&1 | FileCheck %s --check-prefix=WG-REGS

// BM0: error: tile-tiling: block-m must be a positive multiple of 16 (the MMA M), got 0
// BMNEG: error: tile-tiling: block-m must be a positive multiple of 16 (the MMA M), got -16
// BN: error: tile-tiling: block-n must be a positive multiple of 16 (two MMA N), got 24
// BK: error: tile-tiling: block-k must be a positive multiple of 16 (the MMA K), got 8
// W3: error: tile-tiling: num-warps must be 1, 2, 4, 8 or 16, got 3
// W0: error: tile-tiling: num-warps must be 1, 2, 4, 8 or 16, got 0
// SPLIT: error: tile-tiling: 4 warps cannot split a 16x16 tile into 16x16 pieces
// REGS: error: tile-tiling: a 256x256x32 block over 4 warps with num-stages=1 needs about 704 registers per thread, more than the 255 it may use; use more warps, fewer stages or a smaller block
// HUGE: error: tile-tiling: block sizes above 256x256x128 are not supported
// POW2: error: tile-tiling: mma=sync needs block sizes that are powers of two, got 48x64x32
// ORDER: error: tile-tiling: order must be 'linear' or 'grouped', got 'spiral'
// GROUP: error: tile-tiling: group-m must be between 1 and 16, got 0
// GROUP17: error: tile-tiling: group-m must be between 1 and 16, got 17
// PARSE: tile-opt: for the --block-m option: 'abc' value invalid for long argument!
// MMA: error: tile-tiling: mma must be 'sync' or 'wgmma', got 'tcgen05'
// WG-K: error: tile-tiling: mma=wgmma needs block-k = 64 (one 128-byte swizzled row of f16/bf16), got 32
// WG-W: error: tile-tiling: mma=wgmma needs num-warps 4 or 8 (one or two warpgroups), got 2
// WG-N: error: tile-tiling: mma=wgmma needs block-m and block-n in {64, 128, 192, 256}, got 128x96
// WG-M8: error: tile-tiling: mma=wgmma with 8 warps needs block-m = 128 (two warpgroups of 64 rows), got 256
// WG-REGS: error: tile-tiling: a 128x256x64 block over 4 warps with num-stages=1 needs about 320 registers per thread, more than the 255 it may use; use more warps, fewer stages or a smaller block
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
