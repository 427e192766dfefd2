//===- NVGPUToNVVM.cpp - nvgpu to NVVM with a chosen index width ----------===//

#include "tile/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

#define DEBUG_TYPE "tile-nvgpu-to-nvvm"

namespace mlir::tile {
#define GEN_PASS_DEF_TILENVGPUTONVVM
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {

struct TileNVGPUToNVVMPass
    : tile::impl::TileNVGPUToNVVMBase<TileNVGPUToNVVMPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    LowerToLLVMOptions options(ctx);
    options.overrideIndexBitwidth(indexBitwidth);
    LLVMTypeConverter converter(ctx, options);
    nvgpu::populateCommonGPUTypeAndAttributeConversions(converter);
    // Async tokens only order copies; they lower to a dummy i32.
    converter.addConversion([&](nvgpu::DeviceAsyncTokenType t) -> Type {
      return IntegerType::get(t.getContext(), 32);
    });
    // The Hopper types, as upstream's pass converts them.
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
    LLVMConversionTarget target(*ctx);
    target.addLegalDialect<NVVM::NVVMDialect, arith::ArithDialect,
                           memref::MemRefDialect>();
    // wgmma accumulators are loop-carried.
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    target.addIllegalDialect<nvgpu::NVGPUDialect>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
