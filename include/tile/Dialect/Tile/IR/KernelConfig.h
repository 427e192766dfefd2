//===- KernelConfig.h - Block configuration of a tile kernel ----*- C++ -*-===//
//
// The configuration every pass after tiling reads, as a value: it is stored
// on the kernel function as the `tile.kernel` attribute (#tile.kernel), so
// each pass can be run alone on the output of the previous one. The member
// initializers are the defaults of every pass and pipeline option.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_KERNELCONFIG_H
#define TILE_DIALECT_TILE_IR_KERNELCONFIG_H

#include "tile/Conversion/ManifestSchema.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include <optional>

namespace mlir::tile {

/// Dynamic shared memory one block may use on `chip`.
int64_t sharedBytesPerBlock(Chip chip);

struct KernelConfig {
  int64_t blockM = 128, blockN = 64, blockK = 32;
  int64_t numWarps = 4, numStages = 3;
  Schedule schedule = Schedule::Tiled;
  TileOrder order = TileOrder::Linear;
  int64_t groupM = 8;
  MmaKind mma = MmaKind::Sync;
  WarpSpecialize warpSpecialize = WarpSpecialize::None;
  /// Blocks per thread-block cluster along M (1 or 2); a cluster's blocks
  /// take neighbouring tile rows of one tile column.
  int64_t clusterM = 1;
  /// Programs per C tile, each over an equal share of the K steps; their
  /// partial sums meet in a cluster (up to 8) or a workspace (split-K,
  /// tiled wgmma kernels).
  int64_t splitK = 1;
  static constexpr int64_t kMaxSplitK = 128;
  /// wgmma (1): the MMAs compute C's transpose, B^T A^T, so that M takes
  /// wgmma's N side (any multiple of 16 up to 256) and N its 64-row side:
  /// tiles of M 16 to 256 rows waste no MMA rows where 64-row tiles would
  /// (decode, M about 200). C is staged transposed; the operands, tiles
  /// and launch stay as the problem states them. 0 or 1.
  int64_t swapAB = 0;
  /// wgmma: the bytes L2 fetches around each miss of the kernel's TMA loads
  /// (their descriptors' L2 promotion): 0, 64, 128 or 256. A per-kernel
  /// choice, measured: 128 serves the 16-row transposed tiles better on
  /// rows that start off a 32-byte sector.
  int64_t l2Promotion = 256;
  /// Without a chip named, defaultChip(mma).
  Chip chip = Chip::SM90;
  /// Set by tile-allocate-shared.
  int64_t sharedBytes = 0;

  /// What ptxas adds to registerEstimate() for indices and addresses
  /// (checked with scripts/option-sweep.py).
  static constexpr int64_t kRegisterOverhead = 64;
  /// The same for a warp-specialized consumer, which computes no load
  /// addresses (a 128x192 pingpong accumulator, 192 registers, fits 232).
  static constexpr int64_t kConsumerRegisterOverhead = 40;
  /// What a cluster of two adds to a consumer (multicast masks, the peer's
  /// barriers): 128x192 pingpong at 232 spills in clusters, not without.
  static constexpr int64_t kClusterRegisterOverhead = 8;

  /// sm_90 for mma.sync, sm_90a (the only chip with wgmma) for wgmma.
  static Chip defaultChip(MmaKind mma);
  /// Registers a thread may hold: 255, or fewer when `blocksPerSM` blocks
  /// (0 meaning 1) of this many threads share the SM's 64K.
  int64_t registerLimit(int64_t blocksPerSM = 0) const;

  bool isWarpSpecialized() const {
    return warpSpecialize != WarpSpecialize::None;
  }
  bool isPingpong() const { return warpSpecialize == WarpSpecialize::Pingpong; }
  /// Accumulator rows of one MMA warpgroup: a share of the tile, or (pingpong)
  /// the whole tile.
  /// Under swap_ab, the warpgroup's 64 MMA rows lie along N.
  int64_t rowsPerWarpgroup() const {
    if (swapAB)
      return blockN / warpgroups();
    return isPingpong() ? blockM : blockM / warpgroups();
  }
  /// The MMA's N: the accumulator's columns (M under swap_ab).
  int64_t mmaCols() const { return swapAB ? blockM : blockN; }
  /// The threads that read one ring stage and run one epilogue: all MMA
  /// warps, or (pingpong) one warpgroup.
  int64_t tileThreads() const { return isPingpong() ? 128 : mmaThreads(); }
  /// The threads that run MMAs: num_warps warps.
  int64_t mmaThreads() const { return numWarps * 32; }
  /// The threads a block is launched with: a warp-specialized block adds
  /// one producer warpgroup after the MMA warps.
  int64_t threads() const {
    return mmaThreads() + (isWarpSpecialized() ? 128 : 0);
  }
  /// setmaxnreg budgets of a warp-specialized block: the producer gives up
  /// registers so that the MMA warpgroups can hold large accumulators
  /// (128 x 40 + 256 x 232 fits the SM's 64K).
  static constexpr int64_t kProducerRegisters = 40;
  static constexpr int64_t kConsumerRegisters = 232;
  /// Warps arranged warpsM x warpsN over the block; each warp computes a
  /// (blockM / warpsM) x (blockN / warpsN) tile made of 16x16 pieces.
  /// Picks the squarest warp tile; nullopt when no arrangement fits.
  std::optional<std::pair<int64_t, int64_t>> warpGrid() const;

