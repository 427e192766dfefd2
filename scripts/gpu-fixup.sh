#!/usr/bin/env bash
# One device call: what the split-K fix-up costs, and what cuBLAS runs.
#   kernels  the kernels torch.matmul launches per shape (the llm suite's
#            M 1, 16, 128 and 512, and the classics; scripts/cublas-kernels.py);
#   probe    the split-K members at 1, 2, 4 and 8 programs per tile beside
#            their persistent twins (same tile) on short K, where the
#            K loop is a few steps and the time is launch plus fix-up.
# Kernels: the config=auto nt bundle at $AUTO (compiled here).
# Carry: .kit/bundles, runtime/external.
#   AUTO=.kit/bundles/ab/auto/f16/nt-auto bash scripts/gpu-fixup.sh
set -uo pipefail
R=/tmp/raw-fixup; BUDGET=${BUDGET:-300}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
AUTO=${AUTO:-.kit/bundles/ab/auto/f16/nt-auto}
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 5 --anchors none"
clock
for ms in 1,16 128,512; do
  timeout 60 python3 scripts/cublas-kernels.py llm --m $ms > "$R/kernels-llm-${ms/,/-}.txt" 2>&1
  echo "kernels llm $ms rc=$?"
done
timeout 60 python3 scripts/cublas-kernels.py classic > "$R/kernels-classic.txt" 2>&1
probe=""
for s in 1x5120x512 16x5120x512 1x4096x4096 16x5120x4096 128x4096x512 128x4096x4096; do
  probe="$probe --shape $s"
done
bench probe 120 $AUTO/*__{m64,m64k,split,small,mid,midk}.json $probe --splits 1,2,4,8
clock
gzip -q $R/*.json
tar czf "$OUT/raw-fixup.tar.gz" -C $R .
