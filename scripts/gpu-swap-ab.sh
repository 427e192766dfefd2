#!/usr/bin/env bash
# One device call for the swap-AB members (swap_ab = 1: M on wgmma's N
# side). $CAND holds the nt bundles of a calibration table that lists them
# beside the family (f16, bf16, f32c: f32 C); $NN explicit layout-nn swap
# kernels (one variant folder each). (1) Random shapes through the swap
# members (RANDOM_MANIFESTS, RANDOM_COUNT: default 100, 0 skips) and the
# nn kernels, (2) memcheck and racecheck on SANITIZE_MEMBERS (SANITIZE=0
# skips), (3) CAL_MEMBERS timed on the layers of each suite of CAL_SUITE
# (default llm) at CAL_MS (the fit's data; one tile-bench run per suite
# and M, so that a timeout loses one only), then on the held-out layers at
# their own M (HELDOUT_T=0 skips).
# Carry: .kit/bundles, runtime/external.
#   CAND=.kit/bundles/swap NN=.kit/bundles/swapnn bash scripts/gpu-swap-ab.sh
set -uo pipefail
R=/tmp/raw-swap; BUDGET=${BUDGET:-570}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
clock
C=$CAND/f16/nt-auto
[ "${RANDOM_COUNT:-100}" -gt 0 ] &&
  random_shapes random-swap $CAND "${RANDOM_MANIFESTS:-*__s[0-9]*.json}" ${RANDOM_COUNT:-100} 41 380
[ -n "${NN:-}" ] && random_shapes random-swap-nn $NN 'matmul_*.json' ${RANDOM_NN:-40} 43 340
for tool in memcheck racecheck; do
  t=$(left); [ $t -gt 250 ] && [ "${SANITIZE:-1}" = 1 ] || continue
  timeout 40 compute-sanitizer --tool $tool $run $(for m in ${SANITIZE_MEMBERS:-s16k s208 s208k}; do
    echo $C/matmul_f16_nt__$m.json; done) --layout nt --shape 200x3000x1000 --shape 3x4100x2056 \
    --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > "$R/$tool.txt" 2>&1
  echo "$tool rc=$?"; grep -E "(ERROR|RACECHECK) SUMMARY" "$R/$tool.txt" | sort | uniq -c
done
clock
BENCH_OPTS="--layout nt --anchors none --rounds ${ROUNDS:-2} --warmup-ms 2 --rep-ms 8 --seed 1 --splits 2,4,8"
members=$(for m in ${CAL_MEMBERS:-s16k s32k s64k s128k s208k s16 s32 s64 s128 s192 s208 s256 \
  m64 m64k m64w m64wk m64n80 m64n112 m64n160 m64n192 split small midk n192k mid}; do
  echo $C/matmul_f16_nt__$m.json; done)
for suite in ${CAL_SUITE:-llm}; do
  for m in ${CAL_MS:-200 16 128 1 256 64 32 320}; do
    bench cal-swap-$suite-$m ${CAL_T:-45} $members $(python3 scripts/suites.py $suite --m $m)
  done
done
# The held-out layers at their own M (never fitted: the check of the fit).
[ "${HELDOUT_T:-110}" -gt 0 ] &&
  bench cal-swap-heldout ${HELDOUT_T:-110} $members $(python3 scripts/suites.py heldout)
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-swap.tar.gz" -C $R .
