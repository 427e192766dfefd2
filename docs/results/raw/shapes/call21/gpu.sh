#!/usr/bin/env bash
# Device call 16: racecheck on split-K kernels with 6 and 8 stages, and on the non-split 8-stage small member.
set -uo pipefail
run=$(scripts/build-tile-run.sh 2>/tmp/build.log) || { tail -20 /tmp/build.log; exit 1; }
for b in bundles/rc/s6/matmul_f16.json bundles/rc/s8/matmul_f16.json bundles/auto2/f16/matmul_f16__small.json; do
  timeout 80 compute-sanitizer --tool racecheck --kernel-name kns=matmul --error-exitcode 99 $run $b \
    --shape 129x72x40 --shape 257x256x136 --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > /tmp/rc.txt 2>&1
  echo "racecheck $b rc=$? PASS=$(grep -c 'check: PASS' /tmp/rc.txt) $(grep 'SUMMARY' /tmp/rc.txt | tail -1) $(grep -m1 -E 'Internal|Race reported' /tmp/rc.txt)"
  cat /tmp/rc.txt >> $OUT/racecheck.txt
done
