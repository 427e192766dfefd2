//===- Pipeline.cpp - Multi-buffered, software-pipelined K loop -----------===//
//
// Three phases, each visible in the IR (see
// test/Transforms/tile-pipeline.mlir):
//  1. multi-buffering: every 2-D shared tile becomes num-stages deep and each
//     access picks its buffer from the iteration number of its loop;
//  2. schedule + expansion: scf::pipelineForLoop with the async copies (and
//     what they depend on) at stage 0 and the rest of the body at stage
//     num-stages - 1, so the copies for iterations k + 1 .. k + num-stages - 1
//     are in flight while iteration k computes;
//  3. wait counts: each nvgpu.device_async_wait lets as many groups stay in
//     flight as have been committed after the one it needs.
//
// memref::multiBuffer is not used: it requires all uses in one loop (the
// kernel has an aligned and an unaligned K loop sharing the tiles) and
// rewrites through subviews, which nvgpu-optimize-shared-memory refuses.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/NVGPU/Transforms/Utils.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEPIPELINE
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Phase 1: tile[r][c] becomes tile[(iteration % stages)][r][c].
LogicalResult multiBuffer(memref::AllocOp alloc, int64_t stages,
                          DenseMap<Operation *, Value> &stageOf) {
  MemRefType t = alloc.getType();
  SmallVector<int64_t> shape{stages};
  llvm::append_range(shape, t.getShape());
  OpBuilder b(alloc);
  auto deep = memref::AllocOp::create(
      b, alloc.getLoc(),
      MemRefType::get(shape, t.getElementType(), MemRefLayoutAttrInterface(),
                      t.getMemorySpace()));
  for (OpOperand &use : llvm::make_early_inc_range(alloc->getUses())) {
    Operation *user = use.getOwner();
    if (!isa<nvgpu::DeviceAsyncCopyOp, nvgpu::LdMatrixOp, memref::StoreOp,
             memref::LoadOp>(user))
      return user->emitOpError("tile-pipeline: unexpected use of a shared "
                               "tile");
    // The K loop is the one that synchronises the block; element copies
    // sit in loops of their own inside it.
    auto loop = user->getParentOfType<scf::ForOp>();
    while (loop && loop.getBody()->getOps<gpu::BarrierOp>().empty())
      loop = loop->getParentOfType<scf::ForOp>();
    if (!loop)
      return user->emitOpError("tile-pipeline: shared tile used outside the "
                               "K loop");
    Value &stage = stageOf[loop];
    if (!stage) {
      OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
      Location loc = loop.getLoc();
      Value iter = arith::DivSIOp::create(
          lb, loc,
          arith::SubIOp::create(lb, loc, loop.getInductionVar(),
                                loop.getLowerBound()),
          loop.getStep());
      stage = arith::RemSIOp::create(
          lb, loc, iter, arith::ConstantIndexOp::create(lb, loc, stages));
    }
    SmallVector<Value> idx{stage};
    llvm::append_range(idx, nvgpu::getIndices(user));
    use.set(deep);
    nvgpu::setIndices(user, idx);
  }
  alloc.erase();
  return success();
}

