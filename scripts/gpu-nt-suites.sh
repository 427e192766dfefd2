#!/usr/bin/env bash
# config=auto in layout nt (x @ w.T) through tile-bench next to
# torch.matmul on the same views: the LLM suite of gpu-auto-f32-nt.sh in
# bf16, then a held-out f16 suite of layers the calibration
# (docs/results/raw/calibration) never ran: Llama-2-13B (15360x5120,
# 5120x5120, 27648x5120, 5120x13824) and Phi-3-mini's down projection
# (3072x8192), M 1..8192. Stops at DEADLINE seconds of wall time (default
# 330). Output: $OUT/nt-suites.tar.gz and $OUT/nt-suites.txt.
# Carry: .kit/kit.tar.xz, .kit/bundles, runtime/external; the bundles
# compiled here with
#   tile-opt examples/matmul_f16_nt.mlir --tile-to-ptx=config=auto --tile-bundle=.kit/bundles/auto_nt
#   sed s/f16/bf16/g examples/matmul_f16_nt.mlir > matmul_bf16_nt.mlir
#   tile-opt matmul_bf16_nt.mlir --tile-to-ptx=config=auto --tile-bundle=.kit/bundles/auto_nt_bf16
#   bash scripts/gpu-nt-suites.sh
set -uo pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
R=/tmp/nt-suites; rm -rf $R; mkdir -p $R
end=$((SECONDS + ${DEADLINE:-330}))
T=/tmp/k; mkdir -p $T; [ -x $T/kit/bin/tile-opt ] || tar xJf .kit/kit.tar.xz -C $T
export LD_LIBRARY_PATH=$T/kit/lib TILE_OPT=$T/kit/bin/tile-opt TILE_OPT_CACHE=/tmp/toc
python3 -c "import tile_runtime" 2>/dev/null ||
  python3 -m pip install -q --no-build-isolation --no-deps ./python > "$R/pip.txt" 2>&1
export PYTHONPATH=$PWD/python
B=.kit/bundles
suite() {  # name bundle layers...
  local name=$1 bundle=$2 shapes=""; shift 2
  for m in 1 16 128 512 2048 8192; do for nk in "$@"; do shapes="$shapes --shape ${m}x$nk"; done; done
  local left=$((end - SECONDS)); [ $left -gt 20 ] || { echo "$name: no time left"; return; }
  timeout $left python3 python/tile-bench $bundle $shapes --layout nt --anchors none --rounds 2 \
    --seed 11 --json "$R/$name.json" > "$R/$name.txt" 2>&1
  echo "$name rc=$? shapes=$(grep -c '^== ' $R/$name.txt)"
}
{
  nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader
  suite bf16 $B/auto_nt_bf16/matmul_bf16_nt.json 6144x4096 4096x4096 4096x14336 4608x3584 37888x3584
  suite heldout-f16 $B/auto_nt/matmul_f16_nt.json 15360x5120 5120x5120 27648x5120 5120x13824 3072x8192
  nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
} > "$OUT/nt-suites.txt" 2>&1
cat "$OUT/nt-suites.txt"
tar czf "$OUT/nt-suites.tar.gz" -C $R .
