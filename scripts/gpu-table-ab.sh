#!/usr/bin/env bash
# One device call: config=auto's x @ w.T dispatch manifests of two cost
# tables (OLD and NEW: folders of <dtype>/nt-auto/ bundles from
# scripts/auto-bundles.sh or tile-opt's calibration=FILE; the kernels are
# the same, only the rules' costs differ). In one process per set, beside
# cuBLAS, L2 flushed, rounds in the runtime's balanced order, for each
# dtype of DTYPES (default f16):
#   ab-shapes       both on the shapes of SHAPES_FILE, if set (one
#                   "--shape MxNxK" per line: those whose pick differs);
#   ab-<suite>-<M>  both on the suites of SETS (suite:M-list:seconds, or
#                   suite:seconds for its own M), beside Triton's
#                   tuned-persistent;
# then NEW's dispatch manifests (f16, bf16) on RANDOM_AUTO random shapes
# (default 100; 0: none).
# Carry: .kit/bundles, runtime/external.
#   OLD=.kit/bundles/f/cur NEW=.kit/bundles/f/new \
#     SHAPES_FILE=docs/results/raw/table-ab/shapes.txt bash scripts/gpu-table-ab.sh
set -uo pipefail
R=/tmp/raw-table-ab; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
clock
for dtype in ${DTYPES:-f16}; do
  kernel=$dtype/nt-auto/matmul_${dtype}_nt.json tag=
  [ $dtype = f16 ] || tag=$dtype
  BENCH_OPTS="--layout nt --anchors none --rounds 4 --warmup-ms 2 --rep-ms 10 --seed 13"
  [ -n "${SHAPES_FILE:-}" ] &&
    bench ab${tag:+-$tag}-shapes ${SHAPES_T:-200} $OLD/$kernel $NEW/$kernel $(cat $SHAPES_FILE)
  BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 4 --warmup-ms 2 --rep-ms 10 --seed 17"
  bench_suites ab${tag:+-$tag} "" "${SETS:-heldout:150}" $OLD/$kernel $NEW/$kernel
done
clock
[ "${RANDOM_AUTO:-100}" -gt 0 ] &&
  random_shapes random-auto-nt $NEW "matmul_*_nt.json" ${RANDOM_AUTO:-100} 61 20
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-table-ab.tar.gz" -C $R .
