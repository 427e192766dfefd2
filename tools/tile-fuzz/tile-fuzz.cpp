//===- tile-fuzz.cpp - libFuzzer target for tile-opt's pipeline -----------===//
//
// Feeds bytes to parse -> verify -> tile-to-ptx, registered and built as
// tile-opt does (tile/Registration; buildTileToPTXPipeline on a
// module-anchored pass manager). The first byte picks, with its low 7 bits,
// one of a few option sets (wrapping around) and, with its top bit, whether
// to serialize to PTX (LLVM's NVPTX backend: slower, but it is where bad
// kernel names used to crash); the rest is MLIR source. One index past the
// option sets, kTuneCacheMode, fuzzes tile-tune caches instead: the rest is
// a cache file's content, and the seed kernel compiles with config=auto
// reading it (test/fuzz-corpus has seeds of each kind: kernels, tiled IR
// carrying #tile.kernel, tune caches). Every failure must be a diagnostic.
// A crash, a hang, a sanitizer report, an LLVM fatal error or an internal
// error (the IR fails to verify after a pass that succeeded, "does not
// dominate", a failed LLVM translation of a kernel tile-opt made) is a bug:
// the target traps. Before fuzzing, the seed kernel must compile to PTX.
//
//===----------------------------------------------------------------------===//

#include "tile/Pipelines/Pipelines.h"
#include "tile/Registration/Registration.h"
#include "tile/Support/FileUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

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
    "block-m=32 block-n=64 num-warps=2 num-stages=2",
    "block-n=16 block-k=16 num-warps=8",
    "chip=sm_86 min-blocks-per-sm=2",
    "mma=wgmma block-m=128 block-n=128 block-k=64 num-stages=3",
    ("mma=wgmma schedule=persistent order=grouped block-m=128 block-n=256 "
     "block-k=64 num-warps=8 num-stages=4"),
};

/// One past the option sets, so that every older seed keeps its meaning.
constexpr uint8_t kTuneCacheMode = std::size(kOptionSets);
static_assert(kTuneCacheMode == 10,
              "test/fuzz-corpus/tune-cache-* start with this index (0x0a)");

constexpr const char *kSeed = R"mlir(
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
)mlir";

[[noreturn]] void internalError(const Twine &what) {
  llvm::errs() << "tile-fuzz: internal error: " << what << "\n";
  __builtin_trap();
}

/// A pass that succeeded must leave valid IR (the verifier is off in the
/// pass manager so that this sees the failure first).
struct VerifyAfterEachPass : PassInstrumentation {
  void runAfterPass(Pass *pass, Operation *op) override {
    if (failed(verify(op)))
      internalError("invalid IR after " + pass->getArgument());
  }
};

DialectRegistry &registry() {
  static DialectRegistry r = [] {
    DialectRegistry reg;
    tile::registerTileDialects(reg);
    tile::registerTilePassesAndPipelines();
    return reg;
  }();
  return r;
}

/// Parses `source` and runs tile-to-ptx with `options` on it, as tile-opt
/// does; returns the module, or null when the input is refused.
OwningOpRef<ModuleOp> compile(MLIRContext &ctx, StringRef source,
                              const std::string &options) {
  if (tile::checkParserLimits(source))
    return nullptr;
  // Diagnostics about the input are expected; after it parsed, some mean a
  // bug (GPU code is tile-opt's own unless the input had some written by
  // hand).
  bool parsed = false, ours = false;
  ScopedDiagnosticHandler check(&ctx, [&](Diagnostic &d) {
    if (!parsed)
      return success();
    std::string msg = d.str();
    if (StringRef(msg).contains("does not dominate") ||
        (ours && (StringRef(msg).contains("LLVM Translation failed") ||
                  StringRef(msg).contains("failed to legalize"))))
      internalError(msg);
    return success();
  });
  // The lexer reads up to a NUL terminator: parse a terminated copy, as
  // tile-opt does with its input file.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(source),
                               llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    return nullptr;
  parsed = true;
  ours = !module->walk([](Operation *op) {
                   return isa<gpu::GPUModuleOp, gpu::BinaryOp>(op)
                              ? WalkResult::interrupt()
                              : WalkResult::advance();
                 })
              .wasInterrupted();
  auto opts = tile::TileToPTXOptions::createFromString(options);
  if (!opts)
    internalError("bad option set: " + options);
  PassManager pm(&ctx);
  pm.enableVerifier(false);
  pm.addInstrumentation(std::make_unique<VerifyAfterEachPass>());
  tile::buildTileToPTXPipeline(pm, *opts);
  if (failed(pm.run(*module)))
    return nullptr;
  return module;
}

/// The tune cache file of tune-cache mode: one per process, rewritten for
/// each input, removed at exit.
StringRef tuneCachePath() {
  struct File {
    SmallString<128> path;
    File() {
      if (llvm::sys::fs::createTemporaryFile("tile-fuzz-tune", "json", path))
        internalError("cannot create a tune cache file");
    }
    ~File() { llvm::sys::fs::remove(path); }
  };
  static File file;
  return file.path;
}

} // namespace

// The project's code is instrumented, MLIR's prebuilt libraries are not:
// llvm::BumpPtrAllocator's inline code poisons slabs in one and hands out
// memory without unpoisoning it in the other, which ASan reports as
// use-after-poison in MLIR's own allocations. Real errors are still caught.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::install_fatal_error_handler([](void *, const char *reason, bool) {
    internalError(Twine("LLVM ERROR: ") + reason);
  });
  // The seed must reach PTX, or the campaign would test nothing.
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  OwningOpRef<ModuleOp> module = compile(ctx, kSeed, kOptionSets[0]);
  gpu::BinaryOp binary;
  if (module)
    module->walk([&](gpu::BinaryOp b) { binary = b; });
  auto object = binary ? dyn_cast<gpu::ObjectAttr>(binary.getObjects()[0])
                       : gpu::ObjectAttr();
  if (!object || !object.getObject().getValue().contains(".entry matmul"))
    internalError("the seed kernel was not outlined and serialized to PTX");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  StringRef rest(reinterpret_cast<const char *>(data) + 1, size - 1);
  uint8_t set = data[0] & 0x7f;
  std::string options;
  StringRef source = rest;
  if (set == kTuneCacheMode) {
    std::error_code ec;
    llvm::raw_fd_ostream os(tuneCachePath(), ec);
    if (ec)
      internalError("cannot write the tune cache file: " + ec.message());
    os << rest;
    os.close();
    if (os.has_error())
      internalError("cannot write the tune cache file");
    options = ("config=auto tune-cache=" + tuneCachePath()).str();
    source = kSeed;
  } else {
    options = kOptionSets[set % std::size(kOptionSets)];
  }
  if (!(data[0] & 0x80))
    options += " serialize=0";
  (void)compile(ctx, source, options);
  return 0;
}
