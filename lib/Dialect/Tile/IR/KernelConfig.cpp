//===- KernelConfig.cpp - Block configuration of a tile kernel ------------===//

#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/IR/Matchers.h"

#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <cstdlib>

using namespace mlir;
using namespace mlir::tile;

std::optional<std::pair<int64_t, int64_t>> KernelConfig::warpGrid() const {
  std::optional<std::pair<int64_t, int64_t>> best;
  int64_t bestSkew = 0;
  // Ties go to the taller warp tile: its A fragments serve more MMAs.
  for (int64_t wm = 1; wm <= numWarps; ++wm) {
    if (numWarps % wm)
      continue;
    int64_t wn = numWarps / wm;
    if (blockM % (wm * 16) || blockN % (wn * 16))
      continue;
    int64_t skew = std::abs(blockM / wm - blockN / wn);
    if (!best || skew <= bestSkew) {
      best = {wm, wn};
      bestSkew = skew;
    }
  }
  return best;
}

int64_t KernelConfig::registerLimit(int64_t blocksPerSM) const {
  if (isWarpSpecialized())
    return kConsumerRegisters;
  // ptxas allocates registers per warp in units of 8 per thread.
  int64_t perThread = 65536 / (threads() * std::max<int64_t>(1, blocksPerSM));
  return std::min<int64_t>(255, perThread / 8 * 8);
}

int64_t KernelConfig::registerEstimate() const {
  int64_t acc = blockM * blockN / mmaThreads();
  if (isWgmma())
    return rowsPerWarpgroup() * mmaCols() / 128;
  auto [warpsM, warpsN] = *warpGrid();
  int64_t fragments = 4 * (blockM / warpsM / 16) + 2 * (blockN / warpsN / 8);
  int64_t copies =
      llvm::divideCeil((blockM + blockN) * blockK / 8, mmaThreads());
  return acc + fragments + 4 * copies * numStages;
}

int64_t mlir::tile::sharedBytesPerBlock(Chip chip) {
  switch (chip) {
  case Chip::SM80:
    return 163 * 1024;
  case Chip::SM86:
  case Chip::SM89:
    return 99 * 1024;
  case Chip::SM90:
  case Chip::SM90a:
    return 227 * 1024;
  }
  llvm_unreachable("unknown chip");
}

Chip KernelConfig::defaultChip(MmaKind mma) {
  return mma == MmaKind::Wgmma ? Chip::SM90a : Chip::SM90;
}

