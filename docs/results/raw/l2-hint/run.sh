#!/usr/bin/env bash
# L2 eviction hints on the TMA loads: B (the weights in x @ w.T) streamed
# evict_first, and A (the activations every program re-reads) evict_last.
# Why: do_bench's flush (256 MB written) leaves the L2 full of dirty lines,
# as a model's previous layer does. Beside the profiler's durations (caches
# invalidated), the recorded H200 do_bench times exceed them by more for
# tile-opt than for cuBLAS at 1x5120x5120 (m64wk at 4 splits 4.6-9.6 us,
# cuBLAS 1.5-4.3) and 512x3584x4096 (w112 4.6-5.5, cuBLAS 0.7-2.9), alike
# at 128x5120x5120 and 1000^3 (gaps.py -> gaps.txt). If B's lines evict
# each other first, the dirty lines a previous kernel left are not written
# back during the product. One device call, run once on an H100
# (../evict-first/compare.py --variants hint-b,hint-ab -> compare.txt). Bundles, compiled
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
