//===- Mainloop.cpp - tile-to-wgmma's TMA + mbarrier ring and wgmma -------===//
//
// The ring of stages, as the file comment of TileToWGMMA.cpp describes it:
// TMA fills stage k % S for K step k and arms its full barrier with the
// bytes to expect; wgmma reads it in place through descriptors that say
// each operand's orientation.
//
//===----------------------------------------------------------------------===//

#include "WgmmaLowering.h"

#include "tile/Dialect/Tile/IR/TileDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::wgmma;

void Mainloop::emitBarriers() {
  bars = createBarriers(stages, 1);
  if (cfg.isWarpSpecialized() && clustered) {
    // One thread per consumer warpgroup and block of the cluster releases
    // a stage (the warpgroup's wgmma reads are complete for all of it).
    rank = arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        NVVM::ClusterId::create(b, loc, b.getI32Type()));
    for (int64_t s = 0; s < stages; ++s)
      NVVM::MBarrierInitOp::create(
          b, loc, emptyPtr(cst(s)),
          i32(cfg.clusterM * (cfg.tileThreads() / kWarpgroupThreads)),
          blk.isThread0);
  } else if (cfg.isWarpSpecialized()) {
    // Every consumer thread that read a stage releases it.
    empty = createBarriers(stages, cfg.tileThreads());
  }
}

void Mainloop::emitTensorMaps(Value tmaAPtr, Value tmaBPtr, Value tmaATailPtr) {
  mapA = tensorMap(aBoxRows(), kBoxCols, elt, tmaAPtr);
  mapB = tensorMap(bBoxRows(), kBoxCols, elt, tmaBPtr);
  if (aTailRows() != aBoxRows()) {
    mapATail = tensorMap(aTailRows(), kBoxCols, elt, tmaATailPtr);
    aPtr = tmaAPtr;
    aTailPtr = tmaATailPtr;
  }
}

Value Mainloop::stageA(Value stage) {
  return add(blk.base, mul(stage, layout.aStageBytes));
}
Value Mainloop::stageB(Value stage) {
  return add(add(blk.base, layout.bOffset), mul(stage, layout.bStageBytes));
}

void Mainloop::emitIssue(Value k, Value it, Value numK) {
  emitLoads(k, rem(it, stages), andi(blk.isThread0, ult(k, numK)));
}

/// A K-major tile partly past M loads boxes of 64 rows, none wholly past M:
/// TMA's zero fill of a box's rows past M costs more time than loading
/// them (a 128 x 128 tile at M = 144 runs 1.5x longer), while a tile whose
/// last box reaches M loads one box (two cost ~1% more).
int64_t Mainloop::aTailRows() const {
  return aKMajor && cfg.blockM % kBoxCols == 0 ? kBoxCols : aBoxRows();
}

/// Arms `stage` with the bytes of one K step and copies step `k` into it
/// (if `pred`, when given). A's boxes (M-major) or tail boxes (K-major)
/// wholly past M are not issued: their part of the stage keeps stale rows,
/// which reach only rows of C that are not stored.
void Mainloop::emitLoads(Value k, Value stage, Value pred) {
  Value k0 = mul(k, kBoxCols);
  if (kBase)
    k0 = add(kBase, k0);
  int64_t rows = aKMajor ? aTailRows() : kBoxCols, loads = cfg.blockM / rows;
  int64_t loadBytes = rows * kBoxCols * 2;
  Value issued = cst(loads);
  if (loads > 1) {
    // A tile wholly past M (a cluster's padding) loads its box, zero
    // filled, as every tile did: every tile issues its first copy, and
    // issues it unpredicated.
    Value rowsIn = sel(ult(blk.mRow0, blk.mRows), sub(blk.mRows, blk.mRow0),
                       cst(cfg.blockM));
    issued = minu(issued, ceilDiv(rowsIn, rows));
  }
  nvgpu::MBarrierArriveExpectTxOp::create(
      b, loc, bars, add(mul(issued, loadBytes), cst(layout.bStageBytes)), stage,
      pred);
  auto load = [&](Value map, int64_t i, int64_t boxRows, Value when) {
    Value at =
        view(add(stageA(stage), i * loadBytes), {boxRows, kBoxCols}, elt);
    Value m0 = add(blk.mRow0, i * rows);
    if (pred)
      when = when ? andi(pred, when) : pred;
    // Coordinates innermost first: the operand's contiguous dimension.
    nvgpu::TmaAsyncLoadOp::create(b, loc, at, bars, map,
                                  aKMajor ? ValueRange{k0, m0}
                                          : ValueRange{m0, k0},
                                  stage, Value(), when);
  };
  if (mapATail) {
    // K-major: the tile's box where every tail box would be issued, else
    // those. The first is one copy either way, through the descriptor the
    // tile selects (TMA reads the box from it): in a kernel without a
    // producer warp the issuing thread is a consumer's, and a copy more
    // per K step costs it ~5%.
    Value whole = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        issued, cst(loads));
    Value first =
        tensorMap(aBoxRows(), kBoxCols, elt,
                  arith::SelectOp::create(b, loc, whole, aPtr, aTailPtr));
    load(first, 0, aBoxRows(), Value());
    // The tail boxes between the first and the last: a tile that would
    // issue the last loads the whole box instead.
    for (int64_t i = 1; i + 1 < loads; ++i)
      load(mapATail, i, rows,
           andi(ult(cst(i), issued), ult(issued, cst(loads))));
  } else {
    for (int64_t i = 0; i < loads; ++i)
      load(mapA, i, aBoxRows(), i ? ult(cst(i), issued) : Value());
  }
  // In a cluster, block j % cluster_m loads B box j for every block.
  Value mask;
  if (clustered)
    mask = arith::ConstantOp::create(
        b, loc, b.getI16IntegerAttr((1 << cfg.clusterM) - 1));
  int64_t bRows = bBoxRows();
  for (int64_t j = 0; j < cfg.blockN / bRows; ++j) {
    Value bj = view(add(stageB(stage), j * bRows * kSwizzleRowBytes),
                    {bRows, kBoxCols}, elt);
    Value owner = pred;
    if (clustered) {
      owner = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rank,
                                    cst(j % cfg.clusterM));
      if (pred)
        owner = andi(pred, owner);
    }
    Value n0 = add(blk.nCol0, j * bRows);
    nvgpu::TmaAsyncLoadOp::create(
        b, loc, bj, bars, mapB,
        bKMajor ? ValueRange{k0, n0} : ValueRange{n0, k0}, stage, mask,
        owner);
  }
}

