//===- TileToGPU.h - Outline tile kernels -----------------------*- C++ -*-===//

#ifndef TILE_CONVERSION_TILETOGPU_TILETOGPU_H
#define TILE_CONVERSION_TILETOGPU_TILETOGPU_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {

/// tile-to-gpu: moves every tile kernel function of `module` into its own
/// gpu.module as a gpu.func with the raw-pointer ABI of KernelABI.h, index
/// arithmetic `indexBitwidth` wide; `minBlocksPerSM` > 0 sets nvvm.minctasm.
LogicalResult outlineTileKernels(ModuleOp module, unsigned indexBitwidth,
                                 unsigned minBlocksPerSM);

} // namespace mlir::tile

#endif // TILE_CONVERSION_TILETOGPU_TILETOGPU_H
