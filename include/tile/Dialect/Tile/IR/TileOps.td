//===- TileOps.td - tile dialect ops -----------------------*- tablegen -*-===//

#ifndef TILE_DIALECT_TILE_IR_TILEOPS_TD
#define TILE_DIALECT_TILE_IR_TILEOPS_TD

include "tile/Dialect/Tile/IR/TileAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Dialect/NVGPU/IR/NVGPUTypes.td"

def Tile_OperandMemRef : Arg<MemRefRankOf<[F16, BF16], [2]>,
    "A or B matrix", [MemRead]>;
def Tile_ResultMemRef : Arg<MemRefRankOf<[F32, F16, BF16], [2]>,
    "C matrix", [MemWrite]>;

def Tile_MatmulOp : Tile_Op<"matmul"> {
  let summary = "C = A * B with f32 accumulation";
  let description = [{
    Overwrites `C` (M×N) with the product of `A` (M×K) and `B` (K×N). A and B
    hold f16 or bf16 (the same type for both); C holds f32, f16 or bf16. The
    products are accumulated in f32 and rounded to C's type once. Sizes may be
    static or dynamic and layouts any strided layout: a transposed operand is
    a choice of strides. C is never read.

    ```mlir
    tile.matmul %A, %B into %C
        : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
    ```
  }];
  let arguments = (ins Tile_OperandMemRef:$a, Tile_OperandMemRef:$b,
                       Tile_ResultMemRef:$c);
  let assemblyFormat = [{
    $a `,` $b `into` $c attr-dict `:` type($a) `,` type($b) `into` type($c)
  }];
  let hasVerifier = 1;
}

def Tile_ProgramIdOp : Tile_Op<"program_id", [Pure]> {
  let summary = "Index of the running program in the 1-D launch grid";
  let description = [{
    ```mlir
    %pid = tile.program_id
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, $_builder.getIndexType());
  }]>];
}

def Tile_NumProgramsOp : Tile_Op<"num_programs", [Pure]> {
  let summary = "Number of programs in the launched grid";
  let description = [{
    Read at run time, so a persistent kernel's grid is chosen at launch.

    ```mlir
    %n = tile.num_programs
    ```
  }];
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, $_builder.getIndexType());
  }]>];
}

def Tile_LoadOp : Tile_Op<"load"> {
  let summary = "Masked load of a 2-D tile, zero outside the memref";
  let description = [{
    Reads the tile whose top-left element is `base[row, col]`. Elements that
    fall outside the memref's sizes read as zero, so edge tiles need no
    separate mask.

    ```mlir
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x32xf16>
    ```
  }];
  let arguments = (ins Arg<MemRefRankOf<[F16, BF16], [2]>, "", [MemRead]>:$base,
                       Index:$row, Index:$col);
  let results = (outs VectorOfRankAndType<[2], [F16, BF16]>:$result);
  let assemblyFormat = [{
    $base `[` $row `,` $col `]` attr-dict `:` type($base) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_DotOp : Tile_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "acc + lhs * rhs on tiles, accumulated in f32";
  let description = [{
    ```mlir
    %d = tile.dot %a, %b, %acc
        : vector<128x32xf16>, vector<32x64xf16> -> vector<128x64xf32>
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[2], [F16, BF16]>:$lhs,
                       VectorOfRankAndType<[2], [F16, BF16]>:$rhs,
                       VectorOfRankAndType<[2], [F32]>:$acc);
  let results = (outs VectorOfRankAndType<[2], [F32]>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc attr-dict `:` type($lhs) `,` type($rhs) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store", [AttrSizedOperandSegments]> {
  let summary = "Masked store of an f32 tile, rounded to the memref's type";
  let description = [{
    Writes the tile whose top-left element goes to `base[row, col]`;
    elements outside the memref's sizes are dropped.

    ```mlir
    tile.store %acc, %C[%m0, %n0] : vector<128x64xf32> -> memref<?x?xf16>
    ```

    With `split %s of %n in tile %t` the value is part `s` of the `n` parts
    whose sum tile `t` of C holds (split-K: `n` is `split_k`; Stream-K: the
    programs that share the tile's K steps). With `n` = 1 it is a plain
    store. Otherwise each part goes to its slot of the launch's workspace,
    and the program that delivers the last part of the tile adds all of
    them in part order (0, 1, ...) and writes the sum, rounded once. Which
    program is last does not change the result.

    ```mlir
    tile.store %acc, %C[%m0, %n0] split %s of %n in tile %t
        : vector<128x64xf32> -> memref<?x?xf16>
    ```
  }];
  let arguments = (ins VectorOfRankAndType<[2], [F32]>:$value,
                       Arg<MemRefRankOf<[F32, F16, BF16], [2]>, "",
                           [MemWrite]>:$base,
                       Index:$row, Index:$col, Optional<Index>:$split,
                       Optional<Index>:$parts, Optional<Index>:$tile);
  let assemblyFormat = [{
    $value `,` $base `[` $row `,` $col `]`
    (`split` $split^ `of` $parts `in` `tile` $tile)? attr-dict `:`
    type($value) `->` type($base)
  }];
  let builders = [OpBuilder<(ins "Value":$value, "Value":$base, "Value":$row,
                                 "Value":$col), [{
    build($_builder, $_state, value, base, row, col, Value(), Value(),
          Value());
  }]>];
  let extraClassDeclaration = [{
    bool isSplit() { return static_cast<bool>(getSplit()); }
  }];
  let hasVerifier = 1;
}

def Tile_StageAccumulatorOp : Tile_Op<"stage_accumulator"> {
  let summary = "Columns of a wgmma accumulator into a TMA store's staging tile";
  let description = [{
    Writes the accumulator's columns `first_column` .. `first_column` + N - 1
    (all its rows), converted to the destination's element type, into `dst`
    (R x N) laid out as a TMA store with the swizzle of `box_bytes` (128, 64
    or 32) reads it: N / B boxes of R rows of `box_bytes` bytes (B elements)
    one after the other. Each warpgroup passes its own accumulator and
    destination. A destination narrower than the accumulator takes it part
    by part, so that a staging tile of half the columns serves a 32-bit C.
    Narrower boxes serve a block_n whose rows are not whole 128 bytes.
    With `transposed` (swap_ab: the accumulator is C's transpose), `dst`
    (N x R) takes the transpose of columns `first_column` .. + N - 1, in
    R / B boxes of N rows of 128 bytes.

    ```mlir
    tile.stage_accumulator %acc[128], %dst
        : <fragmented = vector<64x256xf32>> to memref<64x128xf32, 3>
    tile.stage_accumulator %acc[0], %dst {box_bytes = 64 : i64}
        : <fragmented = vector<64x96xf32>> to memref<64x96xf16, 3>
    tile.stage_accumulator %acc[0], %dst {transposed}
        : <fragmented = vector<64x208xf32>> to memref<208x64xf16, 3>
    ```
  }];
  let arguments = (ins NVGPU_WarpgroupAccumulator:$acc,
                       Arg<MemRefRankOf<[F32, F16, BF16], [2]>, "",
                           [MemWrite]>:$dst,
                       I64Attr:$first_column,
                       DefaultValuedAttr<I64Attr, "128">:$box_bytes,
                       UnitAttr:$transposed);
  let assemblyFormat = [{
    $acc `[` $first_column `]` `,` $dst attr-dict `:` type($acc) `to`
    type($dst)
  }];
  let hasVerifier = 1;
}

#endif // TILE_DIALECT_TILE_IR_TILEOPS_TD
