#!/usr/bin/env bash
# The 20 members the model picks or measures fastest at M <= 128, each at
# every split it may run (2, 3, 4, 8 up to its split_k), beside the
# dispatch manifest and cuBLAS in one tile-bench process per set (f16
# x @ w.T, L2 flushed, 3 rotated rounds; scripts/gpu-members.sh): `llm` at
# M 64 and 128 (a/), then at M 16, 32 and 256 (b/); the two came from two
# device calls. evaluate.sh reads the runs.
#   scripts/auto-bundles.sh .kit/bundles/auto nt
#   bash docs/results/raw/members-h200-2/run.sh   (carry .kit/bundles and runtime/external)
set -uo pipefail
A=.kit/bundles/auto/f16/nt-auto
export MEMBERS="$A/matmul_f16_nt.json $(for m in m64k m64wk m64w s16 s16k s32 m64n160 split s32k \
  w112 midk m64 small s128k m64n80 s128 mid m64n112 n192k m64n192; do echo $A/matmul_f16_nt__$m.json; done)" \
  SPLITS=2,3,4,8 RANDOM_SHAPES=0
SETS="llm:64,128:280" BUDGET=320 bash scripts/gpu-members.sh
mv "${OUT:-/tmp/out}/raw-members.tar.gz" "${OUT:-/tmp/out}/raw-members-a.tar.gz"
SETS="llm:16,32,256:200" BUDGET=240 bash scripts/gpu-members.sh
