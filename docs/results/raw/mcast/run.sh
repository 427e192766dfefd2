#!/usr/bin/env bash
# Multicast pairs for M 64-256: a cluster of two blocks shares one operand's
# loads (cluster-m=2, warp-specialized, persistent). Non-transposed 64-row
# tiles (m64c2, smallc2) share B between tile rows; transposed ones (s128c2,
# s64c2) share A between two tiles of N. One device call, run once on an H100
# (best.py -> best.txt); the candidates
# beside the members that serve these M (the fastest per shape in earlier
# runs), the shipped dispatch and cuBLAS, f16 x @ w.T, llm layers, one
# tile-bench process per M (L2 flushed, 2 rotated rounds); then random
# shapes and memcheck; M 256 last, if time is left. Bundles compiled here and carried (.kit/bundles,
# runtime/external):
#   bash docs/results/raw/mcast/compile.sh
#   scripts/auto-bundles.sh .kit/bundles/auto nt
#   bash docs/results/raw/mcast/run.sh
set -uo pipefail
R=/tmp/raw-mcast; BUDGET=${BUDGET:-400}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
C=.kit/bundles/mc/f16; A=.kit/bundles/auto/f16/nt-auto
cand() { for n in "$@"; do echo $C/nt-$n/matmul_f16_nt_$n.json; done; }
BENCH_OPTS="--layout nt --rounds 2 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors none --splits 2"
bench mc-llm-128 ${T:-100} $(cand smallc2 m64c2 s128c2 s128ws) \
  $(manifests $A matmul_f16_nt mid m64n80 w112 s128k s128 m64 midk m64n160 m64n112 small) $(python3 scripts/suites.py llm --m 128)
bench mc-llm-64 ${T:-100} $(cand s64c2 smallc2 m64c2 s128c2 s128ws) \
  $(manifests $A matmul_f16_nt m64k small m64n80 m64 m64n112 s128k s128) $(python3 scripts/suites.py llm --m 64)
random_shapes random-mc .kit/bundles/mc '*.json' ${RANDOM_COUNT:-60} 91 ${RESERVE:-60}
sanitize memcheck memcheck 40 $(cand s128c2 m64c2 s64c2) --layout nt \
  --shape 200x500x700 --shape 17x4100x3000
bench mc-llm-256 60 $(cand m64c2 s128c2 s128ws) \
  $(manifests $A matmul_f16_nt mid midws m64n80 w112 m64 m64n160 m64n192 s256w) $(python3 scripts/suites.py llm --m 256)
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-mcast.tar.gz" -C $R .
