#!/usr/bin/env bash
# The shipped factor (kThreeSplitCost 1.25) as built: the nt and nn
# dispatch manifests under this runtime on the shapes whose pick 1.25 moves
# (picks/*-1.25.txt against the shipped picks), beside cuBLAS and Triton in
# one process, f16, L2 flushed, 3 rotated rounds; then both manifests on
# 100 random shapes (element-wise against cuBLAS, C poisoned). One call:
#   bash docs/results/raw/split3/final.sh   (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-split3f; BUDGET=${BUDGET:-300}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
here=docs/results/raw/split3
moved() {  # OLD-PICKS NEW-PICKS: the shapes whose pick differs
  join <(cut -d" " -f1,2 $1 | sort) <(cut -d" " -f1,2 $2 | sort) | awk '$2 != $3 { printf "--shape %s ", $1 }'
}
nt=$( (moved $here/picks/suite-0.txt $here/picks/suite-1.25.txt;
       moved $here/validate-shapes.txt $here/picks/random-nt-1.25.txt) )
nn=$(moved $here/validate-nn-shapes.txt $here/picks/random-nn-1.25.txt)
BENCH_OPTS="--anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 3"
bench dispatch-nt 80 .kit/bundles/auto/f16/nt-auto/matmul_f16_nt.json --layout nt $nt
bench dispatch-nn 80 .kit/bundles/auto/f16/auto/matmul_f16.json --layout nn $nn
clock
random_shapes random-dispatch .kit/bundles/auto 'matmul_f16*.json' 100 41 10
gzip -q $R/*.json $R/*.txt $R/*.log 2>/dev/null
tar czf "$OUT/raw-split3f.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
