//===- TileToWGMMA.cpp - Tile K loops to TMA + wgmma (sm_90a) -------------===//
//
// Shared memory holds an S-deep ring of stages, each an A tile (block_m x 64)
// and a B tile (64 x block_n), written by TMA with the 128-byte swizzle
// wgmma's descriptors expect, each operand in its own orientation: A
// K-major (row-major A: one box of block_m rows of 64 K) or M-major
// (transposed A: block_m / 64 boxes of 64 K rows of 64 M), B N-major
// (row-major B: block_n / 64 boxes of 64 K rows of 64 N) or K-major
// (transposed B: block_n / 64 boxes of 64 N rows of 64 K), so no layout
// needs a transposing copy; the wgmma's descriptors say which. For K step k one
// thread arms the mbarrier of stage k % S with the bytes to expect and
// issues the copies; every warpgroup waits on that barrier, issues its wgmma
// and waits for the previous step's (wait_group 1), so after one block
// barrier the stage step k - 1 read is refilled with step k + S - 1. TMA
// zero-fills outside the operands: the K loop has no masks. The epilogue
// writes the accumulator, in C's type, to shared memory in the swizzled
// boxes of C's TMA descriptor (over the ring) and stores them with TMA,
// which drops what falls outside C: no masks either.
//
// Warp-specialized (persistent only): a producer warpgroup fills the ring,
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
// Split-K (split_k = S, tiled): each program runs its split's share of the K
// steps and writes its partial sum, in f32, to its slot of the tile's
// workspace record [S slots of block_m x block_n | arrival count]. The
// program whose arrival completes the count adds the S slots in split order
// (so the sum does not depend on which program is last), writes C and
// resets the count for the next launch. Stream-K (persistent) does the same
// with two slots for a tile two programs share, and stores a tile one
// program holds whole as usual.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/KernelABI.h"
#include "tile/Conversion/LoweringUtils.h"
#include "tile/Conversion/Passes.h"
#include "tile/Conversion/TileToWGMMA/TileToWGMMA.h"
#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/TileCoords.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILETOWGMMA
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// One TMA box row is one 128-byte swizzle row: 64 f16/bf16.
constexpr int64_t kBoxCols = 64;
constexpr int64_t kBoxBytes = kBoxCols * kBoxCols * 2;
/// The 128-byte swizzle repeats every 8 rows of 128 bytes; stages start on
/// such a boundary.
constexpr int64_t kSwizzleAtom = 1024;
/// A TMA box row with the 128-byte swizzle, in bytes.
constexpr int64_t kSwizzleRowBytes = 128;
constexpr int64_t kWarpgroupThreads = 128;
/// Suspend-time hint of every mbarrier try_wait, in nanoseconds.
constexpr int64_t kTryWaitTicks = 10000000;

class WgmmaLowering : public IndexMath {
public:
  WgmmaLowering(OpBuilder &b, Location loc, const KernelConfig &cfg, Type elt,
                Type cElt, bool aKMajor, bool bKMajor)
      : IndexMath(b, loc), cfg(cfg), stages(cfg.numStages),
        clustered(cfg.clusterM > 1), aKMajor(aKMajor), bKMajor(bKMajor),
        elt(elt), cElt(cElt) {
    wgTileM = cfg.rowsPerWarpgroup();
    aStageBytes = cfg.blockM * kBoxCols * 2;
    bStageBytes = cfg.blockN * kBoxCols * 2;
    ring = stages * (aStageBytes + bStageBytes);
    // Each warpgroup stages its wgTileM x block_n accumulator as block_n /
    // cBoxCols TMA boxes. Warp-specialized: the producer refills the ring
    // while the consumers run the epilogue, so staging follows the ring.
    cBoxCols = kSwizzleRowBytes / (cElt.getIntOrFloatBitWidth() / 8);
    wgStagingBytes = llvm::alignTo(
        wgTileM * (cfg.blockN / cBoxCols) * kSwizzleRowBytes, kSwizzleAtom);
    int64_t stagingBytes = cfg.mmaThreads() / kWarpgroupThreads * wgStagingBytes;
    emptyOffset = ring + stagingBytes;
    // Room to move the base up to the next swizzle atom at run time; in a
    // cluster, the empty barriers (8 bytes each) after staging.
    sharedBytes = (cfg.isWarpSpecialized() ? emptyOffset
                                           : std::max(ring, stagingBytes)) +
                  (clustered ? 8 * stages : 0) + kSwizzleAtom;
    if (cfg.usesWorkspace()) {
      // The last-arrival flag, past the ring: a persistent (Stream-K) loop
      // refills the ring while slower threads may still read the flag.
      flagOffset = std::max(ring, stagingBytes);
      sharedBytes = flagOffset + 16 + kSwizzleAtom;
    }
  }

  /// C elements per row of a C box (128 bytes).
  int64_t cBoxColumns() const { return cBoxCols; }

  /// Rows of an A box: the whole tile K-major, 64 K rows M-major.
  int64_t aBoxRows() const { return aKMajor ? cfg.blockM : kBoxCols; }

