#!/usr/bin/env bash
# m64n160 with its producer warpgroup as shipped: its f32 C staged in two
# parts of three and two boxes (nt f16, tt bf16), its f16 and bf16 C in nt
# and tt, and a pingpong 128x192 kernel with 4 stages (f16 C in two parts
# of two and one boxes: no config before) on random shapes and under
# memcheck; then the dispatch with it against the dispatch before, cuBLAS
# and Triton's tuned-persistent in one process (f16 x @ w.T, L2 flushed, 3
# rotated rounds), on the llm layers at M 64-512 and the heldout ones at M
# 48 and 200. One device call; bundles compiled here ($OLD: by the
# compiler before, scripts/auto-bundles.sh $OLD nt):
#   scripts/auto-bundles.sh $NEW nt; scripts/auto-bundles.sh $NEW tt
#   tile-opt test/Pipelines/Inputs/matmul_f16_f32c_nt.mlir --tile-to-ptx=config=auto \
#     --tile-bundle=$F32/f16/nt-f32
#   tile-opt TT32.mlir --tile-to-ptx=config=auto --tile-bundle=$F32/bf16/tt-f32
#     (TT32.mlir: config-auto-f32c.test's @mm_tt alone)
#   tile-opt examples/matmul_f16.mlir --tile-bundle=$PP/f16/pp192 --tile-to-ptx="mma=wgmma \
#     schedule=persistent block-m=128 block-n=192 block-k=64 num-warps=8 num-stages=4 \
#     warp-specialize=pingpong"
#   OLD=.kit/bundles/auto NEW=.kit/bundles/new F32=.kit/bundles/f32 PP=.kit/bundles/pp \
#     bash docs/results/raw/n160ws/check.sh     (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-n160check; BUDGET=${BUDGET:-400}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
random_shapes random-f32 $F32 '*__m64n160.json' 100 61 250
random_shapes random-new $NEW '*__m64n160.json' 75 67 190
random_shapes random-pp $PP 'matmul_f16.json' 100 71 140
for m in $F32/f16/nt-f32/*__m64n160.json:nt $F32/bf16/tt-f32/*__m64n160.json:tt \
         $NEW/f16/nt-auto/*__m64n160.json:nt; do
  sanitize memcheck-$(basename $(dirname ${m%:*})) memcheck 120 ${m%:*} --layout ${m#*:} \
    --shape 300x500x700 --shape 1x4096x4096 --shape 200x3000x1000
done
sanitize memcheck-pp memcheck 110 $PP/f16/pp192/matmul_f16.json --shape 300x500x700 \
  --shape 999x1001x1003
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 71"
bench_suites dispatch "" "llm:64,128,256,512:60 heldout:48,200:40" \
  $OLD/f16/nt-auto/matmul_f16_nt.json $NEW/f16/nt-auto/matmul_f16_nt.json
clock
gzip -q $R/*.json $R/*.log $R/*.txt 2>/dev/null
tar czf "$OUT/raw-n160check.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
