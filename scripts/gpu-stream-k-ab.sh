#!/usr/bin/env bash
# One device call: the first, pure Stream-K partition against the hybrid one
# and their persistent twins, in one tile-bench process per shape set (nt,
# f16, cuBLAS beside them, L2 flushed, 3 rotated rounds). The kernels are
# .kit/bundles/ab/f16/nt-<name>/<kernel>__<name>.json; the pure ones were
# compiled by the tile-opt before the hybrid change. Carry: .kit/bundles,
# runtime/external.
#   bash scripts/gpu-stream-k-ab.sh
set -uo pipefail
R=/tmp/raw-ab; BUDGET=${BUDGET:-300}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
kernels=$(ls .kit/bundles/ab/f16/*/*__*.json)
clock
for set in classic: calibration:512 calibration:2048; do
  suite=${set%%:*} ms=${set#*:}
  t=$(left); [ $t -lt 40 ] && { echo "skip $set: out of time"; continue; }
  name=ab-$suite${ms:+-$ms}
  timeout $((t - 20)) python3 python/tile-bench $kernels $(python3 scripts/suites.py $suite ${ms:+--m $ms}) \
    --layout nt --anchors none --rounds 3 --warmup-ms 2 --rep-ms 15 --seed 1 --json "$R/$name.json" \
    > "$R/$name.txt" 2>&1
  echo "$set rc=$? ($((SECONDS - start)) s) $(clock)"
done
gzip -q $R/*.json
tar czf "$OUT/raw-ab.tar.gz" -C $R .
