//===- KernelSchedule.cpp - tile-to-wgmma's setup, tiles and warpgroups ---===//
//
// The block's setup, and the order in which it runs the mainloop and the
// epilogue: per tile for the whole block, or warp-specialized (producer,
// cooperative or pingpong consumers, clusters) as the file comment of
// TileToWGMMA.cpp describes. Also the helpers every piece shares.
//
//===----------------------------------------------------------------------===//

#include "WgmmaLowering.h"

#include "tile/Conversion/KernelABI.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::wgmma;

//===----------------------------------------------------------------------===//
// Piece
//===----------------------------------------------------------------------===//

Value Piece::createBarriers(int64_t n, int64_t count) {
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  Value group = nvgpu::MBarrierCreateOp::create(
      b, loc, nvgpu::MBarrierGroupType::get(b.getContext(), workgroup, n));
  for (int64_t i = 0; i < n; ++i)
    nvgpu::MBarrierInitOp::create(b, loc, group, cst(count), cst(i),
                                  blk.isThread0);
  return group;
}

Value Piece::view(Value byteOffset, ArrayRef<int64_t> shape, Type type) {
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  return memref::ViewOp::create(
      b, loc,
      MemRefType::get(shape, type, MemRefLayoutAttrInterface(), workgroup),
      blk.smem, byteOffset, ValueRange{});
}

Value Piece::tensorMap(int64_t rows, int64_t cols, Type type, Value ptr,
                       int64_t swizzleBytes) {
  MLIRContext *ctx = b.getContext();
  auto box = MemRefType::get(
      {rows, cols}, type, MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
  auto swizzle = swizzleBytes == 128 ? nvgpu::TensorMapSwizzleKind::SWIZZLE_128B
                 : swizzleBytes == 64
                     ? nvgpu::TensorMapSwizzleKind::SWIZZLE_64B
                     : nvgpu::TensorMapSwizzleKind::SWIZZLE_32B;
  auto map = nvgpu::TensorMapDescriptorType::get(
      ctx, box, swizzle, nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
  return UnrealizedConversionCastOp::create(b, loc, map, ptr).getResult(0);
}

void Piece::setTileOrigin(KLoop kl) {
  blk.mRow0 = kl.loadA.getRow();
  // A is M x K in every layout (an M-major A only strides it otherwise).
  blk.mRows = memref::DimOp::create(b, loc, kl.loadA.getBase(), 0);
  blk.nCol0 = kl.loadB.getCol();
}

void Piece::syncCluster() {
  NVVM::ClusterArriveOp::create(b, loc, UnitAttr());
  NVVM::ClusterWaitOp::create(b, loc, UnitAttr());
}

Value Piece::sharedPtr(Value addr) {
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), /*shared=*/3),
      arith::IndexCastOp::create(b, loc, b.getI64Type(), addr),
      LLVM::DereferenceableAttr());
}

Value Piece::peerPtr(Value local, Value rank) {
  return NVVM::MapaOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), /*sharedCluster=*/7),
      local, rank);
}

Value Piece::i32(int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
}

//===----------------------------------------------------------------------===//
// KernelSchedule
//===----------------------------------------------------------------------===//

void KernelSchedule::emitSetup(ValueRange maps) {
  MLIRContext *ctx = b.getContext();
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  blk.tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  blk.wg = div(blk.tid, kWarpgroupThreads);
  // Pingpong warpgroups each compute whole tiles.
  blk.wgRow = cfg.isPingpong() ? cst(0) : mul(blk.wg, wgTileM);
  blk.isThread0 = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        blk.tid, cst(0));
  blk.isWarpgroupLeader =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                            rem(blk.tid, kWarpgroupThreads), cst(0));
  blk.smem = memref::AllocOp::create(
      b, loc,
      MemRefType::get({layout.sharedBytes}, b.getI8Type(),
                      MemRefLayoutAttrInterface(), workgroup));
  // Dynamic shared memory follows the (static) barriers: align at run time.
  blk.smemAddr =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, blk.smem);
  blk.base = andi(arith::SubIOp::create(b, loc, cst(0), blk.smemAddr),
                  cst(kSwizzleAtom - 1));

  mainloop.emitBarriers();
  if (cfg.isPingpong()) {
    // The consumers' turns: [mainloop WG0, mainloop WG1, epilogue WG0,
    // epilogue WG1], each passed by the other warpgroup's 128 threads.
    order = createBarriers(4, kWarpgroupThreads);
  }
  // Makes the initialised barriers visible to TMA's complete_tx (the
  // async proxy) before the first copy.
  NVVM::FenceMbarrierInitOp::create(b, loc);

  using tile_manifest::ParamRole;
  auto map = [&](ParamRole role) {
    return maps[size_t(role) - size_t(ParamRole::TmaA)];
  };
  mainloop.emitTensorMaps(map(ParamRole::TmaA), map(ParamRole::TmaB),
                          map(ParamRole::TmaATail));
  epilogue.emitTensorMap(map(ParamRole::TmaC));
  for (Value map :
       {mainloop.tmaA(), mainloop.tmaB(), epilogue.tmaC(), mainloop.tmaATail()})
    if (map)
      nvgpu::TmaPrefetchOp::create(b, loc, map, blk.isThread0);
  if (clustered) {
    // The peer's barriers are initialised before its multicast copies
    // and remote arrives reach them.
    syncCluster();
    return;
  }
  gpu::BarrierOp::create(b, loc);
}

