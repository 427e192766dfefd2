#!/usr/bin/env bash
# Device call 12: split-K protocol variants, 1000^3 candidates, racecheck on tile-opt kernels only, unaligned staging.
set -uo pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader
run=$(scripts/build-tile-run.sh 2>/tmp/build.log) || { tail -20 /tmp/build.log; exit 1; }
odd="--shape 1x8x8 --shape 1x8x4096 --shape 65x200x72 --shape 129x72x40 --shape 257x256x136 --shape 33x4104x1000 --shape 1000x1000x1000 --shape 256x256x16384 --shape 191x200x8 --shape 7x8x16384 --shape 128x128x24"
timeout 100 $run $(ls bundles/sk2/f16/*/*.json bundles/c1000/f16/k*/*.json) $odd --reps 1 --rounds 1 --warmup 0 --no-cublas-timing --seed 71 > $OUT/check-sk2.txt 2>&1
echo "check sk2 rc=$? PASS=$(grep -c 'check: PASS' $OUT/check-sk2.txt) FAIL=$(grep -c 'check: FAIL' $OUT/check-sk2.txt)"
timeout 100 $run bundles/sk2/f16/n64x64s8/*.json $(cat bundles/random500.txt) --reps 1 --rounds 1 --warmup 0 --no-cublas-timing --seed 73 > $OUT/check-rand.txt 2>&1
echo "check rand rc=$? PASS=$(grep -c 'check: PASS' $OUT/check-rand.txt) FAIL=$(grep -c 'check: FAIL' $OUT/check-rand.txt)"
for tool in memcheck racecheck; do
  timeout 120 compute-sanitizer --tool $tool --kernel-name regex:matmul --error-exitcode 99 $run bundles/sk2/f16/n64x64s8/*.json bundles/c1000/f16/k128x128s3/*.json \
    --shape 129x72x40 --shape 257x256x136 --shape 1x8x4096 --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > $OUT/$tool.txt 2>&1
  echo "$tool rc=$? PASS=$(grep -c 'check: PASS' $OUT/$tool.txt) $(grep 'SUMMARY' $OUT/$tool.txt | tail -1)"
done
timeout 90 $run $(ls bundles/sk2/f16/*/*.json) --shape 256x256x16384 --shape 128x128x16384 --seed 1 --json $OUT/sk2.json > $OUT/sk2.txt 2>&1
echo "sk2 timing rc=$?"; python3 python/results_table.py $OUT/sk2.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-4,7-9
timeout 90 $run $(ls bundles/c1000/f16/*/*.json) --shape 1000x1000x1000 --shape 1024x1024x1024 --shape 1536x1536x1536 --seed 1 --json $OUT/c1000.json > $OUT/c1000.txt 2>&1
echo "c1000 timing rc=$?"; python3 python/results_table.py $OUT/c1000.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-4,7-9
