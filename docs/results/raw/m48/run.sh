#!/usr/bin/env bash
# Transposed tiles for M 33-64 (48 rows of M, N on wgmma's 64-row side, as
# cuBLAS's 64x48 and 192x48 kernels at M 48; a 64-row one; with a producer
# warpgroup), timed beside the members the dispatch picks at M 32-64 and
# its own row (f16 nt, L2 flushed, 3 rotated rounds, cuBLAS
# in the same process; scripts/gpu-members.sh). The candidates are members
# of a trial table (trial-table.py: the shipped one with them appended,
# s32's or s32k's coefficients), compiled with tile-opt
# examples/matmul_f16_nt.mlir --tile-to-ptx="config=auto
# calibration=.kit/trial-table.json" --tile-bundle=.kit/bundles/cand/f16/nt-auto:
#   s48    s32 (tiled, 4 warps, 8 stages, 64 rows of N) with 48 rows of M
#   s48k   s32k (split 4) with 48 rows of M
#   s64t   s32 with 64 rows of M
#   s48w   s48 with 128 rows of N over 8 warps
#   s48ws  s48 persistent with a producer warpgroup (s16ws and s32ws were
#          timed before: a tie and a loss)
#   s48wsk s48k with a producer warpgroup
# Then the runtime's dispatch as shipped on the picks 3 splits at 1.1
# moved (split3-h200/run.sh, LAYOUTS=added-nt), and in a second call the
# targets' layers (LAYOUTS=targets BUDGET=150, into h100-added/ there).
#   docs/results/raw/m48/trial-table.py > .kit/trial-table.json; (compile, as above)
#   bash docs/results/raw/m48/run.sh   (carry .kit/bundles and runtime/external)
# The member runs are in h100/ (bench-*), the added-nt runs in
# split3-h200/h100-added/; evaluate.py h100 > evaluate.txt.
set -uo pipefail
C=.kit/bundles/cand/f16/nt-auto; A=.kit/bundles/auto/f16/nt-auto
MEMBERS="$(for c in s48 s48k s64t s48w s48ws s48wsk; do echo $C/matmul_f16_nt__$c.json; done)
  $A/matmul_f16_nt.json $(for m in s32 s32k m64 m64w m64wk m64n80 m64n112 m64n160 m64n192 small; do
    echo $A/matmul_f16_nt__$m.json; done)" \
SETS="llm:32,48,64:110 heldout:48:40 calibration:40,56:70" RANDOM_SHAPES=0 BUDGET=250 \
  bash scripts/gpu-members.sh
LAYOUTS=added-nt BUDGET=160 bash docs/results/raw/split3-h200/run.sh
