//===- Epilogue.cpp - tile-to-wgmma's TMA-store and split-K epilogues -----===//
//
// The accumulator to C: through the staging tiles and TMA stores (or the
// threads' stores, where TMA cannot address C), or (split-K, Stream-K)
// added up with the tile's other partial sums, in its cluster or through
// the workspace (see the file comment of TileToWGMMA.cpp).
//
//===----------------------------------------------------------------------===//

#include "WgmmaLowering.h"

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/TileCoords.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::wgmma;

// The most splits per tile whose fix-up is unrolled.
static constexpr int64_t kUnrolledSplits = 8;
// Slots a loop over more than kUnrolledSplits adds per iteration (their
// loads in flight at once).
static constexpr int64_t kRunSlots = 4;

void Epilogue::emitTensorMap(Value tmaCPtr) {
  mapC = tensorMap(layout.stagedRows, layout.cBoxCols, cElt, tmaCPtr,
                   layout.cBoxBytes);
}

/// Synchronises the threads whose accumulators one TMA store issue
/// covers: the block, or (warp-specialized) the warpgroup, with named
/// barrier 1 + wg. bar.sync 0 would wait for the producer forever.
void Epilogue::syncStagingWriters() {
  if (!cfg.isWarpSpecialized()) {
    gpu::BarrierOp::create(b, loc);
    return;
  }
  Value id = arith::AddIOp::create(
      b, loc, i32(1),
      arith::IndexCastOp::create(b, loc, b.getI32Type(), blk.wg));
  NVVM::BarrierOp::create(b, loc, Type(), id, i32(kWarpgroupThreads), {},
                          Value());
}

/// Synchronises the consumer warpgroups (named barrier 1 + warpgroups)
/// without the producer's.
void Epilogue::syncConsumers() {
  NVVM::BarrierOp::create(b, loc, Type(), i32(1 + cfg.warpgroups()),
                          i32(cfg.mmaThreads()), {}, Value());
}

/// The thread that issues the TMA stores: one per warpgroup when
/// warpgroups store apart (warp-specialized), else thread 0.
Value Epilogue::storeIssuer() {
  return cfg.isWarpSpecialized() ? blk.isWarpgroupLeader : blk.isThread0;
}

void Epilogue::waitStoresRead() {
  auto ifOp = scf::IfOp::create(b, loc, storeIssuer());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, /*group=*/0,
                                       /*read=*/b.getUnitAttr());
}

/// Warpgroup `w`'s staging tile: one part's boxes (partCols / cBoxCols)
/// of wgTileM rows (swap_ab: wgTileM / cBoxCols boxes of block_m rows).
Value Epilogue::stagingOf(Value w) {
  Value at = add(blk.base, layout.stagingOffset);
  return add(at, mul(w, layout.wgStagingBytes));
}

/// Whether TMA can store C as given: its first element's address, its row
/// pitch and its rows' length whole 16-byte chunks. The runtime encodes
/// C's descriptor exactly then; elsewhere (a vocabulary of 50257, a view's
/// odd offset) the threads store C themselves, and C is never copied.
Value Epilogue::storesByTma(Value c) {
  int64_t size = cElt.getIntOrFloatBitWidth() / 8;
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, c);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, c);
  Value bits = arith::OrIOp::create(
      b, loc, add(base, mul(meta.getOffset(), size)),
      arith::OrIOp::create(b, loc, mul(meta.getStrides()[0], size),
                           mul(meta.getSizes()[1], size)));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                               rem(bits, tile_manifest::kTmaRowBytes), cst(0));
}

/// The thread's index in its warpgroup, read where it is used (an asm
/// with side effects, which LLVM does not hoist): the offsets derived from
/// gpu.thread_id would be hoisted out of the tile loop and hold registers
/// across the K loop of kernels with none to spare (pingpong 128x192
/// spilled).
Value Epilogue::threadInWarpgroup() {
  Value tid = LLVM::InlineAsmOp::create(
                  b, loc, b.getI32Type(), ValueRange{}, "mov.u32 $0, %tid.x;",
                  "=r", /*has_side_effects=*/true, /*is_align_stack=*/false,
                  LLVM::tailcallkind::TailCallKind::None,
                  LLVM::AsmDialectAttr(), ArrayAttr())
                  .getResult(0);
  return rem(arith::IndexCastUIOp::create(b, loc, b.getIndexType(), tid),
             kWarpgroupThreads);
}

