// Every pass validates its options before it looks at the IR: a bad option
// is one diagnostic and a non-zero exit, with or without a kernel. (Each
// pass's own test runs it from its plain flag; the per-kernel passes are
// anchored on gpu.module, which a flag reaches.) The input holds a kernel at
// the tile level and one at the GPU level.
// RUN: not tile-opt %s --tile-tiling=num-stages=100 2>&1 | FileCheck %s --check-prefix=STAGES --implicit-check-not=error:
// RUN: not tile-opt %s --tile-tiling=chip=banana 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-opt %s --tile-allocate-shared=max-bytes=-1 2>&1 | FileCheck %s --check-prefix=MAXBYTES --implicit-check-not=error:
// RUN: not tile-opt %s --tile-allocate-shared=max-bytes=232449 2>&1 | FileCheck %s --check-prefix=MAXBYTES-BIG --implicit-check-not=error:
// RUN: not tile-opt %s --tile-nvgpu-to-nvvm=index-bitwidth=7 2>&1 | FileCheck %s --check-prefix=NVVMBITS --implicit-check-not=error:
// RUN: not tile-opt %s --tile-to-gpu=index-bitwidth=7 2>&1 | FileCheck %s --check-prefix=GPUBITS --implicit-check-not=error:
// RUN: not tile-opt %s --tile-to-gpu=min-blocks-per-sm=33 2>&1 | FileCheck %s --check-prefix=MINB --implicit-check-not=error:
// RUN: not tile-opt %s --tile-write-bundle 2>&1 | FileCheck %s --check-prefix=DIR --implicit-check-not=error:
// RUN: not tile-opt %s --tile-lower-to-cpu=num-programs=-1 2>&1 | FileCheck %s --check-prefix=PROGRAMS --implicit-check-not=error:
// The kernel's num_stages and chip live in #tile.kernel, set by tile-tiling:
// no later pass takes them as options.
// RUN: not tile-opt %s --tile-pipeline=num-stages=2 2>&1 | FileCheck %s --check-prefix=NO-STAGES
// RUN: not tile-opt %s --tile-to-wgmma=num-stages=3 2>&1 | FileCheck %s --check-prefix=NO-STAGES
// RUN: not tile-opt %s --tile-to-wgmma=chip=sm_90a 2>&1 | FileCheck %s --check-prefix=NO-CHIP
// An empty module: the options are still checked.
// RUN: echo "" | not tile-opt --tile-tiling=block-m=7 2>&1 | FileCheck %s --check-prefix=TILING --implicit-check-not=error:
// RUN: echo "" | not tile-opt --tile-tiling=num-stages=0 2>&1 | FileCheck %s --check-prefix=STAGES0 --implicit-check-not=error:
// RUN: echo "" | not tile-opt --tile-lower-to-cpu=num-programs=-1 2>&1 | FileCheck %s --check-prefix=PROGRAMS --implicit-check-not=error:
// RUN: echo "" | not tile-opt --tile-allocate-shared=max-bytes=-1 2>&1 | FileCheck %s --check-prefix=MAXBYTES --implicit-check-not=error:

// STAGES: error: tile-tiling: num-stages must be between 1 and 8, got 100
// An enum option is parsed by LLVM's command line library.
// CHIP: tile-opt: for the --chip option: Cannot find option named 'banana'!
// CHIP-NOT: <unknown>:0: error
// MAXBYTES: error: tile-allocate-shared: max-bytes must be between 0 (the chip's limit) and 232448 (227 KB, the most a block may use on any supported chip), got -1
// MAXBYTES-BIG: error: tile-allocate-shared: max-bytes must be between 0 (the chip's limit) and 232448 {{.*}}, got 232449
// NVVMBITS: error: tile-nvgpu-to-nvvm: index-bitwidth must be 32 or 64, got 7
// GPUBITS: error: tile-to-gpu: index-bitwidth must be 32 or 64, got 7
// MINB: error: tile-to-gpu: min-blocks-per-sm must be 0 to 32, got 33
// DIR: error: tile-write-bundle: dir must name a directory
// PROGRAMS: error: tile-lower-to-cpu: num-programs must be >= 0, got -1
// NO-STAGES: error: <Pass-Options-Parser>: no such option num-stages
// NO-CHIP: error: <Pass-Options-Parser>: no such option chip
// TILING: error: tile-tiling: block-m must be a positive multiple of 16 (the MMA M), got 7
// STAGES0: error: tile-tiling: num-stages must be between 1 and 8, got 0

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @tiled(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}
gpu.module @outlined_kernels {
  gpu.func @outlined(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #k} {
    %pid = gpu.block_id x
    %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
    %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
    %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
    %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
    tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
    gpu.return
  }
}
