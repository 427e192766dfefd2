#!/usr/bin/env bash
# One device call: config=auto's nt dispatch manifest before ($OLD) and
# after ($NEW) split-K in clusters and its refit table, same process, next
# to cuBLAS and Triton, on the llm suite (in the fit), the heldout suite
# (never fitted) and the classic shapes; then the new manifest on random
# shapes and memcheck on its split-K members.
# Bundles: scripts/auto-bundles.sh DIR nt (compiled here).
# Carry: .kit/bundles, runtime/external.
#   OLD=.kit/bundles/ab/auto NEW=.kit/bundles/cl2 bash scripts/gpu-cluster-check.sh
set -uo pipefail
R=/tmp/raw-cluster-check; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
OLD=${OLD:-.kit/bundles/ab/auto}/f16/nt-auto NEW=${NEW:-.kit/bundles/cl2}/f16/nt-auto
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 13"
W=/tmp/workspace-fixup; rm -rf $W; cp -r $OLD $W
clock
bench auto-llm 150 $W/matmul_f16_nt.json $NEW/matmul_f16_nt.json $(python3 scripts/suites.py llm) \
  --anchors tuned-persistent
bench auto-heldout 120 $W/matmul_f16_nt.json $NEW/matmul_f16_nt.json $(python3 scripts/suites.py heldout) \
  --anchors tuned-persistent
bench auto-classic 40 $W/matmul_f16_nt.json $NEW/matmul_f16_nt.json $(python3 scripts/suites.py classic) \
  --anchors tuned-persistent
clock
random_shapes random ${NEW%/f16/nt-auto} matmul_f16_nt.json 500 17 45
sanitize memcheck memcheck 30 \
  $(for m in split m64k midk m64wk; do echo $NEW/matmul_f16_nt__$m.json; done) \
  --layout nt --shape 300x500x700 --shape 1x4096x4096 --shape 17x5120x3000 --shape 128x384x9000
gzip -q $R/*.json $R/random.log 2>/dev/null
tar czf "$OUT/raw-cluster-check.tar.gz" -C $R .
