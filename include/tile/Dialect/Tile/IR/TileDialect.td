//===- TileDialect.td - The tile dialect -------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_TD
#define TILE_DIALECT_TILE_IR_TILEDIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let summary = "Tile-level matrix multiplication for GPUs";
  let description = [{
    The `tile` dialect holds a whole-matrix `tile.matmul` and the tile-level
    ops it is lowered to: program ids, masked tile loads and stores, and tile
    dot products. Tile values are builtin vectors; memory is memrefs with any
    strided layout.
  }];
  let cppNamespace = "::mlir::tile";
  let dependentDialects = ["::mlir::nvgpu::NVGPUDialect",
                           "::mlir::vector::VectorDialect"];
  let useDefaultAttributePrinterParser = 1;
  // `tile.kernel` on a function must be a #tile.kernel; `tile.transpose_a`
  // a unit attribute.
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    static constexpr ::llvm::StringLiteral kKernelAttrName = "tile.kernel";
    /// On nvgpu.warpgroup.mma: A is M-major in shared memory (a transposed
    /// A), which the op's own transposeA cannot say without transposeB.
    static constexpr ::llvm::StringLiteral kTransposeAAttrName =
        "tile.transpose_a";
    /// On the module (config=auto): for each kernel, its rules, an array of
    /// dictionaries (kernel; class or cost; why) naming the compiled kernels
    /// the runtime picks from per problem shape.
    static constexpr ::llvm::StringLiteral kDispatchAttrName =
        "tile.dispatch";
  }];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_TD
