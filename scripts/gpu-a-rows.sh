#!/usr/bin/env bash
# One device call: a compiler change (NEW) against the one before it (OLD),
# written for A's loads of tiles partly past M (tile-to-wgmma's
# Mainloop::emitLoads: 64-row boxes, none wholly past M). Same process per
# set, beside cuBLAS, L2 flushed:
#   members  each member the change touches, old and new, over M 128-256
#            at N = K = 8192 (MEMBERS, MSCAN_M);
#   auto     config=auto's dispatch manifests, old and new (AB_SETS:
#            suite:T or suite:M-list:T; AB_VARIANTS dtype/variant folders,
#            nt-* in layout nt, else nn);
# then the new dispatch manifests and each changed member (CHG: folder of
# <dtype>/<variant>/ holding only them) on random shapes, and memcheck on
# the changed members where a box is skipped.
# Bundles are compiled here (scripts/auto-bundles.sh with each tile-opt):
# both sides must share the kernel ABI, so OLD's tile-opt for
# docs/results/a-rows.md is this one with Mainloop::aTailRows() returning
# aBoxRows() (one box always: the previous lowering plus an unused
# parameter). CHG: the members whose tma_box_a_tail differs from tma_box_a.
# Carry: .kit/bundles, runtime/external.
#   OLD=.kit/bundles/ab/old NEW=.kit/bundles/ab/new CHG=.kit/bundles/ab/chg \
#     bash scripts/gpu-a-rows.sh
set -uo pipefail
R=/tmp/raw-a-rows; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
clock
MEMBERS=${MEMBERS:-mid midws big midk s128 s192w s256w}
MSCAN_M=${MSCAN_M-128,144,160,176,192,208,224,240,256}
if [ -n "$MSCAN_M" ]; then
  BENCH_OPTS="--layout nt --anchors none --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 7"
  bench members 90 $(for v in $OLD $NEW; do for m in $MEMBERS; do
      echo $v/f16/nt-auto/matmul_f16_nt__$m.json; done; done) \
    $(for m in ${MSCAN_M//,/ }; do echo --shape ${m}x8192x8192; done)
fi
for v in ${AB_VARIANTS:-f16/nt-auto}; do
  dtype=${v%%/*} variant=${v#*/} layout=nn
  [[ $variant == nt-* ]] && layout=nt
  kernel=$(cd $NEW/$v && ls matmul_*.json | grep -v __)
  BENCH_OPTS="--layout $layout --anchors none --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 13"
  bench_suites auto-$dtype-$layout "" "${AB_SETS:-llm:150 heldout:110 classic:35}" \
    $OLD/$v/$kernel $NEW/$v/$kernel
done
clock
if [ "${RANDOM_AUTO:-100}" -gt 0 ]; then
  random_shapes random-auto-nt $NEW "matmul_*_nt.json" ${RANDOM_AUTO:-100} 31 60
  random_shapes random-auto-nn $NEW "matmul_*[fb]16.json" ${RANDOM_AUTO:-100} 41 45
fi
[ "${RANDOM_CHG:-20}" -gt 0 ] && random_shapes random-chg $CHG "matmul_*__*.json" ${RANDOM_CHG:-20} 37 25
sanitize memcheck memcheck 20 \
  $(for m in ${MEMCHECK_MEMBERS:-$MEMBERS}; do echo $NEW/f16/nt-auto/matmul_f16_nt__$m.json; done) \
  --layout nt --shape 144x4096x4096 --shape 300x1000x2000 --shape 40x3000x1000
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-a-rows.tar.gz" -C $R .