/// C (m x n) as one run of elements from its first.
Epilogue::FlatC Epilogue::flatC(Value c, Value m, Value n) {
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, c);
  Value pitch = meta.getStrides()[0];
  auto flatType = MemRefType::get(
      {ShapedType::kDynamic}, cElt,
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, {1}));
  Value flat = memref::ReinterpretCastOp::create(
      b, loc, flatType, c, OpFoldResult(meta.getOffset()),
      ArrayRef<OpFoldResult>{OpFoldResult(add(mul(sub(m, cst(1)), pitch), n))},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  return {flat, pitch, meta.getOffset()};
}

/// The warpgroup's threads store a staged box of C (`layout.stagedRows`
/// rows of C at row0, `layout.cBoxCols` columns at col0), each element
/// inside M and N alone: thread t takes 4-byte unit t % U of every
/// (128 / U)-th row from t / U (U units a box row; each 16-byte chunk where
/// C's descriptor swizzles it), so a warp writes whole spans of C's rows,
/// at whatever alignment C has.
void Epilogue::storeBoxByThreads(Value box, Value row0, Value col0, Value c) {
  int64_t size = cElt.getIntOrFloatBitWidth() / 8, boxBytes = layout.cBoxBytes;
  int64_t unitsPerRow = boxBytes / 4, perUnit = 4 / size;
  int64_t rowStep = kWarpgroupThreads / unitsPerRow;
  Value m = memref::DimOp::create(b, loc, c, 0);
  Value n = memref::DimOp::create(b, loc, c, 1);
  Value t = threadInWarpgroup();
  Value u = rem(t, unitsPerRow), r0 = div(t, unitsPerRow);
  Value col = add(col0, mul(u, perUnit));
  SmallVector<Value> colInside;
  for (int64_t e = 0; e < perUnit; ++e)
    colInside.push_back(ult(add(col, e), n));
  // The swizzle, chunk ^= (row byte offset / 128) % (chunks per row),
  // repeats every 8 rows: an iteration takes the thread's rows of 8, each
  // at its column of the box, worked out once.
  int64_t copies = std::max<int64_t>(1, 8 / rowStep);
  assert(layout.stagedRows % (rowStep * copies) == 0 && "whole periods");
  SmallVector<Value> at;
  for (int64_t h = 0; h < copies; ++h) {
    Value swizzle =
        rem(div(mul(add(r0, h * rowStep), boxBytes), 128), boxBytes / 16);
    Value chunk = arith::XOrIOp::create(b, loc, div(u, 4), swizzle);
    at.push_back(add(mul(chunk, 16 / size), mul(rem(u, 4), perUnit)));
  }
  // C as one run of elements: the thread's first element of each row is
  // a running index, its neighbours a constant offset from it.
  auto [flat, pitch, offset] = flatC(c, m, n);
  auto vec = VectorType::get({perUnit}, cElt);
  Value first = add(mul(add(row0, r0), pitch), col);
  auto loop = scf::ForOp::create(b, loc, r0, cst(layout.stagedRows),
                                 cst(rowStep * copies), ValueRange{first});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value index = loop.getRegionIterArgs()[0];
  for (int64_t h = 0; h < copies; ++h) {
    Value r = add(loop.getInductionVar(), h * rowStep);
    Value v = vector::LoadOp::create(b, loc, vec, box, ValueRange{r, at[h]});
    Value rowInside = ult(add(row0, r), m);
    Value lin = h ? add(index, mul(pitch, h * rowStep)) : index;
    for (int64_t e = 0; e < perUnit; ++e) {
      auto store = scf::IfOp::create(b, loc, andi(rowInside, colInside[e]));
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(store.thenBlock());
      Value x = vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{e});
      memref::StoreOp::create(b, loc, x, flat, ValueRange{add(lin, e)});
    }
  }
  scf::YieldOp::create(b, loc,
                       ValueRange{add(index, mul(pitch, rowStep * copies))});
}