  /// Thread ids, the shared buffer, the barriers and the TMA descriptors,
  /// once at the top of the kernel.
  void emitSetup(Value tmaAPtr, Value tmaBPtr, Value tmaCPtr) {
    MLIRContext *ctx = b.getContext();
    auto workgroup =
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
    tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    wg = div(tid, kWarpgroupThreads);
    // Pingpong warpgroups each compute whole tiles.
    wgRow = cfg.isPingpong() ? cst(0) : mul(wg, wgTileM);
    isThread0 = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                                      cst(0));
    isWarpgroupLeader = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, rem(tid, kWarpgroupThreads), cst(0));
    smem = memref::AllocOp::create(
        b, loc,
        MemRefType::get({sharedBytes}, b.getI8Type(),
                        MemRefLayoutAttrInterface(), workgroup));
    // Dynamic shared memory follows the (static) barriers: align at run time.
    Value addr = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, smem);
    base = andi(arith::SubIOp::create(b, loc, cst(0), addr),
                cst(kSwizzleAtom - 1));

    bars = createBarriers(stages, 1);
    if (cfg.isWarpSpecialized() && clustered) {
      // One thread per consumer warpgroup and block of the cluster releases
      // a stage (the warpgroup's wgmma reads are complete for all of it).
      smemAddr = addr;
      rank = arith::IndexCastOp::create(
          b, loc, b.getIndexType(),
          NVVM::ClusterId::create(b, loc, b.getI32Type()));
      for (int64_t s = 0; s < stages; ++s)
        NVVM::MBarrierInitOp::create(
            b, loc, emptyPtr(cst(s)),
            i32(cfg.clusterM * (cfg.tileThreads() / kWarpgroupThreads)),
            isThread0);
    } else if (cfg.isWarpSpecialized()) {
      // Every consumer thread that read a stage releases it.
      empty = createBarriers(stages, cfg.tileThreads());
    }
    if (cfg.isPingpong()) {
      // The consumers' turns: [mainloop WG0, mainloop WG1, epilogue WG0,
      // epilogue WG1], each passed by the other warpgroup's 128 threads.
      order = createBarriers(4, kWarpgroupThreads);
    }
    // Makes the initialised barriers visible to TMA's complete_tx (the
    // async proxy) before the first copy.
    NVVM::FenceMbarrierInitOp::create(b, loc);

    auto tensorMap = [&](int64_t rows, int64_t cols, Type type) {
      auto box = MemRefType::get({rows, cols}, type,
                                 MemRefLayoutAttrInterface(), workgroup);
      return nvgpu::TensorMapDescriptorType::get(
          ctx, box, nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
          nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
          nvgpu::TensorMapOOBKind::OOB_ZERO,
          nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
    };
    auto cast = [&](Type type, Value ptr) {
      return UnrealizedConversionCastOp::create(b, loc, type, ptr)
          .getResult(0);
    };
    tmaA = cast(tensorMap(aBoxRows(), kBoxCols, elt), tmaAPtr);
    tmaB = cast(tensorMap(kBoxCols, kBoxCols, elt), tmaBPtr);
    tmaC = cast(tensorMap(wgTileM, cBoxCols, cElt), tmaCPtr);
    for (Value map : {tmaA, tmaB, tmaC})
      nvgpu::TmaPrefetchOp::create(b, loc, map, isThread0);
    if (clustered) {
      // The peer's barriers are initialised before its multicast copies
      // and remote arrives reach them.
      syncCluster();
      return;
    }
    gpu::BarrierOp::create(b, loc);
  }

  /// Replaces the K loop and its store. `it0` counts the K steps of earlier
  /// tiles (barrier phases continue across tiles).
  void emitTile(KLoop kl, Value it0, Value numK) {
    setTileOrigin(kl);
    for (int64_t p = 0; p + 1 < stages; ++p)
      emitIssue(cst(p), add(it0, p), numK);

    scf::ForOp loop = emitMmaLoop(it0, numK, [&](Value k, Value it) {
      // Every warpgroup is past step k - 1: its stage can be refilled.
      gpu::BarrierOp::create(b, loc);
      emitIssue(add(k, stages - 1), add(it, stages - 1), numK);
    });
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t(0));
    // The staging buffer overlaps stages other warpgroups may still read.
    gpu::BarrierOp::create(b, loc);
    Value acc = loop.getResult(0);
    StoreOp store = kl.store;
    if (!store.isSplit())
      return emitEpilogue(acc);
    std::optional<int64_t> parts = getConstantIntValue(store.getParts());
    if (parts && *parts > 1)
      return emitSplitEpilogue(acc, store);
    // Stream-K: a tile one program holds whole is stored as usual.
    auto whole = scf::IfOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                              store.getParts(), cst(1)),
        /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(whole.thenBlock());
    emitEpilogue(acc);
    b.setInsertionPointToStart(whole.elseBlock());
    emitSplitEpilogue(acc, store);
  }

  /// Split-K: where the K range of this program starts (elements), and the
  /// workspace parameter with the kernel's index width.
  void setSplit(Value kBegin, Value workspacePtr, unsigned bits) {
    kBase = kBegin;
    workspace = workspacePtr;
    indexBits = bits;
  }

  /// Warp-specialized: splits the persistent tile loop (holding `kl`) into
  /// a producer warpgroup, of which one thread issues every TMA load into
  /// the ring, and the consumer warpgroups, which only wait, run wgmma,
  /// release stages and store C. The producer walks every tile of the
  /// program (cooperative consumers the same ones, pingpong ones half each)
  /// and runs up to a ring ahead, across tiles, while the consumers store C.
  void emitWarpSpecialized(scf::ForOp tileLoop, KLoop kl, Value it0,
                           Value numK) {
    Value isProducer = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, tid, cst(cfg.mmaThreads()));
    Value inProducerWarpgroup = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::uge, tid, cst(cfg.mmaThreads()));
    b.setInsertionPoint(tileLoop);
    auto roles = scf::IfOp::create(b, loc, inProducerWarpgroup,
                                   /*withElseRegion=*/true);
    tileLoop->moveBefore(roles.elseBlock()->getTerminator());

    b.setInsertionPointToStart(roles.thenBlock());
    NVVM::SetMaxRegisterOp::create(b, loc, KernelConfig::kProducerRegisters,
                                   NVVM::SetMaxRegisterAction::decrease);
    auto leader = scf::IfOp::create(b, loc, isProducer);
    b.setInsertionPointToStart(leader.thenBlock());
    IRMapping map;
    b.clone(*tileLoop, map);
    auto lookup = [&](auto op) {
      return cast<decltype(op)>(map.lookup(op.getOperation()));
    };
    KLoop pk{lookup(kl.loop), lookup(kl.loadA), lookup(kl.loadB),
             lookup(kl.dot), lookup(kl.store)};
    b.setInsertionPoint(pk.loop);
    emitProducerTile(pk, map.lookup(it0), numK);
    pk.store.erase();
    pk.loop.erase();

    if (clustered) {
      // No block leaves while its peer may still multicast into it or
      // arrive on its barriers.
      b.setInsertionPointAfter(roles);
      syncCluster();
    }
    b.setInsertionPointToStart(roles.elseBlock());
    NVVM::SetMaxRegisterOp::create(b, loc, KernelConfig::kConsumerRegisters,
                                   NVVM::SetMaxRegisterAction::increase);
    if (cfg.isPingpong())
      return emitPingpongConsumer(tileLoop, kl, it0, numK);
    b.setInsertionPoint(kl.loop);
    setTileOrigin(kl);
    Value acc = emitConsumerK(it0, numK);
    emitEpilogue(acc);
    b.setInsertionPointAfter(tileLoop);
    waitStoresRead();
  }

