#!/usr/bin/env bash
# One device call of same-process A/B runs (nt, f16, tile-bench beside
# cuBLAS, L2 flushed, balanced rounds), kernels under .kit/bundles/ab
# (compiled here; <set>/f16/nt-<name>/<kernel>__<name>.json):
#   fence   the split-K members with the fix-up's membar.gl (<member>mb,
#           compiled before the change) and with fence.acq_rel.gpu, at 2,
#           3, 4 and 8 programs per tile, on the llm suite's M 1 and 16;
#   auto    config=auto's nt dispatch manifest before (auto-mb) and after
#           (auto), next to Triton, on the llm suite;
#   sk      pure Stream-K (compiled by the tile-opt before the hybrid
#           change), hybrid Stream-K and their persistent twins, on the
#           classic shapes and the calibration suite's M 512 and 2048.
# Carry: .kit/bundles, runtime/external.
#   bash scripts/gpu-ab.sh
set -uo pipefail
R=/tmp/raw-ab; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
A=.kit/bundles/ab
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 15 --seed 3"
clock
bench fence-llm-1-16 130 $A/fence/f16/*/*__*.json $(python3 scripts/suites.py llm --m 1,16) \
  --anchors none --splits 2,3,4,8
bench auto-llm 120 $A/auto-mb/f16/nt-auto/matmul_f16_nt.json $A/auto/f16/nt-auto/matmul_f16_nt.json \
  $(python3 scripts/suites.py llm) --anchors tuned-persistent
for set in classic: calibration:512 calibration:2048; do
  suite=${set%%:*} ms=${set#*:}
  bench sk-$suite${ms:+-$ms} 90 $A/sk/f16/*/*__*.json $(python3 scripts/suites.py $suite ${ms:+--m $ms}) \
    --anchors none
done
gzip -q $R/*.json
tar czf "$OUT/raw-ab.tar.gz" -C $R .
