#!/usr/bin/env bash
# Why the mid-size classics lose more in layout nn than in nt: on the H200
# 3000x5000x2000 reached 0.70-0.74 of cuBLAS in nn (big, w192) and
# 0.93-0.95 in nt, while 2000^3 and 4096^3 match across layouts. The large
# members in both layouts on shapes with N a multiple of 64 and not
# (5000 = 78 x 64 + 8: B's N-major boxes and C's rows end 16 bytes into a
# 128-byte line), one tile-bench process per layout (L2 flushed, 3
# rotated rounds, f16, the dispatch and Triton beside cuBLAS), then Nsight
# Compute (speed of light, memory workload, warp states) on big and w192
# at 3000x5000x2000 and 3000x5120x2000 in nn and at 3000x5000x2000 in nt,
# cuBLAS's kernel beside them. One device call; the config=auto bundles
# of scripts/auto-bundles.sh (nn and nt) carried with runtime/external:
#   scripts/auto-bundles.sh .kit/bundles/auto nn; scripts/auto-bundles.sh .kit/bundles/auto nt
#   bash docs/results/raw/nn-mid/run.sh
set -uo pipefail
R=/tmp/raw-nn-mid; BUDGET=${BUDGET:-330}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
A=.kit/bundles/auto/f16
S="--shape 3000x5000x2000 --shape 3000x5120x2000 --shape 3072x5120x2048 --shape 3000x5000x4096
   --shape 2000x2000x2000 --shape 2048x2048x2048 --shape 4096x4096x4096 --shape 5000x3000x2000"
BENCH_OPTS="--rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1"
bench nn-mid-nn 80 $(manifests $A/auto matmul_f16 big w192 midws mid) --layout nn --anchors tma-persistent $S
bench nn-mid-nt 80 $(manifests $A/nt-auto matmul_f16_nt big w192 midws mid) --layout nt --anchors tuned-persistent $S
clock
sections="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats"
for e in nn:3000x5000x2000 nn:3000x5120x2000 nt:3000x5000x2000; do
  L=${e%%:*} shape=${e#*:}; K=matmul_f16; [ $L = nt ] && K=matmul_f16_nt
  t=$(left); [ $t -gt 30 ] || { echo "skip ncu $e: out of time"; continue; }
  timeout $((t - 20)) ncu --clock-control none $sections --csv --page details -c 20 $run \
    $A/$([ $L = nt ] && echo nt-)auto/${K}__big.json $A/$([ $L = nt ] && echo nt-)auto/${K}__w192.json \
    --layout $L --shape $shape --reps 1 --rounds 1 --warmup 0 --no-cublas-timing \
    > "$R/ncu-$L-$shape.csv" 2> "$R/ncu-$L-$shape.err"
  echo "ncu $e rc=$? ($((SECONDS - start)) s)"
done
clock
gzip -q $R/*.json $R/*.csv 2>/dev/null
tar czf "$OUT/raw-nn-mid.tar.gz" -C $R .
