//===- NVGPUToNVVM.cpp - nvgpu to NVVM with a chosen index width ----------===//

#include "tile/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "tile/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILENVGPUTONVVM
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// nvgpu.warpgroup.mma.store, placing the accumulator's i-th 64-row block at
/// row 64 i. Upstream's pattern puts it N/2 rows down (the member count of
/// the block's struct), right only for N = 128. Fragment layout of
/// wgmma.m64nNk16 with f32 accumulators: value 4 j + 2 h + e of a block is at
/// row 16 w + lane / 4 + 8 h, column 8 j + 2 (lane % 4) + e, w = tid / 32 as
/// upstream (the block's warp: warpgroups stacked 64 rows apart).
struct WarpgroupMmaStoreLowering
    : ConvertOpToLLVMPattern<nvgpu::WarpgroupMmaStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nvgpu::WarpgroupMmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Type i32 = b.getI32Type();
    auto cst = [&](int32_t v) -> Value {
      return LLVM::ConstantOp::create(b, i32, b.getI32IntegerAttr(v));
    };
    auto index = [&](Value v) -> Value {
      return arith::IndexCastOp::create(b, b.getIndexType(), v);
    };
    Value tid = NVVM::ThreadIdXOp::create(b, i32);
    Value lane = LLVM::URemOp::create(b, tid, cst(32));
    Value warp = LLVM::UDivOp::create(b, tid, cst(32));
    Value row0 =
        LLVM::AddOp::create(b, LLVM::MulOp::create(b, warp, cst(16)),
                            LLVM::UDivOp::create(b, lane, cst(4)));
    Value col0 = LLVM::MulOp::create(b, LLVM::URemOp::create(b, lane, cst(4)),
                                     cst(2));
    Value acc = adaptor.getMatrixD();
    // A 16-bit destination (a warp-specialized kernel stages C in its own
    // type) gets the values rounded.
    Type dstElt = op.getDstMemref().getType().getElementType();
    auto blocks = cast<LLVM::LLVMStructType>(acc.getType()).getBody();
    for (auto [i, blockType] : llvm::enumerate(blocks)) {
      Value block = LLVM::ExtractValueOp::create(b, acc, i);
      int64_t values = cast<LLVM::LLVMStructType>(blockType).getBody().size();
      for (int64_t j = 0; j < values / 4; ++j)
        for (int64_t h = 0; h < 2; ++h) {
          Value row = index(LLVM::AddOp::create(
              b, row0, cst(static_cast<int32_t>(64 * i + 8 * h))));
          for (int64_t e = 0; e < 2; ++e) {
            Value col = index(LLVM::AddOp::create(
                b, col0, cst(static_cast<int32_t>(8 * j + e))));
            Value v = LLVM::ExtractValueOp::create(b, block, 4 * j + 2 * h + e);
            if (v.getType() != dstElt)
              v = LLVM::FPTruncOp::create(b, dstElt, v);
            memref::StoreOp::create(b, v, op.getDstMemref(),
                                    ValueRange{row, col});
          }
        }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

LogicalResult mlir::tile::convertNVGPUToNVVM(gpu::GPUModuleOp module,
                                             unsigned indexBitwidth) {
  MLIRContext *ctx = module.getContext();
  LowerToLLVMOptions options(ctx);
  options.overrideIndexBitwidth(indexBitwidth);
  LLVMTypeConverter converter(ctx, options);
  nvgpu::populateCommonGPUTypeAndAttributeConversions(converter);
  // Upstream's pass keeps its conversions of the nvgpu types private, so
  // they are repeated here. Async tokens only order copies: a dummy i32.
  converter.addConversion([&](nvgpu::DeviceAsyncTokenType t) -> Type {
    return IntegerType::get(t.getContext(), 32);
  });
  converter.addConversion([&](nvgpu::MBarrierGroupType t) -> Type {
    return converter.convertType(nvgpu::getMBarrierMemrefType(ctx, t));
  });
  converter.addConversion([&](nvgpu::TensorMapDescriptorType t) -> Type {
    return LLVM::LLVMPointerType::get(t.getContext());
  });
  converter.addConversion([&](nvgpu::WarpgroupMatrixDescriptorType t) {
    return IntegerType::get(t.getContext(), 64);
  });
  // One struct of N/2 f32 per 64-row wgmma, as the instruction returns it.
  converter.addConversion([&](nvgpu::WarpgroupAccumulatorType t) -> Type {
    VectorType frag = t.getFragmented();
    SmallVector<Type> row(frag.getDimSize(1) / 2, frag.getElementType());
    Type inner = LLVM::LLVMStructType::getLiteral(ctx, row);
    SmallVector<Type> rows(frag.getDimSize(0) / 64, inner);
    return LLVM::LLVMStructType::getLiteral(ctx, rows);
  });
  RewritePatternSet patterns(ctx);
  populateNVGPUToNVVMConversionPatterns(converter, patterns);
  patterns.add<WarpgroupMmaStoreLowering>(converter, /*benefit=*/2);
  LLVMConversionTarget target(*ctx);
  target.addLegalDialect<NVVM::NVVMDialect, arith::ArithDialect,
                         memref::MemRefDialect>();
  // wgmma accumulators are loop-carried.
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  target.addIllegalDialect<nvgpu::NVGPUDialect>();
  return applyPartialConversion(module, target, std::move(patterns));
}

namespace {

struct TileNVGPUToNVVMPass
    : tile::impl::TileNVGPUToNVVMBase<TileNVGPUToNVVMPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (indexBitwidth != 32 && indexBitwidth != 64)
      return emitError(UnknownLoc::get(ctx), "tile-nvgpu-to-nvvm: "
                                             "index-bitwidth must be 32 or "
                                             "64, got ")
             << static_cast<int64_t>(indexBitwidth);
    return success();
  }

  void runOnOperation() override {
    if (failed(convertNVGPUToNVVM(getOperation(), indexBitwidth)))
      signalPassFailure();
  }
};

} // namespace
