#!/usr/bin/env bash
# The 64-row one-warpgroup members with a producer warpgroup beside their
# consumer (m64ws, m64n80ws, m64n112ws, m64n160ws, m64n192ws, m64wws, and
# 64x48 tiles so: o64n48ws), as
# `small` now has, beside their members, `small` and the kernel `small` was
# (small0), f16 x @ w.T (nt), tile-bench without Triton (cuBLAS in the same
# process), L2 flushed, 3 rotated rounds; then the candidates on random
# shapes and under memcheck, and `small` in every layout (nn, nt, tn, tt;
# f16, bf16) on random shapes: it has been timed and checked in nt only.
# Bundles compiled here:
#   docs/results/raw/ws-one/candidates.py W.json
#   tile-opt examples/matmul_f16_nt.mlir --tile-to-ptx="config=auto calibration=W.json" \
#     --tile-bundle=$CAND/f16/nt-auto
#   for l in nn nt tn tt; do scripts/auto-bundles.sh $AUTO $l; done
#   CAND=.kit/bundles/cand AUTO=.kit/bundles/auto bash docs/results/raw/ws-one/run.sh
# (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-ws-one; BUDGET=${BUDGET:-570}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
C=$CAND/f16/nt-auto
BENCH_OPTS="--layout nt --anchors none --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --splits 2"
members=$(for m in small small0 m64 m64ws m64n80 m64n80ws m64n112 m64n112ws m64n160 m64n160ws \
  m64n192 m64n192ws m64w m64wws o64n48ws; do echo $C/*__$m.json; done)
# CAL_SETS: suite:M-list:T, or suite::T for the suite's own M
bench_suites cal-nt "" "${CAL_SETS:-llm:64,128,256,512:220 heldout:48,200:120}" $members
clock
random_shapes random-cand $CAND '*ws.json' ${RANDOM_CAND:-100} 43 100
random_shapes random-auto $AUTO '*__small.json' ${RANDOM_AUTO:-100} 47 40
sanitize memcheck memcheck 25 $C/*ws.json --layout nt --shape 300x500x700 \
  --shape 1x4096x4096 --shape 200x3000x1000
clock
gzip -q $R/*.json $R/*.log $R/*.txt 2>/dev/null
tar czf "$OUT/raw-ws-one.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
