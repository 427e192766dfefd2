#!/usr/bin/env bash
# Compiles the example matmuls into one bundle per lowering variant:
#   scripts/make-bundles.sh OUTDIR [VARIANT...]
# A variant is NAME:OPTIONS, e.g. "t128x64x32w4s1:schedule=tiled block-m=128 ...".
# Without variants, the default comparison set below is built (SET=sync or
# SET=wgmma for one lowering's part, SET=bench for the benchmark's set). Each bundle lands in
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
  # cp.async + mma.sync: four block configurations x pipeline depths 1-4
  # (each one that validation accepts at depth 4, i.e. without spills).
  for cfg in "128 64 32 4" "64 128 32 4" "128 128 32 8" "256 64 32 8"; do
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
}
bench_set() {
  # The benchmark's set (scripts/gpu-benchmark.sh): the best wgmma block in
  # both orders, 128x128 wgmma, and the best mma.sync block; tiled and
  # persistent each; and the warp-specialized kernels.
  local w="mma=wgmma block-k=64"
  for order in grouped linear; do
    for sched in tiled persistent; do
      variants+=("${sched:0:1}w128x256w8s4${order:0:1}:schedule=$sched order=$order $w block-m=128 block-n=256 num-warps=8 num-stages=4")
    done
  done
  # Warp-specialized (persistent; a producer warpgroup on top of 8 warps),
  # in grouped and serpentine order, and in clusters of two along M.
  local ws="schedule=persistent warp-specialize=cooperative $w num-warps=8"
  variants+=("ws128x256w8s3g:$ws order=grouped block-m=128 block-n=256 num-stages=3")
  variants+=("ws128x256w8s3s:$ws order=serpentine block-m=128 block-n=256 num-stages=3")
  variants+=("cw128x256w8s3s:$ws order=serpentine cluster-m=2 block-m=128 block-n=256 num-stages=3")
  variants+=("ws128x128w8s6g:$ws order=grouped block-m=128 block-n=128 num-stages=6")
  # Pingpong: the consumer warpgroups take alternate tiles, each with its own
  # staging tile; the most stages that fit (tile-allocate-shared).
  local pp="schedule=persistent order=grouped warp-specialize=pingpong $w num-warps=8"
  variants+=("pp128x128w8s5g:$pp block-m=128 block-n=128 num-stages=5")
  variants+=("pp128x192w8s3g:$pp block-m=128 block-n=192 num-stages=3")
  for sched in tiled persistent; do
    variants+=("${sched:0:1}w128x128w4s3g:schedule=$sched order=grouped $w block-m=128 block-n=128 num-warps=4 num-stages=3")
    variants+=("${sched:0:1}128x128x32w8s4g:schedule=$sched order=grouped block-m=128 block-n=128 block-k=32 num-warps=8 num-stages=4")
  done
}
if [ ${#variants[@]} -eq 0 ]; then
  case ${SET:-all} in
    sync) sync_set ;;
    wgmma) wgmma_set ;;
    bench) bench_set ;;
    all) sync_set; wgmma_set ;;
    *) echo "make-bundles: SET must be sync, wgmma, bench or all" >&2; exit 2 ;;
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
