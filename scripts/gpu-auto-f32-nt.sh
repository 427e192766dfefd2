#!/usr/bin/env bash
# One device call for the decode/long-K members and f32 C on the
# warp-specialized path:
#  1. the Python GPU tests (every layout through tile_opt, views with a
#     larger leading dimension);
#  2. compute-sanitizer memcheck of the new members (split-K 64x128 and
#     128x128, 64x256) on shapes that pick them, off the tile grid, and of
#     the f32 warp-specialized kernels (C staged in halves, quarters);
#  3. f32 C on the large shapes in one tile-run process per shape: the old
#     config=auto family (its 128x256 member without warp specialization,
#     staging over the ring), the new one (cooperative, C in halves), and
#     the cooperative kernel with 3 and 4 stages, next to cuBLAS;
#  4. the layout-nt LLM suite (30 shapes: M 1..8192 x Llama-3-8B and
#     Qwen2-7B layers) through tile-bench next to torch.matmul on the same
#     views, f16.
# Carry: .kit/kit.tar.xz, .kit/bundles, runtime/external; the bundles
# compiled here (f32_auto by the previous compiler, from the same input):
#   tile-opt examples/matmul_f16_nt.mlir --tile-to-ptx=config=auto --tile-bundle=.kit/bundles/auto_nt
#   F=test/Pipelines/Inputs/matmul_f16_f32c.mlir
#   tile-opt $F --tile-to-ptx=config=auto --tile-bundle=.kit/bundles/f32_auto_ws
#   tile-opt $F --tile-bundle=.kit/bundles/f32_ws256s$S --tile-to-ptx="mma=wgmma schedule=persistent
#     block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=$S order=serpentine
#     warp-specialize=cooperative"   (S = 3, 4)
#   bash scripts/gpu-auto-f32-nt.sh
set -uo pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
R=/tmp/raw; rm -rf $R; mkdir -p $R
start=$SECONDS
. scripts/gpu-kit.sh
echo "setup $((SECONDS - start)) s"
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv,noheader

timeout 150 python3 -m pytest -q -rs -p no:cacheprovider ${GPU_TESTS:-test/python/test_tile_opt_gpu.py test/python/test_views_gpu.py} \
  > "$OUT/pytest.txt" 2>&1
echo "pytest rc=$? ($((SECONDS - start)) s)"; tail -4 "$OUT/pytest.txt"

B=.kit/bundles
mc() {  # bundle layout shape...
  local b=$1 l=$2; shift 2
  for S in "$@"; do
    LD_LIBRARY_PATH= timeout 60 compute-sanitizer --tool memcheck --print-limit 5 $run $b --shape $S \
      --layout $l --warmup 0 --reps 1 --rounds 1 --no-cublas-timing --seed 3 > $R/mc.txt 2>&1
    local rc=$?
    echo "memcheck $(basename $(dirname $b)) $S rc=$rc $(grep -c 'check: PASS' $R/mc.txt) PASS," \
      "$(grep -c 'check: FAIL' $R/mc.txt) FAIL; $(grep -o 'dispatch: .*json' $R/mc.txt | sed 's|.*/||');" \
      "$(grep -E 'ERROR SUMMARY' $R/mc.txt | tail -1)"
  done
}
{
  # m64k4, m64k2, m64w, midk3, midk2 (nt), each off the tile grid.
  mc $B/auto_nt/matmul_f16_nt.json nt 7x4100x9000 33x8200x17000 5x20000x1000 100x3000x13000 100x8000x12300
  mc $B/f32_ws256s3/matmul_f16_f32c.json nn 999x1001x1003 300x520x64
  mc $B/f32_ws256s4/matmul_f16_f32c.json nn 999x1001x1003
} > "$OUT/memcheck.txt" 2>&1
cat "$OUT/memcheck.txt"; echo "memcheck done ($((SECONDS - start)) s)"

for S in 4096x4096x4096 8192x8192x8192 4096x14336x4096 8192x28672x8192; do
  LD_LIBRARY_PATH= timeout 60 $run $B/f32_auto/mm.json $B/f32_auto_ws/matmul_f16_f32c.json \
    $B/f32_ws256s3/matmul_f16_f32c.json $B/f32_ws256s4/matmul_f16_f32c.json \
    --shape $S --rounds 3 --seed 5 --json "$R/f32-$S.json" > "$R/f32-$S.txt" 2>&1
  echo "== $S rc=$?"; sed -n '/^summary/,$p' "$R/f32-$S.txt" | tail -6
done > "$OUT/f32.txt"; cat "$OUT/f32.txt"; echo "f32 done ($((SECONDS - start)) s)"
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader

shapes=""
for m in 1 16 128 512 2048 8192; do
  for nk in 6144x4096 4096x4096 4096x14336 4608x3584 37888x3584; do shapes="$shapes --shape ${m}x${nk}"; done
done
left=$((570 - SECONDS + start)); [ $left -gt 30 ] || left=30
timeout $left python3 python/tile-bench $B/auto_nt/matmul_f16_nt.json $shapes --layout nt --anchors none \
  --rounds 2 --seed 1 --json "$OUT/bench-nt.json" > "$OUT/bench-nt.txt" 2>&1
echo "tile-bench nt rc=$? ($((SECONDS - start)) s)"; grep -c "^== " "$OUT/bench-nt.txt"
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
tar czf "$OUT/raw.tar.gz" -C $R .
