//===- TileToNVGPU.h - tile to mma.sync -------------------------*- C++ -*-===//

#ifndef TILE_CONVERSION_TILETONVGPU_TILETONVGPU_H
#define TILE_CONVERSION_TILETONVGPU_TILETONVGPU_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tile {

/// tile-to-nvgpu: lowers an mma=sync kernel's tile loads, dot and store to
/// cp.async copies into shared memory, ldmatrix + mma.sync and masked stores.
LogicalResult lowerTileToNVGPU(gpu::GPUFuncOp func);

} // namespace mlir::tile

#endif // TILE_CONVERSION_TILETONVGPU_TILETONVGPU_H
