#!/usr/bin/env bash
# The runtime's handling of rows that start inside a 32-byte sector, with
# the shipped dispatch beside cuBLAS and Triton, f16 nt and nn, one
# tile-bench process per layout (L2 flushed, 3 rotated rounds), then random
# shapes in both layouts. SET=off (first call): at most 128 bytes of L2
# promotion on those maps (raw/nn-mid/promo.sh measured the kernels at 128
# and 256 side by side), on shapes whose A or B rows (or both) are off a
# sector and on controls that are not; random sizes in multiples of 8,
# about half with K off a sector. SET=staging (prepared, not run: the
# round's device time ran out): staged copies padded to whole sectors
# (K 4100 -> 4112 where they were padded to 4104), unaligned shapes beside
# the same with K 4104 (read in place, off a sector) and 4112 (in place,
# whole sectors); random sizes, most of them staged. SET=members
# (prepared, not run): what the model needs to know, every member that
# serves M 512-8192 at K 4104 beside K 4096 and 4112, and in nn at N 5000
# beside 5120, one process per layout and M (2 rounds, no anchor): per
# member the time lost to the rows, from which a per-tile penalty in the
# estimate can be fitted (the pick goes to midws, which loses most). Row
# pitches by 128-byte line: K 4096 whole lines, 4104 off a sector, 4112
# and N 5008 32 bytes past a line, 4128 64 past. One
# device call each. SET=picks: the model with its L2 line term (fit.py),
# the dispatch on rows off whole lines beside the members it picked before
# and picks now, cuBLAS and Triton, f16 nt and nn (3 rounds), then random
# shapes. The config=auto bundles carried:
#   scripts/auto-bundles.sh .kit/bundles/auto nt; scripts/auto-bundles.sh .kit/bundles/auto nn
#   bash docs/results/raw/off-sector/run.sh; SET=staging bash docs/results/raw/off-sector/run.sh
#   SET=members BUDGET=560 bash docs/results/raw/off-sector/run.sh
#   SET=picks T=150 MS=2048 BUDGET=400 bash docs/results/raw/off-sector/run.sh
#   SET=members MS="8192 512" BUDGET=200 bash docs/results/raw/off-sector/run.sh
#   SET=final T=150 BUDGET=200 bash docs/results/raw/off-sector/run.sh  (the model as shipped)
set -uo pipefail
SET=${SET:-off}
R=/tmp/raw-$SET; BUDGET=${BUDGET:-300}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
A=.kit/bundles/auto/f16
case $SET in
  off) S="2048x5120x4104 4096x4096x4104 3000x5000x2008 512x5120x4104 2048x2048x2056 1000x1000x1000
          3000x5000x2000 64x5120x4104 2048x5120x4096 4096x4096x4096 2048x2048x2048 1024x1024x1024"
       seeds="113 117" ;;
  picks|final) S="2048x5120x4104 4096x4096x4104 3000x5000x2008 512x5120x4104 2048x2048x2056 1000x1000x1000
          3000x5000x2000 2000x2000x2000 1024x1024x8200 4096x4096x4100 4095x4097x4103 2048x5120x4096
          4096x4096x4096"
       NT_MEMBERS="midws w192 big s256w s160x w96 s128 s208xk" NN_MEMBERS="midws w192 big m64 midk"
       # final: the shipped model's picks beside the ones before it
       [ $SET = final ] && NT_MEMBERS="midws w192 big s256w s160x s208x w160 mid w96" &&
         NN_MEMBERS="midws w192 big mid m64"
       seeds="139 149" ;;
  staging) S="4096x4096x4100 4096x4096x4104 4096x4096x4112 2048x5120x4100 2048x5120x4104
              2048x5120x4112 4095x4097x4103 4095x4104x4103 4095x4112x4112"
       seeds="131 137" ;;
esac
members() {
  BENCH_OPTS="--rounds 2 --warmup-ms 2 --rep-ms 10 --seed 1 --anchors none"
  for m in ${MS:-512 2048 8192}; do
    bench members-nt-$m 100 --layout nt $(manifests $A/nt-auto matmul_f16_nt big w192 w160 w144 w112 \
      w96 midws mid m64 m64n160 m64n192 s256w s192x) \
      $(printf -- "--shape ${m}x%s " 5120x4096 5120x4104 5120x4112 5120x4128 4096x4104 4096x4112)
    bench members-nn-$m 80 --layout nn $(manifests $A/auto matmul_f16 big w192 midws mid m64 m64w m64n192) \
      $(printf -- "--shape ${m}x%s " 5120x4096 5120x4104 5120x4112 5000x4096 5008x4096 5120x2000 5000x2000)
  done
}
if [ $SET = members ]; then
  members
else
  S=$(printf -- '--shape %s ' $S)
  BENCH_OPTS="--rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1"
  bench $SET-nt ${T:-100} $(manifests $A/nt-auto matmul_f16_nt ${NT_MEMBERS:-}) --layout nt \
    --anchors tuned-persistent $S
  bench $SET-nn ${T:-100} $(manifests $A/auto matmul_f16 ${NN_MEMBERS:-}) --layout nn \
    --anchors tma-persistent $S
  clock
  # SET=picks: the members' runs after, at M 2048, 8192 and 512
  [ $SET = picks ] && MS=${MS:-2048 8192 512} members
  set -- $seeds
  [ $SET = final ] && RANDOM_COUNT=0
  [ ${RANDOM_COUNT:-100} -gt 0 ] && random_shapes random-$SET-nt .kit/bundles/auto 'matmul_*f16_nt.json' ${RANDOM_COUNT:-100} $1 70
  [ ${RANDOM_COUNT:-100} -gt 0 ] && random_shapes random-$SET-nn .kit/bundles/auto 'matmul_*f16.json' ${RANDOM_COUNT:-100} $2 10
fi
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-$SET.tar.gz" -C $R .
