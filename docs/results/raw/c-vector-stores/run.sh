#!/usr/bin/env bash
# The threads' stores of C in C's own 16-byte chunks (one 16-byte store per
# chunk wholly inside a box row, M and N) against the element-at-a-time
# stores they would replace, on output layers whose N is off 16 bytes;
# first what TMA allows a store of C's rows by class (tma3d.cu, each mode
# in its own process). The chunk stores were slower and are not in the
# compiler: vector-stores.patch (on b4b9905) builds them. Carried:
# .kit/kit.tar.xz (scripts/make-kit.sh, with the patch), .kit/old-bundles.tar.xz
# (the nt and nn config=auto bundles without it, as auto-old),
# .kit/new-bundles.tar.xz (with it: scripts/auto-bundles.sh DIR/auto nt,
# then nn) and runtime/external. console.txt is the call's output.
#   BUDGET=330 bash docs/results/raw/c-vector-stores/run.sh
set -uo pipefail
OUT=${OUT:-/tmp/out}; R=$OUT/raw-c-vector; BUDGET=${BUDGET:-380}
. scripts/gpu-budget.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
nvcc -arch=sm_90a -o /tmp/tma3d docs/results/raw/c-row-classes/tma3d.cu -lcuda &&
  for mode in aligned class0 class0-overlap shifted classes; do
    timeout 30 /tmp/tma3d $mode > $R/tma3d-$mode.txt 2>&1
    echo "tma3d $mode rc=$?: $(tail -1 $R/tma3d-$mode.txt)"
  done
mkdir -p .kit/bundles
tar xJf .kit/old-bundles.tar.xz -C .kit/bundles && tar xJf .kit/new-bundles.tar.xz -C .kit/bundles
. scripts/gpu-kit.sh
echo "setup done ($((SECONDS - start)) s)"; clock
O=.kit/bundles/auto-old N=.kit/bundles/auto
# Every nt member (f16) on shapes with N (so C's rows) off 16 bytes.
members=$(ls $N/f16/nt-auto/matmul_f16_nt__*.json)
timeout 80 $run $members --layout nt --shape 200x1001x520 --shape 7x50257x768 \
  --shape 1000x4097x4100 --shape 129x8191x8200 --shape 1001x50257x768 --shape 333x30523x1024 \
  --rounds 1 --reps 2 --warmup 0 --no-cublas-timing --seed 5 > $R/members-nt.txt 2>&1
echo "members-nt rc=$? ($((SECONDS - start)) s) checks $(grep -c '^check:' $R/members-nt.txt)," \
  "not passed $(grep '^check:' $R/members-nt.txt | grep -vc PASS)"
py() {
  local name=$1 t=$2; shift 2
  [ $(left) -lt $((t + 15)) ] && { echo "skip $name: out of time"; return; }
  timeout $t python3 docs/results/raw/c-any-alignment/run.py $O $N "$@" \
    --names "by elements,by chunks" --json $R/$name.json > $R/$name.txt 2>&1
  echo "$name rc=$? ($((SECONDS - start)) s)"; cut -c1-300 $R/$name.txt | tail -4; clock
}
heads=""
for nk in 50257x768 50257x1600 30522x1024 51865x1280; do
  for m in 128 2048 8192; do heads="$heads ${m}x$nk"; done
done
py heads-nt 130 $heads 16x50257x768 1001x50257x768 --layouts nt
timeout 100 python3 -m pytest -q -x test/python/test_staging_gpu.py test/python/test_views_gpu.py \
  > $R/pytest-gpu.txt 2>&1
echo "pytest rc=$? ($((SECONDS - start)) s): $(tail -1 $R/pytest-gpu.txt)"
py heads-bf16 40 2048x50257x768 8192x51865x1280 --layouts nt --dtype bf16
[ $(left) -gt 25 ] && sanitize memcheck-nt memcheck 10 $members --layout nt --shape 1001x4097x520 --seed 3
gzip -q $R/*.json 2>/dev/null
