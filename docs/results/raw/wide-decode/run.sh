#!/usr/bin/env bash
# The device calls of the wide transposed decode tiles (two and three
# warpgroups of B rows: 128 and 192 rows of N per block, as cuBLAS's
# 192-row decode tiles), f16 x @ w.T, L2 flushed, balanced rounds, one
# process per set, beside cuBLAS and Triton's tuned-persistent:
#   run.sh wide      every wide tile beside the shipped 64-row ones
#   run.sh members   s16wk and s32wk beside the family's decode members at
#                    2, 4 and 8 splits (the fit's runs for the two)
#   run.sh ab        the dispatch of the shipped table (auto/) and of the
#                    candidate one (new/f16/nt-auto/: candidate-table.json,
#                    refitted on the members run first); random shapes
#                    checked element-wise
# Bundles, compiled beforehand into $B by compile.sh (no MLIR on the GPU
# machine). Shapes: shapes.txt, the decode shapes of ../l2-promotion (the
# 77 the dispatch picks s16 for, the K / K + 8 pairs, 40 random) and llm at
# M 32; shapes-split.txt, the random and pitch ones of those; shapes-ab.txt,
# 40 random decode shapes none of the fit's runs timed (M in 1-32, N and K
# multiples of 8 in 2048-32768, Python's random with seed 7).
# candidate-table.json: data/sm_90a.json with s16wk and s32wk appended (any
# coefficients), then scripts/fit_cost_model.py RUNS wide.json.gz
# wide-split.json.gz --only s16wk,s32wk --write --table candidate-table.json,
# RUNS the ninth fitting step's runs (that script's docstring).
set -uo pipefail
B=${B:?the bundles folder}; CALL=${1:?wide, members or ab}
R=/tmp/raw-wide; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
here=docs/results/raw/wide-decode
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10"
case $CALL in
wide)
  BENCH_OPTS+=" --seed 41"
  bench wide 270 $B/auto/matmul_f16_nt.json $B/auto/matmul_f16_nt__{s16,s32}.json \
    $B/{s16w,s16x,s32w,s32x}/matmul_f16_nt.json $(cat $here/shapes.txt)
  BENCH_OPTS+=" --seed 43 --splits 2,4"
  bench wide-split 200 $B/auto/matmul_f16_nt__{s16k,s32k}.json \
    $B/{s16wk,s16xk,s32wk,s32xk}/matmul_f16_nt.json $(cat $here/shapes-split.txt) ;;
members)
  BENCH_OPTS+=" --seed 45 --splits 2,4,8"
  bench members 270 $B/auto/matmul_f16_nt.json $B/auto/matmul_f16_nt__{s16,s32,s16k,s32k}.json \
    $B/{s16wk,s32wk}/matmul_f16_nt.json $(python3 scripts/suites.py llm --m 1,16,32) \
    $(cat $here/shapes-split.txt) ;;
ab)
  BENCH_OPTS+=" --seed 47"; BENCH_OPTS=${BENCH_OPTS/--rounds 3/--rounds 5}
  bench ab 120 $B/auto/matmul_f16_nt.json $B/new/f16/nt-auto/matmul_f16_nt.json \
    $(cat $here/shapes-ab.txt) $(python3 scripts/suites.py heldout --m 1,4,16,32)
  random_shapes ab-random $B/new matmul_f16_nt.json 100 49 20 ;;
esac
gzip -q $R/*.json; tar czf "$OUT/raw-wide-$CALL.tar.gz" -C $R --exclude pip.txt --exclude build-tile-run.txt .
