#!/usr/bin/env bash
# run.py on the shapes of ../off-sector whose rows are off whole lines, in
# nt and nn, one process (the config=auto bundles carried:
# scripts/auto-bundles.sh .kit/bundles/auto nt; ... nn):
#   BUDGET=400 bash docs/results/raw/line-copies/run.sh
#   SET=heldout RANDOM_COUNT=0 BUDGET=300 bash docs/results/raw/line-copies/run.sh
set -uo pipefail
R=/tmp/raw-line-copies; BUDGET=${BUDGET:-240}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
# SET=first: the shapes of ../off-sector; SET=heldout: others, chosen after
# the copy rate and the share were set from the first (each layout's own).
case ${SET:-first} in
  first) S="512x5120x4104 2048x5120x4104 8192x5120x4104 4096x4096x4104 2048x2048x2056 2000x2000x2000
            1000x1000x1000 3000x5000x2000 1024x1024x8200 2048x5000x4096 8192x5000x4096
            4096x4096x4100 2048x5120x4100 8192x5120x4100 4095x4097x4103"
         runs="nt,nn:$S" ;;
  heldout) runs="nt:8192x14336x4104 8192x8192x2056 4096x8192x3080 16384x4096x4104
                 nn:8192x3000x4096 16384x5000x4096 8192x7000x2048 16384x3000x2048 4096x11000x4096
                 4096x4096x6152" ;;
esac
for part in $(echo $runs | sed 's/ \([a-z,]*:\)/\n\1/g' | tr ' ' '+'); do
  layouts=${part%%:*}; shapes=$(echo ${part#*:} | tr '+' ' ')
  timeout $(( $(left) - 60 )) python3 docs/results/raw/line-copies/run.py .kit/bundles/auto $shapes \
    --layouts $layouts --json $R/copies-${SET:-first}-${layouts/,/}.json > $R/copies-${SET:-first}-${layouts/,/}.txt 2>&1
  echo "run.py $layouts rc=$? ($((SECONDS - start)) s)"; cut -c1-400 $R/copies-${SET:-first}-${layouts/,/}.txt
  clock
done
# The dispatch (its model choosing the line copies) on random shapes.
[ ${RANDOM_COUNT:-100} -gt 0 ] &&
  random_shapes random-nt .kit/bundles/auto 'matmul_*f16_nt.json' ${RANDOM_COUNT:-100} 151 30
[ ${RANDOM_COUNT:-100} -gt 0 ] &&
  random_shapes random-nn .kit/bundles/auto 'matmul_*f16.json' ${RANDOM_COUNT:-100} 157 5
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-line-copies-${SET:-first}.tar.gz" -C $R .
