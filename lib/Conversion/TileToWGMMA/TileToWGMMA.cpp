//===- TileToWGMMA.cpp - Tile K loops to TMA + wgmma (sm_90a) -------------===//
//
// Shared memory holds an S-deep ring of stages, each an A tile (block_m x 64)
// and a B tile (64 x block_n), written by TMA with the 128-byte swizzle
// wgmma's descriptors expect, each operand in its own orientation: A
// K-major (row-major A: one box of block_m rows of 64 K) or M-major
// (transposed A: block_m / 64 boxes of 64 K rows of 64 M), B N-major
// (row-major B: block_n / 64 boxes of 64 K rows of 64 N) or K-major
// (transposed B: block_n / 64 boxes of 64 N rows of 64 K, or one box of
// block_n rows where block_n is not a multiple of 64), so no layout
// needs a transposing copy; the wgmma's descriptors say which. For K step k one
// thread arms the mbarrier of stage k % S with the bytes to expect and
// issues the copies; every warpgroup waits on that barrier, issues its wgmma
// and waits for the previous step's (wait_group 1), so after one block
// barrier the stage step k - 1 read is refilled with step k + S - 1. TMA
// zero-fills outside the operands: the K loop has no masks. The epilogue
// writes the accumulator, in C's type, to shared memory in the swizzled
// boxes of C's TMA descriptor (over the ring; rows of 128 bytes, or of 64
// or 32 where a tile row is not whole 128-byte rows) and stores them with
// TMA, which drops what falls outside C: no masks either.
//
// Warp-specialized (persistent, or split-K in a cluster): a producer
// warpgroup fills the ring,
// consumers release stages through "empty" mbarriers and stage C after the
// ring, each warpgroup its own rows, stored by its own TMA stores that run
// on while it starts the next tile. Cooperative consumers split each tile;
// pingpong ones take alternate tiles, in turns an ordered barrier gives.
// With cluster_m = 2 the two blocks of a cluster compute neighbouring tile
// rows of one column: each producer loads its own A and half of the B
// boxes, multicast to both blocks, and a stage is refilled once the
// consumers of both blocks released it (remote arrives on the empty
// barriers, which live in shared memory as raw mbarriers for mapa).
//
// Split-K (tiled; the launch runs S <= split_k programs per tile, side by
// side): each program runs its split's share of the K steps. Up to 8
// splits, a tile's programs are one cluster: each writes its partial sum,
// in f32, over its own ring, and after a cluster barrier each adds a share
// of the tile's rows from every block's shared memory (mapa, ld.shared::
// cluster) in split order and stores them; a second barrier keeps every
// block's shared memory until the others have read it. Above 8 splits,
// each program writes its partial sum to its slot of the tile's workspace
// record [split_k slots of block_m x block_n | arrival count | leaving
// count], arrives and waits until all S have (the runtime launches them
// all at once: "splits": "resident"); each then adds a share of the
// tile's 4-wide groups over the S slots in split order (so the sum does
// not depend on which program adds it), writes them to C and leaves; the
// last to leave resets both counts for the next launch. Stream-K
// (persistent) writes to two slots for a tile two programs share; the
// program whose arrival completes the count adds both and resets it; a
// tile one program holds whole is stored as usual.
//
// The pieces, after CUTLASS's: SharedLayout.h places the ring, staging and
// barriers; Mainloop.cpp fills the ring and runs wgmma; Epilogue.cpp stores
// C (split-K, Stream-K included); KernelSchedule.cpp sets the block up and
// runs the two per tile or warp-specialized. This file matches the kernel
// and states its TMA boxes and shape limits in the manifest.
//
//===----------------------------------------------------------------------===//

#include "WgmmaLowering.h"

#include "tile/Conversion/KernelABI.h"
#include "tile/Conversion/Passes.h"
#include "tile/Conversion/TileToWGMMA/TileToWGMMA.h"
#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILETOWGMMA
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::wgmma;

