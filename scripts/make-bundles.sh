#!/usr/bin/env bash
# Compiles the example matmuls into one bundle per lowering variant:
#   scripts/make-bundles.sh OUTDIR [VARIANT...]
# A variant is NAME:OPTIONS, e.g. "t128x64x32w4s1:schedule=tiled block-m=128 ...".
# Without variants, the default comparison set below is built. Each bundle
# lands in OUTDIR/<dtype>/<name>/.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tile_opt=${TILE_OPT:-$here/build/bin/tile-opt}
out=${1:?usage: make-bundles.sh OUTDIR [NAME:OPTIONS ...]}
shift
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  for cfg in "128 64 32 4" "128 128 32 4" "128 128 64 8" "128 256 64 8"; do
    read -r m n k w <<<"$cfg"
    for s in 1 2 3 4; do
      variants+=("t${m}x${n}x${k}w${w}s${s}:schedule=tiled block-m=$m block-n=$n block-k=$k num-warps=$w num-stages=$s")
    done
    for order in linear grouped; do
      variants+=("p${m}x${n}x${k}w${w}s3${order:0:1}:schedule=persistent order=$order block-m=$m block-n=$n block-k=$k num-warps=$w num-stages=3")
    done
  done
fi
for dtype in f16 bf16; do
  for v in "${variants[@]}"; do
    name=${v%%:*} opts=${v#*:}
    mkdir -p "$out/$dtype/$name"
    "$tile_opt" "$here/examples/matmul_$dtype.mlir" --tile-to-ptx="$opts" \
      --tile-bundle="$out/$dtype/$name" -o /dev/null
  done
done
echo "bundles in $out"
