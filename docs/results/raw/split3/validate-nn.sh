#!/usr/bin/env bash
# The picks with 3 splits at their cost factor, layout nn (x @ w with w
# stored K x N), f16: the shapes whose pick moves (validate-nn-shapes.txt:
# 65 of random-shapes.py's 1500, then 18 of the suites'; shape, shipped
# pick, new pick from `tile-run --dry-run` of the nn config=auto bundle),
# each shape's old and new pick as member rows (split members at 2, 3, 4
# and 8) and the dispatch manifest under this runtime, beside cuBLAS and
# Triton's tma-persistent and tuned-persistent in one process, L2 flushed,
# 3 rotated rounds. Then the split members of the nt and nn bundles at 3
# splits, repeated runs bit for bit (scripts/split-determinism.py).
# One device call; the bundles:
#   scripts/auto-bundles.sh .kit/bundles/auto nt; scripts/auto-bundles.sh .kit/bundles/auto nn
#   bash docs/results/raw/split3/validate-nn.sh   (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-split3nn; BUDGET=${BUDGET:-450}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
B=.kit/bundles/auto/f16/auto
here=docs/results/raw/split3
members=$(awk '{print $2; print $3}' $here/validate-nn-shapes.txt | sed 's/@.*//' | sort -u |
          while read m; do echo $B/matmul_f16__$m.json; done)
BENCH_OPTS="--layout nn --anchors tma-persistent,tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 11 --splits 2,3,4,8"
bench_halves validate-nn 170 $here/validate-nn-shapes.txt $B/matmul_f16.json $members
N=.kit/bundles/auto/f16/nt-auto
for layout in nt nn; do
  if [ $layout = nt ]; then ms="$N/*__{m64k,m64wk,midk,n192k,s16k,s32k,s128k,s208k,s208wk,s256wk,s208xk,split}.json"
  else ms="$B/*__{m64k,m64wk,midk,n192k,split}.json"; fi
  timeout 60 python3 scripts/split-determinism.py $(eval echo $ms) --splits 3 --layout $layout \
    --shape 384x384x32768 --shape 300x500x7000 --shape 17x130x65536 --shape 200x4608x3000 \
    > $R/determinism-$layout.txt 2>&1
  echo "determinism $layout rc=$?"; tail -1 $R/determinism-$layout.txt
done
gzip -q $R/*.json $R/*.txt 2>/dev/null
tar czf "$OUT/raw-split3nn.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