/// The warpgroup's threads store a staged part of C (`partCols` columns
/// at col0, `layout.stagedRows` rows at row0, its boxes one after another
/// from `tile`) where TMA cannot (chunk-stores): wholly inside N, as each
/// row's whole 16-byte chunks of C plus its two ends; else `byBoxes`
/// (element by element). A row d bytes before a 16-byte boundary has its
/// whole chunks d bytes into the part's row: thread t takes chunk t % U of
/// every (128 / U)-th row from t / U (U chunks a part row; the last is
/// whole only where d is 0), reads the two staged chunks it spans (across
/// two boxes at a box's end), shifts them by d and stores 16 bytes; in the
/// same iteration, the row's ends (its first d bytes, its last 16 - d)
/// take its elements t % U, t % U + U, ... So the ends are a part row's,
/// not a box row's, and a warp stores several rows' ends in one
/// instruction.
void Epilogue::storePartByChunks(Value tile, int64_t partCols, Value row0,
                                 Value col0, Value c,
                                 function_ref<void()> byBoxes) {
  int64_t size = cElt.getIntOrFloatBitWidth() / 8, boxBytes = layout.cBoxBytes;
  int64_t boxChunks = boxBytes / 16, perChunk = 16 / size;
  int64_t rowBytes = partCols * size, chunks = rowBytes / 16;
  int64_t rowStep = kWarpgroupThreads / chunks;
  assert(rowStep >= 1 && "a part row within a warpgroup's threads");
  Value m = memref::DimOp::create(b, loc, c, 0);
  Value n = memref::DimOp::create(b, loc, c, 1);
  Value insideN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                        add(col0, partCols), n);
  auto byChunks = scf::IfOp::create(b, loc, insideN, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(byChunks.elseBlock());
  byBoxes();
  b.setInsertionPointToStart(byChunks.thenBlock());
  Type i32 = b.getI32Type();
  auto chunkType = VectorType::get({perChunk}, cElt);
  auto wordsType = VectorType::get({4}, i32);
  auto eq = [&](Value x, int64_t y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, cst(y))
        .getResult();
  };
  Value t = threadInWarpgroup();
  Value u = rem(t, chunks), r0 = div(t, chunks);
  // Threads past the last whole step of rows (a part row of 3 boxes) idle.
  if (kWarpgroupThreads % chunks)
    r0 = sel(ult(t, cst(rowStep * chunks)), r0, cst(layout.stagedRows));
  // The part's boxes, one after another.
  int64_t boxes = partCols / layout.cBoxCols;
  Value part = view(tile, {boxes, layout.stagedRows, layout.cBoxCols}, cElt);
  auto [flat, pitch, offset] = flatC(c, m, n);
  Value ptr = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, c);
  auto loop =
      scf::ForOp::create(b, loc, r0, cst(layout.stagedRows), cst(rowStep),
                         ValueRange{add(mul(add(row0, r0), pitch), col0)});
  b.setInsertionPointToStart(loop.getBody());
  Value r = loop.getInductionVar(), first = loop.getRegionIterArgs()[0];
  // d, from the row's first element's address: the pointer's low bits read
  // in place (hoisted, they held a register across the K loop).
  Value low =
      LLVM::InlineAsmOp::create(
          b, loc, i32,
          ValueRange{arith::IndexCastUIOp::create(b, loc, b.getI64Type(), ptr)},
          "cvt.u32.u64 $0, $1;", "=r,l", /*has_side_effects=*/true,
          /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
          LLVM::AsmDialectAttr(), ArrayAttr())
          .getResult(0);
  Value at = add(arith::IndexCastUIOp::create(b, loc, b.getIndexType(), low),
                 mul(add(offset, first), size));
  Value d = rem(sub(cst(16), rem(at, 16)), 16);
  Value inM = ult(add(row0, r), m);
  // The row's swizzle, chunk ^= (row byte offset / 128) % chunks of a box,
  // as C's descriptor's.
  Value swizzle = rem(div(mul(r, boxBytes), 128), boxChunks);
  // Chunk k of the part's row r (of box k / boxChunks), where staged.
  auto chunkAt = [&](Value k) {
    Value col = mul(arith::XOrIOp::create(b, loc, rem(k, boxChunks), swizzle),
                    perChunk);
    return vector::LoadOp::create(b, loc, chunkType, part,
                                  ValueRange{div(k, boxChunks), r, col},
                                  /*nontemporal=*/false, llvm::Align(16))
        .getResult();
  };
  {
    Value whole = andi(
        arith::OrIOp::create(b, loc, ult(u, cst(chunks - 1)), eq(d, 0)), inM);
    auto store = scf::IfOp::create(b, loc, whole);
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(store.thenBlock());
    SmallVector<Value, 8> w;
    for (Value k : {u, minu(add(u, 1), cst(chunks - 1))}) {
      Value words = vector::BitCastOp::create(b, loc, wordsType, chunkAt(k));
      for (int64_t i = 0; i < 4; ++i)
        w.push_back(
            vector::ExtractOp::create(b, loc, words, ArrayRef<int64_t>{i}));
    }
    // Word k of the 16 bytes d into the pair is word d / 4 + k, shifted by
    // d % 4 bytes into the next (which C's alignment to its elements
    // leaves 0 for 4-byte elements).
    Value q = div(d, 4);
    SmallVector<Value, 5> words;
    for (int64_t k = 0; k < (size < 4 ? 5 : 4); ++k) {
      Value v = w[k];
      for (int64_t j = 1; j < 4; ++j)
        v = sel(eq(q, j), w[k + j], v);
      words.push_back(v);
    }
    SmallVector<Value, 4> out(words.begin(), words.begin() + 4);
    if (size < 4) {
      Value bits =
          arith::IndexCastUIOp::create(b, loc, i32, mul(rem(d, 4), cst(8)));
      for (int64_t k = 0; k < 4; ++k)
        out[k] = LLVM::FshrOp::create(b, loc, words[k + 1], words[k], bits);
    }
    Value chunk = vector::BitCastOp::create(
        b, loc, chunkType,
        vector::FromElementsOp::create(b, loc, wordsType, out));
    vector::StoreOp::create(
        b, loc, chunk, flat,
        ValueRange{add(first, add(div(d, size), mul(u, perChunk)))},
        /*nontemporal=*/false, llvm::Align(16));
  }
  // The ends' element e: where e < d / size the row's element e, else its
  // element (rowBytes - 16) / size + e.
  Value headElts = div(d, size);
  Value ends = andi(
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, d, cst(0)), inM);
  for (int64_t i = 0; i * chunks < perChunk; ++i) {
    Value e = add(u, i * chunks);
    Value mine =
        (i + 1) * chunks <= perChunk ? ends : andi(ends, ult(e, cst(perChunk)));
    auto store = scf::IfOp::create(b, loc, mine);
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(store.thenBlock());
    Value col = sel(ult(e, headElts), e, add(e, (rowBytes - 16) / size));
    Value inBox = rem(col, layout.cBoxCols);
    Value chunk = arith::XOrIOp::create(b, loc, div(inBox, perChunk), swizzle);
    Value x = memref::LoadOp::create(
        b, loc, part,
        ValueRange{div(col, layout.cBoxCols), r,
                   add(mul(chunk, perChunk), rem(inBox, perChunk))});
    memref::StoreOp::create(b, loc, x, flat, ValueRange{add(first, col)});
  }
  scf::YieldOp::create(b, loc, ValueRange{add(first, mul(pitch, rowStep))});
}

