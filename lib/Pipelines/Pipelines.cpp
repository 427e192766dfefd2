//===- Pipelines.cpp - tile-opt pass pipelines ----------------------------===//

#include "tile/Pipelines/Pipelines.h"

#include "tile/Conversion/Passes.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Target/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/NVGPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tile;

void mlir::tile::buildTileToPTXPipeline(OpPassManager &pm,
                                        const TileToPTXOptions &opts) {
  TileTilingOptions tiling;
  tiling.blockM = opts.blockM;
  tiling.blockN = opts.blockN;
  tiling.blockK = opts.blockK;
  tiling.numWarps = opts.numWarps;
  tiling.numStages = opts.numStages;
  tiling.order = opts.order;
  tiling.groupM = opts.groupM;
  tiling.mma = opts.mma;
  tiling.warpSpecialize = opts.warpSpecialize;
  tiling.clusterM = opts.clusterM;
  tiling.splitK = opts.splitK;
  tiling.swapAB = opts.swapAB;
  tiling.l2Promotion = opts.l2Promotion;
  bool autoConfig = opts.config == ConfigChoice::Auto;
  // The config=auto family is TMA + wgmma only.
  bool wgmma = autoConfig || opts.mma == MmaKind::Wgmma;
  // A named chip stays (the kernel attribute's verifier rejects wgmma on
  // any but sm_90a).
  Chip chip = autoConfig             ? Chip::SM90a
              : opts.chip.hasValue() ? opts.chip
                                     : KernelConfig::defaultChip(opts.mma);
  tiling.chip = chip;
  if (autoConfig) {
    pm.addPass(createTileAutoConfig(
        TileAutoConfigOptions{opts.tuneCache, opts.calibration}));
  } else {
    pm.addNestedPass<func::FuncOp>(createTileTiling(tiling));
    if (opts.schedule == Schedule::Persistent)
      pm.addNestedPass<func::FuncOp>(createTilePersistent());
    if (opts.schedule == Schedule::StreamK)
      pm.addNestedPass<func::FuncOp>(createTileStreamK());
  }
  pm.addPass(createTileToGPU(
      TileToGPUOptions{opts.indexBitwidth, opts.minBlocksPerSM}));

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  if (wgmma) {
    kernels.addPass(createTileToWGMMA(TileToWGMMAOptions{opts.cChunkStores}));
  } else {
    kernels.addPass(createTileToNVGPU());
    kernels.addPass(createTilePipeline());
    kernels.addPass(nvgpu::createOptimizeSharedMemoryPass());
  }
  kernels.addPass(createTileAllocateShared());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());

  GpuNVVMAttachTargetOptions target;
  target.chip = stringifyChip(chip).str();
  target.features = "+ptx80";
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createTileExportManifest());

  OpPassManager &gm = pm.nest<gpu::GPUModuleOp>();
  gm.addPass(createTileNVGPUToNVVM(TileNVGPUToNVVMOptions{opts.indexBitwidth}));
  // mbarrier and wgmma ops become inline PTX.
  if (wgmma)
    gm.addPass(createConvertNVVMToLLVMPass());
  // expand-strided-metadata emits affine.apply for subview offsets.
  gm.addPass(memref::createExpandStridedMetadataPass());
  gm.addPass(createLowerAffinePass());
  gm.addPass(createSCFToControlFlowPass());
  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.indexBitwidth = opts.indexBitwidth;
  gm.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  gm.addPass(createTileGridConstants());
  gm.addPass(createCanonicalizerPass());
  gm.addPass(createCSEPass());
  gm.addPass(createReconcileUnrealizedCastsPass());
  if (!opts.serialize)
    return;
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

TileToPTXOptions::TileToPTXOptions() {
  auto names = [](ArrayRef<NamedOption> options) {
    return llvm::join(
        llvm::map_range(options, [](const NamedOption &o) { return o.name; }),
        ", ");
  };
  configHelp = "Block configuration: manual (the block options: " +
               names(blockOptions()) +
               ") or auto (a family of TMA + wgmma kernels and a rule "
               "picking one per shape; it refuses the block options and "
               "reads the file options: " +
               names(fileOptions()) + ")";
  config.setDescription(configHelp);
}

SmallVector<TileToPTXOptions::NamedOption>
TileToPTXOptions::blockOptions() const {
  auto of = [](const auto &o) { return NamedOption{o.ArgStr, o.hasValue()}; };
  return {of(schedule), of(blockM),         of(blockN),   of(blockK),
          of(numWarps), of(numStages),      of(order),    of(groupM),
          of(mma),      of(warpSpecialize), of(clusterM), of(splitK),
          of(swapAB),   of(l2Promotion),    of(chip)};
}

SmallVector<TileToPTXOptions::NamedOption>
TileToPTXOptions::fileOptions() const {
  return {{tuneCache.ArgStr, tuneCache.hasValue()},
          {calibration.ArgStr, calibration.hasValue()}};
}

LogicalResult mlir::tile::checkTileToPTXOptions(
    const TileToPTXOptions &opts,
    function_ref<LogicalResult(const Twine &)> error) {
  if (opts.config == ConfigChoice::Auto)
    for (const TileToPTXOptions::NamedOption &o : opts.blockOptions())
      if (o.given)
        return error("tile-to-ptx: config=auto picks the block itself and "
                     "would ignore " +
                     o.name + "; pass config=manual to set it");
  if (!opts.tuneCache.empty() && opts.config != ConfigChoice::Auto)
    return error("tile-to-ptx: tune-cache=" + opts.tuneCache +
                 " needs config=auto (a tune cache only adds members to its "
                 "family)");
  if (!opts.calibration.empty() && opts.config != ConfigChoice::Auto)
    return error("tile-to-ptx: calibration=" + opts.calibration +
                 " needs config=auto (the table is config=auto's family)");
  return success();
}

void mlir::tile::registerTilePipelines() {
  // PassPipelineRegistration, with the options checked before building.
  registerPassPipeline(
      "tile-to-ptx",
      "Compile tile.matmul kernels to PTX (tiling, schedule, tensor cores, "
      "pipelining, NVVM)",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> error) {
        TileToPTXOptions opts;
        if (failed(opts.parseFromString(text)) ||
            failed(checkTileToPTXOptions(opts, error)))
          return failure();
        buildTileToPTXPipeline(pm, opts);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> handler) {
        handler(TileToPTXOptions());
      });
}
