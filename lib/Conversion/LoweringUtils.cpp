//===- LoweringUtils.cpp - Shared by the tensor-core lowerings ------------===//

#include "tile/Conversion/LoweringUtils.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;

FailureOr<std::optional<KLoop>> mlir::tile::matchKLoop(gpu::GPUFuncOp func,
                                                        StringRef pass) {
  SmallVector<DotOp> dots;
  func.walk([&](DotOp d) { dots.push_back(d); });
  if (dots.empty())
    return std::optional<KLoop>();
  DotOp dot = dots.front();
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  auto loadA = dot.getLhs().getDefiningOp<LoadOp>();
  auto loadB = dot.getRhs().getDefiningOp<LoadOp>();
  if (dots.size() != 1 || !loop || !loadA || !loadB ||
      loop.getNumRegionIterArgs() != 1 ||
      dot.getAcc() != loop.getRegionIterArgs()[0] ||
      !loop.getResult(0).hasOneUse() ||
      !isa<StoreOp>(*loop.getResult(0).getUsers().begin()) ||
      !matchPattern(loop.getInits()[0], m_AnyZeroFloat()))
    return func.emitError(pass) << ": expected the K loop of tile-tiling "
                                   "(zero-initialised tile.dot over tile.loads)";
  auto store = cast<StoreOp>(*loop.getResult(0).getUsers().begin());
  return std::optional<KLoop>(KLoop{loop, loadA, loadB, dot, store});
}

Value mlir::tile::isAlignedAtRuntime(OpBuilder &b, Location loc, Value memref,
                                     unsigned strideDim, int64_t bytes) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t eltBytes = type.getElementTypeBitWidth() / 8;
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value ptr = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value byteOffset =
      arith::MulIOp::create(b, loc, meta.getOffset(), cst(eltBytes));
  Value addr = arith::AddIOp::create(b, loc, ptr, byteOffset);
  Value stride =
      arith::MulIOp::create(b, loc, meta.getStrides()[strideDim], cst(eltBytes));
  Value bad = arith::OrIOp::create(
      b, loc, arith::AndIOp::create(b, loc, addr, cst(bytes - 1)),
      arith::AndIOp::create(b, loc, stride, cst(bytes - 1)));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, bad, cst(0));
}
