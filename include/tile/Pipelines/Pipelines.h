//===- Pipelines.h - tile-opt pass pipelines --------------------*- C++ -*-===//

#ifndef TILE_PIPELINES_PIPELINES_H
#define TILE_PIPELINES_PIPELINES_H

#include "tile/Dialect/Tile/IR/KernelConfig.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir::tile {

/// Defaults: KernelConfig's member initializers.
/// How --tile-to-ptx chooses the block configuration.
enum class ConfigChoice { Manual, Auto };

struct TileToPTXOptions : public PassPipelineOptions<TileToPTXOptions> {
  TileToPTXOptions();

  struct NamedOption {
    StringRef name;
    bool given;
  };
  /// The options that set the block (KernelConfig's fields and the chip):
  /// config=auto picks the block itself and refuses them.
  SmallVector<NamedOption> blockOptions() const;
  /// The options that name a file config=auto reads.
  SmallVector<NamedOption> fileOptions() const;
  /// config's help names both lists (the Python door reads them there).

  PassOptions::Option<Schedule> schedule{
      *this, "schedule", llvm::cl::desc("One program per tile, or persistent"),
      llvm::cl::init(KernelConfig{}.schedule),
      llvm::cl::values(
          clEnumValN(Schedule::Tiled, "tiled", "one program per tile"),
          clEnumValN(Schedule::StreamK, "stream-k",
                     "a grid sized to the GPU: whole waves data-parallel, "
                     "the last wave or two shared out by K steps; shared "
                     "tiles meet in a workspace"),
          clEnumValN(Schedule::Persistent, "persistent",
                     "programs stride over tiles"))};
  PassOptions::Option<int64_t> blockM{*this, "block-m",
                                      llvm::cl::desc("Rows of C per program"),
                                      llvm::cl::init(KernelConfig{}.blockM)};
  PassOptions::Option<int64_t> blockN{
      *this, "block-n", llvm::cl::desc("Columns of C per program"),
      llvm::cl::init(KernelConfig{}.blockN)};
  PassOptions::Option<int64_t> blockK{
      *this, "block-k", llvm::cl::desc("K step"),
      llvm::cl::init(KernelConfig{}.blockK)};
  PassOptions::Option<int64_t> numWarps{*this, "num-warps",
                                        llvm::cl::desc("Warps per program"),
                                        llvm::cl::init(KernelConfig{}.numWarps)};
  PassOptions::Option<int64_t> numStages{
      *this, "num-stages", llvm::cl::desc("Software pipeline depth"),
      llvm::cl::init(KernelConfig{}.numStages)};
  PassOptions::Option<TileOrder> order{
      *this, "order", llvm::cl::desc("Tile order"),
      llvm::cl::init(KernelConfig{}.order),
      llvm::cl::values(
          clEnumValN(TileOrder::Linear, "linear", "row-major"),
          clEnumValN(TileOrder::Grouped, "grouped", "GROUP_M rows at a time"),
          clEnumValN(TileOrder::Serpentine, "serpentine",
                     "GROUP_M rows at a time, as one path of neighbouring "
                     "tiles"))};
  PassOptions::Option<int64_t> groupM{*this, "group-m",
                                      llvm::cl::desc("Tile rows per group"),
                                      llvm::cl::init(KernelConfig{}.groupM)};
  PassOptions::Option<MmaKind> mma{
      *this, "mma", llvm::cl::desc("Tensor-core lowering"),
      llvm::cl::init(KernelConfig{}.mma),
      llvm::cl::values(
          clEnumValN(MmaKind::Sync, "sync",
                     "cp.async + ldmatrix + mma.sync (sm_80 and later)"),
          clEnumValN(MmaKind::Wgmma, "wgmma",
                     "TMA + mbarrier + wgmma (sm_90a; chip defaults to it)"))};
  PassOptions::Option<WarpSpecialize> warpSpecialize{
      *this, "warp-specialize",
      llvm::cl::desc("Warp roles (mma=wgmma; schedule=persistent, or tiled "
                     "with split-k up to 8)"),
      llvm::cl::init(KernelConfig{}.warpSpecialize),
      llvm::cl::values(
          clEnumValN(WarpSpecialize::None, "none",
                     "every warp loads and computes"),
          clEnumValN(WarpSpecialize::Cooperative, "cooperative",
                     "a producer warpgroup issues the TMA loads; one (4 "
                     "warps) or two (8) consumer warpgroups share each tile"),
          clEnumValN(WarpSpecialize::Pingpong, "pingpong",
                     "a producer warpgroup issues the TMA loads; two "
                     "consumer warpgroups take alternate tiles, one "
                     "storing C while the other computes"))};
  PassOptions::Option<ConfigChoice> config{
      *this, "config",
      llvm::cl::desc("set by the constructor: it names the block and file "
                     "options"),
      llvm::cl::init(ConfigChoice::Manual),
      llvm::cl::values(
          clEnumValN(ConfigChoice::Manual, "manual", "the options' block"),
          clEnumValN(ConfigChoice::Auto, "auto",
                     "one kernel per family member, and a dispatch rule"))};
  PassOptions::Option<std::string> tuneCache{
      *this, "tune-cache",
      llvm::cl::desc("With config=auto: tile-tune's cache.json, whose "
                     "winners join the family ahead of the cost model")};
  PassOptions::Option<std::string> calibration{
      *this, "calibration",
      llvm::cl::desc("With config=auto: a calibration table in place of the "
                     "built-in one (data/sm_90a.json)")};
  PassOptions::Option<int64_t> clusterM{
      *this, "cluster-m",
      llvm::cl::desc("Blocks per thread-block cluster along M, 1 or 2 (2: "
                     "the pair shares each B tile through TMA multicast; "
                     "warp-specialized kernels)"),
      llvm::cl::init(KernelConfig{}.clusterM)};
  PassOptions::Option<int64_t> splitK{
      *this, "split-k",
      llvm::cl::desc("Programs per C tile, 1 to 128, each over an equal "
                     "share of the K steps, their partial sums added in "
                     "split order in a cluster (up to 8) or through a "
                     "workspace (tiled wgmma kernels)"),
      llvm::cl::init(KernelConfig{}.splitK)};
  PassOptions::Option<int64_t> swapAB{
      *this, "swap-ab",
      llvm::cl::desc("1: compute each tile as C's transpose (B^T A^T), M on "
                     "wgmma's N side, so that block-m may be any multiple of "
                     "16 up to 256 (wgmma, tiled, block-n 64 per warpgroup: "
                     "64, 128 or 192 at 4, 8 or 12 warps)"),
      llvm::cl::init(KernelConfig{}.swapAB)};
  PassOptions::Option<int64_t> l2Promotion{
      *this, "l2-promotion",
      llvm::cl::desc("Bytes L2 fetches around each miss of the kernel's TMA "
                     "loads: 0, 64, 128 or 256 (wgmma)"),
      llvm::cl::init(KernelConfig{}.l2Promotion)};
  PassOptions::Option<bool> cChunkStores{
      *this, "c-chunk-stores",
      llvm::cl::desc(
          "wgmma: where TMA cannot store C, store a staging part inside N "
          "in C's own 16-byte chunks (tile-to-wgmma chunk-stores)"),
      llvm::cl::init(false)};
  PassOptions::Option<unsigned> indexBitwidth{
      *this, "index-bitwidth",
      llvm::cl::desc("Width of index arithmetic in the kernel (32 or 64)"),
      llvm::cl::init(32)};
  PassOptions::Option<unsigned> minBlocksPerSM{
      *this, "min-blocks-per-sm",
      llvm::cl::desc(
          "Cap registers so this many blocks fit per SM (0: no cap)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> serialize{
      *this, "serialize",
      llvm::cl::desc(
          "End with gpu-module-to-binary (PTX); false stops at NVVM"),
      llvm::cl::init(true)};
  PassOptions::Option<Chip> chip{
      *this, "chip", llvm::cl::desc("Target GPU"), llvm::cl::init(KernelConfig{}.chip),
      llvm::cl::values(clEnumValN(Chip::SM80, "sm_80", "A100"),
                       clEnumValN(Chip::SM86, "sm_86", "RTX 30xx"),
                       clEnumValN(Chip::SM89, "sm_89", "RTX 40xx, L40"),
                       clEnumValN(Chip::SM90, "sm_90", "H100, H200"),
                       clEnumValN(Chip::SM90a, "sm_90a", "H100, H200"))};

private:
  std::string configHelp;
};

/// tile.matmul -> tiling -> [persistent] -> GPU -> tensor cores (mma.sync +
/// pipelining, or TMA + wgmma) -> NVVM -> PTX.
void buildTileToPTXPipeline(OpPassManager &pm, const TileToPTXOptions &opts);
/// Fails, through `error`, on options that no pass reads alone: tune-cache
/// or calibration without config=auto, a block option with it.
LogicalResult
checkTileToPTXOptions(const TileToPTXOptions &opts,
                      function_ref<LogicalResult(const Twine &)> error);

void registerTilePipelines();

} // namespace mlir::tile

#endif // TILE_PIPELINES_PIPELINES_H
