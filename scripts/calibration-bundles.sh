#!/usr/bin/env bash
# Compiles what scripts/gpu-calibrate.sh runs: config=auto bundles of the
# nt kernel (x @ w.T), whose members are the calibration table's family,
# f16 and bf16, into DIR/f16/nt-auto and DIR/bf16/nt-auto (the layout
# python/random_numerics.py reads).
#   scripts/calibration-bundles.sh DIR
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: calibration-bundles.sh DIR}
T=${TILE_OPT:-$here/build/bin/tile-opt}
rm -rf "$out/f16" "$out/bf16"
$T "$here/examples/matmul_f16_nt.mlir" --tile-to-ptx="config=auto" \
  --tile-bundle="$out/f16/nt-auto" -o /dev/null
sed 's/f16/bf16/g' "$here/examples/matmul_f16_nt.mlir" |
  $T - --tile-to-ptx="config=auto" --tile-bundle="$out/bf16/nt-auto" -o /dev/null
