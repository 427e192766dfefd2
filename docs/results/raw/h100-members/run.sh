#!/usr/bin/env bash
# The shipped table's members on an H100, each at every split it may run
# (2, 3, 4, 8 up to its split_k), beside the dispatch manifest and cuBLAS
# in one tile-bench process per set (f16 x @ w.T, L2 flushed, 3 rotated
# rounds; scripts/gpu-members.sh): the 20 members the model picks or
# measures fastest at M <= 128 in the fit's H200 runs, on `llm` at M
# 128 (17 shapes). The fit script reads the runs: how the
# H200-fitted model's picks stand against the best member on this chip.
#   scripts/auto-bundles.sh .kit/bundles/auto nt
#   bash docs/results/raw/h100-members/run.sh   (carry .kit/bundles and runtime/external)
set -uo pipefail
A=.kit/bundles/auto/f16/nt-auto
MEMBERS="$A/matmul_f16_nt.json $(for m in m64k m64wk m64w s16 s16k s32 m64n160 split s32k w112 midk \
  m64 small s128k m64n80 s128 mid m64n112 n192k m64n192; do echo $A/matmul_f16_nt__$m.json; done)" \
SETS="llm:128:110" SPLITS=2,3,4,8 RANDOM_SHAPES=0 BUDGET=140 \
  bash scripts/gpu-members.sh
