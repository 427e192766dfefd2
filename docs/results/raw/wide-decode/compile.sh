#!/usr/bin/env bash
# The bundles of run.sh into $B, with the tile-opt of this checkout: auto/,
# the dispatch of the shipped table; new/f16/nt-auto/, the dispatch of
# candidate-table.json (the shipped one with s16wk and s32wk appended and
# fitted: see run.sh); one folder per wide candidate.
set -euo pipefail
B=${B:?the bundles folder}; T=${TILE_OPT:-build/bin/tile-opt}; IN=examples/matmul_f16_nt.mlir
here=$(dirname "$0")
$T $IN --tile-to-ptx="config=auto" --tile-bundle=$B/auto -o /dev/null
$T $IN --tile-to-ptx="config=auto calibration=$here/candidate-table.json" \
  --tile-bundle=$B/new/f16/nt-auto -o /dev/null
common="block-k=64 schedule=tiled order=linear swap-ab=1 mma=wgmma num-stages=8"
one() { $T $IN --tile-to-ptx="$common $2" --tile-bundle=$B/$1 -o /dev/null; }
one s16w  "block-m=16 block-n=128 num-warps=8 l2-promotion=128"
one s16x  "block-m=16 block-n=192 num-warps=12 l2-promotion=128"
one s32w  "block-m=32 block-n=128 num-warps=8"
one s32x  "block-m=32 block-n=192 num-warps=12"
one s16wk "block-m=16 block-n=128 num-warps=8 l2-promotion=128 split-k=8"
one s16xk "block-m=16 block-n=192 num-warps=12 l2-promotion=128 split-k=8"
one s32wk "block-m=32 block-n=128 num-warps=8 split-k=8"
one s32xk "block-m=32 block-n=192 num-warps=12 split-k=8"
