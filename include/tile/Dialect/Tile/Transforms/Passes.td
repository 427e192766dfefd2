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
  // Defaults: KernelConfig's member initializers.
  let options = [
    Option<"blockM", "block-m", "int64_t",
           "::mlir::tile::KernelConfig{}.blockM", "Rows of C per program">,
    Option<"blockN", "block-n", "int64_t",
           "::mlir::tile::KernelConfig{}.blockN", "Columns of C per program">,
    Option<"blockK", "block-k", "int64_t",
           "::mlir::tile::KernelConfig{}.blockK", "K step of the inner loop">,
    Option<"numWarps", "num-warps", "int64_t",
           "::mlir::tile::KernelConfig{}.numWarps", "Warps per program">,
    Option<"numStages", "num-stages", "int64_t",
           "::mlir::tile::KernelConfig{}.numStages",
           "Depth of the K-loop pipeline the later passes build">,
    Option<"order", "order", "::mlir::tile::TileOrder",
           "::mlir::tile::KernelConfig{}.order", "Tile order",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tile::TileOrder::Linear, "linear",
                        "row-major over tiles"),
             clEnumValN(::mlir::tile::TileOrder::Grouped, "grouped",
                        "group-m tile rows at a time"),
             clEnumValN(::mlir::tile::TileOrder::Serpentine, "serpentine",
                        "group-m tile rows at a time, as one path of "
                        "neighbouring tiles"))}]>,
    Option<"groupM", "group-m", "int64_t",
           "::mlir::tile::KernelConfig{}.groupM",
           "Tile rows per group for order=grouped and serpentine">,
    Option<"mma", "mma", "::mlir::tile::MmaKind",
           "::mlir::tile::KernelConfig{}.mma",
           "Tensor-core lowering the block sizes are checked for",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tile::MmaKind::Sync, "sync",
                        "cp.async + ldmatrix + mma.sync (sm_80 and later)"),
             clEnumValN(::mlir::tile::MmaKind::Wgmma, "wgmma",
                        "TMA + mbarrier + wgmma (sm_90a)"))}]>,
    Option<"warpSpecialize", "warp-specialize", "::mlir::tile::WarpSpecialize",
           "::mlir::tile::KernelConfig{}.warpSpecialize",
           "Warp roles (mma=wgmma; persistent schedule, or tiled with split-k up to 8)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tile::WarpSpecialize::None, "none",
                        "every warp loads and computes"),
             clEnumValN(::mlir::tile::WarpSpecialize::Cooperative,
                        "cooperative",
                        "a producer warpgroup issues the TMA loads; one (4 "
                        "warps) or two (8) consumer warpgroups share each tile"),
             clEnumValN(::mlir::tile::WarpSpecialize::Pingpong, "pingpong",
                        "a producer warpgroup issues the TMA loads; two "
                        "consumer warpgroups take alternate tiles, one "
                        "storing C while the other computes"))}]>,
    Option<"clusterM", "cluster-m", "int64_t",
           "::mlir::tile::KernelConfig{}.clusterM",
           "Blocks per thread-block cluster along M, 1 or 2 (2: the pair "
           "shares each B tile through TMA multicast; warp-specialized "
           "wgmma kernels)">,
    Option<"splitK", "split-k", "int64_t",
           "::mlir::tile::KernelConfig{}.splitK",
           "Programs per C tile, 1 to 128, each over an equal share of the "
           "K steps, their partial sums added in split order in a cluster "
           "(up to 8) or through a workspace (tiled wgmma kernels without "
           "warp specialization)">,
    Option<"swapAB", "swap-ab", "int64_t",
           "::mlir::tile::KernelConfig{}.swapAB",
           "1: compute each tile as C's transpose (B^T A^T), M on wgmma's N "
           "side, so that block-m may be any multiple of 16 up to 256 "
           "(wgmma, tiled, block-n 64 per warpgroup: 64, 128 or 192 at 4, "
           "8 or 12 warps)">,
    Option<"l2Promotion", "l2-promotion", "int64_t",
           "::mlir::tile::KernelConfig{}.l2Promotion",
           "Bytes L2 fetches around each miss of the kernel's TMA loads: 0, "
           "64, 128 or 256 (wgmma)">,
    Option<"chip", "chip", "::mlir::tile::Chip",
           "::mlir::tile::KernelConfig{}.chip",
           "Target GPU (without it: sm_90a for mma=wgmma, else sm_90)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tile::Chip::SM80, "sm_80", "A100"),
             clEnumValN(::mlir::tile::Chip::SM86, "sm_86", "RTX 30xx"),
             clEnumValN(::mlir::tile::Chip::SM89, "sm_89", "RTX 40xx, L40"),
             clEnumValN(::mlir::tile::Chip::SM90, "sm_90", "H100, H200"),
             clEnumValN(::mlir::tile::Chip::SM90a, "sm_90a",
                        "H100, H200 with wgmma and TMA"))}]>,
  ];
}

