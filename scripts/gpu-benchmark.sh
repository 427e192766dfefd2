#!/usr/bin/env bash
# On the GPU machine, in one call: the benchmark behind docs/results/benchmark.md.
# For each dtype and shape the same bundles are timed by two independent
# harnesses, each in one process next to cuBLAS: tile-run (C++, CUDA driver
# API; cublasLt and cublasGemmEx) and tile-bench (Python: cuda-python
# launches, triton.testing.do_bench, torch.matmul and the Triton anchors).
# Then the agreement table and the plots. Everything is packed into
# OUT/benchmark.tgz (the raw JSON and logs).
#   scripts/gpu-benchmark.sh BUNDLES OUT      (BUNDLES from make-bundles.sh)
# SHAPES_F16 and SHAPES_BF16 override the shapes.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bundles=${1:?usage: gpu-benchmark.sh BUNDLES OUT}
out=${2:?usage: gpu-benchmark.sh BUNDLES OUT}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PYTHONUNBUFFERED=1
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
  --format=csv > "$work/gpu.txt"
run=$("$here/scripts/build-tile-run.sh" 2>"$work/build.log") || { tail -20 "$work/build.log"; exit 1; }
status=0
for dtype in f16 bf16; do
  [ -d "$bundles/$dtype" ] || continue
  if [ $dtype = f16 ]; then
    shapes=${SHAPES_F16:-4096x4096x4096 8192x8192x8192 4096x14336x4096 3000x5000x2000}
  else
    shapes=${SHAPES_BF16:-4096x4096x4096 8192x8192x8192}
  fi
  manifests=$(ls "$bundles/$dtype"/*/*.json)
  for shape in $shapes; do
    tag=$dtype-$shape
    # shellcheck disable=SC2086
    "$run" $manifests --shape "$shape" --seed 1 --blas both --json "$work/tile-run-$tag.json" \
      > "$work/tile-run-$tag.txt" 2>&1 || { status=1; tail -3 "$work/tile-run-$tag.txt"; }
    # shellcheck disable=SC2086
    python3 "$here/python/tile-bench" $manifests --shape "$shape" --seed 1 --json "$work/tile-bench-$tag.json" \
      > "$work/tile-bench-$tag.txt" 2>&1 || { status=1; tail -3 "$work/tile-bench-$tag.txt"; }
  done
done
# The same bundles on a warm L2, for the method's record.
tag=f16-4096x4096x4096
# shellcheck disable=SC2086
"$run" $(ls "$bundles"/f16/*/*.json) --shape 4096x4096x4096 --seed 1 --l2 warm --json "$work/tile-run-warm-$tag.json" \
  > "$work/tile-run-warm-$tag.txt" 2>&1 || status=1
python3 "$here/python/results_table.py" --agreement "$work"/tile-run-f16-*.json "$work"/tile-bench-f16-*.json \
  > "$work/agreement.md" 2>&1 || status=1
tar czf "$out/benchmark.tgz" -C "$work" .
cat "$work/gpu.txt" "$work/agreement.md"
exit $status
