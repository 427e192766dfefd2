#!/usr/bin/env bash
# Compiles config=auto bundles of the example kernel in layout nn or nt
# (x @ w.T), or of the pipeline tests' tn and tt kernels (a backward pass's
# dW), f16 and bf16, into DIR/<dtype>/auto or DIR/<dtype>/<layout>-auto: the
# <dtype>/<variant>/ folders python/random_numerics.py reads (variants named
# nt-*, tn-*, tt-* run in that layout). scripts/gpu-calibrate.sh runs the nt ones,
# gpu-validate.sh the nn ones, gpu-model-check.sh both. OPTIONS: more
# --tile-to-ptx options (space-separated), e.g. c-chunk-stores=1.
#   scripts/auto-bundles.sh DIR nn|nt|tn|tt [OPTIONS]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: auto-bundles.sh DIR nn|nt|tn|tt [OPTIONS]}
case ${2:-} in
  nn) src=$here/examples/matmul_f16.mlir variant=auto ;;
  nt) src=$here/examples/matmul_f16_nt.mlir variant=nt-auto ;;
  tn|tt) src=$here/test/Pipelines/Inputs/matmul_f16_$2.mlir variant=$2-auto ;;
  *) echo "usage: auto-bundles.sh DIR nn|nt|tn|tt [OPTIONS]" >&2; exit 2 ;;
esac
T=${TILE_OPT:-$here/build/bin/tile-opt}
for dtype in f16 bf16; do
  rm -rf "$out/$dtype/$variant"
  sed "s/f16/$dtype/g" "$src" |
    $T - --tile-to-ptx="config=auto${3:+ $3}" --tile-bundle="$out/$dtype/$variant" -o /dev/null
done
