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
# A bundle's manifest, read as JSON, and its PTX: the kernel's header lines,
# and the instructions counted by opcode (each statement's first word after
# its predicate), so a label or a longer opcode is never counted.
describe() {
  python3 - "$1" <<'EOF'
import json, os, re, sys
path = sys.argv[1]
with open(path) as f:
    m = json.load(f)
ptx = os.path.join(os.path.dirname(path), m["ptx"])
with open(ptx) as f:
    lines = f.read().splitlines()
print(f"\n== {os.path.basename(os.path.dirname(path))}: {ptx}")
for line in lines:
    if re.match(r"\.(version|target)\b", line) or re.search(r"\.entry\b|\.maxntid\b", line):
        print(line)
counts = {"wgmma": 0, "TMA copies": 0, "mma.sync": 0, "ldmatrix": 0, "cp.async": 0}
opcodes = {"wgmma": "wgmma.mma_async", "TMA copies": "cp.async.bulk.tensor",
           "mma.sync": "mma.sync", "ldmatrix": "ldmatrix", "cp.async": "cp.async.cg"}
for line in lines:
    words = re.sub(r"^@!?%\w+\s+", "", line.strip()).split()
    for name, op in opcodes.items():
        if words and (words[0] == op or words[0].startswith(op + ".")):
            counts[name] += 1
print("   instructions: " + ", ".join(f"{n} {name}" for name, n in counts.items()))
for key in ("mma", "dynamic_shared_memory_bytes", "threads_per_block", "num_stages", "schedule"):
    if key in m:
        print(f"   {key}: {json.dumps(m[key])}")
EOF
}
for json in "$out"/*/*.json; do
  describe "$json"
  chip=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("chip", ""))' "$json")
  ptx=$(python3 -c 'import json, os, sys; p = sys.argv[1]; print(os.path.join(os.path.dirname(p), json.load(open(p))["ptx"]))' "$json")
  if command -v ptxas >/dev/null; then
    ptxas -arch="${chip:-sm_90}" -v "$ptx" -o /dev/null 2>&1 | sed 's/^/   /'
  else
    echo "   (no ptxas: install the CUDA toolkit for the resource report)"
  fi
done
