#!/usr/bin/env bash
# Compiles what scripts/gpu-validate.sh runs: config=auto bundles of the nn
# kernel, f16 into DIR/f16/f16/auto and bf16 into DIR/bf16/bf16/auto (one
# root per dtype, DIR/f16 and DIR/bf16, in the layout
# python/random_numerics.py reads: <dtype>/<variant>/).
#   scripts/validation-bundles.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: validation-bundles.sh DIR}
T=${TILE_OPT:-$here/build/bin/tile-opt}
rm -rf "$out/f16" "$out/bf16"
$T "$here/examples/matmul_f16.mlir" --tile-to-ptx="config=auto" \
  --tile-bundle="$out/f16/f16/auto" -o /dev/null
sed 's/f16/bf16/g' "$here/examples/matmul_f16.mlir" |
  $T - --tile-to-ptx="config=auto" --tile-bundle="$out/bf16/bf16/auto" -o /dev/null
