#!/usr/bin/env bash
# Before the fix (0d4d552^): tn kernels of 128-row tiles against cuBLAS on
# K = 64-320 (tile-run), as B/<name>/ compiled from test/Pipelines/Inputs/
# matmul_f16_tn.mlir with tile-opt --tile-to-ptx="config=manual mma=wgmma
# block-m=128 block-n=128 block-k=64 order=grouped group-m=8 <rest>": mid
# num-warps=4 num-stages=6 schedule=persistent; mid2, mid4: num-stages=2, 4;
# midt: schedule=tiled; midws: num-warps=8 warp-specialize=cooperative;
# small: block-m=64 block-n=64 num-stages=8; auto: config=auto.
#   B=DIR bash docs/results/raw/tn-fix/before/run.sh   (carry DIR, runtime/external)
B=${B:?the bundles folder}
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
run=$(scripts/build-tile-run.sh 2> $OUT/build.txt) || { tail -20 $OUT/build.txt; exit 1; }
S=""
for K in 64 72 128 132 136 192 200 256 264 320; do S+=" --shape 256x256x$K --shape 768x512x$K"; done
S+=" --shape 257x255x136 --shape 136x200x72"
for b in mid mid2 mid4 midt midws small; do
  timeout 60 $run $B/$b/matmul_f16_tn.json $S --layout tn --rounds 1 --reps 1 --warmup 0 --no-cublas-timing > $OUT/$b.txt 2>&1
  echo "$b rc=$? $(grep -c FAIL $OUT/$b.txt) fail"
  grep -E "FAIL" $OUT/$b.txt | head -30
done
timeout 60 $run $B/auto/matmul_f16_tn.json $S --layout tn --rounds 1 --reps 1 --warmup 0 --no-cublas-timing > $OUT/auto.txt 2>&1
echo "auto rc=$? $(grep -c FAIL $OUT/auto.txt) fail"