private:
  /// Pingpong: warpgroup w takes the program's tiles j = w, w + 2, ...
  /// (ring positions from j numK, the producer's numbering). An ordered
  /// barrier alternates the warpgroups' mainloops, and their epilogues:
  /// besides overlapping one's epilogue with the other's wgmma, it keeps
  /// every full-barrier wait at most one phase ahead, which parity waits
  /// need (a warpgroup starts tile j once the other waited tile j - 1).
  void emitPingpongConsumer(scf::ForOp tileLoop, KLoop kl, Value it0,
                            Value numK) {
    b.setInsertionPoint(tileLoop);
    Value isWG0 =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, wg, cst(0));
    Value other = arith::SubIOp::create(b, loc, cst(1), wg);
    Value myMain = wg, otherMain = other;
    Value myEpilogue = add(wg, 2), otherEpilogue = add(other, 2);
    Value step = tileLoop.getStep();
    tileLoop.setLowerBound(
        add(tileLoop.getLowerBound(), arith::MulIOp::create(b, loc, wg, step)));
    tileLoop.setStep(add(step, step));
    unsigned itIdx = cast<BlockArgument>(it0).getArgNumber() -
                     tileLoop.getNumInductionVars();
    tileLoop.getInitArgsMutable()[itIdx].assign(
        arith::MulIOp::create(b, loc, wg, numK));
    Value twoK = add(numK, numK);
    auto yield = cast<scf::YieldOp>(tileLoop.getBody()->getTerminator());
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(yield);
      yield->setOperand(itIdx, add(it0, twoK));
    }
    // The turn's phase: WG0 goes first (parity 1 passes on a fresh
    // barrier), then each turn flips it.
    IRRewriter rewriter(b.getContext());
    FailureOr<LoopLikeOpInterface> grownOr =
        tileLoop.replaceWithAdditionalYields(
            rewriter, isWG0, /*replaceInitOperandUsesInLoop=*/false,
            [&](OpBuilder &yb, Location l, ArrayRef<BlockArgument> args) {
              Value t = arith::ConstantOp::create(yb, l, yb.getBoolAttr(true));
              return SmallVector<Value>{
                  arith::XOrIOp::create(yb, l, args[0], t)};
            });
    assert(succeeded(grownOr) && "scf.for takes more iter_args");
    auto grown = cast<scf::ForOp>(grownOr->getOperation());
    it0 = grown.getRegionIterArgs()[itIdx];
    Value phase = grown.getRegionIterArgs().back();

    b.setInsertionPoint(kl.loop);
    setTileOrigin(kl);
    waitTurn(myMain, phase);
    Value acc = emitConsumerK(it0, numK, [&] { passTurn(otherMain); });
    waitTurn(myEpilogue, phase);
    emitEpilogue(acc);
    passTurn(otherEpilogue);
    b.setInsertionPointAfter(grown);
    waitStoresRead();
  }

  void waitTurn(Value which, Value phase) {
    nvgpu::MBarrierTryWaitParityOp::create(b, loc, order, phase,
                                           cst(kTryWaitTicks),
                                           which);
  }
  /// Every thread of the warpgroup arrives (the barrier counts 128).
  void passTurn(Value which) {
    nvgpu::MBarrierArriveOp::create(b, loc, order, which);
  }

  /// Producer: for each K step, waits until the consumers released the
  /// stage, then arms it and loads it.
  void emitProducerTile(KLoop pk, Value it0, Value numK) {
    setTileOrigin(pk);
    auto loop = scf::ForOp::create(b, loc, cst(0), numK, cst(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Value it = add(it0, k);
    Value stage = rem(it, stages);
    // The empty barrier's phase for round n completes when the consumers
    // are done with round n - 1; round 0 waits for the phase "before" a
    // fresh barrier, which has completed.
    Value evenRound = arith::XOrIOp::create(
        b, loc, oddRound(it),
        arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
    if (clustered)
      NVVM::MBarrierTryWaitParityOp::create(
          b, loc, emptyPtr(stage),
          arith::ExtUIOp::create(b, loc, b.getI32Type(), evenRound),
          i32(kTryWaitTicks));
    else
      nvgpu::MBarrierTryWaitParityOp::create(b, loc, empty, evenRound,
                                             cst(kTryWaitTicks), stage);
    emitLoads(k, stage, Value());
  }

  /// Consumers: the K loop over the ring; each step waits for its stage,
  /// runs wgmma and releases the stage the previous step read.
  /// `issued` runs once every wgmma is issued, before waiting for them.
  Value emitConsumerK(Value it0, Value numK,
                      function_ref<void()> issued = nullptr) {
    scf::ForOp loop = emitMmaLoop(it0, numK, [&](Value k, Value it) {
      emitRelease(add(it, stages - 1), ult(cst(0), k));
    });
    if (issued)
      issued();
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t(0));
    emitRelease(add(add(it0, numK), stages - 1), ult(cst(0), numK));
    return loop.getResult(0);
  }

  /// `n` mbarriers counting `count` arrivals each, initialised by thread 0.
  Value createBarriers(int64_t n, int64_t count) {
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    Value group = nvgpu::MBarrierCreateOp::create(
        b, loc, nvgpu::MBarrierGroupType::get(b.getContext(), workgroup, n));
    for (int64_t i = 0; i < n; ++i)
      nvgpu::MBarrierInitOp::create(b, loc, group, cst(count), cst(i),
                                    isThread0);
    return group;
  }

  /// The tile's first row and column, from the K loop's loads.
  void setTileOrigin(KLoop kl) {
    mRow0 = kl.loadA.getRow();
    nCol0 = kl.loadB.getCol();
  }

  Value stageA(Value stage) { return add(base, mul(stage, aStageBytes)); }
  Value stageB(Value stage) {
    return add(add(base, stages * aStageBytes), mul(stage, bStageBytes));
  }
  Value view(Value byteOffset, ArrayRef<int64_t> shape, Type type) {
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                                gpu::AddressSpace::Workgroup);
    return memref::ViewOp::create(
        b, loc,
        MemRefType::get(shape, type, MemRefLayoutAttrInterface(), workgroup),
        smem, byteOffset, ValueRange{});
  }

  /// Thread 0 arms stage it % S and copies K step `k` into it, if k < numK.
  void emitIssue(Value k, Value it, Value numK) {
    emitLoads(k, rem(it, stages), andi(isThread0, ult(k, numK)));
  }

  /// Arms `stage` with the bytes of one K step and copies step `k` into it
  /// (if `pred`, when given).
  void emitLoads(Value k, Value stage, Value pred) {
    Value k0 = mul(k, kBoxCols);
    if (kBase)
      k0 = add(kBase, k0);
    nvgpu::MBarrierArriveExpectTxOp::create(
        b, loc, bars, cst(aStageBytes + bStageBytes), stage, pred);
    // Coordinates innermost first: the operand's contiguous dimension.
    for (int64_t i = 0; i < cfg.blockM / aBoxRows(); ++i) {
      Value ai = view(add(stageA(stage), i * kBoxBytes), {aBoxRows(), kBoxCols},
                      elt);
      Value m0 = add(mRow0, i * kBoxCols);
      nvgpu::TmaAsyncLoadOp::create(
          b, loc, ai, bars, tmaA,
          aKMajor ? ValueRange{k0, mRow0} : ValueRange{m0, k0}, stage,
          Value(), pred);
    }
    // In a cluster, block j % cluster_m loads B box j for every block.
    Value mask;
    if (clustered)
      mask = arith::ConstantOp::create(
          b, loc, b.getI16IntegerAttr((1 << cfg.clusterM) - 1));
    for (int64_t j = 0; j < cfg.blockN / kBoxCols; ++j) {
      Value bj = view(add(stageB(stage), j * kBoxBytes), {kBoxCols, kBoxCols},
                      elt);
      Value owner = pred;
      if (clustered) {
        owner = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rank,
                                      cst(j % cfg.clusterM));
        if (pred)
          owner = andi(pred, owner);
      }
      Value n0 = add(nCol0, j * kBoxCols);
      nvgpu::TmaAsyncLoadOp::create(
          b, loc, bj, bars, tmaB,
          bKMajor ? ValueRange{k0, n0} : ValueRange{n0, k0}, stage, mask,
          owner);
    }
  }

  /// The K loop over ring positions it0 + k: each step's wgmma, then
  /// `afterMma(k, it)`; yields the accumulator.
  scf::ForOp emitMmaLoop(Value it0, Value numK,
                         function_ref<void(Value, Value)> afterMma) {
    auto accType = nvgpu::WarpgroupAccumulatorType::get(
        b.getContext(), VectorType::get({wgTileM, cfg.blockN}, b.getF32Type()));
    // Before the loop: between wgmma.fence and the wgmma, ptxas would
    // serialise the warpgroup (C7517).
    Value acc0 = nvgpu::WarpgroupMmaInitAccumulatorOp::create(b, loc, accType);
    auto loop = scf::ForOp::create(b, loc, cst(0), numK, cst(1), acc0);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Value it = add(it0, k);
    Value acc = emitMma(it, loop.getRegionIterArgs()[0]);
    afterMma(k, it);
    scf::YieldOp::create(b, loc, acc);
    return loop;
  }

  /// The warpgroup's wgmma over one stage, after waiting for it to fill;
  /// wait_group 1: the previous step's wgmma is done when this returns.
  Value emitMma(Value it, Value acc) {
    Value stage = rem(it, stages);
    nvgpu::MBarrierTryWaitParityOp::create(b, loc, bars, oddRound(it),
                                           cst(kTryWaitTicks), stage);
    // The warpgroup's rows start wgRow x 128 bytes in, K-major (rows of
    // 128 bytes) or M-major (boxes of 64 rows of 8192 bytes) alike.
    Value aView = view(add(stageA(stage), mul(wgRow, 2 * kBoxCols)),
                       {wgTileM, kBoxCols}, elt);
    Value bView = view(stageB(stage), {kBoxCols, cfg.blockN}, elt);
    auto descType = [&](Value v) {
      return nvgpu::WarpgroupMatrixDescriptorType::get(
          b.getContext(), cast<MemRefType>(v.getType()));
    };
    Value descA = nvgpu::WarpgroupGenerateDescriptorOp::create(
        b, loc, descType(aView), aView, tmaA);
    Value descB = nvgpu::WarpgroupGenerateDescriptorOp::create(
        b, loc, descType(bView), bView, tmaB);
    // wgmma's own orientation is A and B K-major; upstream's verifier
    // refuses transposeA without transposeB, so an M-major A is said with
    // tile.transpose_a, which tile-nvgpu-to-nvvm's lowering reads.
    auto mma = nvgpu::WarpgroupMmaOp::create(
        b, loc, acc.getType(), descA, descB, /*waitGroup=*/uint64_t(1),
        /*transposeA=*/nullptr,
        /*transposeB=*/bKMajor ? nullptr : b.getUnitAttr(), acc);
    if (!aKMajor)
      mma->setAttr(TileDialect::kTransposeAAttrName, b.getUnitAttr());
    return mma;
  }

  /// Whether ring position `it` is in an odd round of the ring: the phase
  /// parity its barriers complete with.
  Value oddRound(Value it) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                 rem(div(it, stages), 2), cst(0));
  }

  /// Warp-specialized: consumer threads release ring position `it` (when
  /// `pred`): an arrive with no bytes, predicated rather than branched on,
  /// since a branch in the K loop makes LLVM peel it and ptxas serialise
  /// the wgmma.
  /// In a cluster, thread r < cluster_m of each consumer warpgroup arrives
  /// on block r's barrier.
  void emitRelease(Value it, Value pred) {
    if (!clustered) {
      nvgpu::MBarrierArriveExpectTxOp::create(b, loc, empty, cst(0),
                                              rem(it, stages), pred);
      return;
    }
    Value lane = rem(tid, kWarpgroupThreads);
    Value target = rem(lane, cfg.clusterM);
    Value remote = NVVM::MapaOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext(), /*sharedCluster=*/7),
        emptyPtr(rem(it, stages)),
        arith::IndexCastOp::create(b, loc, b.getI32Type(), target));
    // NVVM's arrive ops take no predicate on a cluster address.
    NVVM::InlinePtxOp::create(
        b, loc, TypeRange(), ValueRange{remote}, ValueRange(),
        "mbarrier.arrive.shared::cluster.b64 _, [$0];",
        andi(pred, ult(lane, cst(cfg.clusterM))));
  }

  Value i32(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  }

  /// The raw empty mbarrier of `stage` (clusters), as a shared pointer.
  Value emptyPtr(Value stage) {
    Value at = add(add(smemAddr, add(base, emptyOffset)), mul(stage, 8));
    return LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext(), /*shared=*/3),
        arith::IndexCastOp::create(b, loc, b.getI64Type(), at),
        LLVM::DereferenceableAttr());
  }

  /// Every thread of both blocks of the cluster (not .aligned: the
  /// producer's idle threads arrive without its leader).
  void syncCluster() {
    NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
    NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
  }

  /// Synchronises the threads whose accumulators one TMA store issue
  /// covers: the block, or (warp-specialized) the warpgroup, with named
  /// barrier 1 + wg. bar.sync 0 would wait for the producer forever.
  void syncStagingWriters() {
    if (!cfg.isWarpSpecialized()) {
      gpu::BarrierOp::create(b, loc);
      return;
    }
    Value id = arith::AddIOp::create(
        b, loc, i32(1), arith::IndexCastOp::create(b, loc, b.getI32Type(), wg));
    NVVM::BarrierOp::create(b, loc, Type(), id, i32(kWarpgroupThreads), {},
                            Value());
  }

  /// The thread that issues the TMA stores: one per warpgroup when
  /// warpgroups store apart (warp-specialized), else thread 0.
  Value storeIssuer() {
    return cfg.isWarpSpecialized() ? isWarpgroupLeader : isThread0;
  }

  /// The issuer waits until its TMA stores have read the staging tiles.
  void waitStoresRead() {
    auto ifOp = scf::IfOp::create(b, loc, storeIssuer());
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, /*group=*/0,
                                         /*read=*/b.getUnitAttr());
  }

  /// Warpgroup `w`'s staging tile: block_n / cBoxCols boxes of wgTileM rows.
  Value stagingOf(Value w) {
    Value at = cfg.isWarpSpecialized() ? add(base, ring) : base;
    return add(at, mul(w, wgStagingBytes));
  }

  /// Accumulator -> C's type in the swizzled boxes of C's descriptor ->
  /// TMA stores (clipped to C). Warp-specialized, each warpgroup stores its
  /// own rows and goes on to its next tile while the stores read; their
  /// reads are waited for only before the staging tile is written again.
  /// Otherwise staging overlaps the ring, and thread 0 waits before it
  /// refills the ring.
  void emitEpilogue(Value acc) {
    bool ws = cfg.isWarpSpecialized();
    if (ws) {
      waitStoresRead();
      syncStagingWriters();
    }
    Value staging =
        view(stagingOf(wg), {wgTileM, cfg.blockN}, cElt);
    auto store = nvgpu::WarpgroupMmaStoreOp::create(b, loc, acc, staging);
    store->setAttr(TileDialect::kTmaStagingAttrName, b.getUnitAttr());
    // The writes (generic proxy) before TMA's reads (async proxy).
    NVVM::FenceProxyOp::create(
        b, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(b.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    syncStagingWriters();

    Value pred = storeIssuer();
    auto storeRows = [&](Value w, Value rowOffset) {
      Value tile = stagingOf(w);
      for (int64_t j = 0; j < cfg.blockN / cBoxCols; ++j) {
        Value box = view(add(tile, j * wgTileM * kSwizzleRowBytes),
                         {wgTileM, cBoxCols}, cElt);
        nvgpu::TmaAsyncStoreOp::create(
            b, loc, box, tmaC,
            ValueRange{add(nCol0, j * cBoxCols), add(mRow0, rowOffset)}, pred);
      }
    };
    if (ws) {
      storeRows(wg, wgRow);
    } else {
      for (int64_t w = 0; w < cfg.mmaThreads() / kWarpgroupThreads; ++w)
        storeRows(cst(w), cst(w * wgTileM));
    }
    auto ifOp = scf::IfOp::create(b, loc, pred);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
    if (!ws)
      NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, /*group=*/0,
                                           /*read=*/b.getUnitAttr());
  }

  /// Split-K: the partial sum to the program's slot; the last program of
  /// the tile adds the slots (see the file comment).
  void emitSplitEpilogue(Value acc, StoreOp store) {
    MLIRContext *ctx = b.getContext();
    Type f32 = b.getF32Type(), i32Type = b.getI32Type();
    int64_t slot = cfg.blockM * cfg.blockN;
    int64_t record = cfg.workspaceTileBytes() / 4; // in f32 or i32 elements
    // split-K's constant may sit after the K loop this code replaces.
    std::optional<int64_t> constParts = getConstantIntValue(store.getParts());
    Value parts = constParts ? cst(*constParts) : store.getParts();
    Value c = store.getBase();
    Value tiles = buildNumTiles(b, loc, c, cfg);
    Value m = memref::DimOp::create(b, loc, c, 0);
    Value n = memref::DimOp::create(b, loc, c, 1);
    auto i64 = [&](Value v) {
      return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
    };
    auto flat = [&](Type elt, int64_t perRecord) {
      return memrefFromPointer(
          b, loc, MemRefType::get({ShapedType::kDynamic}, elt), workspace,
          {i64(mul(tiles, perRecord))},
          {arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1))},
          indexBits);
    };
    Value partials = flat(f32, record);
    Value counts = flat(i32Type, record);
    Value tileRecord = mul(store.getTile(), record);

    // This warpgroup's rows of the program's slot.
    auto rowsType = MemRefType::get(
        {wgTileM, cfg.blockN}, f32,
        StridedLayoutAttr::get(ctx, ShapedType::kDynamic, {cfg.blockN, 1}));
    OpFoldResult offset = add(add(tileRecord, mul(store.getSplit(), slot)),
                              mul(wgRow, cfg.blockN));
    Value rows = memref::ReinterpretCastOp::create(
        b, loc, rowsType, partials, offset,
        ArrayRef<OpFoldResult>{b.getIndexAttr(wgTileM),
                               b.getIndexAttr(cfg.blockN)},
        ArrayRef<OpFoldResult>{b.getIndexAttr(cfg.blockN), b.getIndexAttr(1)});
    nvgpu::WarpgroupMmaStoreOp::create(b, loc, acc, rows);
    gpu::BarrierOp::create(b, loc);

    // Thread 0 arrives for the block, between fences at GPU scope: the
    // first releases every thread's partial (ordered before it by the
    // block barrier), the second acquires the other programs' partials for
    // the whole block (the next barrier orders its reads after it), as
    // CUTLASS's split-K semaphore does. The block learns through shared
    // memory whether it was last.
    Value countAt = add(tileRecord, cfg.workspaceSlots() * slot);
    Value flag = view(add(base, flagOffset), {1}, i32Type);
    {
      auto arrive = scf::IfOp::create(b, loc, isThread0);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(arrive.thenBlock());
      NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
      Value before = memref::AtomicRMWOp::create(
          b, loc, arith::AtomicRMWKind::addi, i32(1), counts, countAt);
      NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU);
      Value last = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, before,
          arith::IndexCastOp::create(b, loc, i32Type, sub(parts, cst(1))));
      memref::StoreOp::create(b, loc,
                              arith::ExtUIOp::create(b, loc, i32Type, last),
                              flag, cst(0));
    }
    gpu::BarrierOp::create(b, loc);
    Value isLast = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        memref::LoadOp::create(b, loc, flag, cst(0)), i32(0));
    auto ifLast = scf::IfOp::create(b, loc, isLast);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifLast.thenBlock());

    // Thread t adds 4 neighbouring columns at elements 4 (g T + t) of the
    // tile, for g < G: one 16-byte load per slot; G in chunks of at most 8
    // groups (32 accumulator registers beside the tile's accumulator).
    int64_t threads = cfg.mmaThreads();
    int64_t groups = slot / (4 * threads);
    int64_t perChunk = 8;
    while (groups % perChunk)
      perChunk /= 2;
    auto vec = VectorType::get({4}, f32);
    auto cVec = VectorType::get({4}, cElt);
    int64_t cAlign = 4 * cElt.getIntOrFloatBitWidth() / 8;
    auto chunks =
        scf::ForOp::create(b, loc, cst(0), cst(groups / perChunk), cst(1));
    b.setInsertionPointToStart(chunks.getBody());
    SmallVector<Value> zeros(
        perChunk, arith::ConstantOp::create(
                      b, loc, vec, DenseElementsAttr::get(vec, 0.0f)));
    SmallVector<Value> at;
    for (int64_t g = 0; g < perChunk; ++g)
      at.push_back(mul(
          add(add(mul(chunks.getInductionVar(), perChunk * threads), tid),
              g * threads),
          4));
    auto sum = scf::ForOp::create(
        b, loc, cst(0), parts, cst(1), zeros,
        [&](OpBuilder &lb, Location l, Value s, ValueRange sums) {
          OpBuilder::InsertionGuard inner(b);
          b.setInsertionPoint(lb.getInsertionBlock(), lb.getInsertionPoint());
          Value first = add(tileRecord, mul(s, slot));
          SmallVector<Value> next;
          for (int64_t g = 0; g < perChunk; ++g) {
            Value part = vector::LoadOp::create(
                b, l, vec, partials, ValueRange{add(first, at[g])},
                /*nontemporal=*/false, llvm::MaybeAlign(16));
            next.push_back(arith::AddFOp::create(b, l, sums[g], part));
          }
          scf::YieldOp::create(b, l, next);
        });
    // Rows past M and column groups past N are dropped (N is a multiple
    // of 8, so a group lies wholly inside or outside).
    for (int64_t g = 0; g < perChunk; ++g) {
      Value row = add(mRow0, div(at[g], cfg.blockN));
      Value col = add(nCol0, rem(at[g], cfg.blockN));
      auto inside = scf::IfOp::create(b, loc, andi(ult(row, m), ult(col, n)));
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(inside.thenBlock());
      Value v = sum.getResult(g);
      if (cElt != f32)
        v = arith::TruncFOp::create(b, loc, cVec, v);
      vector::StoreOp::create(b, loc, v, c, ValueRange{row, col},
                              /*nontemporal=*/false, llvm::MaybeAlign(cAlign));
    }
    b.setInsertionPointAfter(chunks);
    auto reset = scf::IfOp::create(b, loc, isThread0);
    b.setInsertionPointToStart(reset.thenBlock());
    memref::StoreOp::create(b, loc, i32(0), counts, countAt);
  }

  const KernelConfig &cfg;
  int64_t stages;
  bool clustered; // cluster_m > 1
  bool aKMajor;   // A row-major: K contiguous
  bool bKMajor;   // B transposed: K contiguous
  Type elt;
  int64_t wgTileM; // rows per warpgroup
  Type cElt;
  int64_t aStageBytes, bStageBytes, ring, sharedBytes;
  int64_t cBoxCols;       // C elements in a 128-byte box row
  int64_t wgStagingBytes; // one warpgroup's staging tile
  int64_t emptyOffset;    // from base: the raw empty barriers (clusters)
  Value tid, wg, wgRow, isThread0, isWarpgroupLeader, smem, base, bars, empty,
      order, tmaA, tmaB, tmaC;
  Value smemAddr, rank; // clusters: the buffer's address, the block's rank
  Value mRow0, nCol0; // the current tile's first row and column
  // Split-K: the program's first K element, the workspace pointer and the
  // kernel's index width.
  Value kBase, workspace;
  unsigned indexBits = 64;
  int64_t flagOffset = 0; // from base: the last-arrival flag
};

