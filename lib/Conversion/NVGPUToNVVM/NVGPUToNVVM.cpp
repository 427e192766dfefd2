//===- NVGPUToNVVM.cpp - nvgpu to NVVM with a chosen index width ----------===//

#include "tile/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "tile/Conversion/Passes.h"
#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILENVGPUTONVVM
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Accumulator values v and v + 1 (adjacent columns) as a vector of two of
/// the destination's element type.
Value pair(ImplicitLocOpBuilder &b, Value block, int64_t v, Type elt) {
  auto f32x2 = VectorType::get({2}, b.getF32Type());
  Value vec = LLVM::PoisonOp::create(b, f32x2);
  for (int64_t e = 0; e < 2; ++e)
    vec = LLVM::InsertElementOp::create(
        b, vec, LLVM::ExtractValueOp::create(b, block, v + e),
        LLVM::ConstantOp::create(b, b.getI32Type(), b.getI32IntegerAttr(e)));
  if (elt.isF32())
    return vec;
  return LLVM::FPTruncOp::create(b, VectorType::get({2}, elt), vec);
}


Value i32Constant(ImplicitLocOpBuilder &b, int64_t v) {
  return LLVM::ConstantOp::create(b, b.getI32Type(),
                                  b.getI32IntegerAttr(static_cast<int32_t>(v)));
}

/// The thread's lane and its warp within its warpgroup ((tid / 32) % 4).
std::pair<Value, Value> laneAndWarp(ImplicitLocOpBuilder &b) {
  Value tid = NVVM::ThreadIdXOp::create(b, b.getI32Type());
  Value lane = LLVM::URemOp::create(b, tid, i32Constant(b, 32));
  Value warp = LLVM::URemOp::create(
      b, LLVM::UDivOp::create(b, tid, i32Constant(b, 32)), i32Constant(b, 4));
  return {lane, warp};
}

