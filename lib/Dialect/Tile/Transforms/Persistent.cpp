//===- Persistent.cpp - One program per SM slot, striding over tiles ------===//

#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"
#include "tile/Dialect/Tile/Transforms/TileCoords.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEPERSISTENT
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

LogicalResult mlir::tile::makePersistent(func::FuncOp func) {
  std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
  if (!cfg || cfg->schedule == Schedule::Persistent)
    return success();
  if (cfg->isSplitK())
    return func.emitError("tile-persistent: a split-k=")
           << cfg->splitK
           << " kernel runs one program per split of each tile; it needs "
              "schedule=tiled";
  SmallVector<ProgramIdOp> pids(func.getOps<ProgramIdOp>());
  SmallVector<StoreOp> stores(func.getOps<StoreOp>());
  if (pids.size() != 1 || stores.size() != 1)
    return func.emitError("tile-persistent: expected the output of "
                          "tile-tiling (one tile.program_id and one "
                          "tile.store)");
  ProgramIdOp pid = pids.front();
  Location loc = pid.getLoc();
  OpBuilder b(pid->getContext());
  b.setInsertionPointAfter(pid);
  Value numTiles = buildNumTiles(b, loc, stores.front().getBase(), *cfg);
  Value numPrograms = NumProgramsOp::create(b, loc);
  auto loop = scf::ForOp::create(b, loc, pid, numTiles, numPrograms);

  Block &entry = func.getBody().front();
  Block *body = loop.getBody();
  body->getOperations().splice(std::prev(body->end()), entry.getOperations(),
                               std::next(Block::iterator(loop)),
                               Block::iterator(entry.getTerminator()));
  pid.getResult().replaceUsesWithIf(
      loop.getInductionVar(),
      [&](OpOperand &use) { return loop->isProperAncestor(use.getOwner()); });
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));

  cfg->schedule = Schedule::Persistent;
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

} // namespace
