//===- WgmmaLowering.h - the pieces of tile-to-wgmma ------------*- C++ -*-===//
//
// tile-to-wgmma in CUTLASS's pieces (TileToWGMMA.cpp describes the design):
// the mainloop fills the ring and runs wgmma (Mainloop.cpp), the epilogue
// stores C (Epilogue.cpp), and the kernel schedule sets the block up and
// arranges the two over tiles and warpgroups (KernelSchedule.cpp). They
// share one builder, the configuration, the shared-memory layout and the
// block's values.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOWGMMA_WGMMALOWERING_H
#define TILE_CONVERSION_TILETOWGMMA_WGMMALOWERING_H

#include "SharedLayout.h"

#include "tile/Conversion/LoweringUtils.h"
#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Utils/IndexMath.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile::wgmma {

/// Suspend-time hint of every mbarrier try_wait, in nanoseconds.
constexpr int64_t kTryWaitTicks = 10000000;

/// What KernelSchedule::emitSetup builds once at the top of the kernel,
/// and the origin of the tile being lowered.
struct BlockValues {
  Value tid, wg, wgRow, isThread0, isWarpgroupLeader;
  Value smem;     // the shared buffer
  Value smemAddr; // its address (clusters address barriers by it)
  Value base;     // offset of its first swizzle atom: SharedLayout's origin
  Value mRow0, nCol0; // the current tile's first row and column
  Value mRows;        // M: rows of A (and of C)
};

/// What every piece reads, and the helpers they share.
class Piece : public IndexMath {
protected:
  Piece(OpBuilder &b, Location loc, const KernelConfig &cfg,
        const SharedLayout &layout, BlockValues &blk)
      : IndexMath(b, loc), cfg(cfg), layout(layout), blk(blk),
        stages(cfg.numStages), clustered(cfg.clusterM > 1),
        wgTileM(cfg.rowsPerWarpgroup()) {}

  /// `n` mbarriers counting `count` arrivals each, initialised by thread 0.
  Value createBarriers(int64_t n, int64_t count);
  /// A `shape` memref of `type` at `byteOffset` into the shared buffer.
  Value view(Value byteOffset, ArrayRef<int64_t> shape, Type type);
  /// The TMA descriptor `ptr` as a rows x cols box with the swizzle of
  /// `swizzleBytes` (128, 64 or 32: the box's row).
  Value tensorMap(int64_t rows, int64_t cols, Type type, Value ptr,
                  int64_t swizzleBytes = kSwizzleRowBytes);
  /// The tile's first row and column, from the K loop's loads.
  void setTileOrigin(KLoop kl);
  /// Every thread of both blocks of the cluster (not .aligned: the
  /// producer's idle threads arrive without its leader).
  void syncCluster();
  /// Shared address `addr` (an index) as a shared-space pointer.
  Value sharedPtr(Value addr);
  /// The same shared location in the block of cluster rank `rank` (an
  /// i32; mapa).
  Value peerPtr(Value local, Value rank);
  Value i32(int64_t v);

  const KernelConfig &cfg;
  const SharedLayout &layout;
  BlockValues &blk;
  int64_t stages;
  bool clustered;  // cluster_m > 1
  int64_t wgTileM; // rows per warpgroup
};

/// The TMA + mbarrier ring and the wgmma over it (CUTLASS's collective
/// mainloop): full barriers the producer arms, empty barriers the
/// consumers release (warp-specialized), each operand's orientation.
class Mainloop : public Piece {
public:
  Mainloop(OpBuilder &b, Location loc, const KernelConfig &cfg,
           const SharedLayout &layout, BlockValues &blk, Type elt,
           bool aKMajor, bool bKMajor)
      : Piece(b, loc, cfg, layout, blk), aKMajor(aKMajor), bKMajor(bKMajor),
        elt(elt) {}

  /// Rows of an A box: the whole tile K-major, 64 K rows M-major.
  int64_t aBoxRows() const { return aKMajor ? cfg.blockM : kBoxCols; }
  /// Rows of A's tail box, which loads a tile partly past M.
  int64_t aTailRows() const;
  /// Rows of a B box: 64 (N rows K-major, K rows N-major), or K-major the
  /// whole tile where block_n is not whole boxes of 64 (TMA takes up to 256
  /// rows; N-major needs 64-column boxes, KernelConfig::needsKMajorB).
  int64_t bBoxRows() const {
    return bKMajor && cfg.needsKMajorB() ? cfg.blockN : kBoxCols;
  }

  /// The full barriers and (warp-specialized) the empty ones.
  void emitBarriers();
  /// A's, B's and A's tail descriptors; tmaA(), tmaB() and tmaATail() (null
  /// where the tail box is A's) return them.
  void emitTensorMaps(Value tmaAPtr, Value tmaBPtr, Value tmaATailPtr);
  Value tmaA() const { return mapA; }
  Value tmaATail() const { return mapATail; }
  Value tmaB() const { return mapB; }
  /// Split-K: where the K range of this program starts (elements).
  void setKBase(Value kBegin) { kBase = kBegin; }

