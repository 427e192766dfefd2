//===- TileOps.cpp - tile dialect ops -------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;

/// Fails with `what` when two static sizes disagree; dynamic sizes are checked
/// at run time by whoever launches the kernel.
static LogicalResult checkSize(Operation *op, int64_t a, int64_t b,
                               StringRef what) {
  if (ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b)
    return success();
  return op->emitOpError() << what << " (" << a << " vs " << b << ")";
}

LogicalResult MatmulOp::verify() {
  // C is written while A and B are read (and a kernel reads A and B
  // through their own parameters).
  if (getC() == getA() || getC() == getB())
    return emitOpError() << "C must not be the same memref as A or B";
  auto a = getA().getType(), b = getB().getType(), c = getC().getType();
  if (a.getElementType() != b.getElementType())
    return emitOpError() << "A and B must have the same element type, got "
                         << a.getElementType() << " and " << b.getElementType();
  if (failed(checkSize(*this, a.getDimSize(1), b.getDimSize(0),
                       "K of A (dim 1) must equal K of B (dim 0)")) ||
      failed(checkSize(*this, a.getDimSize(0), c.getDimSize(0),
                       "M of A (dim 0) must equal M of C (dim 0)")) ||
      failed(checkSize(*this, b.getDimSize(1), c.getDimSize(1),
                       "N of B (dim 1) must equal N of C (dim 1)")))
    return failure();
  return success();
}

LogicalResult LoadOp::verify() {
  if (getBase().getType().getElementType() != getType().getElementType())
    return emitOpError() << "result element type " << getType().getElementType()
                         << " must match the memref's "
                         << getBase().getType().getElementType();
  return success();
}

LogicalResult DotOp::verify() {
  VectorType lhs = getLhs().getType(), rhs = getRhs().getType();
  VectorType acc = getAcc().getType();
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError() << "lhs and rhs must have the same element type";
  if (lhs.getDimSize(1) != rhs.getDimSize(0) ||
      lhs.getDimSize(0) != acc.getDimSize(0) ||
      rhs.getDimSize(1) != acc.getDimSize(1))
    return emitOpError() << "shapes do not form a product: " << lhs << " * "
                         << rhs << " -> " << acc;
  return success();
}

LogicalResult StoreOp::verify() {
  // The generic form can name one without the other.
  if (static_cast<bool>(getSplit()) != static_cast<bool>(getTile()) ||
      static_cast<bool>(getSplit()) != static_cast<bool>(getParts()))
    return emitOpError() << "takes a split, its number of parts and a tile, "
                            "or none of them";
  return success();
}

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"

LogicalResult StageAccumulatorOp::verify() {
  MemRefType dst = getDst().getType();
  int64_t bits = dst.getElementTypeBitWidth();
  int64_t boxBytes = getBoxBytes();
  // The row widths TMA swizzles.
  if (boxBytes != 128 && boxBytes != 64 && boxBytes != 32)
    return emitOpError("box_bytes must be 128, 64 or 32, got ") << boxBytes;
  int64_t boxCols = boxBytes * 8 / bits;
  VectorType acc = getAcc().getType().getFragmented();
  if (getTransposed()) {
    // dst[c][r] = acc[r][first + c]: rows of 128-byte boxes, columns in
    // 16-column pieces (one stmatrix.x4.trans of 16-bit values).
    int64_t first = getFirstColumn();
    if (boxBytes != 128 || !dst.hasStaticShape() ||
        !dst.getLayout().isIdentity() ||
        dst.getDimSize(1) != acc.getDimSize(0) ||
        acc.getDimSize(0) % boxCols != 0)
      return emitOpError("transposed needs box_bytes = 128 and a static "
                         "identity-layout destination with a column per "
                         "accumulator row (")
             << acc.getDimSize(0) << "), got " << dst;
    if (first < 0 || first % 16 != 0 || dst.getDimSize(0) % 16 != 0 ||
        first + dst.getDimSize(0) > acc.getDimSize(1))
      return emitOpError("transposed columns ")
             << first << " .. " << first + dst.getDimSize(0) - 1
             << " must be whole 16-column pieces within the "
             << acc.getDimSize(1) << " of the accumulator";
    return success();
  }
  if (!dst.hasStaticShape() || !dst.getLayout().isIdentity() ||
      dst.getDimSize(1) % boxCols != 0)
    return emitOpError("needs a static identity-layout destination with rows "
                       "of whole ")
           << boxBytes << "-byte boxes (" << boxCols << " elements), got "
           << dst;
  if (dst.getDimSize(0) != acc.getDimSize(0))
    return emitOpError("destination has ")
           << dst.getDimSize(0) << " rows; the accumulator has "
           << acc.getDimSize(0);
  int64_t first = getFirstColumn();
  if (first < 0 || first % boxCols != 0 ||
      first + dst.getDimSize(1) > acc.getDimSize(1))
    return emitOpError("columns ")
           << first << " .. " << first + dst.getDimSize(1) - 1
           << " must start on a " << boxBytes << "-byte box and lie within the "
           << acc.getDimSize(1) << " of the accumulator";
  return success();
}
