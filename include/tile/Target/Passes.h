//===- Passes.h - tile output passes ----------------------------*- C++ -*-===//

#ifndef TILE_TARGET_PASSES_H
#define TILE_TARGET_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tile {

#define GEN_PASS_DECL
#include "tile/Target/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Target/Passes.h.inc"

} // namespace mlir::tile

#endif // TILE_TARGET_PASSES_H