namespace {

/// Field names and settings in the spelling of what the user wrote.
struct Names {
  KernelConfig::Spelling spelling;
  /// `block-m` or `block_m`.
  std::string field(StringRef option) const {
    std::string out = option.str();
    if (spelling == KernelConfig::Spelling::Attribute)
      std::replace(out.begin(), out.end(), '-', '_');
    return out;
  }
  /// `mma=wgmma` or `mma = wgmma`.
  std::string setting(StringRef option, StringRef value) const {
    return field(option) +
           (spelling == KernelConfig::Spelling::Attribute ? " = " : "=") +
           value.str();
  }
};

/// wgmma: one TMA box row is one 128-byte swizzle row (64 f16/bf16 of K), a
/// warpgroup's instruction is 64 x N with N <= 256, and TMA boxes are at
/// most 256 rows.
LogicalResult verifyWgmma(const KernelConfig &c, const Names &n,
                          function_ref<InFlightDiagnostic()> emitError) {
  std::string wgmma = n.setting("mma", "wgmma");
  if (c.chip != Chip::SM90a)
    return emitError() << "wgmma and TMA need " << n.setting("chip", "sm_90a")
                       << ", got " << stringifyChip(c.chip);
  if (c.blockK != 64)
    return emitError() << wgmma << " needs " << n.field("block-k")
                       << " = 64 (one 128-byte swizzled row of f16/bf16), got "
                       << c.blockK;
  // swap_ab: three warpgroups of N too (cuBLAS's 192-row tiles at M ~ 200).
  if (c.numWarps != 4 && c.numWarps != 8 && !(c.swapAB && c.numWarps == 12))
    return emitError() << wgmma << " needs " << n.field("num-warps")
                       << " 4 or 8 (one or two warpgroups; 12 with "
                       << n.setting("swap-ab", "1") << "), got " << c.numWarps;
  if (c.swapAB) {
    // Each warpgroup's 64 MMA rows are 64 of the tile's N; M is the MMA's N.
    std::string swap = n.setting("swap-ab", "1");
    if (c.blockN != 16 * c.numWarps || c.blockM > 256)
      return emitError()
             << swap << " needs " << n.field("block-n")
             << " 64 per warpgroup (64, 128 or 192 at 4, 8 or 12 warps) and "
             << n.field("block-m")
             << " a multiple of 16 up to 256 (M on wgmma's N "
                "side), got "
             << c.numWarps << " warps and " << c.blockM << "x" << c.blockN;
    // A producer warpgroup walks a persistent program's tiles (or a split
    // tile's one trip); pingpong consumers each hold a whole 128-row tile.
    bool tiles = c.schedule == Schedule::Tiled ||
                 (c.schedule == Schedule::Persistent && c.isWarpSpecialized());
    if (!tiles || c.isPingpong() || c.splitK > tile_manifest::kMaxClusterSplits)
      return emitError() << swap << " needs " << n.setting("schedule", "tiled")
                         << " (or persistent with "
                         << n.setting("warp-specialize", "cooperative")
                         << "), no pingpong, and " << n.field("split-k")
                         << " <= " << tile_manifest::kMaxClusterSplits
                         << " (splits added in a cluster)";
  } else if (c.blockM < 64 || c.blockM % 64 || c.blockM > 256 ||
             c.blockN < 16 || c.blockN % 16 || c.blockN > 256)
    return emitError() << wgmma << " needs " << n.field("block-m")
                       << " in {64, 128, 192, 256} and " << n.field("block-n")
                       << " a multiple of 16 up to 256, got " << c.blockM << "x"
                       << c.blockN;
  // A block_n that is not whole 64-column boxes: the workspace's split-K
  // and Stream-K epilogues and the cluster's B multicast are built for such
  // boxes; splits added in a cluster read the partials row by row.
  if (c.needsKMajorB()) {
    std::string narrow = wgmma + " with " +
                         n.setting("block-n", std::to_string(c.blockN)) +
                         " (not a multiple of 64)";
    if (c.splitK > tile_manifest::kMaxClusterSplits)
      return emitError() << narrow << " needs " << n.field("split-k")
                         << " <= " << tile_manifest::kMaxClusterSplits
                         << " (splits added in a cluster), got " << c.splitK;
    if (c.isStreamK())
      return emitError() << narrow << " needs "
                         << n.setting("schedule", "tiled") << " or "
                         << n.setting("schedule", "persistent");
    if (c.clusterM > 1)
      return emitError() << narrow << " needs " << n.setting("cluster-m", "1")
                         << ", got " << c.clusterM;
  }
  // 8 warps: two warpgroups of 64 or 128 rows each, the shapes the GPU
  // runs cover (pingpong: of 128 rows each, on alternate tiles; swap_ab:
  // of N); 256 rows not in clusters, whose multicast no run covered.
  if (c.numWarps == 8 && !c.swapAB && c.blockM != 128 && c.blockM != 256)
    return emitError() << wgmma << " with 8 warps needs " << n.field("block-m")
                       << " = 128 or 256 (two warpgroups of 64 or 128 rows), "
                          "got "
                       << c.blockM;
  if (c.numWarps == 8 && c.blockM == 256 && c.clusterM > 1)
    return emitError() << wgmma << " with " << n.setting("block-m", "256")
                       << " needs " << n.setting("cluster-m", "1") << ", got "
                       << c.clusterM;
  if (c.numStages < 2)
    return emitError() << wgmma << " needs " << n.field("num-stages")
                       << " of at least 2 (the TMA ring), got " << c.numStages;
  return success();
}

} // namespace

