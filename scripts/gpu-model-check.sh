#!/usr/bin/env bash
# One device call that measures config=auto as shipped (the built-in cost
# model picking per shape) next to torch.matmul (cuBLAS) and Triton in one
# tile-bench process per set: nn f16 and bf16 on the llm and classic suites
# (scripts/suites.py) with Triton's tma-persistent, nt f16 on the llm and
# heldout suites with Triton's tuned-persistent (the TMA anchor takes
# row-major operands only); then the Python GPU tests of every member,
# split-K determinism and unaligned pointers, every split-K member at every
# splits per tile on odd shapes, host overhead, the dispatch manifests on
# random shapes (f16 nt, then bf16 nn) and memcheck on split-K picks.
# BF16=0 and OVERHEAD=0 leave those parts out. Bundles:
# scripts/auto-bundles.sh .kit/bundles/val nn and
# scripts/auto-bundles.sh .kit/bundles/cal nt.
# Carry: .kit/kit.tar.xz, .kit/bundles, runtime/external.
#   bash scripts/gpu-model-check.sh
set -uo pipefail
R=/tmp/raw-auto; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-kit.sh
echo "setup $((SECONDS - start)) s"
V=.kit/bundles/val; C=.kit/bundles/cal
BENCH_OPTS="--rounds 5 --warmup-ms 5 --rep-ms 20 --seed 5"
clock
bench auto-f16-nn 110 $V/f16/auto/matmul_f16.json $(python3 scripts/suites.py llm) \
  $(python3 scripts/suites.py classic) --anchors tma-persistent
[ "${BF16:-1}" = 1 ] && bench auto-bf16-nn 80 $V/bf16/auto/matmul_bf16.json \
  $(python3 scripts/suites.py llm) --anchors tma-persistent
t=$(left); [ $t -gt 110 ] && timeout 100 python3 -m pytest -q -rs -p no:cacheprovider \
  test/python/test_tile_opt_gpu.py test/python/test_staging_gpu.py \
  -k "auto_matches_torch or deterministic or unaligned_pointers or still_refused" > "$R/pytest.txt" 2>&1
echo "pytest rc=$? ($((SECONDS - start)) s)"; tail -4 "$R/pytest.txt"
bench auto-f16-nt 80 $C/f16/nt-auto/matmul_f16_nt.json $(python3 scripts/suites.py llm) \
  --layout nt --anchors tuned-persistent
bench heldout-f16-nt 60 $C/f16/nt-auto/matmul_f16_nt.json $(python3 scripts/suites.py heldout) \
  --layout nt --anchors none
# Every split-K member at every splits per tile (1, the loop, to split_k),
# each checked element-wise against the fp32 reference.
bench splits-odd 40 $C/f16/nt-auto/matmul_f16_nt__{split,m64k,m64wk,midk}.json --layout nt \
  --anchors none --splits 1,2,3,4,5,6,7,8 --shape 1x4100x5000 --shape 77x333x12345 \
  --shape 200x1000x20000 --shape 513x768x3000
if [ "${OVERHEAD:-1}" = 1 ]; then
  t=$(left); [ $t -gt 60 ] && timeout 50 python3 -m tile_opt.overhead --batches 15 \
    --json "$R/overhead.json" > "$R/overhead.txt" 2>&1
  echo "overhead rc=$? ($((SECONDS - start)) s)"; tail -6 "$R/overhead.txt"
fi
random_shapes random-f16-nt $C matmul_f16_nt.json 1000 13 50
[ "${BF16:-1}" = 1 ] && random_shapes random-bf16 $V matmul_bf16.json 300 12 45
# memcheck on the dispatch manifest's split-K picks, at several splits.
sanitize memcheck memcheck 40 \
  $C/f16/nt-auto/matmul_f16_nt.json --layout nt --shape 1x2048x14336 --shape 48x1536x8960 \
  --shape 200x1536x16384 --shape 16x2560x10240
gzip -q $R/*.json $R/*.log 2>/dev/null
tar czf "$OUT/raw-auto.tar.gz" -C $R .
