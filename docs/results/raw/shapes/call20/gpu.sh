#!/usr/bin/env bash
# Device call 15: sanitizers on the split member; the config=auto bundle in tile-bench (do_bench) next to cuBLAS and Triton tma-persistent.
set -uo pipefail
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader
run=$(scripts/build-tile-run.sh 2>/tmp/build.log) || { tail -20 /tmp/build.log; exit 1; }
for tool in memcheck racecheck; do
  timeout 100 compute-sanitizer --tool $tool --kernel-name kns=matmul --error-exitcode 99 $run bundles/auto2/f16/matmul_f16__split.json \
    --shape 129x72x40 --shape 257x256x136 --shape 1x8x4096 --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > $R/$tool.txt 2>&1
  echo "$tool rc=$? PASS=$(grep -c 'check: PASS' $R/$tool.txt) $(grep 'SUMMARY' $R/$tool.txt | tail -1)"
  grep -m8 -E "Race reported|Error|Internal|illegal" $R/$tool.txt
done
timeout 330 python3 python/tile-bench bundles/auto2/f16/matmul_f16.json $(cat bundles/set10.txt) --anchors tma-persistent --seed 1 --json $R/tile-bench-auto-f16.json > $R/tile-bench-auto-f16.txt 2>&1
echo "tile-bench f16 rc=$?"; grep -E "^dispatch|^staging|error" $R/tile-bench-auto-f16.txt | cut -c1-110
python3 python/results_table.py $R/tile-bench-auto-f16.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-9
timeout 150 python3 python/tile-bench bundles/auto2/bf16/matmul_bf16.json --shape 2304x2304x8192 --shape 256x256x16384 --shape 32x8192x8192 --shape 1x8192x8192 --shape 4095x4097x4103 --dtype bf16 --anchors tma-persistent --seed 1 --json $R/tile-bench-auto-bf16.json > $R/tile-bench-auto-bf16.txt 2>&1
echo "tile-bench bf16 rc=$?"; python3 python/results_table.py $R/tile-bench-auto-bf16.json 2>&1 | grep -E "^\| [0-9]" | cut -d'|' -f2-9
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
tar czf $OUT/out.tgz -C $R .
