#!/usr/bin/env bash
# The picks with 3 splits at their cost factor (kThreeSplitCost, runtime
# dispatch.cpp), on shapes no choice of the factor saw: 1500 random layer
# shapes (random-shapes.py) of which the pick moves on 47, and the 14
# suite shapes the factor moves (validate-shapes.txt: shape, shipped pick,
# new pick, from `tile-run --dry-run`). Each shape's old and new pick as
# member rows (split members at 2, 3, 4 and 8 programs per tile) and the
# dispatch manifest under this runtime, beside cuBLAS and Triton's
# tuned-persistent in one process, f16 nt, L2 flushed, 3 rotated rounds.
# One device call; the bundle as run.sh's:
#   bash docs/results/raw/split3/validate.sh   (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-split3v; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
B=.kit/bundles/auto/f16/nt-auto
here=docs/results/raw/split3
members=$(awk '{print $2; print $3}' $here/validate-shapes.txt | sed 's/@.*//' | sort -u |
          while read m; do echo $B/matmul_f16_nt__$m.json; done)
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 7 --splits 2,3,4,8"
bench_halves validate 230 $here/validate-shapes.txt $B/matmul_f16_nt.json $members
gzip -q $R/*.json $R/*.txt 2>/dev/null
tar czf "$OUT/raw-split3v.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
