#!/usr/bin/env bash
# run.sh found the large members 35% slower in nn where N's rows start 16
# bytes off a 32-byte sector (N 5000, 3000: 0.66 of cuBLAS against 1.01 at
# N 5120) and 10% in nt. The L2 promotion of the TMA descriptors (0, 64,
# 128, 256 bytes) changes what L2 fetches around such rows. SET=b (first
# call): big and w192 at each promotion on shapes with B's rows (nn) off a
# sector; SET=a (second call): big, w192, midws and m64 at 128 and 256 on
# shapes with A's rows off a sector (K 2008, 2056, 4104, 8200). Both
# layouts, one tile-bench process per layout (L2 flushed, 3 rotated rounds,
# f16). One device call each; bundles compiled here (the members' configs
# from data/sm_90a.json with l2-promotion=P) and carried:
#   for m in w192 big midws m64; do for p in 0 64 128 256; do for L in nn nt; do
#     build/bin/tile-opt examples/matmul_f16$([ $L = nt ] && echo _nt).mlir -o /dev/null \
#       --tile-to-ptx="<the member's config> l2-promotion=$p" \
#       --tile-bundle=.kit/bundles/promo/$L-$m-p$p
#   done; done; done
#   bash docs/results/raw/nn-mid/promo.sh; SET=a bash docs/results/raw/nn-mid/promo.sh
# (the first call carried big and w192 at 0, 64, 128 and 256, the second
# all four members at 128 and 256).
set -uo pipefail
SET=${SET:-b}
R=/tmp/raw-promo-$SET; BUDGET=${BUDGET:-200}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
case $SET in
  b) S="3000x5000x2000 5000x3000x2000 3000x5000x4096 3000x5120x2000 2000x2000x2000 4096x4096x4096
        1000x5000x4096 8192x5000x2048" P="*" name=promo ;;
  a) S="3000x5120x2008 2048x5120x4104 512x5120x4104 64x5120x4104 3000x5000x2008 2048x2048x2056
        4096x4096x4104 1024x1024x8200" P="*-p{128,256}" name=promo-a ;;
esac
BENCH_OPTS="--rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors none"
for L in nn nt; do
  bench $name-$L 80 $(eval ls .kit/bundles/promo/$L-$P/*.json) --layout $L $(printf -- '--shape %s ' $S)
done
clock
gzip -q $R/*.json 2>/dev/null
tar czf "$OUT/raw-$name.tar.gz" -C $R .