/// nvgpu.warpgroup.mma.store, placing the accumulator's i-th 64-row block at
/// row 64 i. Upstream's pattern puts it N/2 rows down (the member count of
/// the block's struct), right only for N = 128. Fragment layout of
/// wgmma.m64nNk16 with f32 accumulators: value 4 j + 2 h + e of a block is at
/// row 16 w + lane / 4 + 8 h, column 8 j + 2 (lane % 4) + e, where w is the
/// warp within its warpgroup ((tid / 32) % 4, upstream: tid / 32): every
/// warpgroup stores at row 0 of the view it is given, so each passes its
/// own rows. Values are converted to the destination's element type and
/// stored in pairs.
struct WarpgroupMmaStoreLowering
    : ConvertOpToLLVMPattern<nvgpu::WarpgroupMmaStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nvgpu::WarpgroupMmaStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType dstType = op.getDstMemref().getType();
    SmallVector<int64_t> strides;
    int64_t offset;
    // Pairs of columns in one store need rows of an even static length
    // (the view's offset must keep pairs aligned, as tile-to-wgmma's do).
    bool pairs = succeeded(dstType.getStridesAndOffset(strides, offset)) &&
                 strides[1] == 1 && !ShapedType::isDynamic(strides[0]) &&
                 strides[0] % 2 == 0;
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    auto cst = [&](int64_t v) { return i32Constant(b, v); };
    auto [lane, warp] = laneAndWarp(b);
    Value row0 =
        LLVM::AddOp::create(b, LLVM::MulOp::create(b, warp, cst(16)),
                            LLVM::UDivOp::create(b, lane, cst(4)));
    Value col0 = LLVM::MulOp::create(b, LLVM::URemOp::create(b, lane, cst(4)),
                                     cst(2));
    Type dstElt = dstType.getElementType();
    Value acc = adaptor.getMatrixD();
    auto blocks = cast<LLVM::LLVMStructType>(acc.getType()).getBody();
    if (!pairs) {
      // Any other layout: one value at a time.
      auto index = [&](Value v, int64_t plus) -> Value {
        return arith::IndexCastOp::create(b, b.getIndexType(),
                                          LLVM::AddOp::create(b, v, cst(plus)));
      };
      for (auto [i, blockType] : llvm::enumerate(blocks)) {
        Value block = LLVM::ExtractValueOp::create(b, acc, i);
        int64_t values = cast<LLVM::LLVMStructType>(blockType).getBody().size();
        for (int64_t v = 0; v < values; ++v) {
          int64_t j = v / 4, h = v / 2 % 2, e = v % 2;
          Value x = LLVM::ExtractValueOp::create(b, block, v);
          if (x.getType() != dstElt)
            x = LLVM::FPTruncOp::create(b, dstElt, x);
          memref::StoreOp::create(
              b, x, op.getDstMemref(),
              ValueRange{index(row0, 64 * i + 8 * h), index(col0, 8 * j + e)});
        }
      }
      rewriter.eraseOp(op);
      return success();
    }
    // One pointer per thread, every store at a constant offset from it
    // (indices per store become 64-bit addresses that LLVM hoists out of a
    // persistent loop and ptxas then spills).
    MemRefDescriptor desc(adaptor.getDstMemref());
    Value buffer = desc.bufferPtr(b, b.getLoc(), *getTypeConverter(), dstType);
    Value first = LLVM::AddOp::create(
        b, LLVM::MulOp::create(b, row0, cst(strides[0])), col0);
    Value ptr = LLVM::GEPOp::create(b, buffer.getType(), dstElt, buffer,
                                    ValueRange{first});
    unsigned align = 2 * dstElt.getIntOrFloatBitWidth() / 8;
    for (auto [i, blockType] : llvm::enumerate(blocks)) {
      Value block = LLVM::ExtractValueOp::create(b, acc, i);
      int64_t values = cast<LLVM::LLVMStructType>(blockType).getBody().size();
      for (int64_t j = 0; j < values / 4; ++j)
        for (int64_t h = 0; h < 2; ++h) {
          // Values e = 0, 1 are adjacent columns: one 4- or 8-byte store.
          Value v = pair(b, block, 4 * j + 2 * h, dstElt);
          int64_t at = (64 * i + 8 * h) * strides[0] + 8 * j;
          Value p = LLVM::GEPOp::create(
              b, ptr.getType(), dstElt, ptr,
              ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(at)});
          LLVM::StoreOp::create(b, v, p, align);
        }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// The destination as a TMA store reads it: N / B boxes of R rows of W =