  /// Thread 0 arms stage it % S and copies K step `k` into it, if k < numK.
  void emitIssue(Value k, Value it, Value numK);
  /// The K loop over ring positions it0 + k: each step's wgmma, then
  /// `afterMma(k, it)`; yields the accumulator.
  scf::ForOp emitMmaLoop(Value it0, Value numK,
                         function_ref<void(Value, Value)> afterMma);
  /// Producer: for each K step, waits until the consumers released the
  /// stage, then arms it and loads it.
  void emitProducerTile(KLoop pk, Value it0, Value numK);
  /// Consumers: the K loop over the ring; each step waits for its stage,
  /// runs wgmma and releases the stage the previous step read.
  /// `issued` runs once every wgmma is issued, before waiting for them.
  Value emitConsumerK(Value it0, Value numK,
                      function_ref<void()> issued = nullptr);

private:
  Value stageA(Value stage);
  Value stageB(Value stage);
  void emitLoads(Value k, Value stage, Value pred);
  Value emitMma(Value it, Value acc);
  Value oddRound(Value it);
  void emitRelease(Value it, Value pred);
  Value emptyPtr(Value stage);

  bool aKMajor; // A row-major: K contiguous
  bool bKMajor; // B transposed: K contiguous
  Type elt;
  Value bars, empty, mapA, mapB, mapATail;
  Value aPtr, aTailPtr; // A's and its tail's descriptor parameters
  Value rank; // clusters: the block's rank
  Value kBase; // split-K: the program's first K element
};

/// The accumulator to C (CUTLASS's collective epilogue): staged in shared
/// memory and stored with TMA, or (split-K, Stream-K) added up with the
/// other programs' partial sums in the workspace.
class Epilogue : public Piece {
public:
  Epilogue(OpBuilder &b, Location loc, const KernelConfig &cfg,
           const SharedLayout &layout, BlockValues &blk, Type cElt,
           bool chunkStores)
      : Piece(b, loc, cfg, layout, blk), cElt(cElt), chunkStores(chunkStores) {}

  /// C's descriptor; tmaC() returns it.
  void emitTensorMap(Value tmaCPtr);
  Value tmaC() const { return mapC; }
  /// Split-K: the workspace parameter with the kernel's index width.
  void setWorkspace(Value workspacePtr, unsigned bits) {
    workspace = workspacePtr;
    indexBits = bits;
  }

  void emitEpilogue(Value acc, StoreOp store);
  void emitSplitEpilogue(Value acc, StoreOp store);
  void emitClusterSplitEpilogue(Value acc, StoreOp store);
  /// The issuer waits until its TMA stores have read the staging tiles.
  void waitStoresRead();
  /// Warp-specialized: the consumer warpgroups meet, the producer not.
  void syncConsumers();

private:
  void syncStagingWriters();
  Value storeIssuer();
  Value stagingOf(Value w);
  Value storesByTma(Value c);
  Value threadInWarpgroup();
  /// C as one run of elements from its first, its row pitch and offset.
  struct FlatC {
    Value flat, pitch, offset;
  };
  FlatC flatC(Value c, Value m, Value n);
  void storeBoxByThreads(Value box, Value row0, Value col0, Value c);
  void storePartByChunks(Value tile, int64_t partCols, Value row0, Value col0,
                         Value c, function_ref<void()> byBoxes);
  void storeGroups(Value c, ArrayRef<Value> row, ArrayRef<Value> col,
                   ArrayRef<Value> inside, ArrayRef<Value> sums);
  SmallVector<Value> sumSlots(Value parts, int64_t maxParts, int64_t groups,
                              function_ref<Value(Value, int64_t)> load);

  Type cElt;
  bool chunkStores; // tile-to-wgmma's chunk-stores option
  Value mapC;
  Value workspace;
  unsigned indexBits = 64;
};

/// Sets the block up and arranges the mainloop and the epilogue over the
/// tiles and warpgroups (CUTLASS's kernel schedule): one K loop for the
/// whole block, or warp-specialized into a producer and consumers,
/// cooperative or pingpong, in clusters of one or two blocks.
class KernelSchedule : public Piece {
public:
  KernelSchedule(OpBuilder &b, Location loc, const KernelConfig &cfg,
                 const SharedLayout &layout, BlockValues &blk,
                 Mainloop &mainloop, Epilogue &epilogue)
      : Piece(b, loc, cfg, layout, blk), mainloop(mainloop),
        epilogue(epilogue) {}

  /// Thread ids, the shared buffer, the barriers and the TMA descriptors,
  /// once at the top of the kernel.
  /// `maps`: the kernel's TMA descriptor parameters (KernelParams.def).
  void emitSetup(ValueRange maps);
  /// Replaces the K loop and its store. `it0` counts the K steps of earlier
  /// tiles (barrier phases continue across tiles).
  void emitTile(KLoop kl, Value it0, Value numK);
  void emitWarpSpecialized(scf::ForOp tileLoop, KLoop kl, Value it0,
                           Value numK);

private:
  void emitPingpongConsumer(scf::ForOp tileLoop, KLoop kl, Value it0,
                            Value numK);
  void waitTurn(Value which, Value phase);
  void passTurn(Value which);

  Mainloop &mainloop;
  Epilogue &epilogue;
  Value order; // pingpong: the consumers' turns
};

} // namespace mlir::tile::wgmma

#endif // TILE_CONVERSION_TILETOWGMMA_WGMMALOWERING_H
