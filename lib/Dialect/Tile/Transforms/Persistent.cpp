//===- Persistent.cpp - Grids sized to the GPU: persistent, Stream-K ------===//

#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"
#include "tile/Dialect/Tile/Transforms/TileCoords.h"
#include "tile/Dialect/Tile/Utils/IndexMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEPERSISTENT
#define GEN_PASS_DEF_TILESTREAMK
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The program id and the store of a kernel as tile-tiling leaves it.
FailureOr<std::pair<ProgramIdOp, StoreOp>> matchTiled(func::FuncOp func,
                                                      StringRef pass) {
  SmallVector<ProgramIdOp> pids(func.getOps<ProgramIdOp>());
  SmallVector<StoreOp> stores(func.getOps<StoreOp>());
  if (pids.size() != 1 || stores.size() != 1)
    return func.emitError(pass) << ": expected the output of tile-tiling (one "
                                   "tile.program_id and one tile.store)";
  return std::make_pair(pids.front(), stores.front());
}

/// Moves the kernel's body after `pid` into `for t = lb; t < ub; t += step`
/// (built at `b`), the tile id inside being `t`.
scf::ForOp wrapInTileLoop(func::FuncOp func, ProgramIdOp pid, OpBuilder &b,
                          Value lb, Value ub, Value step) {
  auto loop = scf::ForOp::create(b, pid.getLoc(), lb, ub, step);
  Block &entry = func.getBody().front();
  Block *body = loop.getBody();
  body->getOperations().splice(std::prev(body->end()), entry.getOperations(),
                               std::next(Block::iterator(loop)),
                               Block::iterator(entry.getTerminator()));
  pid.getResult().replaceUsesWithIf(
      loop.getInductionVar(),
      [&](OpOperand &use) { return loop->isProperAncestor(use.getOwner()); });
  return loop;
}

} // namespace

LogicalResult mlir::tile::makePersistent(func::FuncOp func) {
  std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
  if (!cfg || cfg->schedule == Schedule::Persistent)
    return success();
  if (cfg->isSplitK())
    return func.emitError("tile-persistent: a split-k=")
           << cfg->splitK
           << " kernel runs one program per split of each tile; it needs "
              "schedule=tiled";
  if (cfg->isStreamK())
    return func.emitError("tile-persistent: the kernel is already scheduled "
                          "(stream-k)");
  FailureOr<std::pair<ProgramIdOp, StoreOp>> matched =
      matchTiled(func, "tile-persistent");
  if (failed(matched))
    return failure();
  auto [pid, store] = *matched;
  Location loc = pid.getLoc();
  OpBuilder b(pid->getContext());
  b.setInsertionPointAfter(pid);
  Value numTiles = buildNumTiles(b, loc, store.getBase(), *cfg);
  Value numPrograms = NumProgramsOp::create(b, loc);
  scf::ForOp loop = wrapInTileLoop(func, pid, b, pid, numTiles, numPrograms);
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));

  cfg->schedule = Schedule::Persistent;
  cfg->attachTo(func);
  return success();
}

