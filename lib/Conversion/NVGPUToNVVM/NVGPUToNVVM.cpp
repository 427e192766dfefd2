//===- NVGPUToNVVM.cpp - nvgpu to NVVM with a chosen index width ----------===//

#include "tile/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "tile/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
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
/// row 16 w + lane / 4 + 8 h, column 8 j + 2 (lane % 4) + e, where w is the
/// warp within its warpgroup ((tid / 32) % 4, upstream: tid / 32): every
/// warpgroup stores at row 0 of the view it is given, so each passes its
/// own rows. Values are converted to the destination's element type and
/// stored in pairs.
struct WarpgroupMmaStoreLowering
    : ConvertOpToLLVMPattern<nvgpu::WarpgroupMmaStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nvgpu::WarpgroupMmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType dstType = op.getDstMemref().getType();
    SmallVector<int64_t> strides;
    int64_t offset;
    // Pairs of columns in one store need rows of an even static length
    // (the view's offset must keep pairs aligned, as tile-to-wgmma's do).
    bool pairs = succeeded(dstType.getStridesAndOffset(strides, offset)) &&
                 strides[1] == 1 && !ShapedType::isDynamic(strides[0]) &&
                 strides[0] % 2 == 0;
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Type i32 = b.getI32Type();
    auto cst = [&](int64_t v) -> Value {
      return LLVM::ConstantOp::create(
          b, i32, b.getI32IntegerAttr(static_cast<int32_t>(v)));
    };
    Value tid = NVVM::ThreadIdXOp::create(b, i32);
    Value lane = LLVM::URemOp::create(b, tid, cst(32));
    Value warp =
        LLVM::URemOp::create(b, LLVM::UDivOp::create(b, tid, cst(32)), cst(4));
    Value row0 =
        LLVM::AddOp::create(b, LLVM::MulOp::create(b, warp, cst(16)),
                            LLVM::UDivOp::create(b, lane, cst(4)));
    Value col0 = LLVM::MulOp::create(b, LLVM::URemOp::create(b, lane, cst(4)),
                                     cst(2));
    Type dstElt = dstType.getElementType();
    Value acc = adaptor.getMatrixD();
    auto blocks = cast<LLVM::LLVMStructType>(acc.getType()).getBody();
    if (!pairs) {
      // Any other layout: one value at a time.
      auto index = [&](Value v, int64_t plus) -> Value {
        return arith::IndexCastOp::create(b, b.getIndexType(),
                                          LLVM::AddOp::create(b, v, cst(plus)));
      };
      for (auto [i, blockType] : llvm::enumerate(blocks)) {
        Value block = LLVM::ExtractValueOp::create(b, acc, i);
        int64_t values = cast<LLVM::LLVMStructType>(blockType).getBody().size();
        for (int64_t v = 0; v < values; ++v) {
          int64_t j = v / 4, h = v / 2 % 2, e = v % 2;
          Value x = LLVM::ExtractValueOp::create(b, block, v);
          if (x.getType() != dstElt)
            x = LLVM::FPTruncOp::create(b, dstElt, x);
          memref::StoreOp::create(
              b, x, op.getDstMemref(),
              ValueRange{index(row0, 64 * i + 8 * h), index(col0, 8 * j + e)});
        }
      }
      rewriter.eraseOp(op);
      return success();
    }
    // One pointer per thread, every store at a constant offset from it
    // (indices per store become 64-bit addresses that LLVM hoists out of a
    // persistent loop and ptxas then spills).
    MemRefDescriptor desc(adaptor.getDstMemref());
    Value buffer = desc.bufferPtr(b, b.getLoc(), *getTypeConverter(), dstType);
    Value first = LLVM::AddOp::create(
        b, LLVM::MulOp::create(b, row0, cst(strides[0])), col0);
    Value ptr = LLVM::GEPOp::create(b, buffer.getType(), dstElt, buffer,
                                    ValueRange{first});
    // A 16-bit destination (a warp-specialized kernel stages C in its own
    // type) gets the values rounded.
    auto f32x2 = VectorType::get({2}, b.getF32Type());
    auto dstx2 = VectorType::get({2}, dstElt);
    unsigned align = 2 * dstElt.getIntOrFloatBitWidth() / 8;
    for (auto [i, blockType] : llvm::enumerate(blocks)) {
      Value block = LLVM::ExtractValueOp::create(b, acc, i);
      int64_t values = cast<LLVM::LLVMStructType>(blockType).getBody().size();
      for (int64_t j = 0; j < values / 4; ++j)
        for (int64_t h = 0; h < 2; ++h) {
          // Values e = 0, 1 are adjacent columns: one 4- or 8-byte store.
          Value pair = LLVM::PoisonOp::create(b, f32x2);
          for (int64_t e = 0; e < 2; ++e)
            pair = LLVM::InsertElementOp::create(
                b, pair,
                LLVM::ExtractValueOp::create(b, block, 4 * j + 2 * h + e),
                cst(e));
          if (dstx2 != f32x2)
            pair = LLVM::FPTruncOp::create(b, dstx2, pair);
          int64_t at = (64 * i + 8 * h) * strides[0] + 8 * j;
          Value p = LLVM::GEPOp::create(
              b, ptr.getType(), dstElt, ptr,
              ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(at)});
          LLVM::StoreOp::create(b, pair, p, align);
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
  // nvgpu.mbarrier.arrive's state (without it the pattern builds an
  // nvvm.mbarrier.arrive without a result type).
  converter.addConversion([&](nvgpu::MBarrierTokenType t) -> Type {
    return IntegerType::get(t.getContext(), 64);
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
