#!/usr/bin/env bash
# m64n160 with a producer warpgroup at 7 and 6 stages and alone at 6
# (candidates.py), beside m64n160 and m64n112, f16 x @ w.T (nt), tile-bench
# beside cuBLAS in one process (no Triton), L2 flushed, 3 rotated rounds,
# on the llm layers at M 64-512 and the heldout layers at M 48 and 200;
# the 6-stage producer kernel on random shapes and under memcheck; then the
# shipped dispatch with autotune (--tune 4) on the heldout suite beside
# cuBLAS and Triton's tuned-persistent. One device call; bundles compiled
# here:
#   docs/results/raw/n160ws/candidates.py W.json
#   tile-opt examples/matmul_f16_nt.mlir --tile-to-ptx="config=auto calibration=W.json" \
#     --tile-bundle=$CAND/f16/nt-auto
#   scripts/auto-bundles.sh $AUTO nt
#   CAND=.kit/bundles/cand AUTO=.kit/bundles/auto bash docs/results/raw/n160ws/run.sh
# (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-n160ws; BUDGET=${BUDGET:-570}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
C=${CAND:?the candidate bundles}/f16/nt-auto
members=$(for m in m64n112 m64n160 m64n160ws m64n160ws6 m64n160s6; do echo $C/*__$m.json; done)
BENCH_OPTS="--layout nt --anchors none --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1"
bench_suites cal-nt "" "llm:64,128,256,512:150 heldout:48,200:80" $members
clock
random_shapes random-ws6 $CAND '*ws6.json' 100 53 290
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 71 --tune 4"
bench tune-heldout 230 ${AUTO:?the shipped bundles}/f16/nt-auto/matmul_f16_nt.json \
  $(python3 scripts/suites.py heldout)
clock
sanitize memcheck memcheck 25 $C/*__m64n160ws6.json --layout nt --shape 300x500x700 \
  --shape 1x4096x4096 --shape 200x3000x1000
gzip -q $R/*.json $R/*.log $R/*.txt 2>/dev/null
tar czf "$OUT/raw-n160ws.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
