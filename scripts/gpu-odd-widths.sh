#!/usr/bin/env bash
# One device call, two parts. (1) config=auto's nt dispatch manifest with
# the new table ($NEW) against the previous one ($OLD), same process, next
# to cuBLAS and Triton, on the llm, heldout and classic suites. (2)
# Candidate members whose block_n is not a multiple of 64 ($CAND: the nt
# bundles of a calibration table that holds them next to the family),
# timed beside every member at mid-size M (the fit's data: CAL_SETS), then checked on
# random shapes (f16, bf16, f32 C) and under memcheck and racecheck.
# Bundles are compiled here: scripts/auto-bundles.sh for OLD and NEW; CAND
# with calibration=TABLE (f32c/nt-auto: the same with f32 C).
# AB_VARIANTS (default f16/nt-auto), AB_SETS (AB_SETS_REST for the
# variants after the first; suite:T or suite:M-list:T) and CAL_SETS choose the
# bundles and suites (and M) of each part; CAL_MEMBERS the members timed
# (default all), RANDOM_CAND the random shapes checked (default 100); RANDOM_AUTO
# random shapes check NEW's dispatch manifest, MEMCHECK_MEMBERS the members
# run under memcheck (default the split-K ones).
# Carry: .kit/bundles, runtime/external.
#   OLD=.kit/bundles/old NEW=.kit/bundles/new CAND=.kit/bundles/cand \
#     bash scripts/gpu-odd-widths.sh
set -uo pipefail
R=/tmp/raw-odd; BUDGET=${BUDGET:-570}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
clock
# Part 1 without OLD, part 2 without CAND is skipped.
if [ -n "${OLD:-}" ]; then
  # AB_VARIANTS: bundle folders (dtype/variant; nt-* run in layout nt).
  variants=${AB_VARIANTS:-f16/nt-auto}
  for v in $variants; do
    dtype=${v%%/*} variant=${v#*/} layout=nn anchors=tma-persistent
    [[ $variant == nt-* ]] && layout=nt anchors=tuned-persistent
    # The two manifests share a name: the old one runs from another folder.
    W=/tmp/before-$dtype-$variant; rm -rf $W; cp -r $OLD/$v $W
    kernel=$(cd $NEW/$v && ls matmul_*.json | grep -v __)
    BENCH_OPTS="--layout $layout --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 13"
    # suite:T pairs (the suite's own M) or suite:M-list:T triples, each
    # timed within T seconds.
    sets=${AB_SETS:-llm:150 heldout:110 classic:35}
    [ $v = ${variants%% *} ] || sets=${AB_SETS_REST:-$sets}
    bench_suites auto "$([ $v = f16/nt-auto ] || echo -$dtype-$layout)" "$sets" \
      $W/$kernel $NEW/$v/$kernel --anchors $anchors
  done
  NEWM=$NEW/f16/nt-auto
  clock
  # The new dispatch manifest on random shapes, and its split-K members under
  # memcheck where the model runs 2, 4 and 8 splits.
  if [ "${RANDOM_AUTO:-0}" -gt 0 ]; then
    random_shapes random-auto $NEW "matmul_*_nt.json" $RANDOM_AUTO 17 60
    sanitize memcheck-auto memcheck 30 \
      $(for m in ${MEMCHECK_MEMBERS:-split m64k midk m64wk}; do echo $NEWM/matmul_f16_nt__$m.json; done) \
      --layout nt --shape 1x4096x4096 --shape 128x4096x14336 --shape 256x256x16384 \
      --shape 384x384x32768
  fi
fi
if [ -n "${CAND:-}" ]; then
  C=$CAND/f16/nt-auto
  BENCH_OPTS="--layout nt --anchors none --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --splits 2,4,8"
  members=$C/*__*.json
  [ -n "${CAL_MEMBERS:-}" ] && members=$(for m in $CAL_MEMBERS; do echo $C/*__$m.json; done)
  # suite:M-list:T triples (no M-list: the suite's own M), each timed within T seconds.
  for set in ${CAL_SETS:-llm:128,512:230 calibration:256:110}; do
    IFS=: read suite ms t <<< "$set"
    bench cal-nt-$suite${ms:+-${ms//,/-}} $t $members \
      $(python3 scripts/suites.py $suite ${ms:+--m $ms})
  done
  clock
  RANDOM_CAND=${RANDOM_CAND:-100}
  if [ "$RANDOM_CAND" -gt 0 ]; then
    random_shapes random-cand $CAND '*__o*.json' $RANDOM_CAND 29 40
    for tool in memcheck racecheck; do
      sanitize $tool $tool 25 $C/*__o*.json \
        --layout nt --shape 300x500x700 --shape 1x4096x4096 --shape 200x3000x1000
    done
  fi
fi
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-odd.tar.gz" -C $R .
