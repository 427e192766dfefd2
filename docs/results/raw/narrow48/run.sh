#!/usr/bin/env bash
# Tiles 32 and 48 wide (o64n32, o64n48: m64n80's kernel at those widths;
# o128n32, o128n48: w96's) and 64x64 ones warp-specialized with one
# consumer warpgroup (o64ws; o64wsc2 in pairs sharing B) beside the members
# that serve M 48-256 (64-row ones, s128k, s208, w96), f16 x @ w.T (nt),
# tile-bench without Triton (cuBLAS in the same process), L2 flushed, 3
# rotated rounds, split members at 2 and 4; then the candidates on
# random shapes and under memcheck; and tile-run's check of cuBLAS's own
# product on the tn shape where cuBLAS drops a K row.
# Bundles compiled here:
#   docs/results/raw/narrow48/candidates.py T.json
#   tile-opt examples/matmul_f16_nt.mlir --tile-to-ptx="config=auto calibration=T.json" \
#     --tile-bundle=$CAND/f16/nt-auto
#   scripts/auto-bundles.sh $TN tn
#   tile-opt examples/matmul_f16_nt.mlir --tile-to-ptx="mma=wgmma block-m=64 block-n=64 \
#     block-k=64 num-warps=4 num-stages=8 schedule=persistent order=grouped \
#     warp-specialize=cooperative cluster-m=2" --tile-bundle=$PAIR/f16/nt-o64wsc2
#   CAND=.kit/bundles/cand TN=.kit/bundles/tn PAIR=.kit/bundles/pair \
#     bash docs/results/raw/narrow48/run.sh
# and the split-K candidates on the K-heavy suite and decode (a second call):
#   CAND=... TN=... TAG=split CAL_SETS="kheavy::170 llm:1,16:150" SPLITS=2,4,8 RANDOM_CAND=60 \
#     CAL_MEMBERS="split m64k midk n192k m64wk s16 s32 s16k o64n192k o64wsk" \
#     bash docs/results/raw/narrow48/run.sh
# (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-narrow48${TAG:+-$TAG}; BUDGET=${BUDGET:-570}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
# cuBLAS's tn product at 520x64x3585 (and two controls), checked by tile-run.
timeout 60 $run $TN/f16/tn-auto/matmul_f16_tn__small.json --layout tn --shape 520x64x3585 \
  --shape 512x64x3585 --shape 520x64x3584 --seed 61 --rounds 1 --reps 1 --warmup 0 \
  --no-cublas-timing > "$R/tn-reference.txt" 2>&1
echo "tn-reference rc=$?"; grep -iE "reference|cublas|PASS|FAIL" "$R/tn-reference.txt" | head -12
C=$CAND/f16/nt-auto
BENCH_OPTS="--layout nt --anchors none --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --splits ${SPLITS:-2,4}"
members=$(for m in ${CAL_MEMBERS:-small m64 m64n80 s128k s208 w96 o64n48 o64n32 o128n48 o128n32 o64ws}; do echo $C/*__$m.json; done)
# The pair (a cluster: not a member of a table) from its own bundle.
[ -n "${PAIR:-}" ] && members="$members $PAIR/f16/nt-o64wsc2/matmul_f16_nt.json"
# CAL_SETS: suite:M-list:T, or suite::T for the suite's own M
bench_suites cal-nt "" "${CAL_SETS:-llm:64,128,256:240 heldout:48,200:150}" $members
clock
random_shapes random-cand $CAND '*__o*.json' ${RANDOM_CAND:-100} 29 70
[ -n "${PAIR:-}" ] && random_shapes random-pair $PAIR 'matmul_*_nt.json' 50 31 40
sanitize memcheck memcheck 25 $C/*__o*.json ${PAIR:+$PAIR/f16/nt-o64wsc2/matmul_f16_nt.json} \
  --layout nt --shape 300x500x700 --shape 1x4096x4096 --shape 200x3000x1000
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-narrow48${TAG:+-$TAG}.tar.gz" -C $R --exclude pip.txt --exclude build-tile-run.txt .
