#!/usr/bin/env bash
# One device call: the transposed (swap_ab) decode tiles with two and three
# warpgroups of B rows (128 and 192 rows of N per block, as cuBLAS's 192-row
# decode tiles) beside the shipped 64-row ones, f16 x @ w.T, L2 flushed,
# balanced rounds, one process per set, beside cuBLAS and Triton's
# tuned-persistent. Bundles, compiled beforehand into $B (no MLIR on the
# GPU machine):
#   auto/    tile-opt examples/matmul_f16_nt.mlir --tile-to-ptx=config=auto
#   NAME/    one member, tile-opt --tile-to-ptx="OPTIONS" (compile.sh)
# Shapes (shapes.txt; the split ones on shapes-split.txt: the random and the
# pitch ones): the decode shapes of ../l2-promotion (the 77 the
# dispatch picks s16 for, the K / K + 8 pairs, 40 random decode shapes) and
# llm at M 32.
set -uo pipefail
B=${B:?the bundles folder}
R=/tmp/raw-wide; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
here=docs/results/raw/wide-decode
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 41"
bench wide 270 $B/auto/matmul_f16_nt.json $B/auto/matmul_f16_nt__{s16,s32}.json \
  $B/{s16w,s16x,s32w,s32x}/matmul_f16_nt.json $(cat $here/shapes.txt)
BENCH_OPTS="${BENCH_OPTS/--seed 41/--seed 43} --splits 2,4"
bench wide-split 200 $B/auto/matmul_f16_nt__{s16k,s32k}.json \
  $B/{s16wk,s16xk,s32wk,s32xk}/matmul_f16_nt.json $(cat $here/shapes-split.txt)
gzip -q $R/*.json; tar czf "$OUT/raw-wide.tar.gz" -C $R .
