#!/usr/bin/env bash
# f32 output on the warp-specialized path: config=auto's f32 family (its big
# member has no warp specialization) next to warp-specialized kernels whose
# f32 staging tile fits (128x256 with 2 stages, cooperative; 128x128 cooperative with 4 stages,
# pingpong with 3), in one tile-run process per shape next to cuBLAS.
#   bash scripts/gpu-f32-ws.sh   (carry .kit/bundles, runtime/external)
set -uo pipefail
run=$(scripts/build-tile-run.sh 2>/tmp/build.txt) || { tail -20 /tmp/build.txt; exit 1; }
B=.kit/bundles
for S in 4096x4096x4096 8192x8192x8192 4096x14336x4096 8192x28672x8192; do
  $run $B/f32_auto/mm.json $B/f32_ws256s2/mm.json $B/f32_ws128s4/mm.json $B/f32_pp128s3/mm.json \
    --shape $S --rounds 3 --seed 5 > /tmp/f32-$S.txt 2>&1
  echo "== $S rc=$?"; sed -n '/^summary/,$p' /tmp/f32-$S.txt
done
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