/// Accumulator -> C's type in the swizzled boxes of C's descriptor ->
/// TMA stores (clipped to C), or where TMA cannot store C, each thread's
/// share of the boxes. Warp-specialized, each warpgroup stores its own
/// rows and goes on to its next tile while the stores read; their reads
/// are waited for only before the staging tile is written again (so a tile
/// staged in parts waits once per part). Otherwise staging overlaps the
/// ring, and thread 0 waits before it refills the ring (all threads, where
/// they read the boxes themselves).
void Epilogue::emitEpilogue(Value acc, StoreOp store) {
  bool ws = cfg.isWarpSpecialized();
  int64_t cBoxCols = layout.cBoxCols, rows = layout.stagedRows;
  bool swapped = cfg.swapAB;
  Value pred = storeIssuer();
  Value c = store.getBase();
  for (int64_t part = 0; part < layout.stagingParts; ++part) {
    int64_t firstCol = part * layout.partCols;
    int64_t partCols = std::min(layout.partCols, layout.stagedCols - firstCol);
    if (ws) {
      waitStoresRead();
      syncStagingWriters();
    }
    Value staging = view(stagingOf(blk.wg), {rows, partCols}, cElt);
    // swap_ab: the accumulator holds C's transpose; its columns are C's
    // rows, all of them in one part.
    auto stage = tile::StageAccumulatorOp::create(
        b, loc, acc, staging, swapped ? 0 : firstCol, layout.cBoxBytes);
    if (swapped)
      stage.setTransposed(true);
    // The writes (generic proxy) before TMA's reads (async proxy).
    NVVM::FenceProxyOp::create(
        b, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(b.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    syncStagingWriters();

    auto storeRows = [&](Value w, Value rowOffset) {
      Value tile = stagingOf(w);
      for (int64_t j = 0; j < partCols / cBoxCols; ++j) {
        Value box = view(add(tile, j * rows * layout.cBoxBytes),
                         {rows, cBoxCols}, cElt);
        int64_t col = firstCol + j * cBoxCols;
        SmallVector<Value, 2> at =
            swapped ? SmallVector<Value, 2>{add(add(blk.nCol0, rowOffset), col),
                                            blk.mRow0}
                    : SmallVector<Value, 2>{add(blk.nCol0, col),
                                            add(blk.mRow0, rowOffset)};
        nvgpu::TmaAsyncStoreOp::create(b, loc, box, mapC, at, pred);
      }
    };
    auto byWhom =
        scf::IfOp::create(b, loc, storesByTma(c), /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(byWhom.elseBlock());
    {
      // (a loop over the boxes: unrolled, their code would hold more
      // registers across the K loop than a tight kernel has)
      Value tile = stagingOf(blk.wg);
      // The part's first row of C and C's column of its column 0 (swap_ab:
      // C's rows are the accumulator's columns).
      Value row0 = swapped ? blk.mRow0 : add(blk.mRow0, blk.wgRow);
      Value nCol0 = swapped ? add(blk.nCol0, blk.wgRow) : blk.nCol0;
      auto byBoxes = [&] {
        auto boxes = scf::ForOp::create(b, loc, cst(0),
                                        cst(partCols / cBoxCols), cst(1));
        OpBuilder::InsertionGuard inner(b);
        b.setInsertionPointToStart(boxes.getBody());
        Value j = boxes.getInductionVar();
        Value box = view(add(tile, mul(j, rows * layout.cBoxBytes)),
                         {rows, cBoxCols}, cElt);
        Value col = add(mul(j, cBoxCols), firstCol);
        storeBoxByThreads(box, row0, add(nCol0, col), c);
      };
      if (chunkStores)
        storePartByChunks(tile, partCols, row0, add(nCol0, firstCol), c,
                          byBoxes);
      else
        byBoxes();
    }
    if (!ws)
      syncStagingWriters();
    b.setInsertionPointToStart(byWhom.thenBlock());
    if (ws) {
      storeRows(blk.wg, blk.wgRow);
    } else {
      for (int64_t w = 0; w < cfg.mmaThreads() / kWarpgroupThreads; ++w)
        storeRows(cst(w), cst(w * wgTileM));
    }
    auto ifOp = scf::IfOp::create(b, loc, pred);
    b.setInsertionPointToStart(ifOp.thenBlock());
    NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
    if (!ws)
      NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, /*group=*/0,
                                           /*read=*/b.getUnitAttr());
  }
}

/// The sums of `groups` 4-wide f32 groups over the first `parts` slots, in
/// slot order (so a sum does not depend on which program adds it), each
/// group of slot s from `load(s, g)`: unrolled for each count from 2 to
/// `maxParts` (at most 8: the code grows with the square of the count), in
/// loops for any other (1, which a caller may ask for, or more than 8).
/// Unrolled, no load waits on an add: every slot's loads are in flight at
/// once.
SmallVector<Value>
Epilogue::sumSlots(Value parts, int64_t maxParts, int64_t groups,
                   function_ref<Value(Value, int64_t)> load) {
  auto vec = VectorType::get({4}, b.getF32Type());
  SmallVector<Value> zeros(
      groups, arith::ConstantOp::create(b, loc, vec,
                                        DenseElementsAttr::get(vec, 0.0f)));
  auto addSlot = [&](Value s, SmallVector<Value> &sums) {
    for (int64_t g = 0; g < groups; ++g)
      sums[g] = arith::AddFOp::create(b, loc, sums[g], load(s, g));
  };
  auto launched = llvm::to_vector(llvm::seq<int64_t>(
      2, std::min<int64_t>(maxParts, kUnrolledSplits) + 1));
  auto byParts = scf::IndexSwitchOp::create(
      b, loc, SmallVector<Type>(groups, vec), parts, launched,
      launched.size());
  for (auto [region, count] : llvm::zip(byParts.getCaseRegions(), launched)) {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(&region.emplaceBlock());
    SmallVector<Value> sums(zeros);
    for (int64_t s = 0; s < count; ++s)
      addSlot(cst(s), sums);
    scf::YieldOp::create(b, loc, sums);
  }
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(&byParts.getDefaultRegion().emplaceBlock());
    // Whole runs of kRunSlots slots unrolled (their loads in flight at
    // once: one slot at a time leaves a deep split's last program waiting
    // on each), then the rest one by one.
    auto sumFrom = [&](Value lo, Value hi, int64_t step, ValueRange init) {
      return scf::ForOp::create(
                 b, loc, lo, hi, cst(step), init,
                 [&](OpBuilder &lb, Location l, Value s, ValueRange carried) {
                   OpBuilder::InsertionGuard body(b);
                   b.setInsertionPoint(lb.getInsertionBlock(),
                                       lb.getInsertionPoint());
                   SmallVector<Value> sums(carried);
                   for (int64_t u = 0; u < step; ++u)
                     addSlot(u ? add(s, u) : s, sums);
                   scf::YieldOp::create(b, l, sums);
                 })
          .getResults();
    };
    if (maxParts <= kUnrolledSplits) {
      scf::YieldOp::create(b, loc, sumFrom(cst(0), parts, 1, zeros));
    } else {
      Value whole = mul(div(parts, kRunSlots), kRunSlots);
      ValueRange runs = sumFrom(cst(0), whole, kRunSlots, zeros);
      scf::YieldOp::create(b, loc, sumFrom(whole, parts, 1, runs));
    }
  }
  return SmallVector<Value>(byParts.getResults());
}

/// Stores the 4-wide sums of groups whose first element lies inside M and
/// N to C, in C's type: whole where TMA could store C (N a multiple of 4,
/// the group aligned), else each element inside N alone.
void Epilogue::storeGroups(Value c, ArrayRef<Value> row, ArrayRef<Value> col,
                           ArrayRef<Value> inside, ArrayRef<Value> sums) {
  auto cVec = VectorType::get({4}, cElt);
  int64_t cAlign = 4 * cElt.getIntOrFloatBitWidth() / 8;
  Value byTma = storesByTma(c);
  Value n = memref::DimOp::create(b, loc, c, 1);
  for (auto [r, k, in, sum] : llvm::zip(row, col, inside, sums)) {
    auto store = scf::IfOp::create(b, loc, in);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(store.thenBlock());
    Value v = sum;
    if (!cElt.isF32())
      v = arith::TruncFOp::create(b, loc, cVec, v);
    auto whole = scf::IfOp::create(b, loc, byTma, /*withElseRegion=*/true);
    b.setInsertionPointToStart(whole.thenBlock());
    vector::StoreOp::create(b, loc, v, c, ValueRange{r, k},
                            /*nontemporal=*/false, llvm::MaybeAlign(cAlign));
    b.setInsertionPointToStart(whole.elseBlock());
    for (int64_t e = 0; e < 4; ++e) {
      Value ke = add(k, e);
      auto one = scf::IfOp::create(b, loc, ult(ke, n));
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(one.thenBlock());
      Value x = vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{e});
      memref::StoreOp::create(b, loc, x, c, ValueRange{r, ke});
    }
  }
}

