#!/usr/bin/env bash
# The multicast candidates (and s128ws, s128c2 without its cluster) into
# .kit/bundles/mc/f16/nt-NAME, from the repository root after a build.
set -euo pipefail
B=.kit/bundles/mc/f16
P="mma=wgmma block-k=64 num-warps=4 num-stages=8 schedule=persistent order=grouped group-m=8 warp-specialize=cooperative"
declare -A CFG=(
  [s128c2]="block-m=128 block-n=64 swap-ab=1 cluster-m=2"
  [s128ws]="block-m=128 block-n=64 swap-ab=1"
  [s64c2]="block-m=64 block-n=64 swap-ab=1 cluster-m=2"
  [m64c2]="block-m=64 block-n=128 cluster-m=2"
  [smallc2]="block-m=64 block-n=64 cluster-m=2")
for n in "${!CFG[@]}"; do
  rm -rf $B/nt-$n; mkdir -p $B/nt-$n
  sed "s/@matmul_f16_nt/@matmul_f16_nt_$n/" examples/matmul_f16_nt.mlir |
    build/bin/tile-opt - --tile-to-ptx="$P ${CFG[$n]}" --tile-bundle=$B/nt-$n -o /dev/null
done