def TileAutoConfig : Pass<"tile-auto-config", "::mlir::ModuleOp"> {
  let summary = "Tile each kernel once per member of a configuration family "
                "and record the rule that picks one per shape";
  let description = [{
    The `config=auto` step of `--tile-to-ptx`, in place of tile-tiling and
    tile-persistent: each function holding a `tile.matmul` becomes one
    `<name>__<member>` per member of the calibration table (TMA + wgmma,
    each with its schedule), and the module's `tile.dispatch` attribute
    records, per kernel, each member's cost coefficients, from which the
    runtime estimates every member's time for a shape and runs the fastest.
    The bundle writer turns the rules into `<name>.json`. With `tune-cache`,
    tile-tune's winners for the kernel's types (TMA + wgmma ones) become
    members `__tuned<i>` whose rules, tried before the model, match their
    shape class.
  }];
  let options = [
    Option<"tuneCache", "tune-cache", "std::string", "\"\"",
           "tile-tune's cache.json, whose winners join the family">,
    Option<"calibration", "calibration", "std::string", "\"\"",
           "a calibration table in place of the built-in one "
           "(data/sm_90a.json): the family and its cost coefficients">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def TilePersistent : Pass<"tile-persistent", "::mlir::func::FuncOp"> {
  let summary = "Make each program stride over tiles (persistent schedule)";
  let description = [{
    Wraps the per-tile body of a tiled kernel in a loop
    `for tile = program_id; tile < num_tiles; tile += num_programs`, where
    `num_programs` is the launched grid size read at run time.
  }];
  // buildNumTiles reads C's sizes with memref.dim.
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileStreamK : Pass<"tile-stream-k", "::mlir::func::FuncOp"> {
  let summary = "Hybrid Stream-K: whole waves data-parallel, the rest shared";
  let description = [{
    Osama et al., "Stream-K" (PPoPP 2023), in its hybrid form. With `W`
    whole waves of `num_programs` tiles and a partial wave after them, the
    first `W - 1` waves run data-parallel and the other tiles (the last whole
    wave and the partial one; all of them below two waves) are shared: their
    K steps form one range, and program p takes steps [p s, (p + 1) s) with
    s = max(steps per tile, ceil(range / num_programs)). One loop runs the
    shared tiles a program's range touches, then its data-parallel tiles
    (tile shared + p + j num_programs in wave j, so a wave's tiles are
    neighbours). A tile whose steps two programs share is stored as two
    parts (`tile.store ... split %part of %parts in tile %t`) that meet in
    the launch's workspace; a whole tile is stored as is. With s at least
    one tile, no tile has more than two parts; programs past the end idle.
    Tiles that fill whole waves are all data-parallel.
  }];
  // buildNumTiles reads C's sizes with memref.dim.
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
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
    Option<"splits", "splits", "int64_t", "0",
           "Programs per tile of a split-K kernel, as a launch chooses them "
           "(1 to split_k; 0: split_k)">,
  ];
}

def TilePipeline : Pass<"tile-pipeline", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Software-pipeline the K loop over multi-buffered shared memory";
  let description = [{
    Multi-buffers each shared-memory tile `num_stages` deep (read from the
    kernel's `tile.kernel`; `memref::multiBuffer`) and pipelines the K loop
    with
    `scf::pipelineForLoop`: the copies of iteration k + num-stages - 1 are
    issued while the tensor cores work on iteration k, and each
    `nvgpu.device_async_wait` waits only for the oldest group in flight.
    One stage leaves the loop as it is.
  }];
  let dependentDialects = ["::mlir::nvgpu::NVGPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileAllocateShared : Pass<"tile-allocate-shared", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Place workgroup buffers in dynamic shared memory";
  let description = [{
    Replaces each workgroup-memory `memref.alloc` with a view of
    `gpu.dynamic_shared_memory` at a 128-byte aligned offset, records the
    total in the kernel's `tile.kernel` attribute (`shared_bytes`)
    and rejects kernels that need more than the chip allows per block.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", "0",
           "Dynamic shared memory a block may use (0: what the kernel's "
           "chip allows, 227 KB on sm_90)">,
  ];
}

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
