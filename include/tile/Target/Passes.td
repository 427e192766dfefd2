//===- Passes.td - tile output passes ----------------------*- tablegen -*-===//

#ifndef TILE_TARGET_PASSES_TD
#define TILE_TARGET_PASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // TILE_TARGET_PASSES_TD
