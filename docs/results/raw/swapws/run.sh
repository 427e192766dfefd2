#!/usr/bin/env bash
# The transposed (swap_ab) members with a producer warpgroup
# (candidates.py) beside the members they are, f16 x @ w.T (nt), tile-bench
# beside cuBLAS in one process (no Triton), L2 flushed, 3 rotated rounds:
# the decode members on the llm layers at M 1, 16, 32; the 128-row ones at
# M 64 and 128; the 160- to 256-row ones at M 160, 200, 256 and the heldout
# layers at M 200; split members at 2, 4 and 8 programs per tile. Then
# every candidate on random shapes, and memcheck. One device call; bundles
# compiled here:
#   for g in unsplit split; do
#     docs/results/raw/swapws/candidates.py W-$g.json $g
#     tile-opt examples/matmul_f16_nt.mlir --tile-to-ptx="config=auto calibration=W-$g.json" \
#       --tile-bundle=.kit/bundles/swapws-$g/f16/nt-auto
#   done
#   bash docs/results/raw/swapws/run.sh      (carry .kit/bundles and runtime/external)
set -uo pipefail
R=/tmp/raw-swapws; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
U=.kit/bundles/swapws-unsplit; S=.kit/bundles/swapws-split
pair() {  # ROOT NAME...: each member and its candidate
  local root=$1 m; shift
  for m in "$@"; do echo $root/f16/nt-auto/*__$m.json $root/f16/nt-auto/*__${m}ws.json; done
}
BENCH_OPTS="--layout nt --anchors none --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --splits 2,4,8"
bench_suites decode "" "llm:1,16,32:110" $(pair $U s16 s32) $(pair $S s16k s32k)
bench_suites m128 "" "llm:64,128:60" $(pair $U s128) $(pair $S s128k)
bench_suites wide "" "llm:160,200,256:150 heldout:200:60" \
  $(pair $U s160w s192w s208w s256w s208) $(pair $S s208k s208wk s256wk)
clock
random_shapes random-unsplit $U '*__s*ws.json' 50 17 75
random_shapes random-split $S '*__s*ws.json' 50 29 45
for m in $U/f16/nt-auto/*__s16ws.json $U/f16/nt-auto/*__s208wws.json \
         $S/f16/nt-auto/*__s128kws.json $S/f16/nt-auto/*__s208wkws.json; do
  sanitize memcheck-$(basename $m .json) memcheck 12 $m --layout nt \
    --shape 300x500x700 --shape 1x4096x4096 --shape 200x3000x1000
done
clock
gzip -q $R/*.json $R/*.log $R/*.txt 2>/dev/null
tar czf "$OUT/raw-swapws.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
