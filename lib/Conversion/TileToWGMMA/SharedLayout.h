//===- SharedLayout.h - tile-to-wgmma's shared-memory layout ----*- C++ -*-===//
//
// Where each part of a wgmma kernel lives in its shared buffer, as byte
// offsets from `base`, the buffer's first swizzle atom: the ring of stages
// (all A stages, then all B stages), the C staging tiles, the empty
// barriers of a cluster and the split-K arrival flag. Plain numbers from
// the configuration, fixed before any IR is built.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOWGMMA_SHAREDLAYOUT_H
#define TILE_CONVERSION_TILETOWGMMA_SHAREDLAYOUT_H

#include "tile/Dialect/Tile/IR/KernelConfig.h"

#include "mlir/IR/Types.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace mlir::tile::wgmma {

/// One TMA box row is one 128-byte swizzle row: 64 f16/bf16.
constexpr int64_t kBoxCols = 64;
/// The 128-byte swizzle repeats every 8 rows of 128 bytes; stages start on
/// such a boundary.
constexpr int64_t kSwizzleAtom = 1024;
/// A TMA box row with the 128-byte swizzle, in bytes: A's and B's, and C's
/// where a tile row is whole such rows.
constexpr int64_t kSwizzleRowBytes = 128;
constexpr int64_t kWarpThreads = 32;
constexpr int64_t kWarpgroupThreads = 128;

struct SharedLayout {
  /// A and B are 16-bit (f16/bf16); `cElt` is C's element type.
  SharedLayout(const KernelConfig &cfg, Type cElt) {
    int64_t stages = cfg.numStages;
    int64_t wgTileM = cfg.rowsPerWarpgroup();
    aStageBytes = cfg.blockM * kBoxCols * 2;
    bStageBytes = cfg.blockN * kBoxCols * 2;
    bOffset = stages * aStageBytes;
    ring = stages * (aStageBytes + bStageBytes);
    // Each warpgroup stages its wgTileM x block_n accumulator as block_n /
    // cBoxCols TMA boxes, whose rows are the widest swizzle span (128, 64 or
    // 32 bytes) that divides a row of the tile (an f16 block_n of 96: 64);
    // swap_ab, its transpose: block_m rows of wgTileM columns of C.
    // Warp-specialized: the producer refills the ring while the consumers
    // run the epilogue, so staging follows the ring; where ring and staging
    // exceed the block's shared memory (a 32-bit C doubles the staging),
    // each warpgroup stages its columns in parts of whole boxes, a half or
    // a quarter of them rounded up (the last part narrower where they do
    // not divide), one after the other's TMA reads; swap_ab's transposed
    // staging takes the accumulator whole (its rows are the staging's
    // columns), in one part.
    int64_t cBytes = cElt.getIntOrFloatBitWidth() / 8;
    stagedRows = cfg.swapAB ? cfg.blockM : wgTileM;
    stagedCols = cfg.swapAB ? wgTileM : cfg.blockN;
    int64_t cRowBytes = stagedCols * cBytes;
    cBoxBytes = cRowBytes % kSwizzleRowBytes == 0 ? kSwizzleRowBytes
                : cRowBytes % 64 == 0             ? 64
                                                  : 32;
    cBoxCols = cBoxBytes / cBytes;
    stagingOffset = cfg.isWarpSpecialized() ? ring : 0;
    int64_t warpgroups = cfg.mmaThreads() / kWarpgroupThreads;
    int64_t extra = (cfg.clusterM > 1 ? 8 * stages : 0) + kSwizzleAtom;
    int64_t boxes = stagedCols / cBoxCols;
    for (int64_t split = 1;; split *= 2) {
      int64_t partBoxes = llvm::divideCeil(boxes, split);
      wgStagingBytes =
          llvm::alignTo(stagedRows * partBoxes * cBoxBytes, kSwizzleAtom);
      partCols = partBoxes * cBoxCols;
      stagingParts = llvm::divideCeil(boxes, partBoxes);
      bool last = !cfg.isWarpSpecialized() || cfg.swapAB || partBoxes == 1 ||
                  split == 4;
      if (last || ring + warpgroups * wgStagingBytes + extra <=
                      sharedBytesPerBlock(cfg.chip))
        break;
    }
    int64_t stagingBytes = warpgroups * wgStagingBytes;
    emptyOffset = ring + stagingBytes;
    // Room to move the base up to the next swizzle atom at run time; in a
    // cluster, the empty barriers (8 bytes each) after staging. A
    // warp-specialized split-K tile adds its partial sums over the ring and
    // stages nothing.
    sharedBytes = (cfg.isWarpSpecialized() && !cfg.isSplitK()
                       ? emptyOffset
                       : std::max(ring, stagingBytes)) +
                  extra;
    if (cfg.reducesInCluster()) {
      // The partial sum in f32 over the ring, its rows padded by 8 floats
      // so that a warp's fragment stores spread over the banks (by 4 for
      // swap_ab's transposed stores: a warp's columns 2 apart, 8 banks).
      partialRowFloats = cfg.blockN + (cfg.swapAB ? 4 : 8);
      sharedBytes = std::max(sharedBytes, 4 * cfg.blockM * partialRowFloats +
                                              kSwizzleAtom);
      // One block per SM: with two or more, clusters of 4 and 8 lost
      // partial sums on grids of several waves (reads saw other data);
      // the cause is not known (docs/results/swap-ab.md).
      sharedBytes = std::max(sharedBytes,
                             sharedBytesPerBlock(cfg.chip) / 2 + kSwizzleAtom);
    }
    if (cfg.usesWorkspace()) {
      // The last-arrival flag, past the ring: a persistent (Stream-K) loop
      // refills the ring while slower threads may still read the flag.
      flagOffset = std::max(ring, stagingBytes);
      sharedBytes = flagOffset + 16 + kSwizzleAtom;
    }
  }

  int64_t aStageBytes, bStageBytes; // one stage of each operand
  int64_t bOffset;                  // the first B stage, after the A stages
  int64_t ring;                     // every stage of both operands
  int64_t cBoxBytes;      // a C box row: 128, 64 or 32 bytes, its swizzle
  int64_t cBoxCols;       // C elements in a box row
  int64_t stagedRows;     // rows of a warpgroup's staging tile and C box
  int64_t stagedCols;     // its columns, all parts
  int64_t stagingParts;   // column parts staged one after the other
  int64_t partCols;       // columns of a part (the last may have fewer)
  int64_t wgStagingBytes; // one warpgroup's staging tile (one part)
  int64_t stagingOffset;  // the staging tiles: over the ring, or after it
  int64_t emptyOffset;    // the raw empty barriers (clusters)
  int64_t flagOffset = 0; // the last-arrival flag (split-K, Stream-K)
  int64_t partialRowFloats = 0; // split-K in a cluster: a partial's row
  int64_t sharedBytes;    // the buffer, with room to align `base`
};

} // namespace mlir::tile::wgmma

#endif // TILE_CONVERSION_TILETOWGMMA_SHAREDLAYOUT_H