/// Split-K in a cluster (see the file comment of TileToWGMMA.cpp): the
/// tile's S programs are the S blocks of one cluster, split s of rank s.
/// Each writes its partial sum in f32 over its own ring, and after a
/// cluster barrier adds a share of the tile's rows from every block's
/// shared memory, in split order, and stores them to C. No workspace, no
/// arrival count, no global round trip: the partials stay on chip.
void Epilogue::emitClusterSplitEpilogue(Value acc, StoreOp store) {
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  std::optional<int64_t> constParts = getConstantIntValue(store.getParts());
  Value parts = constParts ? cst(*constParts) : store.getParts();
  Value split = store.getSplit();
  Value c = store.getBase();
  Value m = memref::DimOp::create(b, loc, c, 0);
  Value n = memref::DimOp::create(b, loc, c, 1);
  int64_t stride = layout.partialRowFloats;

  // This warpgroup's rows of the partial, a block_m x block_n tile of C
  // (swap_ab: the accumulator's rows are its columns, written transposed,
  // so that what follows adds C's rows either way). Rows past M (swap_ab:
  // N) are never read, so a warp whose first row (16 w of each 64-row
  // block) lies past them skips its store.
  bool swapped = cfg.swapAB;
  int64_t rowStride = swapped ? 1 : stride, colStride = swapped ? stride : 1;
  auto rowsType = MemRefType::get(
      {wgTileM, cfg.mmaCols()}, f32,
      StridedLayoutAttr::get(ctx, ShapedType::kDynamic, {rowStride, colStride}),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
  Value partial = view(blk.base, {cfg.blockM * stride}, f32);
  Value rows = memref::ReinterpretCastOp::create(
      b, loc, rowsType, partial,
      OpFoldResult(swapped ? blk.wgRow : mul(blk.wgRow, stride)),
      ArrayRef<OpFoldResult>{b.getIndexAttr(wgTileM),
                             b.getIndexAttr(cfg.mmaCols())},
      ArrayRef<OpFoldResult>{b.getIndexAttr(rowStride),
                             b.getIndexAttr(colStride)});
  Value warpRows = mul(div(rem(blk.tid, kWarpgroupThreads), kWarpThreads), 16);
  {
    Value first = swapped ? blk.nCol0 : blk.mRow0;
    auto write = scf::IfOp::create(
        b, loc, ult(add(add(first, blk.wgRow), warpRows), swapped ? n : m));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(write.thenBlock());
    nvgpu::WarpgroupMmaStoreOp::create(b, loc, acc, rows);
  }
  // Releases every thread's partial to the cluster, and acquires the
  // other blocks' (barrier.cluster's default semantics).
  syncCluster();

  // Thread t adds 4 neighbouring columns of row t / (block_n / 4) of each
  // pass of R = threads / (block_n / 4) rows; one iteration runs U passes,
  // iteration i takes rows [i U R, (i + 1) U R) of those inside M, and
  // block s takes iterations s, s + S, ...: a decode tile's one row is one
  // iteration of block 0.
  int64_t threads = cfg.mmaThreads();
  int64_t perRow = cfg.blockN / 4;
  int64_t passRows = threads / perRow;
  int64_t unroll = 4;
  Value rowsIn = minu(cst(cfg.blockM), sub(m, blk.mRow0));
  auto iterations = scf::ForOp::create(
      b, loc, split, ceilDiv(rowsIn, passRows * unroll), parts);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(iterations.getBody());
    Value first = mul(iterations.getInductionVar(), passRows * unroll);
    Value colInTile = mul(rem(blk.tid, perRow), 4);
    Value col = add(blk.nCol0, colInTile);
    Value colInside = ult(col, n);
    // Where block_n / 4 does not divide the threads (block_n 192), the
    // threads past whole rows have no group of their own.
    if (threads % perRow)
      colInside = andi(colInside, ult(blk.tid, cst(passRows * perRow)));
    SmallVector<Value> row, cols, inside, from;
    for (int64_t u = 0; u < unroll; ++u) {
      Value r = add(add(first, u * passRows), div(blk.tid, perRow));
      row.push_back(add(blk.mRow0, r));
      cols.push_back(col);
      inside.push_back(andi(ult(r, rowsIn), colInside));
      // A group past M or N reads the tile's first group instead (written)
      // and is never stored: no load waits on a branch.
      Value at = add(mul(r, stride), colInTile);
      from.push_back(arith::SelectOp::create(b, loc, inside.back(), at,
                                             cst(0)));
    }
    auto vec = VectorType::get({4}, f32);
    Value origin = add(blk.smemAddr, blk.base);
    SmallVector<Value> sums =
        sumSlots(parts, cfg.splitK, unroll, [&](Value s, int64_t u) {
          Value local = sharedPtr(add(origin, mul(from[u], 4)));
          Value remote = peerPtr(
              local, arith::IndexCastOp::create(b, loc, b.getI32Type(), s));
          return LLVM::LoadOp::create(b, loc, vec, remote, /*alignment=*/16)
              .getResult();
        });
    storeGroups(c, row, cols, inside, sums);
  }
  // No block leaves while another may still read its shared memory.
  syncCluster();
}