LogicalResult mlir::tile::makeStreamK(func::FuncOp func) {
  std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
  if (!cfg || cfg->isStreamK())
    return success();
  if (cfg->schedule != Schedule::Tiled || cfg->isSplitK() ||
      cfg->clusterM != 1)
    return func.emitError("tile-stream-k: expected a tiled kernel without "
                          "split-k or clusters");
  FailureOr<std::pair<ProgramIdOp, StoreOp>> matched =
      matchTiled(func, "tile-stream-k");
  if (failed(matched))
    return failure();
  auto [pid, store] = *matched;
  auto kLoop = store.getValue().getDefiningOp<scf::ForOp>();
  if (!kLoop || !matchPattern(kLoop.getLowerBound(), m_Zero()))
    return func.emitError("tile-stream-k: expected the K loop of tile-tiling "
                          "(from 0 to K) to produce the stored tile");
  Location loc = pid.getLoc();
  OpBuilder b(pid->getContext());
  b.setInsertionPointAfter(pid);
  IndexMath im(b, loc);
  // Hybrid Stream-K: whole waves of tiles but the last full one run
  // data-parallel; the tiles left (a partial wave plus one full wave, or all
  // of them below two waves) are shared out as Stream-K, so the grid ends
  // in step. Their K steps form one range; program p takes [p share,
  // (p + 1) share). A share of at least one tile's steps keeps every tile
  // within two programs (two workspace slots); programs past the end idle.
  // The shared tiles come first and data-parallel tile j of program p is
  // tile skTiles + p + j programs, so each wave's tiles are neighbours.
  Value k = kLoop.getUpperBound();
  Value steps = im.maxu(im.ceilDiv(k, cfg->blockK), im.cst(1));
  Value tiles = buildNumTiles(b, loc, store.getBase(), *cfg);
  Value programs = NumProgramsOp::create(b, loc);
  Value waves = im.div(tiles, programs);
  Value ragged = im.ult(im.mul(waves, programs), tiles);
  Value dpWaves = im.sel(ragged, im.sub(im.maxu(waves, im.cst(1)), im.cst(1)),
                         waves);
  Value skTiles = im.sub(tiles, im.mul(dpWaves, programs));
  Value total = im.mul(skTiles, steps);
  Value share = im.maxu(steps, im.ceilDiv(total, programs));
  Value start = im.minu(total, im.mul(pid, share));
  Value end = im.minu(total, im.add(start, share));
  Value skEnd = im.ceilDiv(end, steps);
  scf::ForOp loop = wrapInTileLoop(func, pid, b, im.div(start, steps),
                                   im.add(skEnd, dpWaves), im.cst(1));

  // Per item i: a shared tile (i < skEnd) or a data-parallel one; this
  // program's steps of it, and the programs that share it (those holding
  // its first and its last step).
  b.setInsertionPointToStart(loop.getBody());
  Value i = loop.getInductionVar();
  Value shared = im.ult(i, skEnd);
  Value later = im.sub(i, skEnd);
  Value t = im.sel(shared, i,
                   im.add(im.add(skTiles, pid), im.mul(later, programs)));
  // The body took the loop's index for the tile's: it is t now.
  i.replaceAllUsesExcept(t, SmallPtrSet<Operation *, 2>{shared.getDefiningOp(),
                                                        later.getDefiningOp(),
                                                        t.getDefiningOp()});
  Value first = im.mul(t, steps);
  Value from = im.sel(shared, im.sub(im.maxu(start, first), first), im.cst(0));
  Value to = im.sel(shared, im.sub(im.minu(end, im.add(first, steps)), first),
                    steps);
  Value firstProgram = im.div(first, share);
  Value parts = im.sel(
      shared,
      im.add(im.sub(im.div(im.sub(im.add(first, steps), im.cst(1)), share),
                    firstProgram),
             1),
      im.cst(1));
  Value part = im.sel(shared, im.sub(pid, firstProgram), im.cst(0));
  kLoop.getLowerBoundMutable().assign(im.mul(from, cfg->blockK));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(kLoop);
    kLoop.getUpperBoundMutable().assign(im.minu(k, im.mul(to, cfg->blockK)));
  }
  b.setInsertionPoint(store);
  StoreOp::create(b, store.getLoc(), store.getValue(), store.getBase(),
                  store.getRow(), store.getCol(), part, parts, t);
  store.erase();
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));

  cfg->schedule = Schedule::StreamK;
  cfg->attachTo(func);
  return success();
}

namespace {

struct TilePersistentPass : tile::impl::TilePersistentBase<TilePersistentPass> {
  void runOnOperation() override {
    if (failed(makePersistent(getOperation())))
      signalPassFailure();
  }
};

struct TileStreamKPass : tile::impl::TileStreamKBase<TileStreamKPass> {
  void runOnOperation() override {
    if (failed(makeStreamK(getOperation())))
      signalPassFailure();
  }
};

} // namespace
