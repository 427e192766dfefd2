//===- TileToNVGPU.cpp - Tile loads, dots and stores to tensor cores ------===//
//
// Each warp owns a (blockM / warpsM) x (blockN / warpsN) part of the block's
// C tile, held as m16n8 mma.sync accumulator fragments. Per K step the block
// copies its A and B tiles into shared memory and each warp reads its
// operand fragments with ldmatrix. Fragment layouts are those of PTX ISA
// "Matrix Fragments for mma.m16n8k16" (g = lane / 4, t = lane % 4).
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/LoweringUtils.h"
#include "tile/Conversion/KernelABI.h"
#include "tile/Conversion/Passes.h"
#include "tile/Conversion/TileToNVGPU/TileToNVGPU.h"
#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILETONVGPU
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// A or B as the block sees it: the global memref and its shared copy.
struct Operand {
  Value global;
  /// `global`, or its transposed view for a transposed operand: cp.async
  /// needs the contiguous dimension last.
  Value copySource;
  /// The shared tile keeps global dim 0 contiguous (a transposed operand).
  bool transposed = false;
  /// A static unit stride allows 16-byte copies when aligned at run time.
  bool vectorizable = false;
  int64_t rows = 0, cols = 0; // tile shape in global orientation
  Value shared;               // memref<rows x cols> or <cols x rows>
  int64_t sharedRows() const { return transposed ? cols : rows; }
  int64_t sharedCols() const { return transposed ? rows : cols; }
};

class Emitter : public IndexMath {
public:
  Emitter(OpBuilder &b, Location loc, const KernelConfig &cfg)
      : IndexMath(b, loc), cfg(cfg) {
    auto grid = *cfg.warpGrid();
    warpsN = grid.second;
    warpTileM = cfg.blockM / grid.first;
    warpTileN = cfg.blockN / warpsN;
  }

  /// Thread coordinates, computed once at the top of the kernel.
  void emitThreadIds() {
    tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    lane = rem(tid, 32);
    Value warp = div(tid, 32);
    warpRow = mul(div(warp, warpsN), warpTileM);
    warpCol = mul(rem(warp, warpsN), warpTileN);
  }

