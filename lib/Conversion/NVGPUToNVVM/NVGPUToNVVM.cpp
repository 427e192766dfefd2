//===- NVGPUToNVVM.cpp - nvgpu to NVVM with a chosen index width ----------===//

#include "tile/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
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
    RewritePatternSet patterns(ctx);
    populateNVGPUToNVVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(*ctx);
    target.addLegalDialect<NVVM::NVVMDialect>();
    target.addIllegalDialect<nvgpu::NVGPUDialect>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
