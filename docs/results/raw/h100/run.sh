#!/usr/bin/env bash
# The shipped config=auto dispatch, whose table was fitted on the H200, on
# an H100 (sm_90a, 132 SMs, HBM3), f16 x @ w.T, one process per set beside
# cuBLAS and Triton's tuned-persistent, L2 flushed, balanced rounds:
#   auto-llm    the dispatch on the llm suite at its own M (102 layers,
#               M 1-8192)
#   wide-split  s16wk and s32wk beside s16k and s32k at 2 and 4 splits,
#               the H200 set of ../wide-decode (its shapes-split.txt)
# and with CALL=classes, the dispatch on the classic and kheavy suites
# (classes.json.gz); with CALL=bf16 and $B from scripts/auto-bundles.sh
# DIR nt, the bf16 dispatch on the llm suite (auto-llm-bf16.json.gz), then
# both dispatch manifests on random shapes checked element-wise.
# Bundles, compiled beforehand into $B by ../wide-decode/compile.sh:
#   B=DIR bash docs/results/raw/h100/run.sh   (carry DIR and runtime/external)
# members.json.gz and members.txt.gz here are the H100's run of
#   BUDGET=330 B=DIR bash docs/results/raw/wide-decode/run.sh members
set -uo pipefail
B=${B:?the bundles folder}
R=/tmp/raw-h100; BUDGET=${BUDGET:-400}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 51"
if [ "${CALL:-}" = classes ]; then
  bench classes 150 $B/auto/matmul_f16_nt.json $(python3 scripts/suites.py classic) \
    $(python3 scripts/suites.py kheavy)
  clock
  gzip -q $R/*.json $R/*.txt; tar czf "$OUT/raw-h100-classes.tar.gz" -C $R --exclude pip.txt.gz \
    --exclude build-tile-run.txt.gz .
  exit
fi
if [ "${CALL:-}" = bf16 ]; then
  bench auto-llm-bf16 170 $B/bf16/nt-auto/matmul_bf16_nt.json $(python3 scripts/suites.py llm)
  random_shapes random-nt $B "matmul_*_nt.json" 300 57 20
  clock
  gzip -q $R/*.json $R/*.txt $R/*.log; tar czf "$OUT/raw-h100-bf16.tar.gz" -C $R \
    --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
  exit
fi
bench auto-llm 170 $B/auto/matmul_f16_nt.json $(python3 scripts/suites.py llm)
BENCH_OPTS+=" --splits 2,4"
bench wide-split 150 $B/auto/matmul_f16_nt__{s16k,s32k}.json $B/{s16wk,s32wk}/matmul_f16_nt.json \
  $(cat docs/results/raw/wide-decode/shapes-split.txt)
clock
gzip -q $R/*.json; tar czf "$OUT/raw-h100.tar.gz" -C $R --exclude pip.txt --exclude build-tile-run.txt .
