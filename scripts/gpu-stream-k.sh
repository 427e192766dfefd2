#!/usr/bin/env bash
# One device call for hybrid Stream-K: the candidates of .kit/bundles/sk
# (f16/nt-<name>/<kernel>__<name>.json, compiled with schedule=stream-k and
# their persistent twins) timed beside every config=auto member by
# scripts/gpu-calibrate.sh (EXTRA), then checked on random shapes and under
# memcheck. Carry: .kit/bundles, runtime/external.
#   SETS=... bash scripts/gpu-stream-k.sh
set -uo pipefail
cands=$(ls .kit/bundles/sk/f16/*/*__*.json)
EXTRA="$cands" RANDOM_SHAPES=0 NEW= BUDGET=${CAL_BUDGET:-430} bash scripts/gpu-calibrate.sh
R=/tmp/raw-sk; BUDGET=${SK_BUDGET:-110}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
random_shapes random-sk .kit/bundles/sk '*__*.json' ${SK_RANDOM:-300} 11 40
sanitize memcheck memcheck 20 $cands --layout nt \
  --shape 300x500x700 --shape 1000x1000x1000 --shape 3000x5000x2000 --shape 17x5120x3000
gzip -q $R/*.log 2>/dev/null
tar czf "$OUT/raw-sk.tar.gz" -C $R .
