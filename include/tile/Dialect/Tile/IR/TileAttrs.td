//===- TileAttrs.td - tile dialect attributes --------------*- tablegen -*-===//

#ifndef TILE_DIALECT_TILE_IR_TILEATTRS_TD
#define TILE_DIALECT_TILE_IR_TILEATTRS_TD

include "tile/Dialect/Tile/IR/TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class Tile_Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::mlir::tile";
  let genSpecializedAttr = 0;
}

def Tile_MmaKind : Tile_Enum<"MmaKind", "tensor-core instruction", [
  I32EnumAttrCase<"Sync", 0, "sync">,   // cp.async + ldmatrix + mma.sync
  I32EnumAttrCase<"Wgmma", 1, "wgmma">, // TMA + mbarrier + wgmma (sm_90a)
]>;

def Tile_Schedule : Tile_Enum<"Schedule", "program schedule", [
  I32EnumAttrCase<"Tiled", 0, "tiled">,          // one program per tile
  I32EnumAttrCase<"Persistent", 1, "persistent">, // programs stride over tiles
  // Hybrid Stream-K: whole waves data-parallel, the last one or two shared
  // out by K steps (the option spelling is stream-k; attribute keywords
  // take no '-').
  I32EnumAttrCase<"StreamK", 2, "stream_k">,
]>;

def Tile_TileOrder : Tile_Enum<"TileOrder", "order of the tiles", [
  I32EnumAttrCase<"Linear", 0, "linear">,   // row-major over tiles
  I32EnumAttrCase<"Grouped", 1, "grouped">, // group_m tile rows at a time
  I32EnumAttrCase<"Serpentine", 2, "serpentine">, // grouped, as one path
                                                  // through neighbours
]>;

def Tile_WarpSpecialize : Tile_Enum<"WarpSpecialize", "warp roles", [
  I32EnumAttrCase<"None", 0, "none">,               // every warp loads and computes
  I32EnumAttrCase<"Cooperative", 1, "cooperative">, // a producer warpgroup loads;
                                                    // the others share each tile
  I32EnumAttrCase<"Pingpong", 2, "pingpong">,       // a producer warpgroup loads;
                                                    // the others alternate tiles
]>;

def Tile_Chip : Tile_Enum<"Chip", "target GPU", [
  I32EnumAttrCase<"SM80", 0, "sm_80">,
  I32EnumAttrCase<"SM86", 1, "sm_86">,
  I32EnumAttrCase<"SM89", 2, "sm_89">,
  I32EnumAttrCase<"SM90", 3, "sm_90">,
  I32EnumAttrCase<"SM90a", 4, "sm_90a">,
]>;

def Tile_KernelAttr : AttrDef<Tile_Dialect, "Kernel"> {
  let mnemonic = "kernel";
  let summary = "Block configuration of a tile kernel";
  let description = [{
    Set on a kernel function by `tile-tiling` under the name `tile.kernel`;
    every later pass reads its configuration from it, so each pass can run
    alone on the output of the one before. Every field is required.

    ```mlir
    tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64,
        num_warps = 8, num_stages = 4, schedule = persistent,
        order = grouped, group_m = 8, mma = wgmma, warp_specialize = none,
        chip = sm_90a, shared_bytes = 0>
    ```

    `shared_bytes` is the dynamic shared memory a block uses, 0 until
    `tile-allocate-shared` places the buffers. With `warp_specialize =
    cooperative` or `pingpong` the block has one more warpgroup than
    `num_warps` says: a producer that only issues TMA loads. Cooperative
    consumer warpgroups (one or two) split each tile; pingpong ones take
    alternate tiles.
    `cluster_m = 2` (optional, printed only when not 1) pairs the blocks of
    neighbouring tile rows into thread-block clusters that share the B tile
    of each K step (each block loads half of it and multicasts it).
    `split_k = S` (optional, printed only when not 1) runs S programs per C
    tile, each over an equal share of the K steps; the last to finish adds
    the partial sums, in split order, from the launch's workspace.
    `swap_ab = 1` (optional, printed only when not 0; wgmma, block_n 64 per
    warpgroup) computes each tile as C's transpose, B^T A^T: M takes
    wgmma's N side, so block_m may be any multiple of 16 up to 256.
    `l2_promotion = B` (optional, printed only when not 256; wgmma) sets
    the L2 promotion of the kernel's TMA descriptors: L2 fetches B bytes
    around each miss (0, 64, 128 or 256).
  }];
  let parameters = (ins
    "int64_t":$block_m, "int64_t":$block_n, "int64_t":$block_k,
    "int64_t":$num_warps, "int64_t":$num_stages,
    EnumParameter<Tile_Schedule>:$schedule,
    EnumParameter<Tile_TileOrder>:$order, "int64_t":$group_m,
    EnumParameter<Tile_MmaKind>:$mma,
    EnumParameter<Tile_WarpSpecialize>:$warp_specialize,
    "int64_t":$cluster_m, "int64_t":$split_k, "int64_t":$swap_ab,
    "int64_t":$l2_promotion, EnumParameter<Tile_Chip>:$chip,
    "int64_t":$shared_bytes);
  // Fields in any order, each once; a missing, repeated or unknown field is
  // named in the error (the struct directive only says "expected ','").
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILEATTRS_TD
