#!/usr/bin/env bash
# Members refitted on this folder's H200 runs, the rest kept: TABLE=1
# split, m64k, m64wk and midk (sm_90a-split-refit.json), TABLE=2 split and
# m64k (sm_90a-split-m64k.json), TABLE=3 s128k (sm_90a-s128k.json), each
# written by
#   python3 scripts/fit_cost_model.py RUNS --replace SHIPPED --only MEMBERS \
#     --table T --write
# with fits.sh's RUNS and SHIPPED, against the shipped table: the dispatch
# of each, beside cuBLAS and Triton's tuned-persistent in one process
# (f16 x @ w.T, L2 flushed, 3 rotated rounds), on the layers of llm,
# heldout and calibration at M 1-256 whose pick it moves (30; 22; 43). One
# device call each; bundles compiled here (T the table):
#   scripts/auto-bundles.sh $OLD nt
#   tile-opt examples/matmul_f16_nt.mlir --tile-bundle=$NEW/f16/nt-auto \
#     --tile-to-ptx="config=auto calibration=T"
#   OLD=.kit/bundles/new NEW=.kit/bundles/opt1 bash docs/results/raw/members-h200/split-refit.sh
# (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-split-refit-${TABLE:-1}; BUDGET=${BUDGET:-200}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 71"
if [ "${TABLE:-1}" = 1 ]; then
  SHAPES="--shape 32x3584x4096 --shape 48x15360x5120 --shape 48x3072x3072 --shape 48x8192x3584 --shape 48x3584x4096 --shape 64x15360x5120 --shape 64x3072x3072 --shape 64x8192x3584 --shape 64x3584x4096 --shape 96x3584x4096 --shape 128x3584x4096 --shape 4x8192x4608 --shape 48x8192x4608 --shape 48x9216x7168 --shape 48x2816x2048 --shape 48x2048x1408 --shape 64x8192x4608 --shape 64x9216x7168 --shape 64x2816x2048 --shape 64x2048x1408 --shape 32x4096x14336 --shape 32x10240x8192 --shape 32x2048x8192 --shape 64x4096x4096 --shape 64x10240x8192 --shape 64x3584x3584 --shape 64x3072x2048 --shape 64x2048x8192 --shape 128x8192x28672 --shape 128x2048x8192"
elif [ "${TABLE:-1}" = 3 ]; then
  SHAPES="--shape 32x3072x3072 --shape 32x3584x4096 --shape 48x3072x3072 --shape 48x3584x4096 --shape 64x3072x3072 --shape 64x3584x4096 --shape 96x3072x3072 --shape 96x3072x8192 --shape 96x3584x4096 --shape 96x3584x14336 --shape 128x3072x3072 --shape 128x3072x8192 --shape 128x3584x4096 --shape 128x3584x14336 --shape 4x2816x2048 --shape 4x2048x1408 --shape 48x2816x2048 --shape 48x2048x1408 --shape 64x2816x2048 --shape 64x2048x1408 --shape 1x4096x14336 --shape 1x3072x2048 --shape 1x2048x2048 --shape 16x4096x14336 --shape 16x3072x2048 --shape 16x2048x2048 --shape 32x4096x4096 --shape 32x4096x14336 --shape 32x3584x3584 --shape 32x3072x2048 --shape 32x2048x2048 --shape 64x4096x4096 --shape 64x4096x14336 --shape 64x3584x3584 --shape 64x3072x2048 --shape 64x2048x2048 --shape 128x4096x4096 --shape 128x4096x14336 --shape 128x3584x3584 --shape 128x3584x18944 --shape 128x2048x8192 --shape 256x4096x14336 --shape 256x2048x8192"
else
  SHAPES="--shape 32x3584x4096 --shape 48x3072x3072 --shape 48x8192x3584 --shape 48x3584x4096 --shape 64x3072x3072 --shape 64x8192x3584 --shape 64x3584x4096 --shape 4x8192x4608 --shape 48x8192x4608 --shape 48x2816x2048 --shape 48x2048x1408 --shape 64x8192x4608 --shape 64x2816x2048 --shape 64x2048x1408 --shape 32x4096x14336 --shape 32x2048x8192 --shape 64x4096x4096 --shape 64x4096x14336 --shape 64x3584x3584 --shape 64x3072x2048 --shape 64x2048x8192 --shape 128x2048x8192"
fi
bench dispatch 150 $OLD/f16/nt-auto/matmul_f16_nt.json $NEW/f16/nt-auto/matmul_f16_nt.json $SHAPES
gzip -q $R/*.json $R/*.txt 2>/dev/null
tar czf "$OUT/raw-split-refit-${TABLE:-1}.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
