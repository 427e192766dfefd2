//===- TileCoords.h - Tile id to (tile_m, tile_n) -------------------*- C++
//-*-===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_TILECOORDS_H
#define TILE_DIALECT_TILE_TRANSFORMS_TILECOORDS_H

#include "tile/Dialect/Tile/IR/KernelConfig.h"

#include "mlir/IR/Builders.h"

namespace mlir::tile {

/// (ceil(M / BLOCK_M), ceil(N / BLOCK_N)): the grid of C tiles.
std::pair<Value, Value> buildTileCounts(OpBuilder &b, Location loc, Value m,
                                        Value n, const KernelConfig &cfg);

/// The number of C tiles of `c` (whose sizes are M and N); with clusters
/// along M, tile rows rounded up to whole clusters.
Value buildNumTiles(OpBuilder &b, Location loc, Value c,
                    const KernelConfig &cfg);

/// Maps a linear tile id to (tile_m, tile_n): row-major over tiles for
/// order=linear, or Triton's GROUP_M order (group-m tile rows swept column by
/// column, so neighbouring programs share A rows and B columns in L2). The
/// serpentine order sweeps the same groups as one continuous path: columns
/// alternately down and up, groups alternately left to right and right to
/// left, so consecutive ids are always neighbouring tiles, also across
/// groups (where grouped jumps from the last column to the first). With
/// cluster_m = 2, ids 2 c and 2 c + 1 (one cluster) are tile rows 2 m and
/// 2 m + 1 of one column, (m, n) being cluster c's place in the order.
std::pair<Value, Value> buildTileCoords(OpBuilder &b, Location loc,
                                        Value tileId, Value tilesM,
                                        Value tilesN, const KernelConfig &cfg);

} // namespace mlir::tile

#endif // TILE_DIALECT_TILE_TRANSFORMS_TILECOORDS_H
