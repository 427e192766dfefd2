//===- LowerToCPU.cpp - Run a tile kernel's programs on the CPU -----------===//

#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"
#include "tile/Dialect/Tile/Transforms/TileCoords.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineMap.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILELOWERTOCPU
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

void lowerLoad(LoadOp op) {
  OpBuilder b(op);
  Value pad = arith::ConstantOp::create(
      b, op.getLoc(), b.getZeroAttr(op.getType().getElementType()));
  // in_bounds = false: elements outside the memref read as `pad`.
  Value v = vector::TransferReadOp::create(
      b, op.getLoc(), op.getType(), op.getBase(),
      ValueRange{op.getRow(), op.getCol()}, pad, ArrayRef<bool>{false, false});
  op.replaceAllUsesWith(v);
  op.erase();
}

void lowerDot(DotOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto ext = [&](Value v) -> Value {
    auto t = cast<VectorType>(v.getType());
    return arith::ExtFOp::create(b, loc, t.clone(b.getF32Type()), v);
  };
  MLIRContext *ctx = b.getContext();
  AffineExpr m, n, k;
  bindDims(ctx, m, n, k);
  auto maps = AffineMap::inferFromExprList(
      ArrayRef<ArrayRef<AffineExpr>>{{m, k}, {k, n}, {m, n}}, ctx);
  auto par = vector::IteratorType::parallel;
  Value d = vector::ContractionOp::create(
      b, loc, ext(op.getLhs()), ext(op.getRhs()), op.getAcc(),
      b.getAffineMapArrayAttr(maps),
      b.getArrayAttr({vector::IteratorTypeAttr::get(ctx, par),
                      vector::IteratorTypeAttr::get(ctx, par),
                      vector::IteratorTypeAttr::get(
                          ctx, vector::IteratorType::reduction)}));
  op.replaceAllUsesWith(d);
  op.erase();
}

/// Rounds `v` to the memref's type and writes it at (row, col), masked.
void writeTile(OpBuilder &b, StoreOp op, Value v) {
  Type elt = op.getBase().getType().getElementType();
  if (elt != cast<VectorType>(v.getType()).getElementType())
    v = arith::TruncFOp::create(b, op.getLoc(),
                                cast<VectorType>(v.getType()).clone(elt), v);
  vector::TransferWriteOp::create(b, op.getLoc(), v, op.getBase(),
                                  ValueRange{op.getRow(), op.getCol()},
                                  ArrayRef<bool>{false, false});
}

/// The launch's workspace, as the GPU runner provides it: `slots` slots of
/// partial sums per tile and a zeroed arrival count per tile.
struct Workspace {
  Value partials, counts;
  int64_t slots;
};

/// A split store: the part goes to its slot; the program that brings the
/// tile's count to the number of parts adds the slots in part order, writes
/// C and resets the count.
void lowerSplitStore(StoreOp op, const Workspace &ws) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  // Before the branch that uses them.
  auto tileType = cast<VectorType>(op.getValue().getType());
  int64_t slotSize = tileType.getNumElements();
  Value zeroIdx = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value slots = arith::ConstantIndexOp::create(b, loc, ws.slots);
  Value slotElems = arith::ConstantIndexOp::create(b, loc, slotSize);
  auto flatType = VectorType::get({slotSize}, b.getF32Type());
  Value first = arith::MulIOp::create(b, loc, op.getTile(), slots);
  auto slot = [&](OpBuilder &sb, Value split) -> Value {
    return arith::MulIOp::create(
        sb, loc, arith::AddIOp::create(sb, loc, first, split), slotElems);
  };
  Value flat = vector::ShapeCastOp::create(b, loc, flatType, op.getValue());
  vector::TransferWriteOp::create(b, loc, flat, ws.partials,
                                  ValueRange{slot(b, op.getSplit())},
                                  ArrayRef<bool>{true});
  Value count = arith::AddIOp::create(
      b, loc, memref::LoadOp::create(b, loc, ws.counts, op.getTile()),
      arith::ConstantIntOp::create(b, loc, 1, 32));
  Value last = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, count,
      arith::IndexCastOp::create(b, loc, b.getI32Type(), op.getParts()));
  auto ifLast = scf::IfOp::create(b, loc, last, /*withElseRegion=*/true);
  {
    OpBuilder tb = ifLast.getThenBodyBuilder();
    Value zero = arith::ConstantOp::create(
        tb, loc, flatType, DenseElementsAttr::get(flatType, 0.0f));
    auto sum = scf::ForOp::create(
        tb, loc, zeroIdx, op.getParts(), one, ValueRange{zero},
        [&](OpBuilder &lb, Location l, Value s, ValueRange acc) {
          Value pad = arith::ConstantOp::create(lb, l, lb.getF32FloatAttr(0));
          Value part = vector::TransferReadOp::create(
              lb, l, flatType, ws.partials, ValueRange{slot(lb, s)}, pad,
              ArrayRef<bool>{true});
          scf::YieldOp::create(lb, l,
                               ValueRange{arith::AddFOp::create(lb, l, acc[0],
                                                                part)});
        });
    writeTile(tb, op,
              vector::ShapeCastOp::create(tb, loc, tileType, sum.getResult(0)));
    memref::StoreOp::create(tb, loc, arith::ConstantIntOp::create(tb, loc, 0, 32),
                            ws.counts, op.getTile());
  }
  OpBuilder eb = ifLast.getElseBodyBuilder();
  memref::StoreOp::create(eb, loc, count, ws.counts, op.getTile());
  op.erase();
}