LogicalResult
KernelConfig::verifyBlock(function_ref<InFlightDiagnostic()> emitError,
                          Spelling spelling) const {
  Names n{spelling};
  if (swapAB != 0 && swapAB != 1)
    return emitError() << n.field("swap-ab") << " must be 0 or 1, got "
                       << swapAB;
  if (swapAB && !isWgmma())
    return emitError() << n.setting("swap-ab", "1") << " needs "
                       << n.setting("mma", "wgmma");
  // (the values the manifest's field takes: the runtime encodes each)
  if (!tile_manifest::allows(
          tile_manifest::spec(tile_manifest::Field::L2Promotion), l2Promotion))
    return emitError() << n.field("l2-promotion")
                       << " must be 0, 64, 128 or 256, got " << l2Promotion;
  if (l2Promotion != KernelConfig{}.l2Promotion && !isWgmma())
    return emitError() << n.field("l2-promotion") << " needs "
                       << n.setting("mma", "wgmma") << " (TMA loads), got "
                       << l2Promotion;
  // Consumer warpgroups sharing every tile (cooperative: one, or two of
  // half the rows each), or two of a whole tile each (pingpong).
  if (isPingpong() && (!isWgmma() || numWarps != 8))
    return emitError() << n.setting("warp-specialize", "pingpong") << " needs "
                       << n.setting("mma", "wgmma") << " and "
                       << n.setting("num-warps", "8")
                       << " (two consumer warpgroups; the producer warpgroup "
                          "comes on top)";
  if (isWarpSpecialized() && (!isWgmma() || (numWarps != 4 && numWarps != 8)))
    return emitError() << n.setting("warp-specialize", "cooperative")
                       << " needs " << n.setting("mma", "wgmma") << " and "
                       << n.field("num-warps")
                       << " 4 or 8 (one or two consumer warpgroups; the "
                          "producer warpgroup comes on top)";
  if (isWgmma() && failed(verifyWgmma(*this, n, emitError)))
    return failure();
  // A 128x256 accumulator in one warpgroup spills even at 232 registers.
  if (isPingpong() && (blockM != 128 || blockN > 192))
    return emitError() << n.setting("warp-specialize", "pingpong")
                       << " needs " << n.field("block-m") << " = 128 and "
                       << n.field("block-n")
                       << " <= 192 (one warpgroup holds the whole tile's "
                          "accumulator), got "
                       << blockM << "x" << blockN;
  if (blockM < 16 || blockM % 16)
    return emitError() << n.field("block-m")
                       << " must be a positive multiple of 16 (the MMA M), got "
                       << blockM;
  if (blockN < 16 || blockN % 16)
    return emitError() << n.field("block-n")
                       << " must be a positive multiple of 16 (two MMA N), got "
                       << blockN;
  if (blockK < 16 || blockK % 16)
    return emitError() << n.field("block-k")
                       << " must be a positive multiple of 16 (the MMA K), got "
                       << blockK;
  if (numWarps < 1 || numWarps > 16 ||
      (!llvm::isPowerOf2_64(numWarps) && !(swapAB && numWarps == 12)))
    return emitError() << n.field("num-warps")
                       << " must be 1, 2, 4, 8 or 16 (12 with "
                       << n.setting("swap-ab", "1") << "), got " << numWarps;
  if (blockM > 256 || blockN > 256 || blockK > 128)
    return emitError() << "block sizes above 256x256x128 are not supported";
  // The sizes scripts/option-sweep.py checks for spills.
  if (!isWgmma() &&
      (!llvm::isPowerOf2_64(blockM) || !llvm::isPowerOf2_64(blockN) ||
       !llvm::isPowerOf2_64(blockK)))
    return emitError() << n.setting("mma", "sync")
                       << " needs block sizes that are powers of two, got "
                       << blockM << "x" << blockN << "x" << blockK;
  if (!isWgmma() && !warpGrid())
    return emitError() << numWarps << " warps cannot split a " << blockM
                       << "x" << blockN << " tile into 16x16 pieces";
  // group-m x (tiles along N) must not wrap in 32-bit index arithmetic:
  // N < 2^31 makes it at most 2^31 for group-m <= 16.
  if (groupM < 1 || groupM > 16)
    return emitError() << n.field("group-m")
                       << " must be between 1 and 16, got " << groupM;
  if (numStages < 1 || numStages > 8)
    return emitError() << n.field("num-stages")
                       << " must be between 1 and 8, got " << numStages;
  if (sharedBytes < 0)
    return emitError() << "shared_bytes must not be negative, got "
                       << sharedBytes;
  if (clusterM != 1 && clusterM != 2)
    return emitError() << n.field("cluster-m") << " must be 1 or 2, got "
                       << clusterM;
  if (splitK < 1 || splitK > kMaxSplitK)
    return emitError() << n.field("split-k") << " must be between 1 and "
                       << kMaxSplitK << ", got " << splitK;
  if (isStreamK() && clusterM != 1)
    return emitError() << n.setting("schedule", n.field("stream-k"))
                       << " needs "
                       << n.setting("cluster-m", "1");
  // One program per split of each tile.
  if (isSplitK() && (schedule != Schedule::Tiled || clusterM != 1))
    return emitError() << n.setting("split-k", std::to_string(splitK))
                       << " needs " << n.setting("schedule", "tiled")
                       << " and " << n.setting("cluster-m", "1");
  // Warp-specialized, a tile's programs add their partial sums in their
  // cluster (a workspace's arrive-and-wait would hold the producer too),
  // each consumer warpgroup holding its rows of the tile.
  if (isSplitK() && isPingpong())
    return emitError() << n.setting("split-k", std::to_string(splitK))
                       << " needs "
                       << n.setting("warp-specialize", "cooperative")
                       << " or none (a pingpong warpgroup holds whole tiles)";
  if (isSplitK() && isWarpSpecialized() && !reducesInCluster())
    return emitError() << n.setting("split-k", std::to_string(splitK))
                       << " with "
                       << n.setting("warp-specialize",
                                    stringifyWarpSpecialize(warpSpecialize))
                       << " needs " << n.field("split-k")
                       << " <= " << tile_manifest::kMaxClusterSplits
                       << " (warp-specialized splits are added in a cluster)";
  return success();
}