/// Split-K: the partial sum to the program's slot; every program adds a
/// share of the slots, or for Stream-K the last to arrive all of them (see
/// the file comment of TileToWGMMA.cpp).
void Epilogue::emitSplitEpilogue(Value acc, StoreOp store) {
  bool shared = !cfg.isStreamK();
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type(), i32Type = b.getI32Type();
  int64_t slot = cfg.blockM * cfg.blockN;
  int64_t record = cfg.workspaceTileBytes() / 4; // in f32 or i32 elements
  // A constant (hand-written IR) may sit after the K loop this replaces.
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
                            mul(blk.wgRow, cfg.blockN));
  Value rows = memref::ReinterpretCastOp::create(
      b, loc, rowsType, partials, offset,
      ArrayRef<OpFoldResult>{b.getIndexAttr(wgTileM),
                             b.getIndexAttr(cfg.blockN)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(cfg.blockN), b.getIndexAttr(1)});
  // The fix-up never reads rows past M, so a warp whose first row (16 w
  // of each 64-row block) lies past M skips its store: a decode tile's
  // partial is a quarter of the slot's traffic, not all of it.
  Value warpRows = mul(div(rem(blk.tid, kWarpgroupThreads), kWarpThreads), 16);
  Value warpRow0 = add(add(blk.mRow0, blk.wgRow), warpRows);
  {
    auto store = scf::IfOp::create(b, loc, ult(warpRow0, m));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(store.thenBlock());
    nvgpu::WarpgroupMmaStoreOp::create(b, loc, acc, rows);
  }
  gpu::BarrierOp::create(b, loc);

  // Thread 0 arrives for the block, between acquire-release fences at GPU
  // scope: the first releases every thread's partial (ordered before it by
  // the block barrier), the second acquires the other programs' partials
  // for the whole block (the next barrier orders its reads after it). So
  // does CUTLASS's semaphore (fence.acq_rel.gpu, then a relaxed red). Not
  // membar.gl: a sequentially consistent fence (MEMBAR.SC), more than the
  // pattern needs.
  Value countAt = add(tileRecord, cfg.workspaceSlots() * slot);
  auto fence = [&] {
    LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acq_rel, "device");
  };
  auto atomic = [&](arith::AtomicRMWKind kind, int64_t value, Value at) {
    return memref::AtomicRMWOp::create(b, loc, kind, i32(value), counts, at)
        .getResult();
  };

  // Thread t adds 4 neighbouring columns at elements 4 (g T + t) of the
  // tile, for g < G: one 16-byte load per slot; G in chunks of at most
  // `perChunk` groups (32 accumulator registers beside the tile's
  // accumulator at 8), chunks first to last by `step` (whatever share of
  // them this program adds).
  int64_t threads = cfg.mmaThreads();
  int64_t groups = slot / (4 * threads);
  auto addChunks = [&](Value first, Value step, int64_t perChunk) {
    while (groups % perChunk)
      perChunk /= 2;
    auto vec = VectorType::get({4}, f32);
    OpBuilder::InsertionGuard guard(b);
    auto chunks =
        scf::ForOp::create(b, loc, first, cst(groups / perChunk), step);
    b.setInsertionPointToStart(chunks.getBody());
    SmallVector<Value> at;
    for (int64_t g = 0; g < perChunk; ++g)
      at.push_back(mul(
          add(add(mul(chunks.getInductionVar(), perChunk * threads), blk.tid),
              g * threads),
          4));
    // Rows past M and column groups past N are neither loaded nor stored
    // (a group partly past N stores its elements inside N alone).
    SmallVector<Value> row, col, inside;
    for (int64_t g = 0; g < perChunk; ++g) {
      row.push_back(add(blk.mRow0, div(at[g], cfg.blockN)));
      col.push_back(add(blk.nCol0, rem(at[g], cfg.blockN)));
      // Named: C++ leaves the order of arguments, and so of the ops, open.
      Value colInside = ult(col[g], n);
      inside.push_back(andi(ult(row[g], m), colInside));
    }
    // A group past M or N loads the tile's first group instead (written,
    // and in cache) and is never stored: no load waits on a branch, so all
    // the slots' loads can be in flight at once.
    SmallVector<Value> from;
    for (int64_t g = 0; g < perChunk; ++g)
      from.push_back(arith::SelectOp::create(b, loc, inside[g], at[g], cst(0)));
    SmallVector<Value> sum = sumSlots(
        parts, cfg.workspaceSlots(), perChunk, [&](Value s, int64_t g) {
          Value first = add(tileRecord, mul(s, slot));
          return vector::LoadOp::create(
              b, loc, vec, partials, ValueRange{add(first, from[g])},
              /*nontemporal=*/false, llvm::MaybeAlign(16));
        });
    storeGroups(c, row, col, inside, sum);
  };

  if (shared) {
    Value partsI32 = arith::IndexCastOp::create(b, loc, i32Type, parts);
    // Every program adds a share of the tile once all have arrived: thread
    // 0 waits on the count (the runtime launches all of a tile's programs
    // at once, cooperatively, so none waits on one that cannot start).
    // Chunks of two groups per thread, program s taking chunks s, s + S,
    // ...: 16 in a 128 x 128 tile of one warpgroup.
    {
      auto arrive = scf::IfOp::create(b, loc, blk.isThread0);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(arrive.thenBlock());
      fence();
      atomic(arith::AtomicRMWKind::addi, 1, countAt);
      auto wait = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
      b.setInsertionPointToStart(&wait.getBefore().emplaceBlock());
      Value seen = atomic(arith::AtomicRMWKind::ori, 0, countAt);
      scf::ConditionOp::create(b, loc,
                               arith::CmpIOp::create(b, loc,
                                                     arith::CmpIPredicate::ult,
                                                     seen, partsI32),
                               ValueRange{});
      b.setInsertionPointToStart(&wait.getAfter().emplaceBlock());
      scf::YieldOp::create(b, loc);
      b.setInsertionPointAfter(wait);
      fence();
    }
    gpu::BarrierOp::create(b, loc);
    addChunks(store.getSplit(), parts, 2);
    // The program leaves (every program has passed its wait); the last to
    // leave resets both counts for the next launch.
    auto leave = scf::IfOp::create(b, loc, blk.isThread0);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(leave.thenBlock());
    Value leftAt = add(countAt, 1);
    Value left = atomic(arith::AtomicRMWKind::addi, 1, leftAt);
    auto last = scf::IfOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, left,
                              arith::SubIOp::create(b, loc, partsI32, i32(1))));
    b.setInsertionPointToStart(last.thenBlock());
    fence();
    memref::StoreOp::create(b, loc, i32(0), counts, countAt);
    memref::StoreOp::create(b, loc, i32(0), counts, leftAt);
    return;
  }

  // The program whose arrival completes the count adds the slots; the
  // block learns through shared memory whether it was last.
  Value flag = view(add(blk.base, layout.flagOffset), {1}, i32Type);
  {
    auto arrive = scf::IfOp::create(b, loc, blk.isThread0);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(arrive.thenBlock());
    fence();
    Value before = atomic(arith::AtomicRMWKind::addi, 1, countAt);
    fence();
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
  addChunks(cst(0), cst(1), 8);
  auto reset = scf::IfOp::create(b, loc, blk.isThread0);
  b.setInsertionPointToStart(reset.thenBlock());
  memref::StoreOp::create(b, loc, i32(0), counts, countAt);
}
