#!/usr/bin/env bash
# Device call 14: split-K with the cp.async fix-up: numerics, sanitizers, timing against the register fix-up; tile-tune's runs.
set -uo pipefail
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader
run=$(scripts/build-tile-run.sh 2>/tmp/build.log) || { tail -20 /tmp/build.log; exit 1; }
odd="--shape 1x8x8 --shape 1x8x4096 --shape 65x200x72 --shape 129x72x40 --shape 257x256x136 --shape 33x4104x1000 --shape 1000x1000x1000 --shape 256x256x16384 --shape 191x200x8 --shape 7x8x16384 --shape 128x128x24 --shape 129x73x41 --shape 100x101x16385 --shape 300x301x5000"
one() { local name=$1 shapes=$2; shift 2
  timeout 150 $run "$@" $shapes --reps 1 --rounds 1 --warmup 0 --no-cublas-timing --seed 91 > $R/check-$name.txt 2>&1
  echo "check $name rc=$? PASS=$(grep -c 'check: PASS' $R/check-$name.txt) FAIL=$(grep -c 'check: FAIL' $R/check-$name.txt)"
  grep -B3 'check: FAIL' $R/check-$name.txt | grep "==\|FAIL" | head -6; grep -m3 "tile-run:" $R/check-$name.txt; }
one f16 "$odd" $(ls bundles/sk3/f16/*/*.json)
one bf16 "$odd" $(ls bundles/sk3/bf16/*/*.json)
one f32c "$odd" $(ls bundles/sk3/f32c/*/*.json)
one rand "$(cat bundles/random500.txt)" bundles/sk3/f16/r64x64s8/*.json bundles/sk3/f16/r128x128s2/*.json
one auto "$odd" bundles/auto2/f16/matmul_f16.json
for tool in memcheck racecheck; do
  timeout 120 compute-sanitizer --tool $tool --kernel-name kns=matmul --error-exitcode 99 $run bundles/sk3/f16/r64x64s8/*.json bundles/sk3/f16/r128x128s2/*.json \
    --shape 129x72x40 --shape 257x256x136 --shape 1x8x4096 --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > $R/$tool.txt 2>&1
  echo "$tool rc=$? PASS=$(grep -c 'check: PASS' $R/$tool.txt) $(grep 'SUMMARY' $R/$tool.txt | tail -1)"
  grep -m6 -E "Race reported|Error:|at .*0x" $R/$tool.txt
done
timeout 100 $run $(ls bundles/sk3/f16/r64x64s8/*.json bundles/sk3/f16/r64x64s16/*.json bundles/sk2/f16/n64x64s8st8/*.json bundles/sk3/f16/r64x128s16/*.json bundles/sk3/f16/r128x128s4/*.json) --shape 256x256x16384 --shape 128x128x16384 --seed 1 --json $R/split.json > $R/split.txt 2>&1
echo "split rc=$?"; python3 python/results_table.py $R/split.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-4,7-9
timeout 100 $run $(ls bundles/sk3/f16/r128x128s2/*.json bundles/sk3/f16/r64x128s2/*.json bundles/sk3/f16/r128x256s2/*.json bundles/c1000/f16/t128x128/*.json bundles/c1000/f16/p128x128/*.json bundles/c1000/f16/t64x128/*.json) --shape 1000x1000x1000 --shape 2304x2304x8192 --seed 1 --json $R/c1000.json > $R/c1000.txt 2>&1
echo "c1000 rc=$?"; python3 python/results_table.py $R/c1000.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-4,7-9
# tile-tune's per-shape runs (its order of the space), read back by tile-tune here.
mkdir -p $R/runs
for s in $(cat bundles/set10.txt | sed 's/--shape//g'); do
  timeout 60 $run $(for n in m64x128 m64x256 m64x64 m128x128 ws128x128 ws128x256 pp128x192 sk64x64 sync128x128; do echo bundles/tune/bundles/$n/matmul_f16.json; done) \
    --shape $s --seed 1 --rounds 5 --json $R/runs/$s.json > $R/runs/$s.txt 2>&1; echo "tune $s rc=$?"
done
tar czf $OUT/out.tgz -C $R .
