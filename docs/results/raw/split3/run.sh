#!/usr/bin/env bash
# Three programs per tile in the model's pick: every member of the shipped
# nt table (split-K members at 2, 3, 4 and 8 programs per tile) and the
# dispatch manifest as shipped, beside cuBLAS and Triton's tuned-persistent
# in one process, f16 x @ w.T (nt), L2 flushed, 3 rotated rounds, on the
# shapes of the suites whose pick moves when the model may take 3
# (shapes.txt: `tile-run --dry-run` over every suite, with and without).
# One device call; the bundle compiled here:
#   scripts/auto-bundles.sh .kit/bundles/auto nt      (f16/nt-auto is run)
#   bash docs/results/raw/split3/run.sh     (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-split3; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
B=.kit/bundles/auto/f16/nt-auto
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --splits 2,3,4,8"
here=docs/results/raw/split3
bench_halves members 250 $here/shapes.txt $B/matmul_f16_nt.json $B/matmul_f16_nt__*.json
gzip -q $R/*.json $R/*.txt 2>/dev/null
tar czf "$OUT/raw-split3.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
