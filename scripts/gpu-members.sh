#!/usr/bin/env bash
# One device call timing candidate kernels beside the members they would
# join or replace (layout nt, f16, L2 flushed, balanced rounds, cuBLAS in
# the same process), then checking the candidates: random shapes,
# split-K determinism (split candidates) and memcheck.
#   MEMBERS  manifests timed (candidates first, then their twins)
#   CHECK    manifests of the candidates checked (default: none), each in
#            a ROOT/<dtype>/<variant>/ folder (variants nt-* run as nt)
#   SETS     suite:T or suite:M-list:T (scripts/suites.py), each one
#            tile-bench process of at most T seconds
#   SPLITS   programs per tile timed for split-K members (default: each
#            member's own)
#   RANDOM_SHAPES  random shapes per candidate (default 100; 0: none)
#   LAYOUT   the operands' layout (default nt)
# Bundles are compiled here and carried: .kit/bundles, runtime/external.
#   MEMBERS="..." CHECK="..." SETS="kheavy:200 llm:128,256:150" \
#     bash scripts/gpu-members.sh
set -uo pipefail
R=/tmp/raw-members; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
BENCH_OPTS="--layout ${LAYOUT:-nt} --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1"
clock
bench_suites bench "" "$SETS" $MEMBERS --anchors none ${SPLITS:+--splits $SPLITS}
clock
# random_numerics.py takes ROOT/<dtype>/<variant>/ folders and a manifest
# name: each candidate's name under its root, once.
for pair in $(for m in ${CHECK:-}; do
                echo "$(dirname $(dirname $(dirname $m)))|$(basename $m)"; done | sort -u); do
  root=${pair%|*}; name=${pair#*|}
  [ ${RANDOM_SHAPES:-100} -gt 0 ] &&
    random_shapes random-$(basename $root)-${name%.json} $root $name ${RANDOM_SHAPES:-100} 12 70
done
if [ -n "${CHECK:-}" ]; then
  python3 scripts/split-determinism.py $CHECK --splits 2,3,5,8 \
    --shape 384x384x32768 --shape 300x500x7000 --layout ${LAYOUT:-nt} > $R/determinism.txt 2>&1
  echo "determinism rc=$?"; tail -1 $R/determinism.txt
fi
for m in ${CHECK:-}; do
  sanitize memcheck-$(basename $(dirname $m))-$(basename $m .json) memcheck 20 $m \
    --layout ${LAYOUT:-nt} --shape 300x500x7000 --shape 1x4096x4096 --shape 384x384x32768 \
    --shape 17x130x65536
done
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-members.tar.gz" -C $R .
