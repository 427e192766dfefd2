#!/usr/bin/env bash
# One device call: split-K partial sums added in a cluster (distributed
# shared memory) against the workspace fix-up, same process (nt, f16,
# tile-bench beside cuBLAS, L2 flushed, balanced rounds).
#   ab       the four split-K members compiled before the change ($OLD)
#            and after it ($NEW), at 2, 3, 4 and 8 programs per tile, with
#            the persistent twins, on the llm suite's M 1, 16 and 128 and
#            short-K shapes (where the time is launch plus fix-up);
#   auto     config=auto's nt dispatch manifest before and after, next to
#            Triton, on the llm suite;
#   random   the new dispatch manifest on random shapes (tile-run's check);
#   memcheck the new split-K members at split_k programs per tile.
# Bundles: scripts/auto-bundles.sh DIR nt, before and after (compiled here).
# Carry: .kit/bundles, runtime/external.
#   OLD=.kit/bundles/ab/auto NEW=.kit/bundles/cl bash scripts/gpu-cluster.sh
set -uo pipefail
R=/tmp/raw-cluster; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
OLD=${OLD:-.kit/bundles/ab/auto}/f16/nt-auto NEW=${NEW:-.kit/bundles/cl}/f16/nt-auto
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 7"
clock
members() { for m in split m64k midk m64wk; do echo $1/matmul_f16_nt__$m.json; done; }
# The old bundles' manifests under a name of their own (tile-bench labels
# a kernel by its path).
W=/tmp/workspace-fixup; rm -rf $W; cp -r $OLD $W
probe=""
for s in 1x5120x512 16x5120x512 128x4096x512 1x4096x4096 16x5120x4096 128x4096x4096; do
  probe="$probe --shape $s"
done
bench ab-probe 60 $(members $W) $(members $NEW) $NEW/matmul_f16_nt__m64.json $NEW/matmul_f16_nt__mid.json \
  $probe --anchors none --splits 2,3,4,8
bench ab-llm-1-16 110 $(members $W) $(members $NEW) $(python3 scripts/suites.py llm --m 1,16) \
  --anchors none --splits 2,3,4,8
bench ab-llm-128 70 $(members $W) $(members $NEW) $(python3 scripts/suites.py llm --m 128) \
  --anchors none --splits 2,3,4,8
bench auto-llm 120 $W/matmul_f16_nt.json $NEW/matmul_f16_nt.json $(python3 scripts/suites.py llm) \
  --anchors tuned-persistent
clock
random_shapes random ${NEW%/f16/nt-auto} matmul_f16_nt.json 300 11 60
sanitize memcheck memcheck 30 $(members $NEW) \
  --layout nt --shape 300x500x700 --shape 1x4096x4096 --shape 17x5120x3000 --shape 128x384x9000
gzip -q $R/*.json $R/random.log 2>/dev/null
tar czf "$OUT/raw-cluster.tar.gz" -C $R .
