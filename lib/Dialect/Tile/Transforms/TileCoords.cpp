//===- TileCoords.cpp - Tile id to (tile_m, tile_n) -----------------------===//

#include "tile/Dialect/Tile/Transforms/TileCoords.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::tile;

std::pair<Value, Value> mlir::tile::buildTileCounts(OpBuilder &b, Location loc,
                                                    Value m, Value n,
                                                    const KernelConfig &cfg) {
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  return {arith::CeilDivUIOp::create(b, loc, m, cst(cfg.blockM)),
          arith::CeilDivUIOp::create(b, loc, n, cst(cfg.blockN))};
}

Value mlir::tile::buildNumTiles(OpBuilder &b, Location loc, Value c,
                                const KernelConfig &cfg) {
  Value m = memref::DimOp::create(b, loc, c, 0);
  Value n = memref::DimOp::create(b, loc, c, 1);
  auto [tilesM, tilesN] = buildTileCounts(b, loc, m, n, cfg);
  if (cfg.clusterM > 1) {
    // Whole clusters: an odd last tile row gets a partner past M.
    Value cm = arith::ConstantIndexOp::create(b, loc, cfg.clusterM);
    tilesM = arith::MulIOp::create(
        b, loc, arith::CeilDivUIOp::create(b, loc, tilesM, cm), cm);
  }
  return arith::MulIOp::create(b, loc, tilesM, tilesN);
}

namespace {

/// (tile_m, tile_n) of `tileId` in `order` over a tilesM x tilesN grid.
std::pair<Value, Value> orderedCoords(OpBuilder &b, Location loc, Value tileId,
                                      Value tilesM, Value tilesN,
                                      const KernelConfig &cfg) {
  if (cfg.order == TileOrder::Linear)
    return {arith::DivUIOp::create(b, loc, tileId, tilesN),
            arith::RemUIOp::create(b, loc, tileId, tilesN)};
  // per_group = group_m * tiles_n; first_m = (id / per_group) * group_m;
  // rows = min(tiles_m - first_m, group_m);
  // tile_m = first_m + (id % per_group) % rows; tile_n = (id % per_group) /
  // rows
  Value groupM = arith::ConstantIndexOp::create(b, loc, cfg.groupM);
  Value perGroup = arith::MulIOp::create(b, loc, groupM, tilesN);
  Value group = arith::DivUIOp::create(b, loc, tileId, perGroup);
  Value firstM = arith::MulIOp::create(b, loc, group, groupM);
  Value rows = arith::MinUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, tilesM, firstM), groupM);
  Value inGroup = arith::RemUIOp::create(b, loc, tileId, perGroup);
  Value row = arith::RemUIOp::create(b, loc, inGroup, rows);
  Value tn = arith::DivUIOp::create(b, loc, inGroup, rows);
  if (cfg.order == TileOrder::Serpentine) {
    // Odd columns of a group run up, odd groups right to left.
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto isOdd = [&](Value v) {
      return arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne, arith::AndIOp::create(b, loc, v, one),
          arith::ConstantIndexOp::create(b, loc, 0));
    };
    auto mirror = [&](Value v, Value count) {
      return arith::SubIOp::create(
          b, loc, arith::SubIOp::create(b, loc, count, one), v);
    };
    row = arith::SelectOp::create(b, loc, isOdd(tn), mirror(row, rows), row);
    tn = arith::SelectOp::create(b, loc, isOdd(group), mirror(tn, tilesN),
                                 tn);
  }
  Value tm = arith::AddIOp::create(b, loc, firstM, row);
  return {tm, tn};
}

} // namespace

std::pair<Value, Value> mlir::tile::buildTileCoords(OpBuilder &b, Location loc,
                                                    Value tileId, Value tilesM,
                                                    Value tilesN,
                                                    const KernelConfig &cfg) {
  if (cfg.clusterM == 1)
    return orderedCoords(b, loc, tileId, tilesM, tilesN, cfg);
  // Consecutive ids (a cluster's blocks) take neighbouring tile rows of one
  // column; clusters follow the order over a grid of cluster-high tiles.
  Value cm = arith::ConstantIndexOp::create(b, loc, cfg.clusterM);
  Value cluster = arith::DivUIOp::create(b, loc, tileId, cm);
  Value rank = arith::RemUIOp::create(b, loc, tileId, cm);
  auto [ctm, tn] = orderedCoords(
      b, loc, cluster, arith::CeilDivUIOp::create(b, loc, tilesM, cm), tilesN,
      cfg);
  Value tm = arith::AddIOp::create(b, loc,
                                   arith::MulIOp::create(b, loc, ctm, cm), rank);
  return {tm, tn};
}
