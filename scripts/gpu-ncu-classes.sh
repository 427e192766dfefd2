#!/usr/bin/env bash
# Nsight Compute on one shape of each class config=auto loses on (1000^3,
# M 128 and 200 layers, a K-heavy square, decode, M 512): the family's
# likely members and cuBLAS's own kernel side by side, x @ w.T (nt), f16.
# Speed of light, memory workload, warp states and launch, as CSV per shape
# (tile-run's check runs cuBLAS once; ncu flushes caches before each pass).
#   BUNDLES=.kit/bundles/cur bash scripts/gpu-ncu-classes.sh
# ENTRIES replaces the classes: "SHAPE:MEMBER ..." (a member named by its
# name in the bundle, or a manifest path), one entry per shape.
# NCU replaces the sections with other ncu options (--metrics ...).
# Carry: .kit/bundles, runtime/external.
set -uo pipefail
R=/tmp/raw-ncu; BUDGET=${BUDGET:-240}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
B=${BUNDLES:?BUNDLES: a folder of scripts/auto-bundles.sh nt}/f16/nt-auto
clock
entries=${ENTRIES:-"1000x1000x1000:mid midws m64 midk w96|128x5120x5120:m64 midk mid|200x4608x36864:mid m64w w96 m64k|384x384x32768:midk m64k|1x5120x5120:m64wk m64k|512x3584x4096:w112 mid"}
sections="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats
  --section LaunchStats"
IFS='|' read -ra entries <<< "$entries"
for entry in "${entries[@]}"; do
  shape=${entry%%:*}
  t=$(left); [ $t -gt 30 ] || { echo "skip $shape: out of time"; continue; }
  timeout $((t - 20)) ncu --clock-control none ${NCU:-$sections} --csv --page details -c 40 $run \
    $(for m in ${entry#*:}; do [ -f $m ] && echo $m || echo $B/matmul_f16_nt__$m.json; done) \
    --layout nt --shape $shape --reps 1 --rounds 1 --warmup 0 --no-cublas-timing \
    > "$R/ncu-$shape.csv" 2> "$R/ncu-$shape.err"
  echo "$shape rc=$? ($((SECONDS - start)) s)"
done
clock
gzip -q $R/*.csv 2>/dev/null
tar czf "$OUT/raw-ncu.tar.gz" -C $R .
