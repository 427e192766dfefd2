//===- tile-fuzz.cpp - libFuzzer target for tile-opt's pipeline -----------===//
//
// Feeds bytes to parse -> verify -> the tile-to-ptx pipeline up to NVVM (no
// gpu-module-to-binary, `serialize=0`: the NVPTX backend is LLVM's, not
// ours, and costs a hundred milliseconds per input). The first byte picks one
// of a few option sets so the fuzzer also explores configurations; the rest is
// MLIR source. Every failure must be a diagnostic; a crash, hang or sanitizer
// report is a bug.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Pipelines/Pipelines.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;

namespace {

constexpr const char *kOptionSets[] = {
    "",
    "num-stages=1",
    "schedule=persistent order=grouped group-m=3 num-stages=4",
    "block-m=64 block-n=128 block-k=64 num-warps=8 num-stages=2",
    "block-m=16 block-n=16 block-k=16 num-warps=1 index-bitwidth=64",
    "block-m=32 block-n=48 num-warps=2",
    "block-m=256 block-n=256 block-k=128 num-warps=16 num-stages=8",
    "chip=sm_86 min-blocks-per-sm=2",
    "mma=wgmma block-m=128 block-n=128 block-k=64 num-stages=3",
    "mma=wgmma schedule=persistent order=grouped block-m=128 block-n=256 "
    "block-k=64 num-warps=8 num-stages=4",
};

DialectRegistry &registry() {
  static DialectRegistry r = [] {
    tile::registerTilePasses();
    tile::registerTileConversionPasses();
    tile::registerTilePipelines();
    DialectRegistry reg;
    reg.insert<tile::TileDialect, affine::AffineDialect, arith::ArithDialect,
               cf::ControlFlowDialect, func::FuncDialect, gpu::GPUDialect,
               index::IndexDialect, LLVM::LLVMDialect, math::MathDialect,
               memref::MemRefDialect, NVVM::NVVMDialect, nvgpu::NVGPUDialect,
               scf::SCFDialect, ub::UBDialect, vector::VectorDialect>();
    return reg;
  }();
  return r;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  // The lexer reads up to a NUL terminator: parse a terminated copy, as
  // tile-opt does with its input file.
  StringRef source(reinterpret_cast<const char *>(data) + 1, size - 1);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(source),
                               llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    return 0;

  PassManager pm(&ctx);
  std::string pipeline =
      std::string("builtin.module(tile-to-ptx{serialize=0 ") +
      kOptionSets[data[0] % std::size(kOptionSets)] + "})";
  if (failed(parsePassPipeline(pipeline, pm)))
    __builtin_trap(); // the option sets above are valid
  (void)pm.run(*module);
  return 0;
}
