#!/usr/bin/env bash
# The runtime's rule for loaded rows that start inside a 32-byte sector
# (at most 128 bytes of L2 promotion on those maps; raw/nn-mid/promo*.sh
# measured the kernels at 128 and 256 side by side): the shipped dispatch
# with it, beside cuBLAS and Triton, on shapes whose A or B rows (or both)
# are off a sector and on controls that are not, f16 nt and nn, one
# tile-bench process per layout (L2 flushed, 3 rotated rounds); then
# random shapes (sizes in multiples of 8: about half have K off a sector)
# in both layouts. One device call; the config=auto bundles carried:
#   scripts/auto-bundles.sh .kit/bundles/auto nt; scripts/auto-bundles.sh .kit/bundles/auto nn
#   bash docs/results/raw/off-sector/run.sh
set -uo pipefail
R=/tmp/raw-off-sector; BUDGET=${BUDGET:-300}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
A=.kit/bundles/auto/f16
S="--shape 2048x5120x4104 --shape 4096x4096x4104 --shape 3000x5000x2008 --shape 512x5120x4104
   --shape 2048x2048x2056 --shape 1000x1000x1000 --shape 3000x5000x2000 --shape 64x5120x4104
   --shape 2048x5120x4096 --shape 4096x4096x4096 --shape 2048x2048x2048 --shape 1024x1024x1024"
BENCH_OPTS="--rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1"
bench off-nt 100 $A/nt-auto/matmul_f16_nt.json --layout nt --anchors tuned-persistent $S
bench off-nn 100 $A/auto/matmul_f16.json --layout nn --anchors tma-persistent $S
clock
random_shapes random-off-nt .kit/bundles/auto 'matmul_*f16_nt.json' ${RANDOM_COUNT:-100} 113 70
random_shapes random-off-nn .kit/bundles/auto 'matmul_*f16.json' ${RANDOM_COUNT:-100} 117 10
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-off-sector.tar.gz" -C $R .
