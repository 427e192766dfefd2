#!/usr/bin/env bash
# Compiles the example matmuls into one bundle per lowering variant:
#   scripts/make-bundles.sh OUTDIR [VARIANT...]
# A variant is NAME:OPTIONS, e.g. "t128x64x32w4s1:schedule=tiled block-m=128 ...".
# Without variants, the default comparison set below is built (SET=sync or
# SET=wgmma for one lowering's part). Each bundle lands in
# OUTDIR/<dtype>/<name>/.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tile_opt=${TILE_OPT:-$here/build/bin/tile-opt}
out=${1:?usage: make-bundles.sh OUTDIR [NAME:OPTIONS ...]}
shift
variants=("$@")
wgmma_set() {
  # TMA + wgmma (sm_90a): the study's block shape, 128x128 and the best
  # 128x256; tiled and persistent, linear and grouped order.
  for cfg in "128 64 8 4" "128 128 4 3" "128 256 8 4" "128 256 8 3"; do
    read -r m n w s <<<"$cfg"
    blk="mma=wgmma block-m=$m block-n=$n block-k=64 num-warps=$w num-stages=$s"
    name=w${m}x${n}w${w}s${s}
    for order in linear grouped; do
      variants+=("t${name}${order:0:1}:schedule=tiled order=$order $blk")
      variants+=("p${name}${order:0:1}:schedule=persistent order=$order $blk")
    done
  done
}
sync_set() {
  # cp.async + mma.sync: four block configurations x pipeline depths 1-4.
  for cfg in "128 64 32 4" "128 128 32 4" "128 128 64 8" "128 256 64 8"; do
    read -r m n k w <<<"$cfg"
    blk="block-m=$m block-n=$n block-k=$k num-warps=$w"
    for s in 1 2 3 4; do
      variants+=("t${m}x${n}x${k}w${w}s${s}:schedule=tiled $blk num-stages=$s")
    done
    # Persistent, both orders, and the tiled schedule in grouped order.
    s=3; [ "$m$n" = "12864" ] && s=4
    for order in linear grouped; do
      variants+=("p${m}x${n}x${k}w${w}s${s}${order:0:1}:schedule=persistent order=$order $blk num-stages=$s")
    done
    variants+=("t${m}x${n}x${k}w${w}s${s}g:schedule=tiled order=grouped $blk num-stages=$s")
  done
  # The study's block with registers capped for 4 blocks per SM.
  for s in 3 4; do
    variants+=("t128x64x32w4s${s}m4:schedule=tiled num-stages=$s min-blocks-per-sm=4")
  done
  variants+=("p128x64x32w4s4gm4:schedule=persistent order=grouped num-stages=4 min-blocks-per-sm=4")
}
if [ ${#variants[@]} -eq 0 ]; then
  case ${SET:-all} in
    sync) sync_set ;;
    wgmma) wgmma_set ;;
    all) sync_set; wgmma_set ;;
    *) echo "make-bundles: SET must be sync, wgmma or all" >&2; exit 2 ;;
  esac
fi
# Variants named nt-* compile the transposed-B example where one exists.
for dtype in f16 bf16; do
  for v in "${variants[@]}"; do
    name=${v%%:*} opts=${v#*:}
    src=$here/examples/matmul_$dtype.mlir
    [[ $name == nt-* ]] && src=$here/examples/matmul_${dtype}_nt.mlir
    [ -f "$src" ] || continue
    mkdir -p "$out/$dtype/$name"
    "$tile_opt" "$src" --tile-to-ptx="$opts" --tile-bundle="$out/$dtype/$name" -o /dev/null
  done
done
echo "bundles in $out"
