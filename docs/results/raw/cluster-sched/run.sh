#!/usr/bin/env bash
# The launch's cluster scheduling policy (default, spread, load-balancing)
# on the cluster launches: every split-K member runs a tile's splits as one
# cluster. One device call (it ran on an H100), with trial.patch applied (the policy
# chosen by the member manifest file's suffix, _spread.json or _lb.json).
# Bundles compiled here and carried (.kit/bundles, runtime/external):
#   scripts/auto-bundles.sh .kit/bundles/auto nt
#   bash docs/results/raw/cluster-sched/run.sh
# (1) split members at 2, 3 and 4 splits under the three policies, f16 x @ w.T,
# llm layers at each M in MS, one tile-bench process per M; (2) the shipped
# dispatch against the same table with every member launched spread, llm
# at M 1, 16, 64, 128 and kheavy, beside cuBLAS and Triton's tuned-persistent (the nt anchor); (3) the
# spread dispatch on random shapes, split determinism; (4) as (2) at M 256
# and 512 and on classic, if time is left.
# (L2 flushed, 2 rotated rounds.)
set -uo pipefail
R=/tmp/raw-cluster-sched; BUDGET=${BUDGET:-400}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
A=.kit/bundles/auto/f16/nt-auto; S=.kit/bundles/sched/f16/nt-auto
rm -rf .kit/bundles/sched; mkdir -p $S; cp $A/* $S/
for j in $A/matmul_f16_nt__*.json; do
  b=$(basename $j .json); cp $j $S/${b}_spread.json; cp $j $S/${b}_lb.json
done
sed 's/\(matmul_f16_nt__[a-z0-9]*\)\.json/\1_spread.json/' $A/matmul_f16_nt.json \
  > $S/matmul_f16_nt_spread.json
pol() { for m in "$@"; do for p in "" _spread _lb; do echo $S/matmul_f16_nt__$m$p.json; done; done; }
BENCH_OPTS="--layout nt --rounds 2 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors none --splits 2,3,4"
for m in ${MS:-16 64 128}; do
  case $m in
    1|16|32) set_="m64k m64wk s16k s32k split" ;;
    64) set_="m64k m64wk s32k split" ;;
    *) set_="s128k midk m64k n192k" ;;
  esac
  bench pol-llm-$m 100 $(pol $set_) $(python3 scripts/suites.py llm --m $m)
done
BENCH_OPTS="--layout nt --rounds 2 --warmup-ms 2 --rep-ms 10 --seed 2 --anchors tuned-persistent"
D="$S/matmul_f16_nt.json $S/matmul_f16_nt_spread.json"
bench disp-llm-low 150 $D $(python3 scripts/suites.py llm --m 1,16,64,128)
bench disp-kheavy 60 $D $(python3 scripts/suites.py kheavy)
random_shapes random-spread .kit/bundles/sched "matmul_f16_nt_spread.json" \
  ${RANDOM_COUNT:-100} 83 ${RESERVE:-40}
python3 scripts/split-determinism.py $(for m in m64k s16k s128k midk; do
    echo $S/matmul_f16_nt__${m}_spread.json; done) --splits 2,4,8 --repeats 3 \
  --shape 128x3584x4096 --shape 17x5120x4100 --layout nt > $R/determinism.txt 2>&1
echo "determinism rc=$?"; tail -1 $R/determinism.txt
bench disp-llm-mid 60 $D $(python3 scripts/suites.py llm --m 256,512) \
  $(python3 scripts/suites.py classic)
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-cluster-sched.tar.gz" -C $R .
