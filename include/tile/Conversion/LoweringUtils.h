//===- LoweringUtils.h - Shared by the tensor-core lowerings ----*- C++ -*-===//

#ifndef TILE_CONVERSION_LOWERINGUTILS_H
#define TILE_CONVERSION_LOWERINGUTILS_H

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Utils/IndexMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile {

/// `acc = 0; for k: acc = dot(load A[m0, k], load B[k, n0], acc);
/// store acc -> C[m0, n0]`, the form both tensor-core lowerings rewrite.
struct KLoop {
  scf::ForOp loop;
  LoadOp loadA, loadB;
  DotOp dot;
  StoreOp store;
};

/// The kernel's K loop; std::nullopt when it has no tile.dot (nothing to
/// lower); failure, with an error naming `pass`, when it has another form.
FailureOr<std::optional<KLoop>> matchKLoop(gpu::GPUFuncOp func,
                                           StringRef pass);

/// A memref of type `t` over the LLVM pointer `ptr` with the given i64 sizes
/// and strides (offset 0), through the descriptor of the memref lowering
/// with `bits`-wide indices.
Value memrefFromPointer(OpBuilder &b, Location loc, MemRefType t, Value ptr,
                        ValueRange sizes, ValueRange strides, unsigned bits);

/// Whether `bytes`-wide accesses along the unit-stride dimension of the 2-D
/// memref are aligned at run time: the base address and the stride of
/// dimension `strideDim` (between contiguous runs) are multiples of `bytes`.
Value isAlignedAtRuntime(OpBuilder &b, Location loc, Value memref,
                         unsigned strideDim, int64_t bytes);

} // namespace mlir::tile

#endif // TILE_CONVERSION_LOWERINGUTILS_H
