//===- Tiling.cpp - tile.matmul to one program per C tile -----------------===//

#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"
#include "tile/Dialect/Tile/Transforms/TileCoords.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILETILING
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Emits the tile-level body of one program: C[m0:, n0:] = A[m0:, :] * B[:,
/// n0:]. Split-K launches S = programs / tiles programs per tile (S at most
/// split_k); program p takes split p % S of tile p / S (a tile's splits run
/// side by side, as one cluster where they add up in one) and its K steps
/// are the split's share of ceil(K / block_k).
void tileMatmul(MatmulOp mm, const KernelConfig &cfg) {
  OpBuilder b(mm);
  Location loc = mm.getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value a = mm.getA(), bMat = mm.getB(), c = mm.getC();
  Value m = memref::DimOp::create(b, loc, a, 0);
  Value k = memref::DimOp::create(b, loc, a, 1);
  Value n = memref::DimOp::create(b, loc, bMat, 1);
  auto [tilesM, tilesN] = buildTileCounts(b, loc, m, n, cfg);
  Value pid = ProgramIdOp::create(b, loc);
  Value tileId = pid, split, parts, kBegin, kEnd = k;
  if (!cfg.isSplitK()) {
    kBegin = cst(0);
  } else {
    Value tiles = arith::MulIOp::create(b, loc, tilesM, tilesN);
    // The launch chooses the splits per tile (at most split_k): the grid
    // holds tiles x splits programs, a tile's splits side by side (one
    // cluster where they add up in one).
    parts = arith::DivUIOp::create(b, loc, NumProgramsOp::create(b, loc),
                                   tiles);
    tileId = arith::DivUIOp::create(b, loc, pid, parts);
    split = arith::RemUIOp::create(b, loc, pid, parts);
    Value steps = arith::CeilDivUIOp::create(b, loc, k, cst(cfg.blockK));
    Value share = arith::MulIOp::create(
        b, loc, arith::CeilDivUIOp::create(b, loc, steps, parts),
        cst(cfg.blockK));
    // A split past K gets an empty range (a zero partial).
    kBegin = arith::MulIOp::create(b, loc, split, share);
    kEnd = arith::MinUIOp::create(
        b, loc, k, arith::AddIOp::create(b, loc, kBegin, share));
  }
  auto [tm, tn] = buildTileCoords(b, loc, tileId, tilesM, tilesN, cfg);
  Value m0 = arith::MulIOp::create(b, loc, tm, cst(cfg.blockM));
  Value n0 = arith::MulIOp::create(b, loc, tn, cst(cfg.blockN));

  Type elt = mm.getA().getType().getElementType();
  auto accType = VectorType::get({cfg.blockM, cfg.blockN}, b.getF32Type());
  Value zero = arith::ConstantOp::create(
      b, loc, accType, DenseElementsAttr::get(accType, b.getF32FloatAttr(0)));
  auto loop = scf::ForOp::create(
      b, loc, kBegin, kEnd, cst(cfg.blockK), ValueRange{zero},
      [&](OpBuilder &lb, Location l, Value kIv, ValueRange iter) {
        Value at = LoadOp::create(
            lb, l, VectorType::get({cfg.blockM, cfg.blockK}, elt), a, m0, kIv);
        Value bt = LoadOp::create(
            lb, l, VectorType::get({cfg.blockK, cfg.blockN}, elt), bMat, kIv,
            n0);
        Value d = DotOp::create(lb, l, accType, at, bt, iter[0]);
        scf::YieldOp::create(lb, l, d);
      });
  StoreOp::create(b, loc, loop.getResult(0), c, m0, n0, split, parts,
                  split ? tileId : Value());
  mm.erase();
}

} // namespace

LogicalResult mlir::tile::tileKernel(func::FuncOp func,
                                     const KernelConfig &cfg) {
  SmallVector<MatmulOp> matmuls;
  func.walk([&](MatmulOp mm) { matmuls.push_back(mm); });
  if (matmuls.empty())
    return success();
  for (MatmulOp mm : matmuls)
    if (mm->getParentOp() != func)
      return mm.emitOpError("must be directly in its function's body (a "
                            "kernel computes one whole matmul; it cannot "
                            "sit in a loop or a branch)");
  // Anything else would run once per program, or (another block) not at
  // all.
  for (Block &block : func.getBody())
    for (Operation &op : block)
      if (!isa<MatmulOp, func::ReturnOp>(op) ||
          !func.getBody().hasOneBlock())
        return op.emitOpError("cannot be in a kernel function: it holds "
                              "one tile.matmul and a return, in one block");
  if (KernelConfig::fromOp(func))
    return func.emitError("tile-tiling: @")
           << func.getSymName()
           << " already carries #tile.kernel; only an untiled function "
              "holding a tile.matmul is tiled";
  if (matmuls.size() > 1)
    return matmuls.back().emitOpError(
        "a kernel function must hold exactly one tile.matmul");
  tileMatmul(matmuls.front(), cfg);
  // The IR is tiled; tile-persistent and tile-stream-k change the schedule.
  KernelConfig tiled = cfg;
  tiled.schedule = Schedule::Tiled;
  tiled.attachTo(func);
  return success();
}

namespace {

struct TileTilingPass : tile::impl::TileTilingBase<TileTilingPass> {
  using Base::Base;

  KernelConfig config() const {
    KernelConfig cfg;
    cfg.blockM = blockM;
    cfg.blockN = blockN;
    cfg.blockK = blockK;
    cfg.numWarps = numWarps;
    cfg.numStages = numStages;
    cfg.order = order;
    cfg.groupM = groupM;
    cfg.mma = mma;
    cfg.warpSpecialize = warpSpecialize;
    cfg.clusterM = clusterM;
    cfg.splitK = splitK;
    cfg.swapAB = swapAB;
    cfg.l2Promotion = l2Promotion;
    cfg.chip = chip.hasValue() ? chip : KernelConfig::defaultChip(mma);
    return cfg;
  }

  LogicalResult initialize(MLIRContext *ctx) override {
    return config().verify(
        [&] { return emitError(UnknownLoc::get(ctx), "tile-tiling: "); });
  }

  void runOnOperation() override {
    if (failed(tileKernel(getOperation(), config())))
      signalPassFailure();
  }
};

} // namespace
