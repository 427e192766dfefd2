#!/usr/bin/env bash
# C's whole boxes by TMA a class of rows at a time (c_any_alignment 2),
# against the threads' stores of every box (c_any_alignment 1). Carried:
# .kit/old-bundles.tar.xz (the config=auto bundles as shipped, nt and nn,
# as auto-old), .kit/new-bundles.tar.xz (the same with c-row-classes, as
# auto: OPTIONS=c-row-classes=1 scripts/auto-bundles.sh DIR nt, then nn),
# .kit/kit.tar.xz (scripts/make-kit.sh) and runtime/external:
#   BUDGET=520 bash docs/results/raw/c-row-classes/run.sh
#   SET=second BUDGET=520 bash docs/results/raw/c-row-classes/run.sh
# SET=first: the class descriptor alone (tma3d.cu: encoded, every element
# stored, nothing else written, N 130 to 51865, pitch and pointer off 16
# bytes); every member of the nt bundle on shapes with N off 16 bytes
# (tile-run against cuBLAS); run.py with both dispatches on output layers
# whose N is off 16 bytes (nt: GPT-2 50257 x 768 and x 1600, BERT-large
# 30522 x 1024, Whisper-large 51865 x 1280, M 512 to 8192 and two M off 8)
# and on aligned shapes (must tie); the GPU pytests of staging and views
# (C at odd offsets and pitches); memcheck on every nt member.
# SET=second: heads at M 1, 16 and 128, random shapes through both new
# dispatches, bf16 and nn heads.
set -uo pipefail
# (the raw files straight under $OUT: what a cut-short call wrote comes back)
OUT=${OUT:-/tmp/out}; R=$OUT/raw-c-classes-${SET:-first}; BUDGET=${BUDGET:-520}
. scripts/gpu-budget.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
mkdir -p .kit/bundles
tar xJf .kit/old-bundles.tar.xz -C .kit/bundles && tar xJf .kit/new-bundles.tar.xz -C .kit/bundles
. scripts/gpu-kit.sh
echo "setup done ($((SECONDS - start)) s)"
O=.kit/bundles/auto-old N=.kit/bundles/auto
py() {
  local name=$1 t=$2; shift 2
  [ $(left) -lt $((t + 20)) ] && { echo "skip $name: out of time"; return; }
  timeout $t python3 docs/results/raw/c-any-alignment/run.py $O $N "$@" \
    --names "threads,classes" --json $R/$name.json > $R/$name.txt 2>&1
  echo "$name rc=$? ($((SECONDS - start)) s)"; cut -c1-400 $R/$name.txt | tail -3; clock
}
if [ "${SET:-first}" = first ]; then
  nvcc -arch=sm_90a -o /tmp/tma3d docs/results/raw/c-row-classes/tma3d.cu -lcuda &&
    timeout 60 /tmp/tma3d > $R/tma3d.txt 2>&1
  echo "tma3d rc=$?"; tail -3 $R/tma3d.txt
  members=$(ls $N/f16/nt-auto/matmul_f16_nt__*.json)
  timeout 90 $run $members --layout nt --shape 200x1001x520 --shape 7x50257x768 \
    --shape 1000x4097x4100 --shape 129x8191x8200 --shape 1001x50257x768 --shape 2048x30523x1024 \
    --rounds 1 --reps 2 --warmup 0 --no-cublas-timing --seed 5 > $R/members-nt.txt 2>&1
  echo "members-nt rc=$? ($((SECONDS - start)) s) checks $(grep -c '^check:' $R/members-nt.txt)," \
    "not passed $(grep '^check:' $R/members-nt.txt | grep -vc PASS)"
  heads=""
  for nk in 50257x768 50257x1600 30522x1024 51865x1280; do
    for m in 512 2048 8192; do heads="$heads ${m}x$nk"; done
  done
  py heads-nt 150 $heads 1001x50257x768 4097x30522x1024 --layouts nt
  timeout 120 python3 -m pytest -q -x test/python/test_staging_gpu.py test/python/test_views_gpu.py \
    > $R/pytest-gpu.txt 2>&1
  echo "pytest rc=$? ($((SECONDS - start)) s)"; tail -3 $R/pytest-gpu.txt
  py aligned-nt 50 4096x4096x4096 16x5120x4096 128x3584x4096 8192x8192x8192 --layouts nt
  sanitize memcheck-nt memcheck 10 $members --layout nt --shape 1001x4097x520 --seed 3
else
  py heads-small 80 1x50257x768 16x50257x768 128x50257x768 128x30522x1024 128x51865x1280 \
    1x51865x1280 16x30522x1024 --layouts nt
  random_shapes random-nt $N 'matmul_*f16_nt.json' 200 191 150
  py heads-bf16 60 128x50257x768 2048x50257x768 8192x50257x768 --layouts nt --dtype bf16
  py heads-nn 50 512x30522x1024 2048x50257x768 8192x51865x1280 --layouts nn
  random_shapes random-nn $N 'matmul_*f16.json' 100 193 5
fi
gzip -q $R/*.json $R/*.log 2>/dev/null
