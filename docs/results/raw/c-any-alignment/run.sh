#!/usr/bin/env bash
# C at any alignment (bundles carried: the config=auto bundles before, in
# .kit/bundles/auto-old, and now, in .kit/bundles/auto, each from
# scripts/auto-bundles.sh DIR nt and DIR nn):
#   BUDGET=540 bash docs/results/raw/c-any-alignment/run.sh
#   SET=second BUDGET=440 bash docs/results/raw/c-any-alignment/run.sh
#   SET=llm BUDGET=400 bash docs/results/raw/c-any-alignment/run.sh
# SET=first (the stores of 2af317e, then in .kit/bundles/auto):
# run.py on output layers whose N is off 16 bytes (nt, x @ w.T: GPT-2's
# 50257 x 768 and x 1600, BERT-large's 30522 x 1024, Whisper-large's
# 51865 x 1280, M 1 to 8192; a few in nn and bf16), on aligned shapes
# (before and now must tie), then every member of the nt bundle on shapes
# with N off 16 bytes (tile-run, checked against cuBLAS), random shapes
# through both dispatches, and memcheck on every nt member.
# SET=second (the stores of this commit in .kit/bundles/auto, 2af317e's in
# .kit/bundles/auto-v1/f16/nt-auto): both beside the copies on ten output
# layers, then kernels outside the dispatch tables on N off 16 bytes
# (.kit/bundles/extra: split-K through the workspace, Stream-K, pingpong
# 128x192, f32 C in two staging parts and in 32-byte boxes; the commands
# in extra.txt), memcheck on them, random shapes through the nt dispatch.
# SET=llm: before and now on scripts/suites.py's llm suite (102 aligned
# shapes), nt and nn.
set -uo pipefail
R=/tmp/raw-c-any; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
O=.kit/bundles/auto-old N=.kit/bundles/auto
py() {
  local name=$1 t=$2; shift 2
  [ $(left) -lt $((t + 20)) ] && { echo "skip $name: out of time"; return; }
  timeout $t python3 docs/results/raw/c-any-alignment/run.py $O $N "$@" --json $R/$name.json \
    > $R/$name.txt 2>&1
  echo "$name rc=$? ($((SECONDS - start)) s)"; cut -c1-300 $R/$name.txt | tail -3; clock
}
if [ "${SET:-first}" = llm ]; then
  for l in nt nn; do
    py aligned-llm-$l 330 $(python3 scripts/suites.py llm | sed 's/--shape //g') --layouts $l
  done
  tar czf "$OUT/raw-c-any-llm.tar.gz" -C $R .
  exit 0
fi
if [ "${SET:-first}" = second ]; then
  py heads-v1-v3 220 1x50257x768 16x50257x768 128x50257x768 512x50257x768 2048x50257x768 \
    8192x50257x768 512x30522x1024 2048x30522x1024 8192x51865x1280 512x50257x1600 \
    --layouts nt --also v1=.kit/bundles/auto-v1
  X=.kit/bundles/extra
  for b in splitws:nt streamk:nt pp192:nt f32n160:nt f32ws:nn; do
    timeout 40 $run $X/${b%:*}/*.json --layout ${b#*:} --shape 200x1001x520 --shape 1000x4097x4100 \
      --shape 129x8191x8200 --shape 7x50257x768 --rounds 1 --reps 2 --warmup 0 --no-cublas-timing \
      --seed 7 > $R/extra-${b%:*}.txt 2>&1
    echo "extra ${b%:*} rc=$? checks $(grep -c '^check:' $R/extra-${b%:*}.txt)," \
      "not passed $(grep '^check:' $R/extra-${b%:*}.txt | grep -vc PASS)"
  done
  sanitize memcheck-extra-nt memcheck 60 $X/splitws/*.json $X/streamk/*.json $X/pp192/*.json \
    --layout nt --shape 200x1001x520 --seed 3
  sanitize memcheck-extra-f32 memcheck 50 $X/f32n160/*.json --layout nt --shape 200x1001x520 --seed 3
  sanitize memcheck-extra-nn memcheck 40 $X/f32ws/*.json --shape 200x1001x520 --seed 3
  random_shapes random-nt $N 'matmul_*f16_nt.json' 100 181 5
  gzip -q $R/*.json $R/*.log 2>/dev/null
  tar czf "$OUT/raw-c-any-second.tar.gz" -C $R .
  exit 0
fi
heads=""
for nk in 50257x768 50257x1600 30522x1024 51865x1280; do
  for m in 1 16 128 512 2048 8192; do heads="$heads ${m}x$nk"; done
done
py heads-nt 200 $heads --layouts nt
members=$(ls $N/f16/nt-auto/matmul_f16_nt__*.json)
timeout 60 $run $members --layout nt --shape 200x1001x520 --shape 7x50257x768 \
  --shape 1000x4097x4100 --shape 129x8191x8200 --rounds 1 --reps 2 --warmup 0 --no-cublas-timing \
  --seed 5 > $R/members-nt.txt 2>&1
echo "members-nt rc=$? ($((SECONDS - start)) s) checks $(grep -c '^check:' $R/members-nt.txt)," \
  "not passed $(grep '^check:' $R/members-nt.txt | grep -vc PASS)"
py aligned-nt 80 4096x4096x4096 16x5120x4096 128x3584x4096 512x4608x3584 384x384x32768 \
  8192x8192x8192 256x256x16384 --layouts nt
random_shapes random-nt $N 'matmul_*f16_nt.json' 150 171 150
py heads-bf16 50 1x50257x768 128x50257x768 2048x50257x768 8192x50257x768 --layouts nt --dtype bf16
py heads-nn 40 16x50257x768 512x30522x1024 2048x50257x768 --layouts nn
sanitize memcheck-nt memcheck 10 $members --layout nt --shape 200x1001x520 --seed 3
random_shapes random-nn $N 'matmul_*f16.json' 100 173 5
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-c-any.tar.gz" -C $R .
