//===- TileDialect.h - The tile dialect -------------------------*- C++ -*-===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_H
#define TILE_DIALECT_TILE_IR_TILEDIALECT_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Dialect.h"

#include "tile/Dialect/Tile/IR/TileOpsDialect.h.inc"

#include "tile/Dialect/Tile/IR/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileAttrs.h.inc"

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_H
