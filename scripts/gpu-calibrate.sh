#!/usr/bin/env bash
# One device call that calibrates config=auto's cost model: every member of
# the family (the nt bundles of scripts/auto-bundles.sh .kit/bundles/cal nt) timed next to cublasLt on the calibration suite
# (scripts/suites.py), layout nt, f16, one tile-run process per group of M,
# L2 flushed, 3 rotated rounds; then every member checked on random shapes
# and memcheck on the members new in this table.
# Carry: .kit/bundles, runtime/external.
#   bash scripts/gpu-calibrate.sh     (scripts/fit-cost-model.py reads the JSON)
set -uo pipefail
R=/tmp/raw-cal; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
B=.kit/bundles/cal/f16/nt-auto
members=$(ls $B/*__*.json)
clock
for ms in 1,16,32 64,128,256 512,1024 2048 4096 8192 classic; do
  if [ $ms = classic ]; then shapes=$(python3 scripts/suites.py classic)
  else shapes=$(python3 scripts/suites.py calibration --m $ms); fi
  t=$(left); [ $t -lt 60 ] && { echo "skip $ms: out of time"; continue; }
  timeout $((t - 40)) $run $members $shapes --layout nt --rounds 3 --reps 10 --warmup 2 \
    --seed 1 --json "$R/cal-${ms//,/-}.json" > "$R/cal-${ms//,/-}.txt" 2>&1
  echo "M $ms rc=$? ($((SECONDS - start)) s) $(clock)"
done
t=$(left)
[ $t -gt 60 ] && timeout $((t - 30)) python3 python/random_numerics.py --bundles .kit/bundles/cal \
  --tile-run $run --count 60 --max-dim 3000 --seed 7 --manifests '*__*.json' \
  --log "$R/random.log" > "$R/random.txt" 2>&1
echo "random rc=$? ($((SECONDS - start)) s)"; tail -8 "$R/random.txt"
t=$(left)
new=$(ls $B/*__{w192,midws,m64wk2,split4,midk4}.json)
[ $t -gt 30 ] && timeout $((t - 10)) compute-sanitizer --tool memcheck $run $new --layout nt \
  --shape 300x500x700 --shape 1x4096x4096 --shape 1000x1000x1000 --reps 1 --rounds 1 --warmup 0 \
  --no-cublas-timing > "$R/memcheck.txt" 2>&1
echo "memcheck rc=$? ($((SECONDS - start)) s)"; grep -E "ERROR SUMMARY" "$R/memcheck.txt" | sort | uniq -c
gzip -q $R/*.json $R/random.log 2>/dev/null
tar czf "$OUT/raw-cal.tar.gz" -C $R .
