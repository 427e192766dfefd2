#!/usr/bin/env bash
# The persistent-scheduling study of docs/results/persistent.md in one device
# call: for mma.sync (cp.async, 128x64x32) and for wgmma (TMA, 128x64x64),
# each as ONE tile-compare command, the tiled kernel against the persistent
# one at one and at two programs per SM (4 warps, 4 stages, f16, 4096^3):
# times next to cuBLAS in one tile-run process, ncu's instruction mix, SM
# active cycles against elapsed and stall reasons (--profile), the findings
# and the variants they suggest (--suggest). Then the SASS of the tiled and
# persistent kernels (ptxas -arch=sm_90a, cuobjdump -sass), counted by region
# and opcode class (scripts/sass-regions.py), and, while time is left, ncu's
# executed-instruction count of every SASS instruction (SourceCounters).
# Carry: .kit/kit.tar.xz (kit/bin/tile-opt and its libraries),
# runtime/external (tile-run's JSON header).
#   bash scripts/gpu-persistent-study.sh          (SHAPE=MxNxK to change it)
# Under $OUT: summary.txt, compare-{mma-sync,wgmma}.{txt,json},
# sass-regions.txt and persistent-study.tar.gz (every raw file).
set -uo pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
SHAPE=${SHAPE:-4096x4096x4096}
R=/tmp/persistent-study; rm -rf "$R"; mkdir -p "$R"
step() { echo "== [${SECONDS}s] $*"; }
pack() { tar czf "$OUT/persistent-study.tar.gz" -C "$R" . 2>/dev/null; }
trap pack EXIT

# The study's block per lowering (mma=wgmma needs block-k 64).
SYNC="block-m=128 block-n=64 block-k=32 num-warps=4 num-stages=4"
WGMMA="mma=wgmma block-m=128 block-n=64 block-k=64 num-warps=4 num-stages=4"

step "tile-opt from the kit; tile-run built here"
K=/tmp/persistent-study-kit; rm -rf "$K"; mkdir -p "$K"
tar xJf .kit/kit.tar.xz -C "$K" || { echo "no kit: carry .kit/kit.tar.xz"; exit 1; }
# The kit's libraries for tile-opt alone: ncu, Python and tile-run keep the
# machine's own.
printf '#!/bin/sh\nLD_LIBRARY_PATH=%s exec %s "$@"\n' "$K/kit/lib" \
  "$K/kit/bin/tile-opt" > "$R/tile-opt"
chmod +x "$R/tile-opt"
"$R/tile-opt" --version > "$R/versions.txt" 2>&1 ||
  { echo "the kit's tile-opt does not start"; cat "$R/versions.txt"; exit 1; }
run=$(scripts/build-tile-run.sh 2> "$R/build-tile-run.txt") ||
  { echo "tile-run build failed"; tail -20 "$R/build-tile-run.txt"; exit 1; }
export TILE_OPT=$R/tile-opt TILE_RUN=$run
for tool in ncu ptxas cuobjdump; do
  command -v $tool > /dev/null || export PATH=$PATH:/usr/local/cuda/bin
done
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv
  for tool in ncu ptxas cuobjdump python3; do
    echo "$tool: $(command -v $tool) $($tool --version 2>&1 | tail -1)"
  done
} >> "$R/versions.txt" 2>&1
cat "$R/versions.txt"

# One tile-compare command per lowering: the page shows these lines.
compare() {  # NAME BLOCK
  local name=$1 block=$2
  step "tile-compare $name: tiled, persistent 1/SM and 2/SM, --profile --suggest"
  ( set -x
    timeout 150 python3 python/tile-compare examples/matmul_f16.mlir --shape "$SHAPE" \
      --lowering "tiled:schedule=tiled $block" \
      --lowering "pers-1:schedule=persistent $block programs-per-sm=1" \
      --lowering "pers-2:schedule=persistent $block programs-per-sm=2" \
      --profile --suggest --json "$OUT/compare-$name.json"
  ) > "$OUT/compare-$name.txt" 2>&1
  echo "tile-compare $name rc=$?"
  sed -n '/^lowering /,/^$/p' "$OUT/compare-$name.txt"
  grep -q "ncu failed\|ncu not found" "$OUT/compare-$name.txt" &&
    grep "ncu failed\|ncu not found" "$OUT/compare-$name.txt"
  nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu --format=csv,noheader
}
compare mma-sync "$SYNC"
compare wgmma "$WGMMA"

