#!/usr/bin/env bash
# compute-sanitizer memcheck on the layout kernels (.kit/bundles: the
# warp-specialized 128x256 kernel and config=auto of nt, tn and tt), each
# checked against cuBLAS on a shape off the tile grid and a decode shape.
#   bash scripts/gpu-memcheck-layouts.sh   (carry .kit/bundles, runtime/external)
set -uo pipefail
run=$(scripts/build-tile-run.sh 2>/tmp/build.txt) || { tail -20 /tmp/build.txt; exit 1; }
for L in nt tn tt; do
  for S in 200x136x72 8x4096x520; do
    compute-sanitizer --tool memcheck --print-limit 5 $run .kit/bundles/ws_$L/mm_$L.json \
      .kit/bundles/auto_$L/mm_$L.json --shape $S --layout $L --warmup 0 --reps 1 --rounds 1 \
      --no-cublas-timing --seed 3 > /tmp/mc.txt 2>&1
    echo "memcheck $L $S rc=$? $(grep -c 'check: PASS' /tmp/mc.txt) PASS, $(grep -c 'check: FAIL' /tmp/mc.txt) FAIL; $(grep -E 'ERROR SUMMARY' /tmp/mc.txt | tail -1)"
  done
done
