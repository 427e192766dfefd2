//===- Passes.td - tile dialect passes ---------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileTiling : Pass<"tile-tiling", "::mlir::func::FuncOp"> {
  let summary = "Turn tile.matmul into one program per BLOCK_M x BLOCK_N tile";
  let description = [{
    Rewrites each `tile.matmul` into tile-level IR: a program id mapped to a
    (tile_m, tile_n) pair, an `scf.for` over K in BLOCK_K steps of masked
    `tile.load`s and `tile.dot`s, and one masked `tile.store` of C. The
    function is marked as a kernel (`tile.kernel`) with the block
    configuration the GPU lowering and the launch manifest read.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
  let options = [
    Option<"blockM", "block-m", "int64_t", "128", "Rows of C per program">,
    Option<"blockN", "block-n", "int64_t", "64", "Columns of C per program">,
    Option<"blockK", "block-k", "int64_t", "32", "K step of the inner loop">,
    Option<"numWarps", "num-warps", "int64_t", "4", "Warps per program">,
    Option<"order", "order", "std::string", "\"linear\"",
           "Tile order: linear (row-major over tiles) or grouped">,
    Option<"groupM", "group-m", "int64_t", "8",
           "Tile rows per group for order=grouped">,
    Option<"mma", "mma", "std::string", "\"sync\"",
           "Tensor-core lowering the block sizes are checked for: sync "
           "(mma.sync, sm_80+) or wgmma (TMA + warpgroup MMA, sm_90a)">,
  ];
}

def TilePersistent : Pass<"tile-persistent", "::mlir::func::FuncOp"> {
  let summary = "Make each program stride over tiles (persistent schedule)";
  let description = [{
    Wraps the per-tile body of a tiled kernel in a loop
    `for tile = program_id; tile < num_tiles; tile += num_programs`, where
    `num_programs` is the launched grid size read at run time.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileLowerToCPU : Pass<"tile-lower-to-cpu", "::mlir::func::FuncOp"> {
  let summary = "Run a tile kernel's programs as a CPU loop";
  let description = [{
    Turns a `tile.kernel` function into a host function with the same
    signature that runs every program in turn: `tile.program_id` becomes the
    induction variable of a loop over `num-programs` programs (by default one
    per C tile, as the tiled schedule launches), `tile.num_programs` its trip
    count; tile loads and stores become masked vector transfers and
    `tile.dot` becomes `vector.contract`. It checks the index and mask logic
    of every schedule on the CPU.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
  let options = [
    Option<"numPrograms", "num-programs", "int64_t", "0",
           "Programs to run (0: one per C tile)">,
  ];
}

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
