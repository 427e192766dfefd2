//===- LoweringUtils.cpp - Shared by the tensor-core lowerings ------------===//

#include "tile/Conversion/LoweringUtils.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
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

Value mlir::tile::memrefFromPointer(OpBuilder &b, Location loc, MemRefType t,
                                    Value ptr, ValueRange sizes,
                                    ValueRange strides, unsigned bits) {
  MLIRContext *ctx = b.getContext();
  Type idx = b.getIntegerType(bits);
  auto arr = LLVM::LLVMArrayType::get(idx, t.getRank());
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  auto descTy =
      LLVM::LLVMStructType::getLiteral(ctx, {ptrTy, ptrTy, idx, arr, arr});
  auto narrow = [&](Value v) -> Value {
    return bits == 64 ? v : LLVM::TruncOp::create(b, loc, idx, v);
  };
  Value d = LLVM::PoisonOp::create(b, loc, descTy);
  d = LLVM::InsertValueOp::create(b, loc, d, ptr, ArrayRef<int64_t>{0});
  d = LLVM::InsertValueOp::create(b, loc, d, ptr, ArrayRef<int64_t>{1});
  Value zero = LLVM::ConstantOp::create(b, loc, idx, b.getIntegerAttr(idx, 0));
  d = LLVM::InsertValueOp::create(b, loc, d, zero, ArrayRef<int64_t>{2});
  for (int64_t i = 0; i < t.getRank(); ++i) {
    d = LLVM::InsertValueOp::create(b, loc, d, narrow(sizes[i]),
                                    ArrayRef<int64_t>{3, i});
    d = LLVM::InsertValueOp::create(b, loc, d, narrow(strides[i]),
                                    ArrayRef<int64_t>{4, i});
  }
  return UnrealizedConversionCastOp::create(b, loc, t, d).getResult(0);
}

Value mlir::tile::isAlignedAtRuntime(OpBuilder &b, Location loc, Value memref,
                                     unsigned strideDim, int64_t bytes) {
  IndexMath m(b, loc);
  int64_t eltBytes =
      cast<MemRefType>(memref.getType()).getElementTypeBitWidth() / 8;
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value ptr = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value addr = m.add(ptr, m.mul(meta.getOffset(), eltBytes));
  Value stride = m.mul(meta.getStrides()[strideDim], eltBytes);
  Value bad = arith::OrIOp::create(b, loc, m.andi(addr, m.cst(bytes - 1)),
                                   m.andi(stride, m.cst(bytes - 1)));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, bad,
                               m.cst(0));
}
