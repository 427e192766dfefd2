// Kernels and options tile-to-wgmma cannot lower: a diagnostic each, no crash.
// RUN: tile-opt %s --split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(func.func(tile-tiling{mma=wgmma block-m=128 block-n=128 block-k=64}),tile-to-gpu,gpu.module(tile-to-wgmma))"
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma block-m=128 block-n=128 block-k=64 chip=sm_90" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma block-m=128 block-n=128 block-k=64 num-stages=1" 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: tile-opt %examples/matmul_f16.mlir --tile-tiling --tile-to-gpu \
// RUN:   | not tile-opt --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma))" 2>&1 | FileCheck %s --check-prefix=SYNC
// RUN: tile-opt %examples/matmul_f16.mlir --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64" --tile-to-gpu \
// RUN:   | not tile-opt --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu))" 2>&1 | FileCheck %s --check-prefix=NVGPU

// A kernel marked mma=wgmma after tile-to-gpu built it without the TMA
// descriptor parameters.
// RUN: tile-opt %examples/matmul_f16.mlir --tile-tiling="block-m=128 block-n=128 block-k=64 num-warps=8" --tile-to-gpu \
// RUN:   | sed 's/mma = "sync"/mma = "wgmma"/' \
// RUN:   | not tile-opt --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma))" 2>&1 | FileCheck %s --check-prefix=NOTMA

// CHIP: error: tile-to-wgmma: wgmma and TMA need chip=sm_90a, got sm_90
// NOTMA: error: tile-to-wgmma: the kernel lacks the TMA descriptor parameters (run tile-to-gpu on a kernel tiled with mma=wgmma)
// STAGES: error: tile-to-wgmma: num-stages must be between 2 (the TMA ring) and 8, got 1
// SYNC: error: tile-to-wgmma: the kernel was tiled for mma=sync (tile-tiling mma=wgmma checks the block sizes)
// NVGPU: error: tile-to-nvgpu: the kernel was tiled for mma=wgmma; lower it with tile-to-wgmma

// expected-error @+1 {{tile-to-wgmma: A and B must be row-major (a static unit column stride); transposed operands need mma=sync}}
func.func @b_transposed(%A: memref<?x?xf16>, %B: memref<?x?xf16, strided<[1, ?]>>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16, strided<[1, ?]>> into memref<?x?xf16>
  return
}

// -----

// expected-error @+1 {{tile-to-wgmma: A and B must be row-major (a static unit column stride); transposed operands need mma=sync}}
func.func @a_dynamic_strides(%A: memref<?x?xf16, strided<[?, ?]>>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16, strided<[?, ?]>>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

// Row-major bf16 -> f32 lowers.
func.func @ok_bf16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xf32>
  return
}