namespace {

LogicalResult lowerKernel(gpu::GPUFuncOp func, const KernelConfig &cfg,
                          bool chunkStores) {
  FailureOr<std::optional<KLoop>> matched = matchKLoop(func, "tile-to-wgmma");
  if (failed(matched))
    return failure();
  if (!*matched)
    return success();
  KLoop kl = **matched;
  auto aType = cast<MemRefType>(kl.loadA.getBase().getType());
  auto bType = cast<MemRefType>(kl.loadB.getBase().getType());
  std::optional<unsigned> aUnit = unitStrideDim(aType),
                          bUnit = unitStrideDim(bType);
  if (!aUnit || !bUnit)
    return func.emitError("tile-to-wgmma: A and B must each have a static "
                          "unit stride (row-major or transposed) for TMA");
  bool aKMajor = isKMajorA(aType), bKMajor = isKMajorB(bType);
  if (cfg.needsKMajorB() && !bKMajor)
    return func.emitError("tile-to-wgmma: block-n = ")
           << cfg.blockN
           << " needs B K-major (stored N x K, as in x @ w.T); this B is "
              "N-major, which is loaded in boxes of 64 columns";
  if (cfg.swapAB && !aKMajor)
    return func.emitError("tile-to-wgmma: swap-ab=1 needs A K-major (stored "
                          "M x K): A is wgmma's B, block-m of its rows in "
                          "one box");
  if (kl.loadA.getCol() != kl.loop.getInductionVar() ||
      kl.loadB.getRow() != kl.loop.getInductionVar())
    return func.emitError("tile-to-wgmma: the K loop must load A[m0, k] and "
                          "B[k, n0]");
  unsigned numArgs = func.getNumArguments();
  if (numArgs != kernelParams(true, cfg.usesWorkspace()).size())
    return func.emitError("tile-to-wgmma: the kernel lacks the TMA "
                          "descriptor parameters")
           << (cfg.usesWorkspace() ? " and the workspace" : "")
           << " (run tile-to-gpu on a kernel tiled with mma=wgmma)";
  // The descriptors follow the pointers and integers.
  unsigned tmaArg = kernelParams(false).size();

  Location loc = kl.loop.getLoc();
  OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
  if (cfg.isWarpSpecialized() && !cfg.isSplitK() &&
      !isa<scf::ForOp>(kl.loop->getParentOp()))
    return func.emitError("tile-to-wgmma: warp-specialize=")
           << stringifyWarpSpecialize(cfg.warpSpecialize)
           << " needs schedule=persistent (the producer and the consumers "
              "walk the tile loop)";
  Type cElt = cast<MemRefType>(kl.store.getBase().getType()).getElementType();
  SharedLayout shared(cfg, cElt);
  BlockValues blk;
  Mainloop mainloop(b, loc, cfg, shared, blk, aType.getElementType(), aKMajor,
                    bKMajor);
  Epilogue epilogue(b, loc, cfg, shared, blk, cElt, chunkStores);
  KernelSchedule schedule(b, loc, cfg, shared, blk, mainloop, epilogue);
  schedule.emitSetup(
      func.getArguments().slice(tmaArg, tile_manifest::kTmaParams));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);

  // K steps per tile: where K is defined (outside any tile loop), or at the
  // K loop for a program's share (split-K, Stream-K).
  Value kDim = kl.loop.getUpperBound();
  OpBuilder kb(b.getContext());
  kb.setInsertionPointAfterValue(kDim);
  IndexMath km(kb, loc);
  Value numK;
  if (cfg.hasPartials()) {
    // The program's share [begin, end), empty when end < begin.
    auto abi = func->getAttrOfType<DictionaryAttr>(kAbiAttrName);
    auto bits = abi ? abi.getAs<IntegerAttr>(
                          manifestKey(tile_manifest::Field::IndexBitwidth))
                    : nullptr;
    if (!bits || isa<scf::ForOp>(kl.loop->getParentOp()) != cfg.isStreamK())
      return func.emitError("tile-to-wgmma: a split-k kernel must come from "
                            "tile-to-gpu with schedule=tiled, a stream-k "
                            "kernel from tile-stream-k");
    kb.setInsertionPoint(kl.loop);
    Value kBegin = kl.loop.getLowerBound();
    numK = km.ceilDiv(km.sub(km.maxu(kDim, kBegin), kBegin), kBoxCols);
    mainloop.setKBase(kBegin);
    if (cfg.usesWorkspace())
      epilogue.setWorkspace(
          func.getArgument(tmaArg + tile_manifest::kTmaParams), bits.getInt());
  } else {
    if (!matchPattern(kl.loop.getLowerBound(), m_Zero()))
      return func.emitError("tile-to-wgmma: the K loop must start at 0");
    numK = km.ceilDiv(kDim, kBoxCols);
  }