  /// 16-byte copies along the contiguous dimension, zero-filled past the
  /// operand's bounds through cp.async's src-size. Returns the tokens of the
  /// copies every thread issues; a copy under a guard (more threads than
  /// chunks left) keeps its token inside the guard, where the group cannot
  /// use it: cp.async.commit_group commits all of a thread's pending copies
  /// anyway.
  SmallVector<Value> emitAsyncCopy(const Operand &op, Value r0, Value c0,
                                   Value bound0, Value bound1) {
    SmallVector<Value> tokens;
    Value lastToken;
    int64_t chunksPerRow = op.sharedCols() / 8;
    int64_t chunks = op.sharedRows() * chunksPerRow;
    // Outer/inner: the global coordinates along shared rows and columns.
    Value o0 = op.transposed ? c0 : r0, i0 = op.transposed ? r0 : c0;
    Value boundO = op.transposed ? bound1 : bound0;
    Value boundI = op.transposed ? bound0 : bound1;
    for (int64_t first = 0; first < chunks; first += cfg.threads()) {
      bool guarded = emitGuarded(first, chunks, [&] {
        Value c = add(tid, first);
        Value sr = div(c, chunksPerRow), sc = mul(rem(c, chunksPerRow), 8);
        Value go = add(o0, sr), gi = add(i0, sc);
        Value inO = ult(go, boundO);
        Value left = arith::SubIOp::create(
            b, loc, arith::MaxUIOp::create(b, loc, boundI, gi), gi);
        Value n =
            sel(inO, arith::MinUIOp::create(b, loc, left, cst(8)), cst(0));
        // With n = 0 nothing is read, so out-of-bounds addresses stay
        // unclamped and the address advances by a constant per K step.
        lastToken = nvgpu::DeviceAsyncCopyOp::create(
            b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), op.shared,
            ValueRange{sr, sc}, op.copySource, ValueRange{go, gi},
            b.getIndexAttr(8), n, b.getUnitAttr());
      });
      if (!guarded)
        tokens.push_back(lastToken);
    }
    return tokens;
  }

  /// Element-by-element copy for operands that are not 16-byte aligned. A
  /// rolled loop: unrolled, its loads would all be hoisted and raise the
  /// kernel's register count, which the aligned path pays for too.
  void emitElementCopy(const Operand &op, Value r0, Value c0, Value bound0,
                       Value bound1) {
    int64_t cols = op.sharedCols(), elems = op.sharedRows() * cols;
    Type elt = cast<MemRefType>(op.global.getType()).getElementType();
    auto loop = scf::ForOp::create(b, loc, tid, cst(elems), cst(cfg.threads()));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value e = loop.getInductionVar();
    Value sr = div(e, cols), sc = rem(e, cols);
    Value gr = add(r0, op.transposed ? sc : sr);
    Value gc = add(c0, op.transposed ? sr : sc);
    Value in = andi(ult(gr, bound0), ult(gc, bound1));
    auto ifOp = scf::IfOp::create(
        b, loc, in,
        [&](OpBuilder &tb, Location l) {
          Value v =
              memref::LoadOp::create(tb, l, op.global, ValueRange{gr, gc});
          scf::YieldOp::create(tb, l, v);
        },
        [&](OpBuilder &eb, Location l) {
          Value z = arith::ConstantOp::create(eb, l, eb.getZeroAttr(elt));
          scf::YieldOp::create(eb, l, z);
        });
    memref::StoreOp::create(b, loc, ifOp.getResult(0), op.shared,
                            ValueRange{sr, sc});
  }

  /// acc[mi * numN + ni] += A-fragment(mi) * B-fragment(ni) over one block K.
  SmallVector<Value> emitMma(const Operand &a, const Operand &bOp,
                             SmallVector<Value> acc) {
    int64_t numM = warpTileM / 16, numN = warpTileN / 8;
    Type elt = cast<MemRefType>(a.global.getType()).getElementType();
    auto x4 = VectorType::get({4, 2}, elt);
    Value l16 = rem(lane, 16), hi = div(lane, 16), l8 = rem(lane, 8);
    Value mid = rem(div(lane, 8), 2);
    for (int64_t kk = 0; kk < cfg.blockK; kk += 16) {
      SmallVector<Value> af, bf;
      for (int64_t mi = 0; mi < numM; ++mi) {
        Value m = add(warpRow, mi * 16);
        // Matrices 0..3 of x4 are (m 0-7, k 0-7), (m 8-15, k 0-7),
        // (m 0-7, k 8-15), (m 8-15, k 8-15): the a0..a7 registers in order.
        SmallVector<Value> idx =
            a.transposed ? SmallVector<Value>{add(add(l8, mul(hi, 8)), kk),
                                              add(m, mul(mid, 8))}
                         : SmallVector<Value>{add(m, l16), add(mul(hi, 8), kk)};
        af.push_back(nvgpu::LdMatrixOp::create(b, loc, x4, a.shared, idx,
                                               a.transposed, 4));
      }
      for (int64_t nj = 0; nj < numN / 2; ++nj) {
        Value n = add(warpCol, nj * 16);
        // Matrices are (k 0-7, n 0-7), (k 8-15, n 0-7), (k 0-7, n 8-15),
        // (k 8-15, n 8-15): registers {0,1} and {2,3} are the b0..b3 of two
        // n8 tiles.
        SmallVector<Value> idx =
            bOp.transposed
                ? SmallVector<Value>{add(n, add(l8, mul(hi, 8))),
                                     add(mul(mid, 8), kk)}
                : SmallVector<Value>{add(l16, kk), add(n, mul(hi, 8))};
        Value v = nvgpu::LdMatrixOp::create(b, loc, x4, bOp.shared, idx,
                                            !bOp.transposed, 4);
        bf.push_back(
            vector::ShuffleOp::create(b, loc, v, v, ArrayRef<int64_t>{0, 1}));
        bf.push_back(
            vector::ShuffleOp::create(b, loc, v, v, ArrayRef<int64_t>{2, 3}));
      }
      for (int64_t mi = 0; mi < numM; ++mi)
        for (int64_t ni = 0; ni < numN; ++ni) {
          Value &c = acc[mi * numN + ni];
          c = emitMmaSync(af[mi], bf[ni], c);
        }
    }
    return acc;
  }

  /// One m16n8k16 mma.sync. nvgpu.mma.sync cannot lower bf16 operands
  /// ("failed to deduce operand PTX types"), so bf16 goes to nvvm.mma.sync
  /// with the registers packed as the instruction takes them.
  Value emitMmaSync(Value a, Value bFrag, Value c) {
    Type elt = cast<VectorType>(a.getType()).getElementType();
    if (!elt.isBF16())
      return nvgpu::MmaSyncOp::create(b, loc, a, bFrag, c,
                                      ArrayRef<int64_t>{16, 8, 16});
    auto regs = [&](Value v, int64_t n) {
      SmallVector<Value> out;
      auto i32x1 = VectorType::get({1}, b.getI32Type());
      for (int64_t i = 0; i < n; ++i) {
        Value row = vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{i});
        Value packed = vector::BitCastOp::create(b, loc, i32x1, row);
        out.push_back(
            vector::ExtractOp::create(b, loc, packed, ArrayRef<int64_t>{0}));
      }
      return out;
    };
    SmallVector<Value> cs;
    for (int64_t i = 0; i < 4; ++i)
      cs.push_back(vector::ExtractOp::create(b, loc, c,
                                             ArrayRef<int64_t>{i / 2, i % 2}));
    Type f32 = b.getF32Type();
    auto resTy =
        LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
    Value d =
        NVVM::MmaOp::create(b, loc, resTy, regs(a, 4), regs(bFrag, 2), cs,
                            {16, 8, 16}, std::nullopt, std::nullopt,
                            std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                                          NVVM::MMATypes::bf16},
                            std::array<NVVM::MMALayout, 2>{
                                NVVM::MMALayout::row, NVVM::MMALayout::col});
    SmallVector<Value> ds;
    for (int64_t i = 0; i < 4; ++i)
      ds.push_back(LLVM::ExtractValueOp::create(b, loc, d, i));
    return vector::FromElementsOp::create(b, loc, c.getType(), ds);
  }

  /// Masked stores of the fragments: c0,c1 at (g, 2t..2t+1), c2,c3 at g + 8.
  void emitStore(ValueRange acc, Value c, Value m0, Value n0) {
    int64_t numN = warpTileN / 8;
    Type elt = cast<MemRefType>(c.getType()).getElementType();
    Value bm = memref::DimOp::create(b, loc, c, 0);
    Value bn = memref::DimOp::create(b, loc, c, 1);
    Value g = div(lane, 4), t2 = mul(rem(lane, 4), 2);
    Value rowBase = add(add(m0, warpRow), g);
    Value colBase = add(add(n0, warpCol), t2);
    for (auto [i, frag] : llvm::enumerate(acc)) {
      int64_t mi = i / numN, ni = i % numN;
      for (int64_t h = 0; h < 2; ++h) {
        Value r = add(rowBase, mi * 16 + h * 8);
        for (int64_t e = 0; e < 2; ++e) {
          Value col = add(colBase, ni * 8 + e);
          Value v =
              vector::ExtractOp::create(b, loc, frag, ArrayRef<int64_t>{h, e});
          if (elt != v.getType())
            v = arith::TruncFOp::create(b, loc, elt, v);
          auto ifOp = scf::IfOp::create(b, loc, andi(ult(r, bm), ult(col, bn)));
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(ifOp.thenBlock());
          memref::StoreOp::create(b, loc, v, c, ValueRange{r, col});
        }
      }
    }
  }

  int64_t numFragments() const { return (warpTileM / 16) * (warpTileN / 8); }