LogicalResult
KernelConfig::verify(function_ref<InFlightDiagnostic()> emitError,
                     int64_t blocksPerSM, Spelling spelling) const {
  if (failed(verifyBlock(emitError, spelling)))
    return failure();
  // setmaxnreg gives the consumers the registers of the whole SM.
  if (isWarpSpecialized() && blocksPerSM > 1)
    return emitError() << "warp-specialize="
                       << stringifyWarpSpecialize(warpSpecialize)
                       << " needs min-blocks-per-sm <= 1 (the consumer "
                          "warpgroups take the SM's registers), got "
                       << blocksPerSM;
  int64_t regs =
      registerEstimate() +
      (isWarpSpecialized() ? kConsumerRegisterOverhead : kRegisterOverhead) +
      (clusterM > 1 ? kClusterRegisterOverhead : 0);
  int64_t limit = registerLimit(blocksPerSM);
  if (regs <= limit)
    return success();
  InFlightDiagnostic diag = emitError();
  diag << "a " << blockM << "x" << blockN << "x" << blockK << " block over "
       << numWarps << " warps with num-stages=" << numStages
       << (clusterM > 1 ? " in clusters of " + std::to_string(clusterM) : "")
       << " needs about "
       << regs << " registers per thread, more than the " << limit
       << " it may use";
  if (blocksPerSM > 1 && !isWarpSpecialized())
    diag << " with min-blocks-per-sm=" << blocksPerSM;
  return diag << "; use more warps, fewer stages or a smaller block";
}

