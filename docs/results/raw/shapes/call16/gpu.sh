#!/usr/bin/env bash
# Device call 11: split-K numerics (odd shapes, 500 random shapes), sanitizers, timing.
set -uo pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader
run=$(scripts/build-tile-run.sh 2>/tmp/build.log) || { tail -20 /tmp/build.log; exit 1; }
odd="--shape 1x8x8 --shape 1x8x4096 --shape 65x200x72 --shape 129x72x40 --shape 257x256x136 --shape 33x4104x1000 --shape 1000x1000x1000 --shape 256x256x16384 --shape 64x64x64 --shape 191x200x8 --shape 3000x520x2000 --shape 7x8x16384 --shape 128x128x24"
one() { # name, shapes-file-or-args, files...
  local name=$1 shapes=$2; shift 2
  timeout 150 $run "$@" $shapes --reps 1 --rounds 1 --warmup 0 --no-cublas-timing --seed 61 > $OUT/check-$name.txt 2>&1
  echo "check $name rc=$? PASS=$(grep -c 'check: PASS' $OUT/check-$name.txt) FAIL=$(grep -c 'check: FAIL' $OUT/check-$name.txt)"
  grep -B3 'check: FAIL' $OUT/check-$name.txt | grep "==\|FAIL" | head -6; grep -m3 "tile-run:" $OUT/check-$name.txt
}
one f16 "$odd" $(ls bundles/sk/f16/*/*.json)
one bf16 "$odd" $(ls bundles/sk/bf16/*/*.json)
one f32c "$odd" $(ls bundles/sk/f32c/*/*.json)
one rand-k64 "$(cat bundles/random500.txt)" bundles/sk/f16/k64x64s8/*.json bundles/sk/f16/k128x128s4/*.json
one auto-f16 "$odd --shape 2304x2304x8192 --shape 32x8192x8192" bundles/auto2/f16/matmul_f16.json
for tool in memcheck racecheck; do
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 99 $run bundles/sk/f16/k64x64s8/*.json bundles/sk/f16/k128x128s4/*.json \
    --shape 129x72x40 --shape 257x256x136 --shape 1x8x4096 --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > $OUT/$tool.txt 2>&1
  echo "$tool rc=$? PASS=$(grep -c 'check: PASS' $OUT/$tool.txt) $(grep 'SUMMARY' $OUT/$tool.txt | tail -1)"
done
# Timing: the split variants and the auto bundle in tile-run next to cuBLAS.
timeout 120 $run $(ls bundles/sk/f16/*/*.json) --shape 256x256x16384 --shape 512x512x16384 --shape 128x256x8192 --seed 1 --json $OUT/split-f16.json > $OUT/split-f16.txt 2>&1
echo "split timing rc=$?"; python3 python/results_table.py $OUT/split-f16.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-8
timeout 150 python3 python/tile-bench $(ls bundles/sk/f16/*/*.json) --shape 256x256x16384 --seed 1 --json $OUT/tile-bench-split.json > $OUT/tile-bench-split.txt 2>&1
echo "tile-bench split rc=$?"; grep -iE "error" $OUT/tile-bench-split.txt | head -3; python3 python/results_table.py $OUT/tile-bench-split.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-8
