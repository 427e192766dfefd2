#!/usr/bin/env bash
# Compiles config=auto bundles of the example kernel in layout nn or nt
# (x @ w.T), f16 and bf16, into DIR/<dtype>/auto or DIR/<dtype>/nt-auto: the
# <dtype>/<variant>/ folders python/random_numerics.py reads (variants named
# nt-* run with --layout nt). scripts/gpu-calibrate.sh runs the nt ones,
# gpu-validate.sh the nn ones, gpu-model-check.sh both.
#   scripts/auto-bundles.sh DIR nn|nt
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: auto-bundles.sh DIR nn|nt}
case ${2:-} in
  nn) src=$here/examples/matmul_f16.mlir variant=auto ;;
  nt) src=$here/examples/matmul_f16_nt.mlir variant=nt-auto ;;
  *) echo "usage: auto-bundles.sh DIR nn|nt" >&2; exit 2 ;;
esac
T=${TILE_OPT:-$here/build/bin/tile-opt}
for dtype in f16 bf16; do
  rm -rf "$out/$dtype/$variant"
  sed "s/f16/$dtype/g" "$src" |
    $T - --tile-to-ptx="config=auto" --tile-bundle="$out/$dtype/$variant" -o /dev/null
done
