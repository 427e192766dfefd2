#!/usr/bin/env bash
# On the GPU machine, in one go: every bundle under BUNDLES checked on odd
# shapes, then timed next to cuBLAS (one tile-run process per dtype and
# shape), persistent bundles again with one program per SM, the Triton
# anchors, and tile-compare --profile on two pairs. Everything lands in OUT.
#   scripts/gpu-study.sh BUNDLES OUT TRITON_ANCHOR
# PAIRS overrides the tiled/persistent pairs profiled ("T P;T P").
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bundles=${1:?usage: gpu-study.sh BUNDLES OUT TRITON_ANCHOR}
out=${2:?}
anchor=${3:?}
shapes="4096x4096x4096 8192x8192x8192 4000x4000x4000 1000x3000x515"
mkdir -p "$out"
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$out/gpu.txt"
bash "$here/scripts/gpu-bench.sh" "$bundles" "$out/bench" "${shapes// /,}" > "$out/bench.log" 2>&1
grep -E "CHECK FAILED" -A3 "$out/bench.log"
run=$("$here/scripts/build-tile-run.sh" 2>/dev/null)
for shape in 4096x4096x4096 8192x8192x8192; do
  "$run" $(ls "$bundles"/f16/p*/*.json) --shape "$shape" --seed 1 --programs-per-sm 1 ${TIMING:-} \
    --json "$out/pps1-f16-$shape.json" > "$out/pps1-f16-$shape.txt" 2>&1
done
python3 "$anchor" --shapes "${shapes// /,}" --dtype f16 --json "$out/triton-f16.json" > "$out/triton-f16.txt" 2>&1
python3 "$anchor" --shapes "${shapes// /,}" --dtype bf16 --configs seed-tiled,tuned-tiled \
  --json "$out/triton-bf16.json" > "$out/triton-bf16.txt" 2>&1
IFS=';' read -ra pairs <<<"${PAIRS:-tw128x256w8s4g pw128x256w8s4g;tw128x64w8s4g pw128x64w8s4g}"
for pair in "${pairs[@]}"; do
  read -r t p <<<"$pair"
  mkdir -p "/tmp/cmp/$t-$p" && rm -rf "/tmp/cmp/$t-$p"/* &&
    cp -r "$bundles/f16/$t" "/tmp/cmp/$t-$p/tiled" && cp -r "$bundles/f16/$p" "/tmp/cmp/$t-$p/persistent"
  python3 "$here/python/tile_compare.py" --bundles "/tmp/cmp/$t-$p" --lowering tiled: --lowering persistent: \
    --tile-run "$run" --shape 4096x4096x4096 --profile --json "$out/compare-$t-$p.json" \
    > "$out/compare-$t-$p.txt" 2>&1
done
cat "$out"/triton-f16.txt "$out"/compare-*.txt
