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
    The accumulator is staged in shared memory and stored with masks. The
    kernel must take the TMA descriptors (tile-to-gpu adds them for
    `mma=wgmma`); the runner builds them with `cuTensorMapEncodeTiled`
    from the boxes recorded in `tile.abi`.
  }];
  let dependentDialects = ["::mlir::nvgpu::NVGPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TilePipeline : Pass<"tile-pipeline", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Software-pipeline the K loop over multi-buffered shared memory";
  let description = [{
    Multi-buffers each shared-memory tile `num_stages` deep (read from the
    kernel's `tile.kernel`; `memref::multiBuffer`) and pipelines the K loop
    with
    `scf::pipelineForLoop`: the copies of iteration k + num-stages - 1 are
    issued while the tensor cores work on iteration k, and each
    `nvgpu.device_async_wait` waits only for the oldest group in flight.
    One stage leaves the loop as it is.
  }];
  let dependentDialects = ["::mlir::nvgpu::NVGPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileAllocateShared : Pass<"tile-allocate-shared", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Place workgroup buffers in dynamic shared memory";
  let description = [{
    Replaces each workgroup-memory `memref.alloc` with a view of
    `gpu.dynamic_shared_memory` at a 128-byte aligned offset, records the
    total in the kernel's `tile.kernel` attribute (`shared_bytes`)
    and rejects kernels that need more than the chip allows per block.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", "0",
           "Dynamic shared memory a block may use (0: what the kernel's "
           "chip allows, 227 KB on sm_90)">,
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

def TileGridConstants : Pass<"tile-grid-constants", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Mark by-value kernel parameters as __grid_constant__";
  let description = [{
    After `convert-gpu-to-nvvm`: the tensor-map parameters of a wgmma
    kernel (see KernelABI.h) become 128-byte `llvm.byval` parameters with
    `nvvm.grid_constant`, so PTX addresses them in parameter space (a TMA
    descriptor must not be copied to local memory). The NVVM verifier
    rejects the attribute on a `gpu.func`, and convert-gpu-to-nvvm drops
    `llvm.byval`, hence a pass.
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def TileExportManifest : Pass<"tile-export-manifest", "::mlir::ModuleOp"> {
  let summary = "Record each kernel's launch manifest on the module";
  let description = [{
    Copies what a launch needs from each kernel `gpu.func` (configuration,
    element types, layouts, parameter list, shared memory, chip) into the
    top-level module attribute `tile.manifests`, which survives
    `gpu-module-to-binary` and is what `tile-write-bundle` writes out.
  }];
}

def TileWriteBundle : Pass<"tile-write-bundle", "::mlir::ModuleOp"> {
  let summary = "Write <kernel>.ptx and <kernel>.json for every gpu.binary";
  let description = [{
    Writes the PTX of each `gpu.binary` (built with `format=isa`) and its
    launch manifest from `tile.manifests` into a directory.
  }];
  let options = [
    Option<"dir", "dir", "std::string", "\"\"", "Output directory">,
  ];
}

#endif // TILE_CONVERSION_PASSES_TD
