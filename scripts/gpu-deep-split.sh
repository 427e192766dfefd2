#!/usr/bin/env bash
# One device call for the deep split-K members (splits meeting in a
# workspace, up to 32 programs per tile): each timed at several splits next
# to cuBLAS and to the cluster split members on the K-heavy suite (layout
# nt, f16, L2 flushed, 4 balanced rounds); the same members compiled before
# a change beside them where OLD is given; then random shapes and memcheck.
#   .kit/bundles/deep/f16/nt-new   the auto bundle under test: a table with
#       members deepk and m64dk (docs/results/raw/kheavy/deep/table.json:
#       tile-opt examples/matmul_f16_nt.mlir
#       --tile-to-ptx="config=auto calibration=TABLE" --tile-bundle=DIR)
#   .kit/bundles/deep/f16/nt-old   optional: the same, compiled before a change
#   SPLITS   programs per tile timed (default 2,4,7,8,12,14,16,24,32)
#   RANDOM_SHAPES  random shapes per member checked (default 200; 0: none)
#   DEEP     the members under test (default deepk m64dk n192dk); TWINS
#            the cluster members timed beside them (midk m64k n192k)
# Carry: .kit/bundles, runtime/external.
#   bash scripts/gpu-deep-split.sh
set -uo pipefail
R=/tmp/raw-deep; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
root=.kit/bundles/deep; N=$root/f16/nt-new; O=$root/f16/nt-old
deep=${DEEP:-deepk m64dk n192dk}
members=$(for m in $deep ${TWINS:-midk m64k n192k}; do echo $N/*__$m.json; done)
[ -d $O ] && members="$members $(for m in $deep; do echo $O/*__$m.json; done)"
BENCH_OPTS="--layout nt --rounds 4 --warmup-ms 2 --rep-ms 15 --seed 1"
clock
bench kheavy 240 $members --anchors none --splits ${SPLITS:-2,4,7,8,12,14,16,24,32} \
  $(python3 scripts/suites.py kheavy)
clock
# The bundle's dispatch manifest (the model's picks) beside cuBLAS and Triton.
bench kheavy-auto 120 $N/matmul_f16_nt.json --anchors tuned-persistent \
  $(python3 scripts/suites.py kheavy)
clock
for m in $deep; do
  [ ${RANDOM_SHAPES:-200} -gt 0 ] && random_shapes random-$m $root "*__$m.json" ${RANDOM_SHAPES:-200} 11 60
done
for m in $deep; do
  sanitize memcheck-$m memcheck 30 $N/*__$m.json --layout nt \
    --shape 300x500x7000 --shape 1x4096x4096 --shape 384x384x32768 --shape 17x130x65536
done
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-deep.tar.gz" -C $R .