scf::ForOp Mainloop::emitMmaLoop(Value it0, Value numK,
                                 function_ref<void(Value, Value)> afterMma) {
  auto accType = nvgpu::WarpgroupAccumulatorType::get(
      b.getContext(),
      VectorType::get({wgTileM, cfg.mmaCols()}, b.getF32Type()));
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
Value Mainloop::emitMma(Value it, Value acc) {
  Value stage = rem(it, stages);
  nvgpu::MBarrierTryWaitParityOp::create(b, loc, bars, oddRound(it),
                                         cst(kTryWaitTicks), stage);
  // swap_ab: wgmma's A is the B stage (its rows N, K-major as stored N x
  // K, or N-major in one 64 x 64 box) and its B the A stage (K-major): the
  // rings are the same, the accumulator is C's transpose.
  bool rowsKMajor = cfg.swapAB ? bKMajor : aKMajor;
  bool colsKMajor = cfg.swapAB ? aKMajor : bKMajor;
  // The warpgroup's rows start wgRow x 128 bytes in, K-major (rows of
  // 128 bytes) or M-major (boxes of 64 rows of 8192 bytes) alike.
  auto rowsView = [&](Value at) {
    return view(add(at, mul(blk.wgRow, 2 * kBoxCols)), {wgTileM, kBoxCols},
                elt);
  };
  Value aView = rowsView(cfg.swapAB ? stageB(stage) : stageA(stage));
  Value bView = view(cfg.swapAB ? stageA(stage) : stageB(stage),
                     {kBoxCols, cfg.mmaCols()}, elt);
  auto descType = [&](Value v) {
    return nvgpu::WarpgroupMatrixDescriptorType::get(
        b.getContext(), cast<MemRefType>(v.getType()));
  };
  Value descA = nvgpu::WarpgroupGenerateDescriptorOp::create(
      b, loc, descType(aView), aView, cfg.swapAB ? mapB : mapA);
  Value descB = nvgpu::WarpgroupGenerateDescriptorOp::create(
      b, loc, descType(bView), bView, cfg.swapAB ? mapA : mapB);
  // wgmma's own orientation is A and B K-major; upstream's verifier
  // refuses transposeA without transposeB, so an M-major A is said with
  // tile.transpose_a, which tile-nvgpu-to-nvvm's lowering reads.
  auto mma = nvgpu::WarpgroupMmaOp::create(
      b, loc, acc.getType(), descA, descB, /*waitGroup=*/uint64_t(1),
      /*transposeA=*/nullptr,
      /*transposeB=*/colsKMajor ? nullptr : b.getUnitAttr(), acc);
  if (!rowsKMajor)
    mma->setAttr(TileDialect::kTransposeAAttrName, b.getUnitAttr());
  return mma;
}

/// Whether ring position `it` is in an odd round of the ring: the phase
/// parity its barriers complete with.
Value Mainloop::oddRound(Value it) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                               rem(div(it, stages), 2), cst(0));
}

void Mainloop::emitProducerTile(KLoop pk, Value it0, Value numK) {
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

Value Mainloop::emitConsumerK(Value it0, Value numK,
                              function_ref<void()> issued) {
  scf::ForOp loop = emitMmaLoop(it0, numK, [&](Value k, Value it) {
    emitRelease(add(it, stages - 1), ult(cst(0), k));
  });
  if (issued)
    issued();
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t(0));
  emitRelease(add(add(it0, numK), stages - 1), ult(cst(0), numK));
  return loop.getResult(0);
}

/// Warp-specialized: consumer threads release ring position `it` (when
/// `pred`): an arrive with no bytes, predicated rather than branched on,
/// since a branch in the K loop makes LLVM peel it and ptxas serialise
/// the wgmma.
/// In a cluster, thread r < cluster_m of each consumer warpgroup arrives
/// on block r's barrier.
void Mainloop::emitRelease(Value it, Value pred) {
  if (!clustered) {
    nvgpu::MBarrierArriveExpectTxOp::create(b, loc, empty, cst(0),
                                            rem(it, stages), pred);
    return;
  }
  Value lane = rem(blk.tid, kWarpgroupThreads);
  Value target = rem(lane, cfg.clusterM);
  Value rank = arith::IndexCastOp::create(b, loc, b.getI32Type(), target);
  Value remote = peerPtr(emptyPtr(rem(it, stages)), rank);
  // NVVM's arrive ops take no predicate on a cluster address.
  NVVM::InlinePtxOp::create(
      b, loc, TypeRange(), ValueRange{remote}, ValueRange(),
      "mbarrier.arrive.shared::cluster.b64 _, [$0];",
      andi(pred, ult(lane, cst(cfg.clusterM))));
}

/// The raw empty mbarrier of `stage` (clusters), as a shared pointer.
Value Mainloop::emptyPtr(Value stage) {
  return sharedPtr(add(add(blk.smemAddr, add(blk.base, layout.emptyOffset)),
                       mul(stage, 8)));
}
