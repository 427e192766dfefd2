#!/usr/bin/env bash
# The three device calls behind docs/results/shapes.md's first section, one
# process per tile-bench set (f16, x @ w.T, L2 flushed, balanced rounds, beside
# cuBLAS and Triton's tuned-persistent). Bundles, compiled beforehand into $B
# (no MLIR on the GPU machine):
#   auto/      tile-opt examples/matmul_f16_nt.mlir --tile-to-ptx=config=auto, the
#              table before s16 took l2_promotion 128
#   s16sN/     s16 with N stages (10, 12, 16) and s32sN (9, 12): block-m=16|32
#              block-n=64 block-k=64 num-warps=4 schedule=tiled order=linear
#              swap-ab=1 mma=wgmma num-stages=N (the num-stages limit raised to
#              16 for the trial: stages-trial.patch)
#   NAMEpP/    the auto bundle's member NAME with the kernel renamed NAMEpP and,
#              in the first promotion call, the runtime patched to encode its
#              maps with promotion P by that suffix (promo-trial.patch); in
#              the second, its manifest's l2_promotion set to P (the shipped
#              runtime path)
# Call 1 (rings-pitch): the shipped members and the deeper rings on the
# K / K + 8 pairs of shapes-pitch.txt; cuBLAS's kernels for them
# (cublas-kernels.txt, torch.profiler).
# Call 2 (promo-trial): s16 and m64wk at promotion none, 64 and 128 against
# 256 on the same pairs.
# Call 3 (promo-*): s16, s32, m64n160, m64wk at 2 and 4 splits, 128 against
# 256: shapes-random.txt, llm at M 1, 16, 32, heldout at M 4.
# Call 4 (ab-*): the dispatch manifest before (auto/) and with s16 at 128
# (new/: tile-opt after the change) on the 77 shapes it picks s16 for
# (shapes-ab.txt: those of the sets above and 40 more random decode shapes),
# 5 rounds; then s16k at 128 (s16kp128/) against new/'s s16k at 2, 4 and 8
# splits on the shapes it is picked for and the K / K + 8 pairs.
set -uo pipefail
B=${B:?the bundles folder}
R=/tmp/raw-l2; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
here=docs/results/raw/l2-promotion
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 4 --warmup-ms 2 --rep-ms 10 --seed 21 --splits 2,4,8"
bench rings-pitch 300 $B/auto/matmul_f16_nt.json $B/auto/matmul_f16_nt__{s16,s32,m64wk,m64k,m64n160}.json \
  $B/s16s{10,12,16}/matmul_f16_nt.json $B/s32s{9,12}/matmul_f16_nt.json $(cat $here/shapes-pitch.txt)
BENCH_OPTS="${BENCH_OPTS/--splits 2,4,8/--splits 2}"
bench promo-trial 200 $B/auto/matmul_f16_nt__s16.json $B/s16p{0,64,128}/*.json \
  $B/auto/matmul_f16_nt__m64wk.json $B/m64wkp{0,128}/*.json $(cat $here/shapes-pitch.txt)
BENCH_OPTS="${BENCH_OPTS/--splits 2/--splits 2,4}"
M="$B/auto/matmul_f16_nt__s16.json $B/s16p128/*.json $B/auto/matmul_f16_nt__s32.json $B/s32p128/*.json
   $B/auto/matmul_f16_nt__m64n160.json $B/m64n160p128/*.json $B/auto/matmul_f16_nt__m64wk.json $B/m64wkp128/*.json"
bench promo-random 170 $M $(cat $here/shapes-random.txt)
bench promo-llm 190 $M $(python3 scripts/suites.py llm --m 1,16,32)
bench promo-heldout 90 $M $(python3 scripts/suites.py heldout --m 4)
BENCH_OPTS="${BENCH_OPTS/--rounds 4/--rounds 5}"; BENCH_OPTS="${BENCH_OPTS/--seed 21/--seed 31}"
BENCH_OPTS="${BENCH_OPTS/--splits 2,4/--splits 2,4,8}"
bench ab-dispatch 220 $B/auto/matmul_f16_nt.json $B/new/matmul_f16_nt.json $(cat $here/shapes-ab.txt)
bench ab-s16k 80 $B/new/matmul_f16_nt__s16k.json $B/s16kp128/*.json $(cat $here/shapes-s16k.txt) \
  $(cat $here/shapes-pitch.txt)
gzip -q $R/*.json; tar czf "$OUT/raw-l2.tar.gz" -C $R .