step "SASS: ptxas -arch=sm_90a, cuobjdump -sass, counts by region"
for name in mma-sync wgmma; do
  block=$SYNC; [ $name = wgmma ] && block=$WGMMA
  python3 python/tile-compare --compile-only "$R/bundles-$name" examples/matmul_f16.mlir \
    --lowering "tiled:schedule=tiled $block" \
    --lowering "persistent:schedule=persistent $block" > "$R/bundles-$name.txt" 2>&1 ||
    { echo "compiling the $name bundles failed"; cat "$R/bundles-$name.txt"; continue; }
  for kind in tiled persistent; do
    d=$R/bundles-$name/$kind
    ptxas -arch=sm_90a -v "$d/matmul_f16.ptx" -o "$R/$name-$kind.cubin" \
      > "$R/$name-$kind.ptxas.txt" 2>&1 || { echo "ptxas $name $kind failed"; continue; }
    cuobjdump -sass "$R/$name-$kind.cubin" > "$R/$name-$kind.sass" 2>&1 ||
      echo "cuobjdump $name $kind failed"
  done
done
(cd "$R" && python3 "$OLDPWD/scripts/sass-regions.py" mma-sync-tiled.sass \
  mma-sync-persistent.sass wgmma-tiled.sass wgmma-persistent.sass \
  --json sass-regions.json) > "$OUT/sass-regions.txt" 2>&1
echo "sass-regions rc=$?"
grep -h "Used" "$R"/*.ptxas.txt | sed 's/^/  /'
cat "$OUT/sass-regions.txt"

# ncu's SourceCounters: the executed instructions of every SASS instruction
# of the kernel the driver built (one launch), to count the regions' dynamic
# share exactly. Skipped when the time is short.
for name in mma-sync wgmma; do
  for kind in tiled persistent; do
    if [ $SECONDS -gt 210 ]; then
      echo "source counters $name $kind: skipped (${SECONDS}s gone)"; continue
    fi
    m=$R/bundles-$name/$kind/matmul_f16.json
    [ -f "$m" ] || continue
    pps=""; [ $kind = persistent ] && pps="--programs-per-sm 1"
    step "ncu source counters: $name $kind"
    timeout 60 ncu --clock-control none --section SourceCounters --page source \
      --print-source sass --csv --kernel-name matmul_f16 --launch-skip 1 --launch-count 1 \
      "$run" "$m" --shape "$SHAPE" --reps 1 --warmup 1 --rounds 1 --no-cublas-timing \
      --seed 1 $pps > "$R/source-$name-$kind.csv" 2> "$R/source-$name-$kind.err"
    echo "rc=$? $(wc -l < "$R/source-$name-$kind.csv") lines"
  done
done

step "summary"
{
  echo "persistent study, $SHAPE f16, $(date -u +%F)"
  head -3 "$R/versions.txt"
  for name in mma-sync wgmma; do
    echo; echo "#### $name"
    sed -n '/^lowering /,/^$/p; /^instruction mix/,/^$/p; /^SM active/,/^$/p' \
      "$OUT/compare-$name.txt"
    sed -n '/^findings/,$p' "$OUT/compare-$name.txt"
  done
  echo; grep -h "Used" "$R"/*.ptxas.txt
} > "$OUT/summary.txt" 2>&1
pack
step "done: $(ls "$OUT" | tr '\n' ' ')"
