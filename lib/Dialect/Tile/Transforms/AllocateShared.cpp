//===- AllocateShared.cpp - Workgroup buffers into dynamic shared memory --===//
//
// A workgroup `memref.alloc` inside a kernel would lower to a call to malloc;
// placing every buffer in `gpu.dynamic_shared_memory` instead also lets a
// block use more than the 48 KB of static shared memory.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEALLOCATESHARED
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

LogicalResult mlir::tile::allocateSharedMemory(gpu::GPUFuncOp func,
                                               int64_t maxBytes) {
  std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
  if (!cfg)
    return success();
  SmallVector<memref::AllocOp> allocs;
  func.walk([&](memref::AllocOp alloc) {
    if (gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType()))
      allocs.push_back(alloc);
  });
  if (allocs.empty())
    return success();
  for (memref::AllocOp alloc : allocs)
    if (!alloc.getType().hasStaticShape() ||
        !alloc.getType().getLayout().isIdentity())
      return alloc.emitOpError("tile-allocate-shared: shared buffers must "
                               "have a static shape and the identity "
                               "layout");

  OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
  Location loc = func.getLoc();
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  auto bytesType = MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                                   MemRefLayoutAttrInterface(), workgroup);
  Value base = gpu::DynamicSharedMemoryOp::create(b, loc, bytesType);
  int64_t offset = 0;
  for (memref::AllocOp alloc : allocs) {
    MemRefType t = alloc.getType();
    int64_t bytes = t.getNumElements() * t.getElementTypeBitWidth() / 8;
    OpBuilder ab(alloc);
    Value at = arith::ConstantIndexOp::create(ab, alloc.getLoc(), offset);
    Value view =
        memref::ViewOp::create(ab, alloc.getLoc(), t, base, at, ValueRange{});
    alloc.replaceAllUsesWith(view);
    alloc.erase();
    // 128-byte alignment keeps every buffer on its own cache line.
    offset = llvm::alignTo(offset + bytes, 128);
  }
  int64_t limit = maxBytes ? maxBytes : sharedBytesPerBlock(cfg->chip);
  if (offset > limit)
    return func.emitError("tile-allocate-shared: the kernel needs ")
           << offset << " bytes of shared memory per block, more than the "
           << limit << " the target allows; use fewer stages or smaller "
           << "blocks";
  cfg->sharedBytes = offset;
  cfg->attachTo(func);
  return success();
}

namespace {

struct TileAllocateSharedPass
    : tile::impl::TileAllocateSharedBase<TileAllocateSharedPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    // sm_90 allows the most of any supported chip.
    int64_t most = sharedBytesPerBlock(Chip::SM90);
    if (maxBytes < 0 || maxBytes > most)
      return emitError(UnknownLoc::get(ctx),
                       "tile-allocate-shared: max-bytes must be between 0 "
                       "(the chip's limit) and ")
             << most << " (227 KB, the most a block may use on any "
             << "supported chip), got " << static_cast<int64_t>(maxBytes);
    return success();
  }

  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(allocateSharedMemory(func, maxBytes)))
        return signalPassFailure();
  }
};

} // namespace
