//===- IndexMath.h - Unsigned index arithmetic at a builder -----*- C++ -*-===//
//
// Shared by the tile-level schedules and the tensor-core lowerings, which
// build the same index arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_UTILS_INDEXMATH_H
#define TILE_DIALECT_TILE_UTILS_INDEXMATH_H

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::tile {

/// Index arithmetic at one builder position.
class IndexMath {
public:
  IndexMath(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value cst(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value add(Value x, int64_t y) { return y ? add(x, cst(y)) : x; }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value mul(Value x, int64_t y) { return mul(x, cst(y)); }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value div(Value x, int64_t y) { return div(x, cst(y)); }
  Value ceilDiv(Value x, Value y) {
    return arith::CeilDivUIOp::create(b, loc, x, y);
  }
  Value ceilDiv(Value x, int64_t y) { return ceilDiv(x, cst(y)); }
  Value minu(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
  Value maxu(Value x, Value y) { return arith::MaxUIOp::create(b, loc, x, y); }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, loc, x, cst(y));
  }
  Value ult(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value sel(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value andi(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }

protected:
  OpBuilder &b;
  Location loc;
};

} // namespace mlir::tile

#endif // TILE_DIALECT_TILE_UTILS_INDEXMATH_H