  bool isWgmma() const { return mma == MmaKind::Wgmma; }
  /// wgmma: whether B must be K-major (stored N x K, as in x @ w.T). An
  /// N-major B is loaded in boxes of 64 columns, which must tile block_n.
  bool needsKMajorB() const { return isWgmma() && blockN % 64 != 0; }
  bool isSplitK() const { return splitK > 1; }
  bool isStreamK() const { return schedule == Schedule::StreamK; }
  /// Whether several programs compute partial sums of one tile.
  bool hasPartials() const { return isSplitK() || isStreamK(); }
  /// Whether a tile's programs run as one thread-block cluster and add
  /// their partial sums through distributed shared memory: split-K up to
  /// the portable cluster size, as the runtime launches them.
  bool reducesInCluster() const {
    return isSplitK() && splitK <= tile_manifest::kMaxClusterSplits;
  }
  /// Whether partial sums of a tile meet in the launch's workspace.
  bool usesWorkspace() const { return hasPartials() && !reducesInCluster(); }
  /// Partial-sum slots per tile in the workspace: split_k, or two for
  /// Stream-K (each program covers at least one tile's K steps, so at most
  /// two programs share a tile).
  int64_t workspaceSlots() const { return isStreamK() ? 2 : splitK; }
  /// A tile's workspace record: its slots of block_m x block_n f32, then its
  /// arrival count and (split-K) leaving count, padded to 16 bytes (so the
  /// next record's slots stay aligned). The manifest's workspace_tile_bytes.
  int64_t workspaceTileBytes() const {
    return 4 * (workspaceSlots() * blockM * blockN + 4);
  }
  /// wgmma: warpgroups of 4 warps, stacked along M.
  int64_t warpgroups() const { return numWarps / 4; }

  /// Registers per thread the kernel holds besides indices: the
  /// accumulators and, for mma.sync, one K step's operand fragments plus
  /// four per 16-byte copy a thread has in flight (ptxas keeps the 64-bit
  /// source address, the shared offset and the byte count of each copy of
  /// every stage live across the K loop).
  int64_t registerEstimate() const;

  /// How a message names the fields: as pass options (`block-m`,
  /// `mma=wgmma`) or as #tile.kernel fields (`block_m`, `mma = wgmma`).
  enum class Spelling { Option, Attribute };

  /// Fails (through `emitError`) when the block sizes, warps, stages or chip
  /// cannot be lowered with the chosen `mma`: the #tile.kernel verifier.
  LogicalResult verifyBlock(function_ref<InFlightDiagnostic()> emitError,
                            Spelling spelling = Spelling::Option) const;
  /// verifyBlock, and fails when the kernel would spill registers with
  /// `blocksPerSM` blocks per SM (nvvm.minctasm; 0: no cap).
  LogicalResult verify(function_ref<InFlightDiagnostic()> emitError,
                       int64_t blocksPerSM = 0,
                       Spelling spelling = Spelling::Option) const;
  /// Fails (on `kernel`) when the tile ops in `kernel` do not compute what
  /// this configuration describes: tile sizes of the loads, dots and stores,
  /// a tile loop for a grid sized to the GPU (persistent, Stream-K), and
  /// split-K's part count. Passes after tiling read the configuration, so
  /// an attribute edited apart from its IR would otherwise launch wrongly.
  LogicalResult verifyBody(Operation *kernel) const;

  KernelAttr toAttr(MLIRContext *ctx) const;
  static KernelConfig fromAttr(KernelAttr attr);

  /// An integer field under its name in #tile.kernel, manifests and
  /// tile-tune's cache.
  struct IntField {
    llvm::StringLiteral name;
    int64_t KernelConfig::*member;
    /// May be absent (#tile.kernel, a table's config): KernelConfig's
    /// default, and printed only when not it.
    bool optional = false;
  };
  /// The block's integer fields (shared_bytes, named otherwise in a
  /// manifest, is not one of them).
  static llvm::ArrayRef<IntField> intFields();
  /// The configuration of a tile kernel; nullopt for any other operation.
  static std::optional<KernelConfig> fromOp(Operation *op);
  void attachTo(Operation *op) const {
    op->setAttr(TileDialect::kKernelAttrName, toAttr(op->getContext()));
  }
};

} // namespace mlir::tile

#endif // TILE_DIALECT_TILE_IR_KERNELCONFIG_H
