#!/usr/bin/env bash
# The 3-split cost factors (runtime dispatch.cpp) on unseen shapes: of 2000
# random layer shapes (shapes.txt: split3/random-shapes.py with another
# seed, none of the shapes split3/ drew or timed), the picks a factor
# moves in the nt and nn f16 bundles (moved-nt.txt, moved-nn.txt at 1.25
# for every member, the runtime when this ran; moved-*-1.1.txt at 1.1:
# shape, the pick without 3 splits, the pick with them, from `tile-run
# --dry-run` of runtimes built with the factor at 1e9, 1.25 and 1.1), each
# shape's two picks as member rows (split members at 2, 3 and 8 programs
# per tile; 2, 3, 4, 8 for the 1.1 sets) and the dispatch manifest,
# beside cuBLAS and Triton's tuned-persistent (nn also tma-persistent) in
# one process, L2 flushed, 3 rotated rounds, in runs of 8 or 10 shapes.
# LAYOUTS picks the sets: "nt targets nn" (the default; h100/), "bf16" (nt
# in bf16: the table and kernels, so the picks, are the f16 ones;
# h100-bf16/), "nt-1.1 nn-1.1" (h100-p11/); "targets": layers issue 24's
# targets leave below 0.90, or below 1.0 at M <= 32 (targets.txt), the nt
# dispatch manifest and autotune (--tune 4: the model's four best
# candidates timed, the fastest kept where it beats the pick by the
# quartiles); "added-nt" (h100-added/): the runtime as shipped, its
# dispatch row beside the pick at 1.25 for every member and the pick that
# 1.1 for the transposed members makes instead (added-nt.txt, 25 shapes of
# these and split3's). evaluate.py reads the folders.
#   S=docs/results/raw/split3; $S/random-shapes.py > old.txt
#   $S/random-shapes.py --seed 20261206 --count 2000 --exclude $S/*shapes.txt old.txt > shapes.txt
#   scripts/auto-bundles.sh .kit/bundles/auto nt; scripts/auto-bundles.sh .kit/bundles/auto nn
#   [LAYOUTS=...] bash docs/results/raw/split3-h200/run.sh   (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-split3h; BUDGET=${BUDGET:-400}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
here=docs/results/raw/split3-h200
for set in ${LAYOUTS:-nt targets nn}; do
  case $set in
    nt|nt-1.1|added-nt) B=.kit/bundles/auto/f16/nt-auto; kernel=matmul_f16_nt
          anchors=tuned-persistent; layout=nt; t=50; dtype=f16 ;;
    nn|nn-1.1) B=.kit/bundles/auto/f16/auto; kernel=matmul_f16
          anchors=tma-persistent,tuned-persistent; layout=nn; t=60; dtype=f16 ;;
    bf16) B=.kit/bundles/auto/bf16/nt-auto; kernel=matmul_bf16_nt
          anchors=tuned-persistent; layout=nt; t=50; dtype=bf16 ;;
    targets)
      BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 1 --rep-ms 6 --seed 17 --tune 4"
      bench targets 70 .kit/bundles/auto/f16/nt-auto/matmul_f16_nt.json \
        $(awk '{printf "--shape %s ", $1}' $here/targets.txt)
      continue ;;
  esac
  file=moved-${set/bf16/nt}.txt
  [ $set = added-nt ] && file=added-nt.txt
  members=$(awk '{print $2; print $3}' $here/$file | sed 's/@.*//' | sort -u |
            while read m; do echo $B/${kernel}__$m.json; done)
  case $set in
    *-1.1) seed=19 splits=2,3,4,8 runs=10 t=60; name=$layout ;;
    added-nt) seed=23 splits=2,3,4 runs=9 t=60; name=added ;;
    *) seed=13 splits=2,3,8 runs=8; name=$set ;;
  esac
  BENCH_OPTS="--layout $layout --dtype $dtype --anchors $anchors --rounds 3 --warmup-ms 1 --rep-ms 5 --seed $seed --splits $splits"
  # in runs of a few shapes, so that a call cut short keeps what it timed
  split -l $runs -d $here/$file $R/shapes-$set-
  for part in $R/shapes-$set-*; do
    bench $name-${part##*-} $t $B/$kernel.json $members $(awk '{printf "--shape %s ", $1}' $part)
  done
  clock
done
gzip -q $R/*.json $R/*.txt 2>/dev/null
tar czf "$OUT/raw-split3h.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