/// box_bytes (128, 64 or 32) bytes (B elements), box after box, byte
/// (row, c) of a box at row * W + ((c * size / 16) ^ s(row)) * 16 +
/// (c * size) % 16, where TMA's swizzle s(row) = (row * W / 128) % (W / 16)
/// (row % 8 for 128-byte rows). A warp writes 8 rows x 16 bytes at a time,
/// one 16-byte chunk per row. 16-bit values go through stmatrix.x4 (a
/// 16 x 16 piece per warp), f32 pairs as 8-byte stores. Fragment layout as
/// for nvgpu.warpgroup.mma.store above; only the columns the op names.
struct StageAccumulatorLowering
    : ConvertOpToLLVMPattern<tile::StageAccumulatorOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::StageAccumulatorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    MemRefType dstType = op.getDst().getType();
    Type elt = dstType.getElementType();
    int64_t size = elt.getIntOrFloatBitWidth() / 8;
    int64_t boxBytes = op.getBoxBytes();
    int64_t boxCols = boxBytes / size, rows = dstType.getDimSize(0);
    int64_t first = op.getFirstColumn(), cols = dstType.getDimSize(1);
    Type i32 = b.getI32Type();
    auto cst = [&](int64_t v) { return i32Constant(b, v); };
    auto [lane, warp] = laneAndWarp(b);
    auto add = [&](Value x, Value y) { return LLVM::AddOp::create(b, x, y); };
    auto mulc = [&](Value x, int64_t y) {
      return LLVM::MulOp::create(b, x, cst(y));
    };
    auto udiv = [&](Value x, int64_t y) {
      return LLVM::UDivOp::create(b, x, cst(y));
    };
    auto urem = [&](Value x, int64_t y) {
      return LLVM::URemOp::create(b, x, cst(y));
    };
    auto bufferBase = [&] {
      MemRefDescriptor desc(adaptor.getDst());
      return desc.bufferPtr(b, b.getLoc(), *getTypeConverter(), dstType);
    };
    // `bytes` (a value, or a constant) past `p`.
    auto byteAt = [&](Value p, Value bytes) -> Value {
      return LLVM::GEPOp::create(b, p.getType(), b.getI8Type(), p,
                                 ValueRange{bytes});
    };
    auto offsetBy = [&](Value p, int64_t bytes) -> Value {
      return LLVM::GEPOp::create(
          b, p.getType(), b.getI8Type(), p,
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(bytes)});
    };
    Value acc = adaptor.getAcc();
    auto blocks = cast<LLVM::LLVMStructType>(acc.getType()).getBody();
    if (op.getTransposed()) {
      Value base = bufferBase();
      // Fragment (r, c) at staging row c - first, column r: box r /
      // boxCols, 128-byte rows, chunk ((r % boxCols) size / 16) ^ (row % 8).
      // Each store's rows start at a multiple of 8 (first is one), so the
      // swizzle depends on the thread's own part of the row alone.
      for (auto [i, blockType] : llvm::enumerate(blocks)) {
        Value block = LLVM::ExtractValueOp::create(b, acc, i);
        int64_t values = cast<LLVM::LLVMStructType>(blockType).getBody().size();
        int64_t j0 = first / 8, j1 = std::min(values / 4, (first + rows) / 8);
        int64_t blockBytes = 64 * size * rows; // 64 / boxCols boxes
        if (size == 2) {
          // stmatrix.x4.trans: lane l gives staging row 8 (q / 2) + l % 8 of
          // matrix q = l / 8, whose fragment rows 16 w + 8 (q % 2) are one
          // 16-byte chunk of it.
          Value q = udiv(lane, 8), l8 = urem(lane, 8);
          Value rowT = add(mulc(udiv(q, 2), 8), l8);
          Value chunk = add(mulc(warp, 2), urem(q, 2));
          Value thread = add(mulc(rowT, boxBytes),
                             LLVM::ShlOp::create(
                                 b, LLVM::XOrOp::create(b, chunk, l8), cst(4)));
          Value p0 = byteAt(base, thread);
          for (int64_t j = j0; j < j1; j += 2) {
            SmallVector<Value> regs;
            for (int64_t m = 0; m < 4; ++m)
              regs.push_back(LLVM::BitcastOp::create(
                  b, i32, pair(b, block, 4 * j + 2 * m, elt)));
            NVVM::StMatrixOp::create(
                b, offsetBy(p0, i * blockBytes + (8 * j - first) * boxBytes),
                regs, NVVM::MMALayout::col,
                NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
                NVVM::LdStMatrixEltType::B16);
          }
          continue;
        }
        // 32-bit: value 4 j + 2 h + e at fragment row 16 w + lane / 4 +
        // 8 h, column 8 j + 2 (lane % 4) + e, stored alone. Its box is w / 2
        // (of 32 columns), its chunk 4 (w % 2) + lane / 16 + 2 h, its row
        // 2 (lane % 4) + e past 8 j - first: chunk ^ row's swizzle is the
        // thread's (4 (w % 2) + lane / 16) ^ 2 (lane % 4), then ^ (2 h + e).
        Value rowT = mulc(urem(lane, 4), 2);
        Value chunk = add(mulc(urem(warp, 2), 4), udiv(lane, 16));
        Value xr = LLVM::XOrOp::create(b, chunk, rowT);
        Value thread =
            add(add(mulc(udiv(warp, 2), rows * boxBytes), mulc(rowT, boxBytes)),
                mulc(urem(udiv(lane, 4), 4), 4));
        Value p0 = byteAt(base, thread);
        for (int64_t j = j0; j < j1; ++j)
          for (int64_t h = 0; h < 2; ++h)
            for (int64_t e = 0; e < 2; ++e) {
              Value swizzled = LLVM::ShlOp::create(
                  b, LLVM::XOrOp::create(b, xr, cst(2 * h + e)), cst(4));
              Value p = byteAt(p0, swizzled);
              Value x =
                  LLVM::ExtractValueOp::create(b, block, 4 * j + 2 * h + e);
              LLVM::StoreOp::create(
                  b, x,
                  offsetBy(p, i * blockBytes + (8 * j - first + e) * boxBytes),
                  4);
            }
      }
      rewriter.eraseOp(op);
      return success();
    }
    // The thread writes at row rowT + rowC, column colT + colC, with rowC a
    // multiple of 8 (so s(rowT + rowC) = s(rowT)) and colC of 8 (a 16-byte
    // chunk of the same box, of even index): chunk ^ s(row) = chunk(colC) ^
    // xr with xr per thread.
    bool matrices = size == 2;
    Value rowT, colT;
    if (matrices) {
      // stmatrix.x4: lane l gives row l % 8 of matrix q = l / 8, the rows
      // 8 (q % 2).. and columns 8 (q / 2).. of the warp's 16 x 16 piece.
      Value q = udiv(lane, 8);
      rowT = add(add(mulc(warp, 16), mulc(urem(q, 2), 8)), urem(lane, 8));
      colT = mulc(udiv(q, 2), 8);
    } else {
      rowT = add(mulc(warp, 16), udiv(lane, 4));
      colT = mulc(urem(lane, 4), 2);
    }
    Value colBytes = mulc(colT, size);
    Value rowSwizzle = urem(boxBytes == 128 ? rowT : udiv(rowT, 128 / boxBytes),
                            boxBytes / 16);
    Value xr = LLVM::XOrOp::create(b, udiv(colBytes, 16), rowSwizzle);
    Value threadByte = add(mulc(rowT, boxBytes), urem(colBytes, 16));
    Value base = bufferBase();
    auto address = [&](int64_t rowC, int64_t colC) -> Value {
      int64_t chunk = colC % boxCols * size / 16;
      Value swizzled = LLVM::ShlOp::create(
          b, LLVM::XOrOp::create(b, xr, cst(chunk)), cst(4));
      Value p = byteAt(base, add(threadByte, swizzled));
      return offsetBy(p, (colC / boxCols * rows + rowC) * boxBytes);
    };
    for (auto [i, blockType] : llvm::enumerate(blocks)) {
      Value block = LLVM::ExtractValueOp::create(b, acc, i);
      int64_t values = cast<LLVM::LLVMStructType>(blockType).getBody().size();
      int64_t row = 64 * static_cast<int64_t>(i);
      // Values 4 j .. 4 j + 3 are in columns 8 j .. 8 j + 7.
      int64_t j0 = first / 8, j1 = std::min(values / 4, (first + cols) / 8);
      for (int64_t j = j0; j < j1; j += matrices ? 2 : 1) {
        int64_t col = 8 * (j - j0);
        if (!matrices) {
          for (int64_t h = 0; h < 2; ++h)
            LLVM::StoreOp::create(b, pair(b, block, 4 * j + 2 * h, elt),
                                  address(row + 8 * h, col), 8);
          continue;
        }
        // Matrices q = 0..3 hold value pairs 4 j, 4 j + 2, 4 j + 4, 4 j + 6.
        SmallVector<Value> regs;
        for (int64_t q = 0; q < 4; ++q)
          regs.push_back(LLVM::BitcastOp::create(
              b, i32, pair(b, block, 4 * j + 2 * q, elt)));
        NVVM::StMatrixOp::create(
            b, address(row, col), regs, NVVM::MMALayout::row,
            NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
            NVVM::LdStMatrixEltType::B16);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// nvgpu.warpgroup.mma for every orientation of A and B in shared memory.
/// Upstream's pattern steps the descriptors as for a K-major A and an
/// N-major B only. Here each operand steps by its own layout (128-byte
/// swizzle, 16-bit elements, tile-to-wgmma's boxes of 64 rows of 128 bytes):
/// along K, 16 elements (32 bytes) within a K-major row or 16 rows (2048
/// bytes) of an MN-major box; along M, 64 rows of a K-major A (8192 bytes)
/// or the next 64-wide box of an M-major one (8192 bytes too). A is M-major
/// under tile.transpose_a, B K-major without transposeB.
struct WarpgroupMmaLowering : ConvertOpToLLVMPattern<nvgpu::WarpgroupMmaOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nvgpu::WarpgroupMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType a = op.getDescriptorA().getType().getTensor();
    MemRefType bType = op.getDescriptorB().getType().getTensor();
    Type elt = a.getElementType();
    if (!elt.isF16() && !elt.isBF16())
      return rewriter.notifyMatchFailure(op, "16-bit A and B only");
    bool aKMajor = !op->hasAttr(TileDialect::kTransposeAAttrName);
    bool bKMajor = !op.getTransposeB();
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    MLIRContext *ctx = op.getContext();
    constexpr int64_t wgmmaM = 64, wgmmaK = 16, bytes = 2;
    int64_t totalM = a.getDimSize(0), totalK = a.getDimSize(1),
            totalN = bType.getDimSize(1);
    // Descriptor addresses count 16-byte units.
    auto step = [&](Value desc, int64_t byteOffset) -> Value {
      if (!byteOffset)
        return desc;
      Value off = LLVM::ConstantOp::create(
          b, b.getIntegerType(64), b.getI32IntegerAttr(byteOffset >> 4));
      return LLVM::AddOp::create(b, desc.getType(), desc, off);
    };
    auto type = [&](Type t, bool acc) {
      return NVVM::WGMMATypesAttr::get(
          ctx, acc ? NVVM::WGMMATypes::f32
                   : t.isF16() ? NVVM::WGMMATypes::f16 : NVVM::WGMMATypes::bf16);
    };
    // NVVM's layouts: A row = K-major, col = M-major; B col = K-major, row
    // = N-major.
    auto layout = [&](bool row) {
      return NVVM::MMALayoutAttr::get(ctx, row ? NVVM::MMALayout::row
                                               : NVVM::MMALayout::col);
    };
    auto scaleIn = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);
    NVVM::WgmmaFenceAlignedOp::create(b);
    Value result = LLVM::PoisonOp::create(b, adaptor.getMatrixC().getType());
    SmallVector<Value> blocks;
    for (int64_t i = 0; i < totalM / wgmmaM; ++i) {
      Value c = LLVM::ExtractValueOp::create(b, adaptor.getMatrixC(), i);
      for (int64_t k = 0; k < totalK / wgmmaK; ++k) {
        int64_t aK = aKMajor ? wgmmaK * k * bytes : wgmmaK * k * 128;
        int64_t aM = aKMajor ? totalK * wgmmaM * i * bytes : i * 8192;
        int64_t bK = bKMajor ? wgmmaK * k * bytes : wgmmaK * k * 128;
        Value descA = step(adaptor.getDescriptorA(), aK + aM);
        Value descB = step(adaptor.getDescriptorB(), bK);
        c = NVVM::WgmmaMmaAsyncOp::create(
            b, c.getType(), c, descA, descB,
            NVVM::MMAShapeAttr::get(ctx, wgmmaM, totalN, wgmmaK),
            type(elt, false), type(bType.getElementType(), false),
            type(elt, true),
            NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one),
            scaleIn, scaleIn, layout(aKMajor), layout(!bKMajor),
            NVVM::MMAIntOverflowAttr::get(ctx, NVVM::MMAIntOverflow::wrapped));
      }
      blocks.push_back(c);
    }
    for (auto [i, block] : llvm::enumerate(blocks))
      result = LLVM::InsertValueOp::create(b, result.getType(), result, block, i);
    NVVM::WgmmaGroupSyncAlignedOp::create(b);
    NVVM::WgmmaWaitGroupSyncOp::create(b, op.getWaitGroup());
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

