//===- Passes.td - tile conversion passes ------------------*- tablegen -*-===//

#ifndef TILE_CONVERSION_PASSES_TD
#define TILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileToGPU : Pass<"tile-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Outline tile kernels into gpu.func with a raw-pointer ABI";
  let description = [{
    Moves every `tile.kernel` function into its own `gpu.module` as a
    `gpu.func` kernel whose parameters are, in order, the pointers to A, B
    and C, then M, N, K (i64), then the element strides of A, B and C (i64),
    as a Triton kernel takes them. The memrefs are rebuilt inside the kernel
    (with `index-bitwidth`-wide sizes, strides and offsets),
    `tile.program_id` becomes `gpu.block_id x` and `tile.num_programs`
    becomes `gpu.grid_dim x`. The host function is removed.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", "32",
           "Width of `index` inside the kernel (32 or 64); must match "
           "convert-gpu-to-nvvm's. 32-bit offsets halve the registers that "
           "address arithmetic holds; the runner refuses shapes they cannot "
           "address.">,
    Option<"minBlocksPerSM", "min-blocks-per-sm", "unsigned", "0",
           "Ask ptxas to fit this many blocks per SM (nvvm.minctasm, i.e. "
           "__launch_bounds__' second argument) by capping registers; 0: no "
           "cap">,
  ];
}

def TileToNVGPU : Pass<"tile-to-nvgpu", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower tile loads, dots and stores to tensor-core code";
  let description = [{
    Stages A and B tiles through shared memory (`memref.alloc` in workgroup
    memory, placed by `tile-allocate-shared`): 16-byte `cp.async` copies with
    zero fill at the edges where the operands are aligned, element copies
    otherwise; `tile.dot` becomes `nvgpu.ldmatrix` + `nvgpu.mma.sync`
    m16n8k16 over each warp's part of the block; `tile.store` becomes masked
    per-thread stores of the accumulator fragments.
  }];
  let dependentDialects = ["::mlir::nvgpu::NVGPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileToWGMMA : Pass<"tile-to-wgmma", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower the K loop to a TMA + mbarrier + wgmma pipeline (sm_90a)";
  let description = [{
    For kernels tiled with `mma=wgmma`: a `num_stages`-deep ring of
    128-byte-swizzled A and B tiles in shared memory, filled by TMA
    (`nvgpu.tma.async.load`, zero fill outside the operands) and guarded by
    one mbarrier per stage; each warpgroup runs `nvgpu.warpgroup.mma` over a
    stage while the copies of later steps are in flight. Persistent tile
    loops carry the K-step count so barrier phases continue across tiles.
    The accumulator is staged in shared memory in C's type and stored with
    TMA, which clips it to C. A split-K kernel (`split_k` > 1) instead
    writes its partial sum to the workspace and the last program of each
    tile adds the partials in split order and stores C. The kernel must
    take the TMA descriptors (tile-to-gpu adds them for `mma=wgmma`, and the
    workspace for split-K); the runner builds them with
    `cuTensorMapEncodeTiled` from the boxes recorded in `tile.abi`.
  }];
  let dependentDialects = ["::mlir::nvgpu::NVGPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"chunkStores", "chunk-stores", "bool", "false",
           "Where TMA cannot store C, the threads store a staging part "
           "inside N in C's own 16-byte chunks instead of element by element "
           "(not yet timed on a GPU: off)">,
  ];
}

def TileNVGPUToNVVM : Pass<"tile-nvgpu-to-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "convert-nvgpu-to-nvvm with a chosen index width";
  let description = [{
    Upstream's `convert-nvgpu-to-nvvm` always converts memrefs with 64-bit
    indices, which cannot meet `convert-gpu-to-nvvm{index-bitwidth=32}`.
    This pass applies the same upstream patterns with one type converter of
    the requested width, and its own `nvgpu.warpgroup.mma.store` (upstream's
    places the second 64-row block of an accumulator N/2 rows down).
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", "32",
           "Width of `index` (32 or 64)">,
  ];
}

#endif // TILE_CONVERSION_PASSES_TD
