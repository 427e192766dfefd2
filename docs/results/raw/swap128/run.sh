#!/usr/bin/env bash
# Five candidates for M 16-128 (candidates.py), one device call on an H200.
# Bundles, compiled here and carried (.kit/bundles, runtime/external):
#   python3 docs/results/raw/swap128/candidates.py .kit/swap128.json
#   for d in f16 bf16; do sed "s/f16/$d/g" examples/matmul_f16_nt.mlir | build/bin/tile-opt - \
#     --tile-to-ptx="config=auto calibration=.kit/swap128.json" --tile-bundle=.kit/bundles/swap128/$d/nt-auto -o /dev/null; done
#   scripts/auto-bundles.sh .kit/bundles/auto nt
#   bash docs/results/raw/swap128/run.sh
# (1) the candidates on random shapes (f16 and bf16, all five in one
# tile-run per shape), split determinism, memcheck; (2) the candidates
# beside the members that serve each M and the shipped dispatch, f16
# x @ w.T, at 2 and 4 splits, on the llm layers at M 128, 64, 16 and 32
# (MS: the M to time; RESERVE: the seconds kept from the random shapes for
# the rest)
# (L2 flushed, 2 rotated rounds, one tile-bench process per M).
set -uo pipefail
R=/tmp/raw-swap128; BUDGET=${BUDGET:-500}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
CAND="s128w s128wk s64wk m64n160k m64n80k"
B=.kit/bundles/swap128
for d in f16 bf16; do
  mkdir -p .kit/bundles/cand/$d/nt-auto
  for m in $CAND; do cp $B/$d/nt-auto/matmul_${d}_nt__$m.* .kit/bundles/cand/$d/nt-auto/; done
done
random_shapes random-cand .kit/bundles/cand '*.json' ${RANDOM_COUNT:-24} 71 ${RESERVE:-420}
python3 scripts/split-determinism.py $(for m in s128wk s64wk m64n160k m64n80k; do
    echo $B/f16/nt-auto/matmul_f16_nt__$m.json; done) --splits 2,3,4,8 --repeats 3 \
  --shape 128x3584x4096 --shape 17x5120x4100 --layout nt > $R/determinism.txt 2>&1
echo "determinism rc=$?"; tail -1 $R/determinism.txt
clock
BENCH_OPTS="--layout nt --rounds 2 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors none --splits 2,4"
members() { echo .kit/bundles/auto/f16/nt-auto/matmul_f16_nt.json; for m in "$@"; do echo $B/f16/nt-auto/matmul_f16_nt__$m.json; done; }
MID="s128w s128wk s64wk m64n160k m64n80k s128 s128k m64k m64wk m64n160 m64n80 m64n112 midk m64 small n192k mid w112"
LOW="m64n160k m64n80k s64wk m64k m64wk m64w s16 s16k s32 s32k m64n160 m64n80 m64n112 midk m64 small split"
for m in ${MS:-128 64 16 32}; do
  set_=$MID; [ $m -lt 64 ] && set_=$LOW
  bench bench-llm-$m 95 $(members $set_) $(python3 scripts/suites.py llm --m $m)
done
sanitize memcheck memcheck 40 $(for m in s128wk m64n160k m64n80k; do
    echo $B/f16/nt-auto/matmul_f16_nt__$m.json; done) --layout nt --shape 300x500x7000 --shape 17x5120x4100
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-swap128.tar.gz" -C $R .
