#!/usr/bin/env bash
# One device call for the layouts: the Python GPU tests (every layout through
# tile_opt.matmul, tile_opt.nn.Linear, tile-bench --layout), then nt, tn and
# tt timed next to cuBLAS in one tile-run process per shape (the
# warp-specialized 128x256 kernel and config=auto of each layout, correctness
# checked first), then an LLM-layer suite in layout nt (x @ w.T) through
# tile-bench next to torch.matmul on the same views.
# Carry: .kit/kit.tar.xz (kit/bin/tile-opt and its libraries), .kit/bundles
# (compiled here: auto_<layout>, ws_<layout>), runtime/external.
#   bash scripts/gpu-layouts.sh
set -uo pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
# Everything under R; at most 8 files come back, so R is packed at the end.
R=/tmp/raw; rm -rf $R; mkdir -p $R
. scripts/gpu-kit.sh
timeout 400 python3 -m pytest -q -rs -p no:cacheprovider test/python/test_tile_opt_gpu.py \
  "test/python/test_tile_bench.py::test_cli_end_to_end_layout_nt" > "$OUT/pytest.txt" 2>&1
echo "pytest rc=$?"; tail -6 "$OUT/pytest.txt"
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
B=.kit/bundles
for L in nt tn tt; do
  for S in 4096x4096x4096 8192x8192x8192 4096x14336x4096 8192x28672x8192; do
    LD_LIBRARY_PATH= timeout 120 $run $B/ws_$L/mm_$L.json $B/auto_$L/mm_$L.json --shape $S \
      --layout $L --rounds 3 --json "$R/tile-run-$L-$S.json" > "$R/tile-run-$L-$S.txt" 2>&1
    echo "tile-run $L $S rc=$?"; sed -n '/^summary/,$p' "$R/tile-run-$L-$S.txt" | tail -4
  done
done > "$OUT/tile-run-summary.txt"; cat "$OUT/tile-run-summary.txt" | tail -60
shapes=""
for m in 1 16 128 512 2048 8192; do
  for nk in 6144x4096 4096x4096 4096x14336 4608x3584 37888x3584; do shapes="$shapes --shape ${m}x${nk}"; done
done
timeout 330 python3 python/tile-bench $B/auto_nt/mm_nt.json $shapes --layout nt --anchors none \
  --rounds 2 --seed 1 --json "$OUT/bench-nt.json" > "$OUT/bench-nt.txt" 2>&1
echo "tile-bench nt rc=$?"; tail -40 "$OUT/bench-nt.txt"
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
tar czf "$OUT/raw.tar.gz" -C $R .