  // A persistent tile loop carries the K-step count into the next tile.
  Value it0 = zero;
  auto tileLoop = dyn_cast<scf::ForOp>(kl.loop->getParentOp());
  if (cfg.isWarpSpecialized() && !tileLoop) {
    // Split-K, one tile per program: a loop of one trip, so that the
    // producer and the consumers walk it as they walk a persistent one.
    OpBuilder wb(kl.loop);
    Value one = arith::ConstantIndexOp::create(wb, loc, 1);
    tileLoop = scf::ForOp::create(wb, loc, zero, one, one);
    Block *body = tileLoop.getBody();
    body->getOperations().splice(body->getTerminator()->getIterator(),
                                 kl.loop->getBlock()->getOperations(),
                                 kl.loop->getIterator(),
                                 std::next(kl.store->getIterator()));
  }
  if (tileLoop) {
    // Stream-K counts each tile's own steps, computed in the loop.
    if (!cfg.isStreamK() && !tileLoop.isDefinedOutsideOfLoop(kDim))
      return func.emitError("tile-to-wgmma: K must be defined outside the "
                            "tile loop");
    IRRewriter rewriter(b.getContext());
    FailureOr<LoopLikeOpInterface> grown =
        tileLoop.replaceWithAdditionalYields(
            rewriter, zero, /*replaceInitOperandUsesInLoop=*/false,
            [&](OpBuilder &yb, Location l, ArrayRef<BlockArgument> args) {
              return SmallVector<Value>{
                  arith::AddIOp::create(yb, l, args[0], numK)};
            });
    if (failed(grown))
      return func.emitError("tile-to-wgmma: cannot extend the tile loop");
    tileLoop = cast<scf::ForOp>(grown->getOperation());
    it0 = tileLoop.getRegionIterArgs().back();
  }

  if (cfg.isWarpSpecialized()) {
    schedule.emitWarpSpecialized(tileLoop, kl, it0, numK);
  } else {
    b.setInsertionPoint(kl.loop);
    schedule.emitTile(kl, it0, numK);
  }
  kl.store.erase();
  kl.loop.erase();

  // The TMA descriptors fix each operand's orientation: the kernel serves
  // one layout, which the manifest tells the runner.
  auto abi = func->getAttrOfType<DictionaryAttr>(kAbiAttrName);
  NamedAttrList attrs(abi);
  Builder ab(b.getContext());
  using tile_manifest::Field;
  std::string layout = {aKMajor ? 'n' : 't', bKMajor ? 't' : 'n'};
  attrs.set(manifestKey(Field::Layouts), ab.getStrArrayAttr({layout}));
  attrs.set(manifestKey(Field::TmaBoxA),
            ab.getI64ArrayAttr({kBoxCols, mainloop.aBoxRows()}));
  attrs.set(manifestKey(Field::TmaBoxB),
            ab.getI64ArrayAttr({kBoxCols, mainloop.bBoxRows()}));
  attrs.set(manifestKey(Field::TmaBoxC),
            ab.getI64ArrayAttr({shared.cBoxCols, shared.stagedRows}));
  attrs.set(manifestKey(Field::TmaBoxATail),
            ab.getI64ArrayAttr({kBoxCols, mainloop.aTailRows()}));
  attrs.set(manifestKey(Field::TmaSwizzleBytes), ab.getI64IntegerAttr(128));
  attrs.set(manifestKey(Field::CAnyAlignment), ab.getI64IntegerAttr(1));
  if (cfg.usesWorkspace())
    attrs.set(manifestKey(Field::WorkspaceTileBytes),
              ab.getI64IntegerAttr(cfg.workspaceTileBytes()));
  if (cfg.isSplitK())
    attrs.set(
        manifestKey(Field::Splits),
        ab.getStringAttr(cfg.reducesInCluster() ? "cluster" : "resident"));
  // TMA addresses rows at multiples of 16 bytes (cuTensorMapEncodeTiled's
  // global strides): the contiguous size of each operand (A's K or M, B's N
  // or K, C's N) must be a multiple of 8 elements. The manifest states what
  // this asks of a shape; the runners enforce it.
  int64_t rowMultiple =
      tile_manifest::kTmaRowBytes / (aType.getElementTypeBitWidth() / 8);
  attrs.set(manifestKey(Field::KMultiple),
            ab.getI64IntegerAttr(aKMajor || bKMajor ? rowMultiple : 1));
  attrs.set(manifestKey(Field::NMultiple), ab.getI64IntegerAttr(rowMultiple));
  if (!aKMajor)
    attrs.set(manifestKey(Field::MMultiple), ab.getI64IntegerAttr(rowMultiple));
  func->setAttr(kAbiAttrName, attrs.getDictionary(b.getContext()));
  return success();
}

} // namespace

LogicalResult mlir::tile::lowerTileToWGMMA(gpu::GPUFuncOp func,
                                           bool chunkStores) {
  std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
  if (!cfg)
    return success();
  if (!cfg->isWgmma())
    return func.emitError("tile-to-wgmma: the kernel was tiled for mma=")
           << stringifyMmaKind(cfg->mma)
           << " (tile-tiling mma=wgmma checks the block sizes)";
  if (failed(cfg->verify([&] { return func.emitError("tile-to-wgmma: "); },
                         minBlocksPerSM(func))))
    return failure();
  return lowerKernel(func, *cfg, chunkStores);
}

namespace {

struct TileToWGMMAPass : tile::impl::TileToWGMMABase<TileToWGMMAPass> {
  using TileToWGMMABase::TileToWGMMABase;
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(lowerTileToWGMMA(func, chunkStores)))
        return signalPassFailure();
  }
};

} // namespace
