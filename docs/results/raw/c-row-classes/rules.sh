#!/usr/bin/env bash
# What TMA allows a store of C's rows by class (tma3d.cu, each mode in its
# own process: an illegal instruction loses the context), then the GPU
# pytests of staging, views and the Python door on the shipped kernels:
#   BUDGET=400 bash docs/results/raw/c-row-classes/rules.sh
set -uo pipefail
OUT=${OUT:-/tmp/out}; R=$OUT/raw-c-classes-rules; BUDGET=${BUDGET:-400}
. scripts/gpu-budget.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
nvcc -arch=sm_90a -o /tmp/tma3d docs/results/raw/c-row-classes/tma3d.cu -lcuda || exit 1
for mode in aligned class0 class0-overlap shifted classes; do
  timeout 60 /tmp/tma3d $mode > $R/tma3d-$mode.txt 2>&1
  echo "tma3d $mode rc=$?: $(tail -1 $R/tma3d-$mode.txt)"
done
. scripts/gpu-kit.sh
echo "setup done ($((SECONDS - start)) s)"
for t in test_staging_gpu test_views_gpu test_tile_opt_gpu; do
  [ $(left) -lt 40 ] && { echo "skip $t: out of time"; continue; }
  timeout $(($(left) - 20)) python3 -m pytest -q test/python/$t.py > $R/$t.txt 2>&1
  echo "$t rc=$? ($((SECONDS - start)) s): $(tail -1 $R/$t.txt)"
  grep -m5 "^FAILED\|^ERROR" $R/$t.txt
done
