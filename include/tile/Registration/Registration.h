//===- Registration.h - What tile-opt and tile-fuzz register ----*- C++ -*-===//
//
// One registration for every tool that runs the pipeline, so that the
// fuzzer exercises exactly what tile-opt compiles.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_REGISTRATION_REGISTRATION_H
#define TILE_REGISTRATION_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::tile {

/// The dialects tile-opt parses and the pipeline creates, with the
/// ConvertToLLVM interfaces convert-gpu-to-nvvm collects and the LLVM IR
/// translations gpu-module-to-binary needs.
void registerTileDialects(DialectRegistry &registry);

/// The tile passes, the tile-to-ptx pipeline and the upstream passes it
/// uses, as command-line flags.
void registerTilePassesAndPipelines();

} // namespace mlir::tile

#endif // TILE_REGISTRATION_REGISTRATION_H
