#!/usr/bin/env bash
# The option sweep of the narrow widths (scripts/option-sweep.py on the nt
# kernel): widths 16, 32, 48 and 80 x 64-, 128- and 256-row tiles (one
# warpgroup, cooperative, pingpong) x tiled, persistent, stream-k x
# split-k 1, 2 x cluster-m 1, 2 x 2 and 8 stages: 480 configurations.
#   bash docs/results/raw/narrow48/sweep.sh [--jobs N]
set -euo pipefail
here=$(cd "$(dirname "$0")/../../../.." && pwd)
args=()
for bn in 16 32 48 80; do
  for tile in "64 4 none" "128 4 none" "128 8 cooperative" "128 8 pingpong" "256 8 cooperative"; do
    read -r bm warps ws <<< "$tile"
    for sched in tiled persistent stream-k; do
      for split in 1 2; do
        for cm in 1 2; do
          for st in 2 8; do
            args+=(--config "mma=wgmma block-m=$bm block-n=$bn block-k=64 num-warps=$warps warp-specialize=$ws schedule=$sched split-k=$split cluster-m=$cm num-stages=$st order=grouped")
          done
        done
      done
    done
  done
done
python3 "$here/scripts/option-sweep.py" --input "$here/examples/matmul_f16_nt.mlir" "${args[@]}" "$@"
