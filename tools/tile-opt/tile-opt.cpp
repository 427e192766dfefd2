//===- tile-opt.cpp - The tile-opt driver ---------------------------------===//
//
// mlir-opt for the tile dialect: its passes, the tile-to-ptx pipeline, and
// only the upstream dialects and passes that pipeline uses. The output file
// is replaced only when compilation succeeds.
//
//===----------------------------------------------------------------------===//

#include "tile/Registration/Registration.h"
#include "tile/Support/FileUtils.h"
#include "tile/Target/Bundle.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;

namespace {
/// Collects each module's bundle files (one module per chunk of
/// -split-input-file): tile-opt writes them with its -o output once every
/// chunk compiled, so that a failure leaves no file changed.
struct CollectBundle : PassWrapper<CollectBundle, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CollectBundle)
  CollectBundle(std::string dir, std::vector<tile::OutputFile> &files)
      : dir(std::move(dir)), files(files) {}
  StringRef getArgument() const override { return "tile-collect-bundle"; }
  void runOnOperation() override {
    FailureOr<SmallVector<tile::OutputFile>> mine =
        tile::bundleFiles(getOperation(), dir);
    if (failed(mine))
      return signalPassFailure();
    files.insert(files.end(), mine->begin(), mine->end());
  }
  std::string dir;
  std::vector<tile::OutputFile> &files;
};
} // namespace

static llvm::cl::opt<std::string> bundleDir(
    "tile-bundle",
    llvm::cl::desc("After the pipeline, write <kernel>.ptx and <kernel>.json "
                   "(the launch manifest) into this directory"),
    llvm::cl::value_desc("dir"), llvm::cl::init(""));

/// argv with `--mlir-print-op-on-diagnostic=false` unless the user chose:
/// a bad kernel's error then stays one line plus its source location, not a
/// dump of the whole function.
static std::vector<char *> withQuietDiagnostics(int argc, char **argv) {
  static char quiet[] = "--mlir-print-op-on-diagnostic=false";
  std::vector<char *> args(argv, argv + argc);
  bool chosen = llvm::any_of(args, [](char *a) {
    return llvm::StringRef(a).contains("mlir-print-op-on-diagnostic");
  });
  if (!chosen)
    args.insert(args.begin() + 1, quiet);
  return args;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  DialectRegistry registry;
  tile::registerTileDialects(registry);
  tile::registerTilePassesAndPipelines();
  std::vector<char *> args = withQuietDiagnostics(argc, argv);
  auto [inputFile, outputFile] = registerAndParseCLIOptions(
      static_cast<int>(args.size()), args.data(), "tile-opt", registry);
  if (bundleDir.getNumOccurrences() && bundleDir.empty()) {
    llvm::errs() << "tile-opt: --tile-bundle needs a directory\n";
    return 1;
  }
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  MlirOptMainConfig base = config;
  std::vector<tile::OutputFile> files;
  config.setPassPipelineSetupFn([&](PassManager &pm) -> LogicalResult {
    // A pass option that does not parse is explained by LLVM's option
    // parser; MLIR then adds an error without text, which says nothing.
    ScopedDiagnosticHandler quiet(pm.getContext(), [](Diagnostic &d) {
      return success(d.getSeverity() == DiagnosticSeverity::Error &&
                     d.str().empty());
    });
    if (failed(base.setupPassPipeline(pm)))
      return failure();
    if (!bundleDir.empty())
      pm.addPass(std::make_unique<CollectBundle>(bundleDir, files));
    return success();
  });

  // A device such as /dev/zero would be read until memory ran out; a pipe
  // (stdin, <(...)) is read as it comes.
  llvm::sys::fs::file_status status;
  if (inputFile != "-" && !llvm::sys::fs::status(inputFile, status) &&
      (status.type() == llvm::sys::fs::file_type::character_file ||
       status.type() == llvm::sys::fs::file_type::block_file ||
       status.type() == llvm::sys::fs::file_type::socket_file)) {
    llvm::errs() << "tile-opt: cannot open input file '" << inputFile
                 << "': not a regular file or a pipe\n";
    return 1;
  }
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << "tile-opt: " << error << "\n";
    return 1;
  }
  if (std::optional<std::string> deep =
          tile::checkParserLimits(input->getBuffer())) {
    llvm::errs() << "tile-opt: " << inputFile << ": " << *deep << "\n";
    return 1;
  }
  // Compiled into memory first: a failure leaves the output file (which may
  // be the input) as it was.
  std::string output;
  llvm::raw_string_ostream os(output);
  if (failed(MlirOptMain(os, std::move(input), registry, config)))
    return 1;
  files.push_back({outputFile, output, /*allowDevice=*/true});
  if (bundleDir.empty()) {
    if (llvm::Error err = tile::writeFilesAtomically(files)) {
      llvm::errs() << "tile-opt: cannot write "
                   << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
  } else if (llvm::Error err = tile::writeBundleFiles(bundleDir, files)) {
    llvm::errs() << "tile-opt: " << llvm::toString(std::move(err)) << "\n";
    return 1;
  }
  return 0;
}
