#!/usr/bin/env bash
# One device call:
#  1. GPU tests named in $GPU_TESTS (pytest files);
#  2. memcheck of config=auto's m64k4 and midk2 members (layout nt) on
#     shapes that pick them, off the tile grid;
#  3. bf16 in layouts nt, tn and tt on the four large shapes: the
#     warp-specialized 128x256 kernel and config=auto, one tile-run process
#     per shape next to cuBLAS (3 balanced rounds, L2 flushed);
#  4. 128x192 cooperative tiles (3 and 4 stages) next to config=auto on the
#     nt shapes whose 128x128 or 128x256 tiles leave a partial wave.
# Carry: .kit/kit.tar.xz, .kit/bundles, runtime/external; the bf16 bundles
# compiled here from the f16 inputs with s/f16/bf16/ (examples/matmul_f16_nt.mlir,
# test/Pipelines/Inputs/matmul_f16_{tn,tt}.mlir): bf16_ws_L with
#   --tile-to-ptx="mma=wgmma schedule=persistent block-m=128 block-n=256 block-k=64
#     num-warps=8 num-stages=3 order=serpentine warp-specialize=cooperative"
# and bf16_auto_L with config=auto; w192sS from examples/matmul_f16_nt.mlir
# with block-n=192 num-stages=S, otherwise as bf16_ws_L.
#   GPU_TESTS="test/python/x.py ..." bash scripts/gpu-bf16-layouts.sh
set -uo pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
R=/tmp/raw-bf16; rm -rf $R; mkdir -p $R
start=$SECONDS
. scripts/gpu-kit.sh
echo "setup $((SECONDS - start)) s"
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader
if [ -n "${GPU_TESTS:-}" ]; then
  timeout ${PYTEST_TIMEOUT:-200} python3 -m pytest -q -rs -p no:cacheprovider $GPU_TESTS > "$OUT/pytest.txt" 2>&1
  echo "pytest rc=$? ($((SECONDS - start)) s)"; tail -6 "$OUT/pytest.txt"
fi
B=.kit/bundles
for S in 7x4096x9000 33x4096x12296 100x8000x12296; do
  LD_LIBRARY_PATH= timeout 60 compute-sanitizer --tool memcheck --print-limit 5 $run \
    $B/auto_nt/matmul_f16_nt.json --shape $S --layout nt --warmup 0 --reps 1 --rounds 1 \
    --no-cublas-timing --seed 3 > $R/mc.txt 2>&1
  rc=$?
  echo "memcheck $S rc=$rc $(grep -c 'check: PASS' $R/mc.txt) PASS, $(grep -c 'check: FAIL' $R/mc.txt) FAIL;" \
    "$(grep -o 'dispatch: .*json' $R/mc.txt | sed 's|.*/||'); $(grep -E 'ERROR SUMMARY' $R/mc.txt | tail -1)"
done > "$OUT/memcheck.txt" 2>&1; cat "$OUT/memcheck.txt"
for L in nt tn tt; do
  for S in 4096x4096x4096 8192x8192x8192 4096x14336x4096 8192x28672x8192; do
    LD_LIBRARY_PATH= timeout 60 $run $B/bf16_ws_$L/matmul_bf16_$L.json $B/bf16_auto_$L/matmul_bf16_$L.json \
      --shape $S --layout $L --rounds 3 --seed 7 --json "$R/bf16-$L-$S.json" > "$R/bf16-$L-$S.txt" 2>&1
    echo "== bf16 $L $S rc=$?"; grep -E "gpu (before|after)" "$R/bf16-$L-$S.txt"
    sed -n '/^summary/,$p' "$R/bf16-$L-$S.txt" | tail -3
  done
done > "$OUT/bf16-layouts.txt" 2>&1; tail -20 "$OUT/bf16-layouts.txt"; echo "bf16 done ($((SECONDS - start)) s)"
shapes=""; for S in 512x4608x3584 2048x4608x3584 128x4608x3584 512x5120x5120 2048x5120x13824 512x6144x4096 128x6144x4096 2048x4096x4096; do
  shapes="$shapes --shape $S"; done
left=$((${DEADLINE:-560} - SECONDS + start)); [ $left -gt 20 ] || left=20
LD_LIBRARY_PATH= timeout $left $run $B/auto_nt/matmul_f16_nt.json $B/w192s3/matmul_f16_nt.json \
  $B/w192s4/matmul_f16_nt.json $B/ws_nt/mm_nt.json $shapes --layout nt --rounds 3 --seed 9 \
  --json "$R/w192.json" > "$R/w192.txt" 2>&1
echo "w192 rc=$? ($((SECONDS - start)) s)"
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
tar czf "$OUT/raw.tar.gz" -C $R .
