#!/usr/bin/env bash
# run.py on the shapes of ../off-sector whose rows are off whole lines, in
# nt and nn, one process (the config=auto bundles carried:
# scripts/auto-bundles.sh .kit/bundles/auto nt; ... nn):
#   BUDGET=240 bash docs/results/raw/line-copies/run.sh
set -uo pipefail
R=/tmp/raw-line-copies; BUDGET=${BUDGET:-240}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
S="512x5120x4104 2048x5120x4104 8192x5120x4104 4096x4096x4104 2048x2048x2056 2000x2000x2000
   1000x1000x1000 3000x5000x2000 1024x1024x8200 2048x5000x4096 8192x5000x4096
   4096x4096x4100 2048x5120x4100 8192x5120x4100 4095x4097x4103"
timeout $(( $(left) - 60 )) python3 docs/results/raw/line-copies/run.py .kit/bundles/auto $S \
  --json $R/copies.json > $R/copies.txt 2>&1
echo "run.py rc=$? ($((SECONDS - start)) s)"; tail -40 $R/copies.txt
clock
# The dispatch (its model choosing the line copies) on random shapes.
random_shapes random-nt .kit/bundles/auto 'matmul_*f16_nt.json' ${RANDOM_COUNT:-100} 151 30
random_shapes random-nn .kit/bundles/auto 'matmul_*f16.json' ${RANDOM_COUNT:-100} 157 5
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-line-copies.tar.gz" -C $R .