private:
  /// Runs `body` for this thread's item `tid + first` of `total`, guarded
  /// only when the threads do not divide the items evenly; returns whether
  /// it did guard it.
  bool emitGuarded(int64_t first, int64_t total, function_ref<void()> body) {
    if (first + cfg.threads() <= total) {
      body();
      return false;
    }
    auto ifOp = scf::IfOp::create(b, loc, ult(add(tid, first), cst(total)));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    body();
    return true;
  }

  const KernelConfig &cfg;
  int64_t warpsN, warpTileM, warpTileN;
  Value tid, lane, warpRow, warpCol;
};

/// Shared-memory orientation and copy width allowed by a memref type.
Operand describe(Value global, int64_t rows, int64_t cols) {
  Operand op;
  op.global = global;
  op.rows = rows;
  op.cols = cols;
  std::optional<unsigned> dim =
      unitStrideDim(cast<MemRefType>(global.getType()));
  op.vectorizable = dim.has_value();
  op.transposed = dim == 0u;
  return op;
}

LogicalResult lowerKernel(gpu::GPUFuncOp func, const KernelConfig &cfg) {
  FailureOr<std::optional<KLoop>> matched = matchKLoop(func, "tile-to-nvgpu");
  if (failed(matched))
    return failure();
  if (!*matched)
    return success();
  auto [loop, loadA, loadB, dot, store] = **matched;
  Location loc = loop.getLoc();

  OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
  Emitter em(b, loc, cfg);
  em.emitThreadIds();
  Operand a = describe(loadA.getBase(), cfg.blockM, cfg.blockK);
  Operand bOp = describe(loadB.getBase(), cfg.blockK, cfg.blockN);
  for (Operand *op : {&a, &bOp}) {
    op->copySource = op->global;
    OpBuilder vb(b.getContext());
    vb.setInsertionPointAfterValue(op->global);
    if (op->transposed)
      op->copySource = memref::TransposeOp::create(
          vb, loc, op->global,
          AffineMapAttr::get(AffineMap::getPermutationMap(
              ArrayRef<unsigned>{1, 0}, b.getContext())));
  }
  Type elt = loadA.getType().getElementType();
  auto workgroup =
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  for (Operand *op : {&a, &bOp})
    op->shared = memref::AllocOp::create(
        b, loc,
        MemRefType::get({op->sharedRows(), op->sharedCols()}, elt,
                        MemRefLayoutAttrInterface(), workgroup));

  // Both K loops (16-byte cp.async, element copies) replace the tile loop;
  // which one runs is decided once per kernel from the operands' alignment.
  b.setInsertionPoint(loop);
  auto fragType = VectorType::get({2, 2}, b.getF32Type());
  Value zero = arith::ConstantOp::create(
      b, loc, fragType, DenseElementsAttr::get(fragType, b.getF32FloatAttr(0)));
  SmallVector<Value> inits(em.numFragments(), zero);
  SmallVector<Type> types(inits.size(), fragType);

  auto buildLoop = [&](bool async) {
    auto newLoop =
        scf::ForOp::create(b, loc, loop.getLowerBound(), loop.getUpperBound(),
                           loop.getStep(), inits);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(newLoop.getBody());
    IRMapping map;
    map.map(loop.getInductionVar(), newLoop.getInductionVar());
    for (Operation &op : loop.getBody()->without_terminator())
      if (!isa<LoadOp, DotOp>(op))
        b.clone(op, map);
    auto copy = [&](LoadOp load, const Operand &op) -> SmallVector<Value> {
      Value r0 = map.lookupOrDefault(load.getRow());
      Value c0 = map.lookupOrDefault(load.getCol());
      Value d0 = memref::DimOp::create(b, loc, op.global, 0);
      Value d1 = memref::DimOp::create(b, loc, op.global, 1);
      if (async)
        return em.emitAsyncCopy(op, r0, c0, d0, d1);
      em.emitElementCopy(op, r0, c0, d0, d1);
      return {};
    };
    SmallVector<Value> tokens = copy(loadA, a);
    llvm::append_range(tokens, copy(loadB, bOp));
    if (async) {
      Value group = nvgpu::DeviceAsyncCreateGroupOp::create(
          b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), tokens);
      nvgpu::DeviceAsyncWaitOp::create(b, loc, group, b.getI32IntegerAttr(0));
    }
    gpu::BarrierOp::create(b, loc);
    SmallVector<Value> acc =
        em.emitMma(a, bOp, SmallVector<Value>(newLoop.getRegionIterArgs()));
    // The next iteration overwrites the tiles other warps may still read.
    gpu::BarrierOp::create(b, loc);
    scf::YieldOp::create(b, loc, acc);
    return newLoop;
  };

  ValueRange results;
  if (a.vectorizable && bOp.vectorizable) {
    // 16-byte copies: base and row stride of both operands 16-byte aligned.
    auto aligned16 = [&](const Operand &op) {
      return isAlignedAtRuntime(b, loc, op.global, op.transposed ? 1 : 0, 16);
    };
    Value aligned =
        arith::AndIOp::create(b, loc, aligned16(a), aligned16(bOp));
    auto ifOp = scf::IfOp::create(b, loc, types, aligned, true, true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      scf::YieldOp::create(b, loc, buildLoop(true).getResults());
      b.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(b, loc, buildLoop(false).getResults());
    }
    results = ifOp.getResults();
  } else {
    results = buildLoop(false).getResults();
  }
  b.setInsertionPoint(store);
  em.emitStore(results, store.getBase(), store.getRow(), store.getCol());
  store.erase();
  loop.erase();
  return success();
}

} // namespace

LogicalResult mlir::tile::lowerTileToNVGPU(gpu::GPUFuncOp func) {
  std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
  if (!cfg)
    return success();
  if (cfg->isWgmma())
    return func.emitError("tile-to-nvgpu: the kernel was tiled for "
                          "mma=wgmma; lower it with tile-to-wgmma");
  if (failed(cfg->verify([&] { return func.emitError("tile-to-nvgpu: "); })))
    return failure();
  return lowerKernel(func, *cfg);
}

namespace {

struct TileToNVGPUPass : tile::impl::TileToNVGPUBase<TileToNVGPUPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>())
      if (failed(lowerTileToNVGPU(func)))
        return signalPassFailure();
  }
};

} // namespace
