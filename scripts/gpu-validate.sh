#!/usr/bin/env bash
# One device call that times every member of config=auto's family on the llm
# and classic suites (scripts/suites.py), shapes the calibration run did not
# cover: the nn f16 bundle's members (scripts/auto-bundles.sh
# .kit/bundles/val nn) by tile-bench next to torch.matmul (cuBLAS) and Triton's
# tma-persistent, one process per group of M, L2 flushed, balanced rounds.
# scripts/fit_cost_model.py reads the runs (any model's picks can be judged
# on them afterwards). Then the dispatch manifest on random shapes
# (python/random_numerics.py).
# Carry: .kit/bundles, runtime/external.
#   bash scripts/gpu-validate.sh
set -uo pipefail
R=/tmp/raw-val; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
echo "setup $((SECONDS - start)) s"
B=.kit/bundles/val/f16/auto
members=$(ls $B/*__*.json)
clock
for ms in 1,16 128,512 2048 8192 classic; do
  if [ $ms = classic ]; then shapes=$(python3 scripts/suites.py classic)
  else shapes=$(python3 scripts/suites.py llm --m $ms); fi
  t=$(left); [ $t -lt 90 ] && { echo "skip $ms: out of time"; continue; }
  timeout $((t - 70)) python3 python/tile-bench $members $shapes --anchors tma-persistent \
    --rounds 3 --warmup-ms 2 --rep-ms 15 --seed 3 --json "$R/val-${ms//,/-}.json" \
    > "$R/val-${ms//,/-}.txt" 2>&1
  echo "M $ms rc=$? ($((SECONDS - start)) s) $(clock)"
done
random_shapes random-f16 .kit/bundles/val matmul_f16.json 1000 11 15
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-val.tar.gz" -C $R .
