#!/usr/bin/env bash
# On the GPU machine: the two harnesses on identical work — the same bundles,
# cuBLAS as the only other entry (no Triton anchors, no cublasGemmEx), the
# same block lengths and visit order — so the agreement table isolates the
# harnesses from what ran beside them. Packs OUT/agreement.tgz.
#   scripts/gpu-agreement.sh BUNDLES OUT [ROUNDS]
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bundles=${1:?usage: gpu-agreement.sh BUNDLES OUT [ROUNDS]}
out=${2:?usage: gpu-agreement.sh BUNDLES OUT [ROUNDS]}
rounds=${3:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PYTHONUNBUFFERED=1
mkdir -p "$out"
run=$("$here/scripts/build-tile-run.sh" 2>"$work/build.log") || { tail -20 "$work/build.log"; exit 1; }
manifests=$(ls "$bundles"/f16/*/*.json)
status=0
for shape in 4096x4096x4096 8192x8192x8192; do
  # shellcheck disable=SC2086
  "$run" $manifests --shape $shape --seed 1 --rounds "$rounds" --json "$work/tile-run-f16-$shape.json" \
    > "$work/tile-run-f16-$shape.txt" 2>&1 || status=1
  # shellcheck disable=SC2086
  python3 "$here/python/tile-bench" $manifests --shape $shape --seed 1 --rounds "$rounds" --anchors none \
    --json "$work/tile-bench-f16-$shape.json" > "$work/tile-bench-f16-$shape.txt" 2>&1 || status=1
done
python3 "$here/python/results_table.py" --agreement "$work"/*.json > "$work/agreement.md" 2>&1 || status=1
tar czf "$out/agreement.tgz" -C "$work" .
cat "$work/agreement.md"
exit $status
