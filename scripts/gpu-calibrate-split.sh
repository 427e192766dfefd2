#!/usr/bin/env bash
# One device call that measures split-K and tile-width variants against
# config=auto on LLM layers in layout nt (x @ w.T), f16, next to cuBLAS in
# one tile-run process per set: decode (M 1, 32) and mid-size M (128, 512)
# over the (N, K) of Llama-3 8B and 70B, Qwen2-7B and Llama-3.2 1B.
# Carry: .kit/kit.tar.xz, .kit/bundles (auto_nt, ws_nt, cal_nt from
# scripts/calibration-bundles.sh .kit/bundles/cal_nt), runtime/external.
#   bash scripts/gpu-calibrate-split.sh
set -uo pipefail
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
R=/tmp/raw-cal; rm -rf $R; mkdir -p $R
run=$(LD_LIBRARY_PATH= scripts/build-tile-run.sh 2> "$R/build-tile-run.txt") ||
  { echo "tile-run build failed"; tail -20 "$R/build-tile-run.txt"; exit 1; }
B=.kit/bundles; C=$B/cal_nt
layers="6144x4096 4096x4096 28672x4096 4096x14336 4608x3584 3584x3584 37888x3584 3584x18944
        10240x8192 8192x8192 57344x8192 8192x28672 3072x2048 2048x2048 16384x2048 2048x8192"
shapes() { for m in "$@"; do for nk in $layers; do echo -n " --shape ${m}x$nk"; done; done; }
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
decode="$B/auto_nt/mm_nt.json"; for v in m64s2 m64s4 m64s8 n256s2 n256s4 n256s8 s64s4 n256p; do
  decode="$decode $C/$v/matmul_f16_nt.json"; done
mid="$B/auto_nt/mm_nt.json $B/ws_nt/mm_nt.json"; for v in m64s2 s64s2 s64s4 mids2 mids3 n256p n256s2; do
  mid="$mid $C/$v/matmul_f16_nt.json"; done
timeout 280 $run $decode $(shapes 1 32) --layout nt --rounds 3 --warmup 10 --rep 30 --seed 1 \
  --json "$R/decode.json" > "$R/decode.txt" 2>&1; echo "decode rc=$?"
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
timeout 280 $run $mid $(shapes 128 512) --layout nt --rounds 3 --warmup 10 --rep 30 --seed 2 \
  --json "$R/mid.json" > "$R/mid.txt" 2>&1; echo "mid rc=$?"
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
grep -E "^== |%|FAIL" $R/decode.txt | head -400 > "$OUT/decode-summary.txt"
grep -E "^== |%|FAIL" $R/mid.txt | head -400 > "$OUT/mid-summary.txt"
tail -5 $R/decode.txt $R/mid.txt
tar czf "$OUT/raw-cal.tar.gz" -C $R .