void KernelSchedule::emitTile(KLoop kl, Value it0, Value numK) {
  setTileOrigin(kl);
  for (int64_t p = 0; p + 1 < stages; ++p)
    mainloop.emitIssue(cst(p), add(it0, p), numK);

  scf::ForOp loop = mainloop.emitMmaLoop(it0, numK, [&](Value k, Value it) {
    // Every warpgroup is past step k - 1: its stage can be refilled.
    gpu::BarrierOp::create(b, loc);
    mainloop.emitIssue(add(k, stages - 1), add(it, stages - 1), numK);
  });
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t(0));
  // The staging buffer overlaps stages other warpgroups may still read.
  gpu::BarrierOp::create(b, loc);
  Value acc = loop.getResult(0);
  StoreOp store = kl.store;
  if (!store.isSplit())
    return epilogue.emitEpilogue(acc, store);
  // Split-K, whatever S the launch chose: in the cluster or through the
  // workspace.
  if (cfg.reducesInCluster())
    return epilogue.emitClusterSplitEpilogue(acc, store);
  if (cfg.isSplitK())
    return epilogue.emitSplitEpilogue(acc, store);
  // Stream-K: a tile one program holds whole is stored as usual.
  auto whole = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                            store.getParts(), cst(1)),
      /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(whole.thenBlock());
  epilogue.emitEpilogue(acc, store);
  b.setInsertionPointToStart(whole.elseBlock());
  epilogue.emitSplitEpilogue(acc, store);
}

/// Warp-specialized: splits the persistent tile loop (holding `kl`; for
/// split-K a loop of one trip) into a producer warpgroup, of which one
/// thread issues every TMA load into the ring, and the consumer
/// warpgroups, which only wait, run wgmma, release stages and store C. The producer walks every tile of the
/// program (cooperative consumers the same ones, pingpong ones half each)
/// and runs up to a ring ahead, across tiles, while the consumers store C
/// (or, split-K, add the tile's partial sums in its cluster).
void KernelSchedule::emitWarpSpecialized(scf::ForOp tileLoop, KLoop kl,
                                         Value it0, Value numK) {
  Value isProducer = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, blk.tid, cst(cfg.mmaThreads()));
  Value inProducerWarpgroup = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::uge, blk.tid, cst(cfg.mmaThreads()));
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
  mainloop.emitProducerTile(pk, map.lookup(it0), numK);
  pk.store.erase();
  pk.loop.erase();

  if (clustered) {
    // No block leaves while its peer may still multicast into it or
    // arrive on its barriers.
    b.setInsertionPointAfter(roles);
    syncCluster();
  }
  bool splits = kl.store.isSplit();
  if (splits) {
    // The producer warpgroup's threads arrive at the cluster barriers of
    // the consumers' split epilogue (every thread of the cluster counts).
    b.setInsertionPointAfter(leader);
    syncCluster();
    syncCluster();
  }
  b.setInsertionPointToStart(roles.elseBlock());
  NVVM::SetMaxRegisterOp::create(b, loc, KernelConfig::kConsumerRegisters,
                                 NVVM::SetMaxRegisterAction::increase);
  if (cfg.isPingpong())
    return emitPingpongConsumer(tileLoop, kl, it0, numK);
  b.setInsertionPoint(kl.loop);
  setTileOrigin(kl);
  Value acc = mainloop.emitConsumerK(it0, numK);
  if (splits) {
    // The partial sum goes over the ring: both warpgroups' wgmma reads of
    // it are complete first.
    epilogue.syncConsumers();
    epilogue.emitClusterSplitEpilogue(acc, kl.store);
    return;
  }
  epilogue.emitEpilogue(acc, kl.store);
  b.setInsertionPointAfter(tileLoop);
  epilogue.waitStoresRead();
}

/// Pingpong: warpgroup w takes the program's tiles j = w, w + 2, ...
/// (ring positions from j numK, the producer's numbering). An ordered
/// barrier alternates the warpgroups' mainloops, and their epilogues:
/// besides overlapping one's epilogue with the other's wgmma, it keeps
/// every full-barrier wait at most one phase ahead, which parity waits
/// need (a warpgroup starts tile j once the other waited tile j - 1).
void KernelSchedule::emitPingpongConsumer(scf::ForOp tileLoop, KLoop kl,
                                          Value it0, Value numK) {
  Value wg = blk.wg;
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
  Value acc = mainloop.emitConsumerK(it0, numK, [&] { passTurn(otherMain); });
  waitTurn(myEpilogue, phase);
  epilogue.emitEpilogue(acc, kl.store);
  passTurn(otherEpilogue);
  b.setInsertionPointAfter(grown);
  epilogue.waitStoresRead();
}

void KernelSchedule::waitTurn(Value which, Value phase) {
  nvgpu::MBarrierTryWaitParityOp::create(b, loc, order, phase,
                                         cst(kTryWaitTicks), which);
}

/// Every thread of the warpgroup arrives (the barrier counts 128).
void KernelSchedule::passTurn(Value which) {
  nvgpu::MBarrierArriveOp::create(b, loc, order, which);
}
