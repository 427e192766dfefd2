#!/usr/bin/env bash
# Autotune with the 3-split picks (tile-bench --tune 4: the model's four
# best candidates timed, the fastest kept where it beats the pick by the
# quartiles), the nt dispatch manifest beside cuBLAS and Triton's
# tuned-persistent in one process, f16, on the two suite layers the factor
# moves and the one it leaves (200x4544x18176). One short call:
#   bash docs/results/raw/split3/tune.sh   (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-split3t; BUDGET=${BUDGET:-120}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 5 --tune 4"
bench tune 80 .kit/bundles/auto/f16/nt-auto/matmul_f16_nt.json \
  --shape 200x4608x36864 --shape 48x9216x7168 --shape 200x4544x18176
clock
gzip -q $R/*.json $R/*.txt 2>/dev/null
tar czf "$OUT/raw-split3t.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