LogicalResult KernelConfig::verifyBody(Operation *kernel) const {
  auto fail = [&](Operation *op) {
    return op->emitOpError("does not match the kernel's #tile.kernel<")
           << "block_m = " << blockM << ", block_n = " << blockN
           << ", block_k = " << blockK
           << ", schedule = " << stringifySchedule(schedule)
           << ", split_k = " << splitK << ">: ";
  };
  auto shape = [](Type t) {
    auto v = cast<VectorType>(t);
    return std::make_pair(v.getDimSize(0), v.getDimSize(1));
  };
  std::pair<int64_t, int64_t> a{blockM, blockK}, b{blockK, blockN},
      c{blockM, blockN};
  WalkResult result = kernel->walk([&](Operation *op) -> WalkResult {
    if (auto dot = dyn_cast<DotOp>(op)) {
      if (shape(dot.getLhs().getType()) != a ||
          shape(dot.getRhs().getType()) != b ||
          shape(dot.getAcc().getType()) != c)
        return fail(op) << "it multiplies other tile sizes";
    } else if (auto load = dyn_cast<LoadOp>(op)) {
      auto s = shape(load.getType());
      if (s != a && s != b)
        return fail(op) << "it loads a " << s.first << "x" << s.second
                        << " tile";
    } else if (auto store = dyn_cast<StoreOp>(op)) {
      auto s = shape(store.getValue().getType());
      if (s != c)
        return fail(op) << "it stores a " << s.first << "x" << s.second
                        << " tile";
      // tile-tiling stores once per program; the schedules wrap that store
      // in their loop over tiles.
      bool inTileLoop = store->getParentOp() != kernel;
      if (inTileLoop != (schedule != Schedule::Tiled))
        return fail(op) << (inTileLoop ? "it is stored in a loop over tiles"
                                       : "it is stored once per program, "
                                         "without a loop over tiles");
      // Split-K's parts come from the grid (at most split_k, the
      // workspace's slots per tile); a constant must fit the slots.
      bool inParts = isStreamK() || isSplitK();
      if (store.isSplit() != inParts)
        return fail(op) << (inParts ? "it is not stored in parts"
                                    : "it is stored in parts, but split_k "
                                      "is 1");
      APInt parts;
      if (isSplitK() &&
          matchPattern(store.getParts(), m_ConstantInt(&parts)) &&
          (parts.isZero() || parts.ugt(uint64_t(splitK))))
        return fail(op) << "its " << parts.getZExtValue()
                        << " parts do not fit split_k";
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

ArrayRef<KernelConfig::IntField> KernelConfig::intFields() {
  static const IntField fields[] = {
      {"block_m", &KernelConfig::blockM},
      {"block_n", &KernelConfig::blockN},
      {"block_k", &KernelConfig::blockK},
      {"num_warps", &KernelConfig::numWarps},
      {"num_stages", &KernelConfig::numStages},
      {"group_m", &KernelConfig::groupM},
      {"cluster_m", &KernelConfig::clusterM, true},
      {"split_k", &KernelConfig::splitK, true},
      {"swap_ab", &KernelConfig::swapAB, true},
      {"l2_promotion", &KernelConfig::l2Promotion, true}};
  return fields;
}

KernelAttr KernelConfig::toAttr(MLIRContext *ctx) const {
  return KernelAttr::get(ctx, blockM, blockN, blockK, numWarps, numStages,
                         schedule, order, groupM, mma, warpSpecialize, clusterM,
                         splitK, swapAB, l2Promotion, chip, sharedBytes);
}

KernelConfig KernelConfig::fromAttr(KernelAttr a) {
  return {a.getBlockM(),         a.getBlockN(),      a.getBlockK(),
          a.getNumWarps(),       a.getNumStages(),   a.getSchedule(),
          a.getOrder(),          a.getGroupM(),      a.getMma(),
          a.getWarpSpecialize(), a.getClusterM(),    a.getSplitK(),
          a.getSwapAb(),         a.getL2Promotion(), a.getChip(),
          a.getSharedBytes()};
}

std::optional<KernelConfig> KernelConfig::fromOp(Operation *op) {
  if (auto a = op->getAttrOfType<KernelAttr>(TileDialect::kKernelAttrName))
    return fromAttr(a);
  return std::nullopt;
}
