//===- TileToWGMMA.h - tile to TMA + wgmma ----------------------*- C++ -*-===//

#ifndef TILE_CONVERSION_TILETOWGMMA_TILETOWGMMA_H
#define TILE_CONVERSION_TILETOWGMMA_TILETOWGMMA_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tile {

/// tile-to-wgmma: lowers an mma=wgmma kernel's K loop to a num_stages-deep
/// TMA + mbarrier ring feeding warpgroup MMAs, and its store to masked
/// stores through shared memory. `chunkStores`: tile-to-wgmma's
/// chunk-stores option.
LogicalResult lowerTileToWGMMA(gpu::GPUFuncOp func, bool chunkStores = false);

} // namespace mlir::tile

#endif // TILE_CONVERSION_TILETOWGMMA_TILETOWGMMA_H
