//===- GridConstants.cpp - TMA descriptors as __grid_constant__ -----------===//

#include "tile/Conversion/KernelABI.h"
#include "tile/Target/Bundle.h"
#include "tile/Target/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEGRIDCONSTANTS
#include "tile/Target/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

void mlir::tile::markGridConstants(gpu::GPUModuleOp module) {
  module.walk([&](LLVM::LLVMFuncOp func) {
    // A wgmma kernel, with or without the split-K workspace.
    ArrayRef<KernelParam> params = kernelParams(
        /*withTensorMaps=*/true,
        func.getNumArguments() == kernelParams(true, true).size());
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()) ||
        func.getNumArguments() != params.size())
      return;
    Builder b(func.getContext());
    for (auto [i, p] : llvm::enumerate(params)) {
      if (p.type != "tensormap")
        continue;
      // The 128-byte CUtensorMap by value in parameter space, as
      // `const __grid_constant__ CUtensorMap` is passed.
      func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(LLVM::LLVMArrayType::get(
                          b.getI8Type(), kTensorMapBytes)));
      func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(64));
      func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                      b.getUnitAttr());
    }
  });
}

namespace {

struct TileGridConstantsPass
    : tile::impl::TileGridConstantsBase<TileGridConstantsPass> {
  void runOnOperation() override { markGridConstants(getOperation()); }
};

} // namespace
