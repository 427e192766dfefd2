#!/usr/bin/env bash
# Device call 13: staging numerics (both runners), memcheck, tile-tune on the shape set, the auto bundle in tile-run (f16, bf16).
set -uo pipefail
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader
run=$(scripts/build-tile-run.sh 2>/tmp/build.log) || { tail -20 /tmp/build.log; exit 1; }
S=$(cat bundles/set10.txt)
un="--shape 129x73x41 --shape 1x9x7 --shape 65x200x73 --shape 257x255x136 --shape 33x4103x1001 --shape 300x301x5000 --shape 100x101x16385 --shape 4095x4097x4103 --shape 7x8x16383"
al="--shape 1x8x8 --shape 129x72x40 --shape 257x256x136 --shape 1000x1000x1000 --shape 256x256x16384 --shape 32x8192x1024"
for d in f16 bf16; do
  timeout 90 $run bundles/auto2/$d/matmul_$d.json $un $al --reps 1 --rounds 1 --warmup 0 --no-cublas-timing --seed 81 > $OUT/check-auto-$d.txt 2>&1
  echo "check auto $d rc=$? PASS=$(grep -c 'check: PASS' $OUT/check-auto-$d.txt) FAIL=$(grep -c 'check: FAIL' $OUT/check-auto-$d.txt) staged=$(grep -c '^staging' $OUT/check-auto-$d.txt)"
  grep -B3 'check: FAIL' $OUT/check-auto-$d.txt | grep "==\|FAIL" | head -6; grep -m3 "tile-run:" $OUT/check-auto-$d.txt
done
timeout 90 $run $(ls bundles/tune/bundles/*/*.json) $un --reps 1 --rounds 1 --warmup 0 --no-cublas-timing --seed 83 > $OUT/check-space.txt 2>&1
echo "check space rc=$? PASS=$(grep -c 'check: PASS' $OUT/check-space.txt) FAIL=$(grep -c 'check: FAIL' $OUT/check-space.txt)"
grep -B3 'check: FAIL' $OUT/check-space.txt | grep "==\|FAIL" | head -6
timeout 120 compute-sanitizer --tool memcheck --kernel-name kns=matmul --error-exitcode 99 $run bundles/auto2/f16/matmul_f16.json \
  --shape 129x73x41 --shape 257x255x136 --shape 100x101x16385 --shape 256x256x16384 --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > $OUT/memcheck.txt 2>&1
echo "memcheck rc=$? PASS=$(grep -c 'check: PASS' $OUT/memcheck.txt) $(grep 'SUMMARY' $OUT/memcheck.txt | tail -1)"
timeout 120 compute-sanitizer --tool racecheck --kernel-name kns=matmul --error-exitcode 99 $run bundles/auto2/f16/matmul_f16__split.json \
  --shape 129x72x40 --shape 257x256x136 --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > $OUT/racecheck.txt 2>&1
echo "racecheck rc=$? PASS=$(grep -c 'check: PASS' $OUT/racecheck.txt) $(grep 'SUMMARY' $OUT/racecheck.txt | tail -1)"
# tile-bench's staging path: one unaligned shape, checked and timed next to cuBLAS.
timeout 60 python3 python/tile-bench bundles/auto2/f16/matmul_f16.json --shape 129x73x41 --shape 4095x4097x4103 --anchors none --rounds 3 --seed 85 --json $OUT/tile-bench-staged.json > $OUT/tile-bench-staged.txt 2>&1
echo "tile-bench staged rc=$?"; grep -E "^staging|check|error" $OUT/tile-bench-staged.txt | cut -c1-120 | head -8
# tile-tune over the space (bundles compiled beforehand; no tile-opt here).
timeout 200 python3 python/tile-tune examples/matmul_f16.mlir --out bundles/tune $S --tile-opt /bin/true --tile-run $run --rounds 5 > $OUT/tune.txt 2>&1
echo "tune rc=$?"; grep -E "best|\[|cache" $OUT/tune.txt | cut -c1-140
cp -r bundles/tune/runs bundles/tune/cache.json $OUT/ 2>/dev/null
for d in f16 bf16; do
  timeout 120 $run bundles/auto2/$d/matmul_$d.json $S --seed 1 --json $OUT/auto-$d.json > $OUT/auto-$d.txt 2>&1
  echo "auto $d rc=$?"; python3 python/results_table.py $OUT/auto-$d.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-4,7-9
done