LogicalResult mlir::tile::convertNVGPUToNVVM(gpu::GPUModuleOp module,
                                             unsigned indexBitwidth) {
  MLIRContext *ctx = module.getContext();
  LowerToLLVMOptions options(ctx);
  options.overrideIndexBitwidth(indexBitwidth);
  LLVMTypeConverter converter(ctx, options);
  nvgpu::populateCommonGPUTypeAndAttributeConversions(converter);
  // Upstream's pass keeps its conversions of the nvgpu types private, so
  // they are repeated here. Async tokens only order copies: a dummy i32.
  converter.addConversion([&](nvgpu::DeviceAsyncTokenType t) -> Type {
    return IntegerType::get(t.getContext(), 32);
  });
  converter.addConversion([&](nvgpu::MBarrierGroupType t) -> Type {
    return converter.convertType(nvgpu::getMBarrierMemrefType(ctx, t));
  });
  // nvgpu.mbarrier.arrive's state (without it the pattern builds an
  // nvvm.mbarrier.arrive without a result type).
  converter.addConversion([&](nvgpu::MBarrierTokenType t) -> Type {
    return IntegerType::get(t.getContext(), 64);
  });
  converter.addConversion([&](nvgpu::TensorMapDescriptorType t) -> Type {
    return LLVM::LLVMPointerType::get(t.getContext());
  });
  converter.addConversion([&](nvgpu::WarpgroupMatrixDescriptorType t) {
    return IntegerType::get(t.getContext(), 64);
  });
  // One struct of N/2 f32 per 64-row wgmma, as the instruction returns it.
  converter.addConversion([&](nvgpu::WarpgroupAccumulatorType t) -> Type {
    VectorType frag = t.getFragmented();
    SmallVector<Type> row(frag.getDimSize(1) / 2, frag.getElementType());
    Type inner = LLVM::LLVMStructType::getLiteral(ctx, row);
    SmallVector<Type> rows(frag.getDimSize(0) / 64, inner);
    return LLVM::LLVMStructType::getLiteral(ctx, rows);
  });
  RewritePatternSet patterns(ctx);
  populateNVGPUToNVVMConversionPatterns(converter, patterns);
  patterns.add<WarpgroupMmaStoreLowering, WarpgroupMmaLowering,
               StageAccumulatorLowering>(
      converter, /*benefit=*/2);
  LLVMConversionTarget target(*ctx);
  target.addLegalDialect<NVVM::NVVMDialect, arith::ArithDialect,
                         memref::MemRefDialect>();
  // wgmma accumulators are loop-carried.
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  target.addIllegalDialect<nvgpu::NVGPUDialect>();
  target.addIllegalOp<tile::StageAccumulatorOp>();
  return applyPartialConversion(module, target, std::move(patterns));
}

