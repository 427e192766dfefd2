//===- NVGPUToNVVM.h - nvgpu to NVVM ----------------------------*- C++ -*-===//

#ifndef TILE_CONVERSION_NVGPUTONVVM_NVGPUTONVVM_H
#define TILE_CONVERSION_NVGPUTONVVM_NVGPUTONVVM_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::tile {

/// tile-nvgpu-to-nvvm: upstream's nvgpu-to-NVVM patterns with `index`
/// `indexBitwidth` wide, and a warpgroup accumulator store that places each
/// 64-row block at row 64 i.
LogicalResult convertNVGPUToNVVM(gpu::GPUModuleOp module,
                                 unsigned indexBitwidth);

} // namespace mlir::tile

#endif // TILE_CONVERSION_NVGPUTONVVM_NVGPUTONVVM_H
