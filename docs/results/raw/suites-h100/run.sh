#!/usr/bin/env bash
# The shipped dispatch manifests (scripts/auto-bundles.sh .kit/bundles/auto nt,
# and nn) on the suites, each beside cuBLAS and Triton's tuned-persistent (nn
# also tma-persistent) in one tile-bench process per suite: L2 flushed,
# 3 rotated rounds of 5 ms, f16 nt (llm, heldout, classic, decode), bf16 nt
# (llm, heldout), f16 nn (llm). evaluate.py reads the runs.
#   bash docs/results/raw/suites-h100/run.sh   (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-suites; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
A=.kit/bundles/auto
clock
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 1 --rep-ms 5 --seed 29"
bench_suites suites "" "llm:120 heldout:100 classic:30" $A/f16/nt-auto/matmul_f16_nt.json
BENCH_OPTS="--layout nt --dtype bf16 --anchors tuned-persistent --rounds 3 --warmup-ms 1 --rep-ms 5 --seed 31"
bench_suites suites "-bf16" "llm:90" $A/bf16/nt-auto/matmul_bf16_nt.json
BENCH_OPTS="--layout nn --anchors tma-persistent,tuned-persistent --rounds 3 --warmup-ms 1 --rep-ms 5 --seed 37"
bench_suites suites "-nn" "llm:90" $A/f16/auto/matmul_f16.json
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 1 --rep-ms 5 --seed 41"
bench_suites suites "" "decode:70" $A/f16/nt-auto/matmul_f16_nt.json
BENCH_OPTS="--layout nt --dtype bf16 --anchors tuned-persistent --rounds 3 --warmup-ms 1 --rep-ms 5 --seed 43"
bench_suites suites "-bf16" "heldout:70" $A/bf16/nt-auto/matmul_bf16_nt.json
clock
gzip -q $R/*.json $R/*.txt
tar czf "$OUT/raw-suites.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