LogicalResult lowerKernel(gpu::GPUFuncOp func, const KernelConfig &cfg) {
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
  bool aKMajor = *aUnit == 1, bKMajor = *bUnit == 0;
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
  if (cfg.isWarpSpecialized() && !isa<scf::ForOp>(kl.loop->getParentOp()))
    return func.emitError("tile-to-wgmma: warp-specialize=")
           << stringifyWarpSpecialize(cfg.warpSpecialize)
           << " needs schedule=persistent (the producer and the consumers "
              "walk the tile loop)";
  WgmmaLowering lw(
      b, loc, cfg, aType.getElementType(),
      cast<MemRefType>(kl.store.getBase().getType()).getElementType(), aKMajor,
      bKMajor);
  lw.emitSetup(func.getArgument(tmaArg), func.getArgument(tmaArg + 1),
               func.getArgument(tmaArg + 2));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);

  // K steps per tile: where K is defined (outside any tile loop), or at the
  // K loop for a program's share (split-K, Stream-K).
  Value kDim = kl.loop.getUpperBound();
  OpBuilder kb(b.getContext());
  kb.setInsertionPointAfterValue(kDim);
  IndexMath km(kb, loc);
  Value numK;
  if (cfg.usesWorkspace()) {
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
    lw.setSplit(kBegin, func.getArgument(tmaArg + 3), bits.getInt());
  } else {
    if (!matchPattern(kl.loop.getLowerBound(), m_Zero()))
      return func.emitError("tile-to-wgmma: the K loop must start at 0");
    numK = km.ceilDiv(kDim, kBoxCols);
  }

  // A persistent tile loop carries the K-step count into the next tile.
  Value it0 = zero;
  auto tileLoop = dyn_cast<scf::ForOp>(kl.loop->getParentOp());
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
    lw.emitWarpSpecialized(tileLoop, kl, it0, numK);
  } else {
    b.setInsertionPoint(kl.loop);
    lw.emitTile(kl, it0, numK);
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
            ab.getI64ArrayAttr({kBoxCols, lw.aBoxRows()}));
  attrs.set(manifestKey(Field::TmaBoxB),
            ab.getI64ArrayAttr({kBoxCols, kBoxCols}));
  attrs.set(manifestKey(Field::TmaBoxC),
            ab.getI64ArrayAttr({lw.cBoxColumns(), cfg.rowsPerWarpgroup()}));
  attrs.set(manifestKey(Field::TmaSwizzleBytes), ab.getI64IntegerAttr(128));
  if (cfg.usesWorkspace())
    attrs.set(manifestKey(Field::WorkspaceTileBytes),
              ab.getI64IntegerAttr(cfg.workspaceTileBytes()));
  // TMA addresses rows at multiples of 16 bytes (cuTensorMapEncodeTiled's
  // global strides): the contiguous size of each operand (A's K or M, B's N
  // or K, C's N) must be a multiple of 8 elements. The manifest states what
  // this asks of a shape; the runners enforce it.
  int64_t rowMultiple = 16 / (aType.getElementTypeBitWidth() / 8);
  attrs.set(manifestKey(Field::KMultiple),
            ab.getI64IntegerAttr(aKMajor || bKMajor ? rowMultiple : 1));
  attrs.set(manifestKey(Field::NMultiple), ab.getI64IntegerAttr(rowMultiple));
  if (!aKMajor)
    attrs.set(manifestKey(Field::MMultiple), ab.getI64IntegerAttr(rowMultiple));
  func->setAttr(kAbiAttrName, attrs.getDictionary(b.getContext()));
  return success();
}

} // namespace

LogicalResult mlir::tile::lowerTileToWGMMA(gpu::GPUFuncOp func) {
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
  return lowerKernel(func, *cfg);
}

namespace {

struct TileToWGMMAPass : tile::impl::TileToWGMMABase<TileToWGMMAPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(lowerTileToWGMMA(func)))
        return signalPassFailure();
  }
};

} // namespace
