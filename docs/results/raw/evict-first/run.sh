#!/usr/bin/env bash
# evict_first on B's TMA loads, every member at once: the shipped table
# (data/sm_90a.json) against the same table with "evict_first_b": 1 in each
# member's config (same picks; only the hint differs), beside cuBLAS and
# Triton, in one tile-bench process per set (L2 flushed, 3 rotated rounds):
# f16 x @ w.T on llm at every M, heldout, f16 nn on llm, classic and
# kheavy, bf16 x @ w.T on llm; the two under three L2 states (measure.py);
# random shapes and memcheck on the hinted table. One device call. Bundles
# compiled here with trial.patch applied (the kernel option evict-first-b),
# then the patch reverted, and carried (.kit/bundles, runtime/external):
#   git apply docs/results/raw/evict-first/trial.patch && ninja -C build
#   scripts/auto-bundles.sh .kit/bundles/auto nt; scripts/auto-bundles.sh .kit/bundles/auto nn
#   python3 -c 'import json; d = json.load(open("data/sm_90a.json"))
#   [m["config"].update(evict_first_b=1) for m in d["members"]]
#   json.dump(d, open(".kit/ef.json", "w"))'
#   for t in f16 bf16; do
#     sed s/f16/$t/g examples/matmul_f16_nt.mlir | build/bin/tile-opt - -o /dev/null \
#       --tile-to-ptx="config=auto calibration=.kit/ef.json" --tile-bundle=.kit/bundles/ef/$t/nt-auto
#     sed s/f16/$t/g examples/matmul_f16.mlir | build/bin/tile-opt - -o /dev/null \
#       --tile-to-ptx="config=auto calibration=.kit/ef.json" --tile-bundle=.kit/bundles/ef/$t/auto
#   done
#   git apply -R docs/results/raw/evict-first/trial.patch && ninja -C build
#   bash docs/results/raw/evict-first/run.sh
# The recorded states.json came from measure.py's first form (states.py,
# the same timing; each shape's operands seeded by its index).
set -uo pipefail
R=/tmp/raw-evict-first; BUDGET=${BUDGET:-480}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
S=.kit/bundles/auto E=.kit/bundles/ef
nt() { for d in $S $E; do echo $d/$1/nt-auto/matmul_$1_nt.json; done; }
nn() { for d in $S $E; do echo $d/$1/auto/matmul_$1.json; done; }
suite() { python3 scripts/suites.py "$@"; }
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors tuned-persistent"
bench ef-nt-llm-1-16 80 $(nt f16) $(suite llm --m 1,16)
bench ef-nt-llm-64-128 80 $(nt f16) $(suite llm --m 64,128)
bench ef-nt-llm-256-512 80 $(nt f16) $(suite llm --m 256,512)
bench ef-nt-llm-2048-8192 120 $(nt f16) $(suite llm --m 2048,8192)
clock
timeout 90 python3 docs/results/raw/evict-first/measure.py states --json $R/states.json $(nt f16) \
  $(for s in 1x5120x5120 1x27648x5120 1x28672x3584 16x3584x14336 64x9216x3072 128x5120x5120 \
      128x28672x5120 512x5120x4096 512x27648x5120 2048x5120x5120 2048x27648x5120 8192x8192x3584; do
      echo --shape $s; done) > $R/states.txt 2>&1
echo "states rc=$? ($((SECONDS - start)) s) $(clock)"
BENCH_OPTS="--layout nn --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors tma-persistent"
bench ef-nn-llm 80 $(nn f16) $(suite llm --m 1,128,2048)
bench ef-nn-classic-kheavy 80 $(nn f16) $(suite classic) $(suite kheavy)
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors tuned-persistent"
bench ef-bf16-llm 80 $(nt bf16) $(suite llm --m 1,128,2048)
clock
random_shapes random-ef-nt $E 'matmul_*f16_nt.json' ${RANDOM_COUNT:-60} 101 ${RESERVE:-140}
random_shapes random-ef-nn $E 'matmul_*f16.json' ${RANDOM_COUNT:-60} 103 ${RESERVE:-110}
sanitize memcheck memcheck 100 $E/f16/nt-auto/matmul_f16_nt.json --layout nt \
  --shape 1x5120x5120 --shape 200x500x700 --shape 128x3072x3072
bench ef-nt-heldout 80 $(nt f16) $(suite heldout)
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-evict-first.tar.gz" -C $R .
