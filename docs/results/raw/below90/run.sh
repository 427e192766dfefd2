#!/usr/bin/env bash
# The layers the dispatch leaves below 0.90 of cuBLAS (refit/evaluate.txt,
# H100): which kernels cuBLAS runs there (scripts/cublas-kernels.py), and
# every member of the shipped table at 1 to 8 splits where it is split-K,
# f16 x @ w.T (nt), tile-bench beside cuBLAS in one process (no Triton),
# L2 flushed, 3 rotated rounds: is a better member in the family (a pick
# to mend) or none (a kernel missing)? One device call; bundles compiled
# here by scripts/auto-bundles.sh $B nt:
#   B=.kit/bundles/auto bash docs/results/raw/below90/run.sh
#   (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-below90; BUDGET=${BUDGET:-330}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
timeout 40 python3 scripts/cublas-kernels.py heldout --m 48,200 > "$R/cublas-kernels-heldout.txt" 2>&1
echo "cublas-kernels rc=$? ($((SECONDS - start)) s)"
A=${B:?the bundles folder}/f16/nt-auto
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors none"
shapes() { for s in "$@"; do echo --shape $s; done; }
bench members-k 120 $(ls $A/*__*.json) --splits 2,3,4,6,8 $(shapes 200x5120x27648 \
  200x4608x36864 200x4544x18176 384x384x32768 256x256x16384 2304x2304x8192)
bench members-mid 90 $(ls $A/*__*.json) --splits 2,3,4,8 $(shapes 128x3584x4096 \
  128x3072x3072 48x4608x4096 48x5120x3072 48x2816x2048)
bench members-big 120 $(ls $A/*__*.json) --splits 2,3,4,8 $(shapes 48x2048x1408 \
  200x18176x4544 1000x1000x1000 2000x2000x2000 3000x5000x2000)
clock
gzip -q $R/*.json $R/*.txt 2>/dev/null
tar czf "$OUT/raw-below90.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
