#!/usr/bin/env bash
# Compiles the split-K and tile-width variants that
# scripts/gpu-calibrate-split.sh times (layout nt, f16) into DIR/<name>.
#   scripts/calibration-bundles.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: calibration-bundles.sh DIR}
T=${TILE_OPT:-$here/build/bin/tile-opt}
base="mma=wgmma block-k=64 num-warps=4"
while read -r name config; do
  $T "$here/examples/matmul_f16_nt.mlir" --tile-to-ptx="$base $config" \
    --tile-bundle="$out/$name" -o /dev/null
done <<'LIST'
m64s2  schedule=tiled block-m=64 block-n=128 num-stages=8 split-k=2
m64s4  schedule=tiled block-m=64 block-n=128 num-stages=8 split-k=4
m64s8  schedule=tiled block-m=64 block-n=128 num-stages=8 split-k=8
n256s2 schedule=tiled block-m=64 block-n=256 num-stages=5 split-k=2
n256s4 schedule=tiled block-m=64 block-n=256 num-stages=5 split-k=4
n256s8 schedule=tiled block-m=64 block-n=256 num-stages=5 split-k=8
n256p  schedule=persistent block-m=64 block-n=256 num-stages=5 order=grouped
s64s2  schedule=tiled block-m=64 block-n=64 num-stages=8 split-k=2
s64s4  schedule=tiled block-m=64 block-n=64 num-stages=8 split-k=4
mids2  schedule=tiled block-m=128 block-n=128 num-stages=6 split-k=2
mids3  schedule=tiled block-m=128 block-n=128 num-stages=6 split-k=3
LIST
