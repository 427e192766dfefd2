#!/usr/bin/env bash
# L2 eviction hints on the TMA loads: B (the weights in x @ w.T) streamed
# evict_first, and A (the activations every program re-reads) evict_last.
# Why: at 1x5120x5120 on the H200 a layer's do_bench time (L2 flushed by
# writing 256 MB, so the L2 holds dirty lines) exceeds its profiler
# duration (caches invalidated) by 5.5-5.7 us for m64wk at 4 splits (23.7-
# 23.9 against 18.0-18.3) and by 3.9-4.0 us for cuBLAS's two kernels (24.5-
# 24.6 against 16.8-16.9 + 3.7; raw/ncu-classes, raw/a-rows/final,
# raw/autotune/h200). If B's lines evict each other first, the dirty lines a
# previous kernel left (a layer's activations, in a model) are not written
# back during the product. One device call, not run yet. Bundles, compiled
# here with trial.patch applied (the hint chosen at compile time by
# TILE_TRIAL_L2_HINT), then the patch reverted; carry .kit/bundles and
# runtime/external:
#   git apply docs/results/raw/l2-hint/trial.patch && ninja -C build
#   for h in b ab; do TILE_TRIAL_L2_HINT=$h scripts/auto-bundles.sh .kit/bundles/hint-$h nt; done
#   git checkout lib && ninja -C build && scripts/auto-bundles.sh .kit/bundles/auto nt
#   bash docs/results/raw/l2-hint/run.sh
# The shipped dispatch and the same table with hints (same picks, only the
# hints differ), beside cuBLAS and Triton's tuned-persistent, f16 x @ w.T,
# llm at M 1, 16, 64, 128 and 512, 2048 (where B's tiles are re-read
# through L2), one tile-bench process per set (L2 flushed, 3 rotated
# rounds); then the hinted dispatch on random shapes.
set -uo pipefail
R=/tmp/raw-l2-hint; BUDGET=${BUDGET:-400}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
D="$(for b in auto hint-b hint-ab; do echo .kit/bundles/$b/f16/nt-auto/matmul_f16_nt.json; done)"
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors tuned-persistent"
bench hint-llm-decode 100 $D $(python3 scripts/suites.py llm --m 1,16)
bench hint-llm-mid 100 $D $(python3 scripts/suites.py llm --m 64,128)
bench hint-llm-large 100 $D $(python3 scripts/suites.py llm --m 512,2048)
random_shapes random-hint .kit/bundles/hint-ab 'matmul_*_nt.json' ${RANDOM_COUNT:-50} 97 ${RESERVE:-20}
clock
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-l2-hint.tar.gz" -C $R .
