#!/usr/bin/env bash
# Device call 17: Stream-K numerics, sanitizers and timing against the persistent and split-K kernels.
set -uo pipefail
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader
run=$(scripts/build-tile-run.sh 2>/tmp/build.log) || { tail -20 /tmp/build.log; exit 1; }
odd="--shape 1x8x8 --shape 1x8x4096 --shape 65x200x72 --shape 129x72x40 --shape 257x256x136 --shape 33x4104x1000 --shape 1000x1000x1000 --shape 2304x2304x8192 --shape 191x200x8 --shape 7x8x16384 --shape 129x73x41 --shape 3000x520x2000 --shape 4095x4097x4103"
one() { local name=$1 shapes=$2; shift 2
  timeout 120 $run "$@" $shapes --reps 1 --rounds 1 --warmup 0 --no-cublas-timing --seed 101 > $R/check-$name.txt 2>&1
  echo "check $name rc=$? PASS=$(grep -c 'check: PASS' $R/check-$name.txt) FAIL=$(grep -c 'check: FAIL' $R/check-$name.txt)"
  grep -B3 'check: FAIL' $R/check-$name.txt | grep "==\|FAIL" | head -6; grep -m3 "tile-run:" $R/check-$name.txt; }
one f16 "$odd" $(ls bundles/skm/f16/*/*.json)
one f16-1psm "$odd" $(ls bundles/skm/f16/sk*/*.json) --programs-per-sm 1
one bf16 "$odd" $(ls bundles/skm/bf16/*/*.json)
one f32c "$odd" $(ls bundles/skm/f32c/*/*.json)
one rand "$(cat bundles/random500.txt)" bundles/skm/f16/sk128x128/*.json
one auto "$odd --shape 256x256x16384" bundles/auto2/f16/matmul_f16.json
for tool in memcheck racecheck; do
  timeout 100 compute-sanitizer --tool $tool --error-exitcode 99 $run bundles/skm/f16/sk128x128/*.json bundles/skm/f16/split8/*.json \
    --shape 129x72x40 --shape 257x256x136 --shape 1x8x4096 --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > $R/$tool.txt 2>&1
  echo "$tool rc=$? PASS=$(grep -c 'check: PASS' $R/$tool.txt) $(grep 'SUMMARY' $R/$tool.txt | tail -1)"
  grep "Race reported\|Error" $R/$tool.txt | grep -v nvjet | head -3
done
timeout 150 $run $(ls bundles/skm/f16/sk*/*.json bundles/skm/f16/p128x256/*.json bundles/auto2/f16/matmul_f16__mid.json bundles/auto2/f16/matmul_f16__big.json) --shape 2304x2304x8192 --shape 1000x1000x1000 --shape 4096x4096x4096 --shape 3000x5000x2000 --seed 1 --json $R/streamk.json > $R/streamk.txt 2>&1
echo "streamk rc=$?"; python3 python/results_table.py $R/streamk.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-4,7-9
tar czf $OUT/out.tgz -C $R .
