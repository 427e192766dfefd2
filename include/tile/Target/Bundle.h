//===- Bundle.h - What a compiled kernel is shipped as ----------*- C++ -*-===//

#ifndef TILE_TARGET_BUNDLE_H
#define TILE_TARGET_BUNDLE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "tile/Support/FileUtils.h"

namespace mlir::tile {

/// tile-grid-constants: after convert-gpu-to-nvvm, makes the tensor-map
/// parameters of every wgmma kernel 128-byte byval `__grid_constant__`s.
void markGridConstants(gpu::GPUModuleOp module);

/// tile-export-manifest: records each kernel's launch manifest in the
/// module's `tile.manifests` attribute, which outlives gpu-module-to-binary.
void exportManifests(ModuleOp module);

/// <kernel>.ptx and <kernel>.json for every manifest, and <kernel>.json for
/// every dispatch entry (config=auto), as files of `dir`.
FailureOr<SmallVector<OutputFile>> bundleFiles(ModuleOp module, StringRef dir);

/// Creates `dir`, then writes `files` (a bundle's, and where tile-opt
/// writes both, its -o output), all or none.
llvm::Error writeBundleFiles(StringRef dir, ArrayRef<OutputFile> files);

/// tile-write-bundle: writes bundleFiles into `dir`, all files or none.
LogicalResult writeBundle(ModuleOp module, StringRef dir);

} // namespace mlir::tile

#endif // TILE_TARGET_BUNDLE_H
