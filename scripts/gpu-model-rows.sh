#!/usr/bin/env bash
# One device call for config=auto's table with transposed (swap_ab) tiles
# offered at any M (docs/results/model-rows.md). OLD and NEW are folders of
# <dtype>/nt-auto/ bundles (scripts/auto-bundles.sh) of the table before
# and after; OLD's dispatch manifests hold no swap_ab rule, which is what
# the runtime before offered at M above 256 (a transposed tile served one
# tile row, and none has more than 256 rows). Same process per set, beside
# cuBLAS, L2 flushed, rounds in the runtime's balanced order:
#   ab-hi       OLD against NEW's dispatch on HI (shapes with M above 256
#               whose pick changed);
#   members-lo  the members LO_MEMBERS (each pick, before and after) on LO
#               (shapes with M up to 256 whose pick changed);
#   auto-llm    NEW's dispatch beside cuBLAS and Triton's tuned-persistent
#               on the llm suite at its own M;
#   cal-nt-llm-1500  every member (but the decode ones) on the llm layers at
#               M 1500, where transposed tiles cover 8 tile rows;
# then NEW's dispatch manifests on random shapes and memcheck on transposed
# tiles over several tile rows.
# Carry: .kit/bundles, runtime/external.
#   OLD=.kit/bundles/rows/old NEW=.kit/bundles/rows/new HI="--shape ..." \
#     LO="--shape ..." LO_MEMBERS=m64k,s16,... bash scripts/gpu-model-rows.sh
set -uo pipefail
R=/tmp/raw-model-rows; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
clock
N=$NEW/f16/nt-auto
BENCH_OPTS="--layout nt --anchors none --rounds 4 --warmup-ms 2 --rep-ms 10 --seed 13"
bench ab-hi 110 $OLD/f16/nt-auto/matmul_f16_nt.json $N/matmul_f16_nt.json $HI
BENCH_OPTS="$BENCH_OPTS --splits 2,4,8"
bench members-lo 60 $(for m in ${LO_MEMBERS//,/ }; do echo $N/matmul_f16_nt__$m.json; done) $LO
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 4 --warmup-ms 2 --rep-ms 10 --seed 13"
bench auto-llm 150 $N/matmul_f16_nt.json $(python3 scripts/suites.py llm)
clock
random_shapes random-auto-nt $NEW "matmul_*_nt.json" ${RANDOM_AUTO:-100} 53 150
sanitize memcheck memcheck 120 \
  $(for m in s208w s208x s160w s192x; do echo $N/matmul_f16_nt__$m.json; done) \
  --layout nt --shape 600x3000x1000 --shape 833x1000x700 --shape 1500x2000x500
BENCH_OPTS="--layout nt --anchors none --rounds 3 --warmup-ms 2 --rep-ms 15 --seed 1 --splits 2,3,4,8"
bench cal-nt-llm-1500 90 $(ls $N/*__*.json | grep -v '__s16\|__s32') $(python3 scripts/suites.py llm --m 1500)
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-model-rows.tar.gz" -C $R .
