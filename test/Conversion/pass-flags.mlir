// Every stage runs from its own plain flag (the per-kernel passes are
// anchored on gpu.module, which a flag reaches) and validates its options
// even when there is nothing to lower.
// RUN: tile-opt %s --tile-tiling --tile-to-gpu > %t.gpu.mlir
// RUN: tile-opt %t.gpu.mlir --tile-to-nvgpu | FileCheck %s --check-prefix=NVGPU
// RUN: tile-opt %t.gpu.mlir --tile-to-nvgpu --tile-pipeline=num-stages=2 | FileCheck %s --check-prefix=PIPE
// RUN: tile-opt %t.gpu.mlir --tile-to-nvgpu --tile-allocate-shared | FileCheck %s --check-prefix=SMEM
// RUN: tile-opt %s --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64" --tile-to-gpu --tile-to-wgmma | FileCheck %s --check-prefix=WGMMA
// RUN: tile-opt %t.gpu.mlir --tile-to-nvgpu --tile-nvgpu-to-nvvm | FileCheck %s --check-prefix=NVVM

// NVGPU-LABEL: gpu.func @mm(
// NVGPU: nvgpu.device_async_copy
// NVGPU: nvgpu.mma.sync
// PIPE-LABEL: gpu.func @mm(
// PIPE: memref.alloc() : memref<2x128x32xf16, #gpu.address_space<workgroup>>
// SMEM-LABEL: gpu.func @mm(
// SMEM: gpu.dynamic_shared_memory
// SMEM-NOT: memref.alloc
// WGMMA-LABEL: gpu.func @mm(
// WGMMA: nvgpu.tma.async.load
// WGMMA: nvgpu.warpgroup.mma
// NVVM-LABEL: gpu.func @mm(
// NVVM: nvvm.mma.sync
// NVVM-NOT: nvgpu.

// Bad options: one line and a non-zero exit, with or without a kernel.
// RUN: not tile-opt %t.gpu.mlir --tile-pipeline=num-stages=100 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not tile-opt %t.gpu.mlir --tile-allocate-shared=max-bytes=-1 2>&1 | FileCheck %s --check-prefix=MAXBYTES
// RUN: not tile-opt %t.gpu.mlir --tile-to-wgmma=chip=banana 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-opt %t.gpu.mlir --tile-to-wgmma=num-stages=9 2>&1 | FileCheck %s --check-prefix=WSTAGES
// RUN: not tile-opt %t.gpu.mlir --tile-nvgpu-to-nvvm=index-bitwidth=7 2>&1 | FileCheck %s --check-prefix=NVVMBITS
// RUN: not tile-opt %s --tile-to-gpu=index-bitwidth=7 2>&1 | FileCheck %s --check-prefix=GPUBITS
// RUN: not tile-opt %s --tile-to-gpu=min-blocks-per-sm=33 2>&1 | FileCheck %s --check-prefix=MINB
// RUN: not tile-opt %s --tile-write-bundle 2>&1 | FileCheck %s --check-prefix=DIR
// An empty module: the options are still checked.
// RUN: echo "" | not tile-opt --tile-tiling=block-m=7 2>&1 | FileCheck %s --check-prefix=TILING
// RUN: echo "" | not tile-opt --tile-pipeline=num-stages=0 2>&1 | FileCheck %s --check-prefix=STAGES0
// RUN: echo "" | not tile-opt --tile-lower-to-cpu=num-programs=-1 2>&1 | FileCheck %s --check-prefix=PROGRAMS

// STAGES: error: tile-pipeline: num-stages must be between 1 and 8, got 100
// MAXBYTES: error: tile-allocate-shared: max-bytes must be between 1 and 232448 (227 KB, the most a block may use on any supported chip), got -1
// CHIP: error: tile-to-wgmma: wgmma and TMA need chip=sm_90a, got banana
// WSTAGES: error: tile-to-wgmma: num-stages must be between 2 (the TMA ring) and 8, got 9
// NVVMBITS: error: tile-nvgpu-to-nvvm: index-bitwidth must be 32 or 64, got 7
// GPUBITS: error: tile-to-gpu: index-bitwidth must be 32 or 64, got 7
// MINB: error: tile-to-gpu: min-blocks-per-sm must be 0 to 32, got 33
// DIR: error: tile-write-bundle: dir must name a directory
// TILING: error: tile-tiling: block-m must be a positive multiple of 16 (the MMA M), got 7
// STAGES0: error: tile-pipeline: num-stages must be between 1 and 8, got 0
// PROGRAMS: error: tile-lower-to-cpu: num-programs must be >= 0, got -1

func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
