#!/usr/bin/env bash
# The main job: compiles examples/matmul_f16.mlir both ways (tiled and
# persistent), then on a GPU runs and compares them with cuBLAS (tile-compare)
# and with cuBLAS and Triton's TMA persistent kernel (tile-bench); without a
# GPU it shows the PTX and ptxas's resource report.
#   scripts/run-example.sh [SHAPE]     (default 4096x4096x4096)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
shape=${1:-4096x4096x4096}
"$here/scripts/setup.sh" "$here/build"
export PATH="${CUDA_HOME:-/usr/local/cuda}/bin:$PATH"
out=$here/out/example
rm -rf "$out"
"$here/python/tile_compare.py" --compile-only "$out" "$here/examples/matmul_f16.mlir"

if command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q GPU &&
   [ -x "$here/build/bin/tile-run" ]; then
  "$here/python/tile_compare.py" --bundles "$out" --shape "$shape" \
    --tile-run "$here/build/bin/tile-run"
  # The same bundles next to Triton's TMA-descriptor persistent kernel, timed
  # by the independent Python harness, where PyTorch, Triton and cuda-python are.
  if python3 -c "import torch, triton, cuda.bindings" 2>/dev/null; then
    "$here/python/tile-bench" "$out"/*/*.json --shape "$shape" --anchors tma-persistent
  else
    echo "(tile-bench against Triton skipped: needs torch, triton and cuda-python)"
  fi
  exit
fi

echo
echo "No GPU here: the PTX and its static resource report instead."
for d in "$out"/*/; do
  ptx=$(ls "$d"*.ptx)
  echo
  echo "== $(basename "$d"): $ptx"
  grep -E '^\.(version|target)|\.entry|\.maxntid' "$ptx"
  echo "   instructions: $(grep -c 'wgmma.mma_async' "$ptx") wgmma, $(grep -c 'cp.async.bulk.tensor' "$ptx") TMA copies, $(grep -c 'mma.sync' "$ptx") mma.sync, $(grep -c 'ldmatrix' "$ptx") ldmatrix, $(grep -c 'cp.async.cg' "$ptx") cp.async"
  sed -n 's/^  "\(mma\|dynamic_shared_memory_bytes\|threads_per_block\|num_stages\|schedule\)": /   \1: /p' "${ptx%.ptx}.json"
  chip=$(sed -n 's/^  "chip": "\(.*\)",/\1/p' "${ptx%.ptx}.json")
  if command -v ptxas >/dev/null; then
    ptxas -arch="${chip:-sm_90}" -v "$ptx" -o /dev/null 2>&1 | sed 's/^/   /'
  else
    echo "   (no ptxas: install the CUDA toolkit for the resource report)"
  fi
done