bool containsAsyncCopy(Operation *op) {
  return op
      ->walk([](nvgpu::DeviceAsyncCopyOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Phase 2: copies (and their backward slice) at stage 0; the rest, from
/// tile-to-nvgpu's "wait, barrier, compute", at the last stage. Listed as
/// "wait, barrier, copies, compute": the one barrier both publishes the tile
/// about to be read and retires the buffer the new copies overwrite, which
/// the previous iteration finished reading before it.
void schedule(scf::ForOp loop, int64_t stages,
              std::vector<std::pair<Operation *, unsigned>> &ops) {
  SetVector<Operation *> stage0;
  BackwardSliceOptions opts;
  opts.inclusive = true;
  // A copy under a guard (more threads than chunks) computes its address
  // inside the scf.if from values of the loop body: they go to stage 0 too.
  opts.omitUsesFromAbove = false;
  opts.filter = [&](Operation *op) { return op->getBlock() == loop.getBody(); };
  for (Operation &op : loop.getBody()->without_terminator())
    if (containsAsyncCopy(&op) || isa<nvgpu::DeviceAsyncCreateGroupOp>(op))
      (void)getBackwardSlice(&op, &stage0, opts);
  auto body = loop.getBody()->without_terminator();
  auto firstBarrier = llvm::find_if(
      body, [](Operation &op) { return isa<gpu::BarrierOp>(op); });
  auto afterBarrier = std::next(firstBarrier);
  for (Operation &op : llvm::make_range(body.begin(), afterBarrier))
    if (!stage0.contains(&op))
      ops.emplace_back(&op, stages - 1);
  for (Operation &op : body)
    if (stage0.contains(&op))
      ops.emplace_back(&op, 0);
  for (Operation &op : llvm::make_range(afterBarrier, body.end()))
    if (!stage0.contains(&op))
      ops.emplace_back(&op, stages - 1);
}

/// Phase 3: groups allowed in flight at each wait. In the kernel the wait for
/// iteration k comes before the copy of k + stages - 1 is issued, so the
/// copies of k + 1 .. k + stages - 2 may still be in flight; epilogue
/// iteration i issues no copies and has i fewer groups ahead of it.
void setWaitCount(Operation *op, scf::PipeliningOption::PipelinerPart part,
                  unsigned iteration, int64_t stages) {
  auto wait = dyn_cast<nvgpu::DeviceAsyncWaitOp>(op);
  if (!wait)
    return;
  int64_t inFlight = stages - 2;
  if (part == scf::PipeliningOption::PipelinerPart::Epilogue)
    inFlight = stages - 2 - iteration;
  wait.setNumGroups(std::max<int64_t>(0, inFlight));
}

/// The trailing barrier tile-to-nvgpu puts in the loop is subsumed by the
/// leading one of the next iteration; one after the loop keeps the next use
/// of the buffers (the next tile of a persistent kernel) from overwriting
/// data a slower warp still reads.
void moveTrailingBarrier(scf::ForOp loop) {
  SmallVector<gpu::BarrierOp> barriers(
      loop.getBody()->getOps<gpu::BarrierOp>());
  if (barriers.size() == 2)
    barriers.back()->moveAfter(loop);
}

} // namespace

LogicalResult mlir::tile::pipelineKLoop(gpu::GPUFuncOp func) {
  std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
  if (!cfg)
    return success();
  if (failed(cfg->verify([&] { return func.emitError("tile-pipeline: "); },
                         minBlocksPerSM(func))))
    return failure();
  int64_t numStages = cfg->numStages;
  if (numStages == 1)
    return success();

  SmallVector<memref::AllocOp> allocs;
  func.walk([&](memref::AllocOp a) {
    if (gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(a.getType()) &&
        a.getType().getRank() == 2)
      allocs.push_back(a);
  });
  // One buffer index per K loop, shared by all its tiles.
  DenseMap<Operation *, Value> stageOf;
  for (memref::AllocOp a : allocs)
    if (failed(multiBuffer(a, numStages, stageOf)))
      return failure();

  SmallVector<scf::ForOp> loops;
  // The K loops: those that commit a group of copies per iteration.
  func.walk([&](scf::ForOp loop) {
    if (!loop.getBody()->getOps<nvgpu::DeviceAsyncCreateGroupOp>().empty())
      loops.push_back(loop);
  });
  IRRewriter rewriter(func.getContext());
  for (scf::ForOp loop : loops) {
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    moveTrailingBarrier(loop);
    scf::PipeliningOption opts;
    int64_t stages = numStages;
    opts.getScheduleFn = [&](scf::ForOp l, auto &ops) {
      schedule(l, stages, ops);
    };
    opts.annotateFn = [&](Operation *op, auto part, unsigned it) {
      setWaitCount(op, part, it, stages);
    };
    opts.supportDynamicLoops = true;
    // Every op may run for an iteration past the end: copies beyond K are
    // zero-filled by their own bounds check, and the pipeliner discards
    // the accumulators of epilogue iterations that do not exist.
    opts.predicateFn = [](RewriterBase &, Operation *op, Value) {
      return op;
    };
    rewriter.setInsertionPoint(loop);
    if (failed(scf::pipelineForLoop(rewriter, loop, opts)))
      return loop.emitError("tile-pipeline: could not pipeline the K loop");
  }
  return success();
}

namespace {

struct TilePipelinePass : tile::impl::TilePipelineBase<TilePipelinePass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(pipelineKLoop(func)))
        return signalPassFailure();
  }
};

} // namespace