namespace {

struct TileNVGPUToNVVMPass
    : tile::impl::TileNVGPUToNVVMBase<TileNVGPUToNVVMPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (indexBitwidth != 32 && indexBitwidth != 64)
      return emitError(UnknownLoc::get(ctx), "tile-nvgpu-to-nvvm: "
                                             "index-bitwidth must be 32 or "
                                             "64, got ")
             << static_cast<int64_t>(indexBitwidth);
    return success();
  }

  void runOnOperation() override {
    // wgmma and TMA exist on sm_90a only: on a module whose target names
    // another chip, their NVVM ops would fail to verify.
    gpu::GPUModuleOp module = getOperation();
    ArrayAttr targets = module.getTargetsAttr();
    for (Attribute t : targets ? targets.getValue() : ArrayRef<Attribute>()) {
      auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t);
      if (!nvvm || nvvm.getChip() == "sm_90a")
        continue;
      WalkResult found = module.walk([](Operation *op) {
        StringRef name = op->getName().getStringRef();
        return name.starts_with("nvgpu.warpgroup.") ||
                       name.starts_with("nvgpu.tma.")
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      });
      if (found.wasInterrupted()) {
        module.emitError() << "tile-nvgpu-to-nvvm: warpgroup MMAs and TMA "
                              "need chip sm_90a; this module's target is "
                           << nvvm.getChip();
        return signalPassFailure();
      }
    }
    if (failed(convertNVGPUToNVVM(module, indexBitwidth)))
      signalPassFailure();
  }
};

} // namespace
