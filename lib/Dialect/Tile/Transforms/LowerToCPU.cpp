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

void lowerStore(StoreOp op) {
  OpBuilder b(op);
  Value v = op.getValue();
  Type elt = op.getBase().getType().getElementType();
  if (elt != cast<VectorType>(v.getType()).getElementType())
    v = arith::TruncFOp::create(b, op.getLoc(),
                                cast<VectorType>(v.getType()).clone(elt), v);
  vector::TransferWriteOp::create(b, op.getLoc(), v, op.getBase(),
                                  ValueRange{op.getRow(), op.getCol()},
                                  ArrayRef<bool>{false, false});
  op.erase();
}

} // namespace

LogicalResult mlir::tile::lowerKernelToCPU(func::FuncOp func,
                                           int64_t numPrograms) {
  std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
  if (!cfg)
    return success();
  SmallVector<StoreOp> stores;
  func.walk([&](StoreOp s) { stores.push_back(s); });
  if (!func.getBody().hasOneBlock() || stores.size() != 1)
    return func.emitError("tile-lower-to-cpu: expected a tile kernel with "
                          "one block and one tile.store");
  Location loc = func.getLoc();
  Block &entry = func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value programs;
  if (numPrograms > 0) {
    programs = cst(numPrograms);
  } else {
    // One program per C tile, as the tiled schedule launches.
    programs = buildNumTiles(b, loc, stores.front().getBase(), *cfg);
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
      lowerStore(s);
    }
  });
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
    return success();
  }

  void runOnOperation() override {
    if (failed(lowerKernelToCPU(getOperation(), numPrograms)))
      signalPassFailure();
  }
};

} // namespace
