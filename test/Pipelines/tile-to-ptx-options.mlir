// serialize=0 stops before PTX: the kernel is an llvm.func (NVVM dialect) in
// its gpu.module and the manifest is recorded, but there is no gpu.binary.
// RUN: tile-opt %s --tile-to-ptx="serialize=0" | FileCheck %s --check-prefix=NVVM
// NVVM: module attributes {gpu.container_module, tile.manifests = {mm = {
// NVVM-LABEL: gpu.module @mm_kernels [#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">]
// NVVM: llvm.func @mm(
// NVVM: nvvm.mma.sync
// NVVM-NOT: gpu.binary
// mma=wgmma without a chip targets sm_90a; the manifest records the
// configuration tile-tiling put in #tile.kernel.
// RUN: tile-opt %s --tile-to-ptx="mma=wgmma block-m=128 block-n=128 block-k=64 serialize=0" | FileCheck %s --check-prefix=WGMMA
// WGMMA: tile.manifests = {mm = {{{.*}}block_k = 64 : i64, block_m = 128 : i64, block_n = 128 : i64, c_any_alignment = 1 : i64, c_type = "f16", chip = "sm_90a", cluster_m = 1 : i64, dynamic_shared_memory_bytes = 99328 : i64{{.*}}mma = "wgmma"{{.*}}num_stages = 3 : i64
// WGMMA-LABEL: gpu.module @mm_kernels [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// WGMMA: llvm.func @mm(
// WGMMA-NOT: gpu.binary
// c-chunk-stores reaches tile-to-wgmma: the funnel shift of C's chunks is
// there with it, not without.
// RUN: tile-opt %s --tile-to-ptx="mma=wgmma block-m=128 block-n=128 block-k=64 serialize=0 c-chunk-stores=1" | FileCheck %s --check-prefix=CHUNKS
// RUN: tile-opt %s --tile-to-ptx="mma=wgmma block-m=128 block-n=128 block-k=64 serialize=0" | FileCheck %s --check-prefix=NO-CHUNKS
// CHUNKS: llvm.func @mm(
// CHUNKS: llvm.intr.fshr
// NO-CHUNKS: llvm.func @mm(
// NO-CHUNKS-NOT: llvm.intr.fshr

// Bad pipeline options: a diagnostic and a non-zero exit, never a crash.
// RUN: not tile-opt %s --tile-to-ptx="chip=sm_99" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-opt %s --tile-to-ptx="schedule=streamk" 2>&1 | FileCheck %s --check-prefix=SCHED
// RUN: not tile-opt %s --tile-to-ptx="order=zigzag" 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not tile-opt %s --tile-to-ptx="num-stages=0" 2>&1 | FileCheck %s --check-prefix=STAGES
// A wgmma kernel for a chip without wgmma, or without the TMA ring.
// RUN: not tile-opt %s --tile-to-ptx="mma=wgmma block-m=128 block-n=128 block-k=64 chip=sm_90" 2>&1 | FileCheck %s --check-prefix=WG-CHIP
// RUN: not tile-opt %s --tile-to-ptx="mma=wgmma block-m=128 block-n=128 block-k=64 num-stages=1" 2>&1 | FileCheck %s --check-prefix=WG-STAGES
// RUN: not tile-opt %s --tile-to-ptx="block-n=40" 2>&1 | FileCheck %s --check-prefix=BN
// RUN: not tile-opt %s --tile-to-ptx="index-bitwidth=8" 2>&1 | FileCheck %s --check-prefix=BITS
// A 256 x 64 wgmma block in 6 stages: 6 * (256 + 64) * 64 * 2 bytes, plus
// 1 KB to align the ring.
// RUN: not tile-opt %s --tile-to-ptx="mma=wgmma block-m=256 block-n=64 block-k=64 num-stages=6" 2>&1 | FileCheck %s --check-prefix=SMEM
// sm_86 allows 99 KB per block: 7 stages of 32x64x128 (168 KB) do not fit.
// RUN: not tile-opt %s --tile-to-ptx="chip=sm_86 block-m=32 block-n=64 block-k=128 num-warps=8 num-stages=7" 2>&1 | FileCheck %s --check-prefix=SM86

// CHIP: for the --chip option: Cannot find option named 'sm_99'!
// CHIP-NOT: <unknown>:0: error
// SCHED: for the --schedule option: Cannot find option named 'streamk'!
// SCHED-NOT: <unknown>:0: error
// ORDER: for the --order option: Cannot find option named 'zigzag'!
// ORDER-NOT: <unknown>:0: error
// STAGES: error: tile-tiling: num-stages must be between 1 and 8, got 0
// WG-CHIP: error: tile-tiling: wgmma and TMA need chip=sm_90a, got sm_90
// WG-STAGES: error: tile-tiling: mma=wgmma needs num-stages of at least 2 (the TMA ring), got 1
// BN: error: tile-tiling: block-n must be a positive multiple of 16 (two MMA N), got 40
// BITS: error: tile-to-gpu: index-bitwidth must be 32 or 64, got 8
// SMEM: error: tile-allocate-shared: the kernel needs 246784 bytes of shared memory per block, more than the 232448 the target allows
// SM86: error: tile-allocate-shared: the kernel needs 172032 bytes of shared memory per block, more than the 101376 the target allows
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
