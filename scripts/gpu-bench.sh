#!/usr/bin/env bash
# On a GPU machine: builds tile-run, checks every bundle under BUNDLES on odd
# shapes, then times them side by side with cuBLAS (one process per dtype and
# shape) and writes the JSON of each run into OUT.
#   scripts/gpu-bench.sh BUNDLES OUT [SHAPES]
# CHECK_SHAPES overrides the odd shapes; TIMING holds extra tile-run timing
# flags (default: none, tile-run's do_bench-like method).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bundles=${1:?usage: gpu-bench.sh BUNDLES OUT [SHAPES]}
out=${2:?usage: gpu-bench.sh BUNDLES OUT [SHAPES]}
shapes=${3:-4096x4096x4096}
mkdir -p "$out"
run=$("$here/scripts/build-tile-run.sh" 2>/dev/null) || { echo "tile-run build failed"; exit 1; }
status=0
# The manifests that can run SHAPE, as tile-run says: --dry-run checks a
# bundle against the shape (what its manifest asks, e.g. a static size or
# the index width) without a GPU. Each bundle left out is listed in
# OUT/skipped.txt with tile-run's reason.
serving() {
  local shape=$1 m why; shift
  for m in "$@"; do
    if why=$("$run" "$m" --shape "$shape" --dry-run 2>&1 >/dev/null); then
      echo "$m"
    else
      echo "$shape $m: $why" >> "$out/skipped.txt"
    fi
  done
}
rm -f "$out/skipped.txt"
for dtype in f16 bf16; do
  [ -d "$bundles/$dtype" ] || continue
  manifests=$(ls "$bundles/$dtype"/*/*.json)
  for shape in ${CHECK_SHAPES:-129x67x33 1x1x1 1000x3000x515 1000x1016x520 257x255x136 129x72x40 1x8x8 257x256x136}; do
    serve=$(serving "$shape" $manifests)
    [ -n "$serve" ] || continue
    if ! "$run" $serve --shape "$shape" --reps 1 --warmup 0 --no-cublas-timing \
         > "$out/check-$dtype-$shape.txt" 2>&1; then
      echo "CHECK FAILED: $dtype $shape"; grep -E "FAIL|error" "$out/check-$dtype-$shape.txt" | head -5
      status=1
    fi
  done
  for shape in ${shapes//,/ }; do
    serve=$(serving "$shape" $manifests)
    [ -n "$serve" ] || continue
    "$run" $serve --shape "$shape" --seed 1 ${TIMING:-} --json "$out/bench-$dtype-$shape.json" \
      > "$out/bench-$dtype-$shape.txt" 2>&1 || status=1
    sed -n '/^summary/,$p' "$out/bench-$dtype-$shape.txt"
  done
done
[ ! -s "$out/skipped.txt" ] ||
  echo "$(wc -l < "$out/skipped.txt") bundle and shape pairs skipped: see $out/skipped.txt"
exit $status
