#!/usr/bin/env bash
# 64-row tiles 80, 96 and 112 wide, split K in a cluster (tiled, no
# producer warpgroup), for the layers still furthest below cuBLAS at M
# 64-128: N 3072 and 3584 (Phi-3, Gemma-2), where 64x96 and 64x112 tiles
# at 2 splits run 128 programs at M 128 and at 4 splits 128 at M 64
# (s128k at 2 splits, the fastest member there, runs 96-112). m64n80k
# (measured before at M 16-64 on the H200) for N 5120. Timed beside the
# members that serve these M and the shipped dispatch, f16 x @ w.T, llm at
# M 64, 128 and 256 and heldout at M 48, one tile-bench process per set (L2
# flushed, 2 rotated rounds, each candidate at 2, 3 and 4 splits); random
# shapes and memcheck. One device call. Bundles compiled here and carried
# (.kit/bundles, runtime/external):
#   for c in m64n112k:112 m64n96k:96 m64n80k:80; do
#     build/bin/tile-opt examples/matmul_f16_nt.mlir -o /dev/null --tile-bundle=.kit/bundles/nk/f16/nt-${c%:*} \
#       --tile-to-ptx="mma=wgmma schedule=tiled block-m=64 block-n=${c#*:} block-k=64 num-warps=4 num-stages=8 split-k=4"
#   done
#   scripts/auto-bundles.sh .kit/bundles/auto nt
#   bash docs/results/raw/narrowk/run.sh
set -uo pipefail
R=/tmp/raw-narrowk; BUDGET=${BUDGET:-300}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
C=.kit/bundles/nk/f16; A=.kit/bundles/auto/f16/nt-auto
cand() { for n in m64n112k m64n96k m64n80k; do echo $C/nt-$n/matmul_f16_nt.json; done; }
BENCH_OPTS="--layout nt --rounds 2 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors none --splits 2,3,4"
bench nk-llm-128 80 $(cand) $(manifests $A matmul_f16_nt mid m64n80 w112 s128k s128 m64 midk m64n160 m64n112 small) \
  $(python3 scripts/suites.py llm --m 128)
bench nk-llm-64 80 $(cand) $(manifests $A matmul_f16_nt m64k small m64n80 m64 m64n112 s128k s128 m64wk) \
  $(python3 scripts/suites.py llm --m 64)
bench nk-heldout-48 60 $(cand) $(manifests $A matmul_f16_nt m64k m64wk s32k small m64n80 m64 s128k) \
  $(python3 scripts/suites.py heldout | tr ' ' '\n' | grep -A0 -B1 '^48x' | grep -v '^--$')
bench nk-llm-256 60 $(cand) $(manifests $A matmul_f16_nt mid m64n80 w112 m64 m64n160 m64n192 s256w midk n192k) \
  $(python3 scripts/suites.py llm --m 256)
random_shapes random-nk .kit/bundles/nk '*.json' ${RANDOM_COUNT:-60} 107 ${RESERVE:-40}
sanitize memcheck memcheck 30 $(cand) --layout nt --shape 200x500x700 --shape 128x3584x4096
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-narrowk.tar.gz" -C $R .
