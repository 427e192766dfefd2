#!/usr/bin/env bash
# Autotune's candidates with a split rule once more at 3 splits (where the
# model estimates 3 below its power of two): tile-bench --tune 4, f16
# x @ w.T (nt), the heldout layers at M 200 and the shapes whose four
# candidates change on the recorded runs, beside cuBLAS in one process (no
# Triton), L2 flushed, 3 rotated rounds. One device call; bundles compiled
# here by scripts/auto-bundles.sh $B nt:
#   B=.kit/bundles/auto bash docs/results/raw/tune3/run.sh
#   (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-tune3; BUDGET=${BUDGET:-200}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
BENCH_OPTS="--layout nt --anchors none --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 71 --tune 4"
bench tune3 140 ${B:?the bundles folder}/f16/nt-auto/matmul_f16_nt.json \
  $(python3 scripts/suites.py heldout --m 200) $(for s in 192x2048x2048 192x2048x8192 \
  320x2048x8192 32x8192x8192 48x4608x4096 256x2048x8192; do echo --shape $s; done)
grep "^tuned" "$R/tune3.txt"
gzip -q $R/*.json $R/*.txt 2>/dev/null
tar czf "$OUT/raw-tune3.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