void lowerStore(StoreOp op, const Workspace &ws) {
  if (op.isSplit())
    return lowerSplitStore(op, ws);
  OpBuilder b(op);
  writeTile(b, op, op.getValue());
  op.erase();
}

} // namespace

LogicalResult mlir::tile::lowerKernelToCPU(func::FuncOp func,
                                           int64_t numPrograms,
                                           int64_t splits) {
  std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
  if (!cfg)
    return success();
  if (splits > 0 && (!cfg->isSplitK() || splits > cfg->splitK))
    return func.emitError("tile-lower-to-cpu: splits=")
           << splits << " needs a split-K kernel of split_k >= " << splits
           << " (its workspace slots per tile), got split_k = "
           << cfg->splitK;
  SmallVector<StoreOp> stores;
  func.walk([&](StoreOp s) { stores.push_back(s); });
  if (!func.getBody().hasOneBlock() || stores.size() != 1)
    return func.emitError("tile-lower-to-cpu: expected a tile kernel with "
                          "one block and one tile.store");
  // A split-K kernel that takes its splits from the grid runs tiles x
  // splits programs: fewer would give it none per tile.
  if (numPrograms > 0 && cfg->isSplitK() &&
      !getConstantIntValue(stores.front().getParts()))
    return func.emitError("tile-lower-to-cpu: num-programs on a split-K "
                          "kernel, which runs tiles x splits programs; give "
                          "splits= instead");
  Location loc = func.getLoc();
  Block &entry = func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value tiles = buildNumTiles(b, loc, stores.front().getBase(), *cfg);
  Value programs;
  if (numPrograms > 0) {
    programs = cst(numPrograms);
  } else {
    // One program per C tile (and split), as the tiled schedule launches.
    programs = cfg->isSplitK()
                   ? arith::MulIOp::create(b, loc, tiles,
                                           cst(splits ? splits : cfg->splitK))
                         .getResult()
                   : tiles;
  }
  Workspace ws{Value(), Value(), cfg->workspaceSlots()};
  if (cfg->hasPartials()) {
    Value slots = arith::MulIOp::create(
        b, loc, tiles,
        cst(cfg->workspaceSlots() * cfg->blockM * cfg->blockN));
    ws.partials = memref::AllocOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, b.getF32Type()),
        ValueRange{slots});
    ws.counts = memref::AllocOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI32Type()),
        ValueRange{tiles});
    scf::ForOp::create(
        b, loc, cst(0), tiles, cst(1), ValueRange(),
        [&](OpBuilder &zb, Location l, Value t, ValueRange) {
          memref::StoreOp::create(
              zb, l, arith::ConstantIntOp::create(zb, l, 0, 32), ws.counts, t);
          scf::YieldOp::create(zb, l);
        });
  }

  // Move the body into `for pid in [0, programs)`.
  auto loop = scf::ForOp::create(b, loc, cst(0), programs, cst(1));
  Block *loopBody = loop.getBody();
  loopBody->getOperations().splice(loopBody->begin(), entry.getOperations(),
                                   std::next(Block::iterator(loop)),
                                   Block::iterator(entry.getTerminator()));

  loop.walk([&](Operation *op) {
    if (isa<ProgramIdOp>(op)) {
      op->replaceAllUsesWith(ValueRange{loop.getInductionVar()});
      op->erase();
    } else if (isa<NumProgramsOp>(op)) {
      op->replaceAllUsesWith(ValueRange{programs});
      op->erase();
    } else if (auto l = dyn_cast<LoadOp>(op)) {
      lowerLoad(l);
    } else if (auto d = dyn_cast<DotOp>(op)) {
      lowerDot(d);
    } else if (auto s = dyn_cast<StoreOp>(op)) {
      lowerStore(s, ws);
    }
  });
  if (cfg->hasPartials()) {
    b.setInsertionPointAfter(loop);
    memref::DeallocOp::create(b, loc, ws.partials);
    memref::DeallocOp::create(b, loc, ws.counts);
  }
  func->removeAttr(TileDialect::kKernelAttrName);
  return success();
}

namespace {

struct TileLowerToCPUPass : tile::impl::TileLowerToCPUBase<TileLowerToCPUPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (numPrograms < 0)
      return emitError(UnknownLoc::get(ctx), "tile-lower-to-cpu: "
                                             "num-programs must be >= 0, got ")
             << static_cast<int64_t>(numPrograms);
    if (splits < 0 || (splits > 0 && numPrograms > 0))
      return emitError(UnknownLoc::get(ctx), "tile-lower-to-cpu: splits must "
                                             "be >= 0 and comes without "
                                             "num-programs, got ")
             << static_cast<int64_t>(splits);
    return success();
  }

  void runOnOperation() override {
    if (failed(lowerKernelToCPU(getOperation(), numPrograms, splits)))
      signalPassFailure();
  }
};

} // namespace
