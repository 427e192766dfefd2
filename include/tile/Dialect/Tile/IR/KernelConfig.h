//===- KernelConfig.h - Block configuration of a tile kernel ----*- C++ -*-===//
//
// The configuration every pass after tiling reads: it is stored on the kernel
// function as the `tile.kernel` dictionary attribute, so each pass can be run
// alone on the output of the previous one.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_KERNELCONFIG_H
#define TILE_DIALECT_TILE_IR_KERNELCONFIG_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include <optional>
#include <string>

namespace mlir::tile {

struct KernelConfig {
  static constexpr llvm::StringLiteral kAttrName = "tile.kernel";
  /// What ptxas adds to registerEstimate() for indices and addresses
  /// (checked with scripts/option-sweep.py).
  static constexpr int64_t kRegisterOverhead = 64;
  /// Registers a thread may hold: 255, or fewer when `blocksPerSM` blocks
  /// (0 meaning 1) of this many threads share the SM's 64K.
  int64_t registerLimit(int64_t blocksPerSM = 0) const;

  int64_t blockM = 128, blockN = 64, blockK = 32;
  int64_t numWarps = 4, numStages = 1;
  std::string schedule = "tiled"; // tiled | persistent
  std::string order = "linear";   // linear | grouped
  /// Tensor-core instruction: "sync" (mma.sync m16n8k16, sm_80+) or "wgmma"
  /// (TMA + warpgroup MMA, sm_90a).
  std::string mma = "sync";
  int64_t groupM = 8;
  /// Set by tile-allocate-shared.
  int64_t sharedBytes = 0;

  int64_t threads() const { return numWarps * 32; }
  /// Warps arranged warpsM x warpsN over the block; each warp computes a
  /// (blockM / warpsM) x (blockN / warpsN) tile made of 16x16 pieces.
  /// Picks the squarest warp tile; nullopt when no arrangement fits.
  std::optional<std::pair<int64_t, int64_t>> warpGrid() const;

  bool isWgmma() const { return mma == "wgmma"; }
  /// wgmma: warpgroups of 4 warps, stacked along M.
  int64_t warpgroups() const { return numWarps / 4; }

  /// Registers per thread the kernel holds besides indices: the
  /// accumulators and, for mma.sync, one K step's operand fragments plus
  /// four per 16-byte copy a thread has in flight (ptxas keeps the 64-bit
  /// source address, the shared offset and the byte count of each copy of
  /// every stage live across the K loop).
  int64_t registerEstimate() const;

  /// Returns an error message when the block sizes cannot be lowered with
  /// the chosen `mma`, or would spill registers with `blocksPerSM` blocks
  /// per SM (nvvm.minctasm; 0: no cap); the empty string otherwise.
  std::string validate(int64_t blocksPerSM = 0) const;
  /// The part of validate() that checks a pipeline depth alone.
  static std::string checkStages(int64_t numStages);

  DictionaryAttr toAttr(MLIRContext *ctx) const;
  static std::optional<KernelConfig> fromOp(Operation *op);
  void attachTo(Operation *op) const {
    op->setAttr(kAttrName, toAttr(op->getContext()));
  }
};

} // namespace mlir::tile

#endif // TILE_DIALECT_TILE_IR_KERNELCONFIG_H
