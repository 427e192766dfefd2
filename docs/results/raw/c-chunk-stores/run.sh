#!/usr/bin/env bash
# The threads' stores of C where TMA cannot store it (N off 16 bytes) in C's
# own 16-byte chunks, the rows' ends an element a thread in the same loop
# (tile-to-ptx option c-chunk-stores, off), against the element-at-a-time
# stores shipped: their numerics on every member, the dispatch on random
# shapes, the output layers timed, Nsight Compute's store counters,
# memcheck; the GPU tests of the Python package (shipped kernels, compiled
# there). Carried: .kit/kit.tar.xz (scripts/make-kit.sh), .kit/old-bundles.tar.xz
# (auto-old: scripts/auto-bundles.sh DIR nt, then nn), .kit/new-bundles.tar.xz
# (auto: the same with c-chunk-stores=1, and auto/f32c: config=auto
# c-chunk-stores=1 of test/Pipelines/Inputs/matmul_f16_f32c.mlir) and
# runtime/external.
#   BUDGET=540 bash docs/results/raw/c-chunk-stores/run.sh
set -uo pipefail
OUT=${OUT:-/tmp/out}; R=$OUT/raw-c-chunk; BUDGET=${BUDGET:-560}
. scripts/gpu-budget.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
mkdir -p .kit/bundles
tar xJf .kit/old-bundles.tar.xz -C .kit/bundles && tar xJf .kit/new-bundles.tar.xz -C .kit/bundles
. scripts/gpu-kit.sh
echo "setup done ($((SECONDS - start)) s)"; clock
O=.kit/bundles/auto-old N=.kit/bundles/auto
checks() {  # NAME TIMEOUT TILE-RUN-ARGS...: every output checked, no timing
  local name=$1 t=$2; shift 2
  within $name $t 0 $run "$@" --rounds 1 --reps 1 --warmup 0 --no-cublas-timing --seed 5 &&
    echo "  checks $(grep -c '^check:' $R/$name.txt), not passed" \
      "$(grep '^check:' $R/$name.txt | grep -vc PASS)"
}
# Every member on shapes with N (so C's rows) off 16 bytes, M and N off
# the tiles: the chunks, the rows' ends (every offset from 16 bytes), the
# box at N's edge by elements.
odd="--shape 200x1001x520 --shape 7x5003x768 --shape 1000x4097x1000 --shape 129x8191x1024 --shape 333x30523x256 --shape 64x2051x128"
checks members-nt 75 $(ls $N/f16/nt-auto/matmul_f16_nt__*.json) --layout nt $odd
checks members-nn 40 $(ls $N/f16/auto/matmul_f16__*.json) $odd
checks members-bf16-nt 40 $(ls $N/bf16/nt-auto/matmul_bf16_nt__*.json) --layout nt \
  --shape 200x1001x520 --shape 1000x4097x1000 --shape 333x30523x256
checks members-f32c 30 $(ls $N/f32c/matmul_f16_f32c*.json) \
  --shape 200x1001x520 --shape 1000x4097x1000 --shape 333x30523x256 --shape 129x8191x1024
py() {  # NAME TIMEOUT RUN.PY-ARGS...: elements against chunks, timed
  local name=$1 t=$2; shift 2
  within $name $t 3 python3 docs/results/raw/c-any-alignment/run.py $O $N "$@" \
    --names "by elements,by chunks" --json $R/$name.json && clock
}
heads=""
for nk in 50257x768 50257x1600 30522x1024 51865x1280; do
  for m in 128 2048 8192; do heads="$heads ${m}x$nk"; done
done
py heads-nt 130 $heads 16x50257x768 1001x50257x768 --layouts nt
# What each store path issues (Nsight Compute, one launch of each).
M=f16/nt-auto/matmul_f16_nt__midws.json
[ $(left) -gt 45 ] && timeout 40 ncu --clock-control none -k regex:matmul -c 2 --metrics \
gpu__time_duration.sum,smsp__inst_executed_op_global_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,lts__t_sectors_op_write.sum,dram__bytes_write.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__inst_executed.sum \
  $run $O/$M $N/$M --layout nt --shape 2048x50257x768 --rounds 1 --reps 1 --warmup 0 \
  --no-cublas-timing > $R/ncu-midws.txt 2>&1
echo "ncu rc=$? ($((SECONDS - start)) s)"
gpu_tests() { local name=$1 t=$2; shift 2; within $name $t 1 python3 -m pytest -q -x "$@"; }
gpu_tests pytest-staging-views 110 test/python/test_staging_gpu.py test/python/test_views_gpu.py
# The dispatch manifests (f16, bf16; nt and nn) on random shapes.
# (each within 40 s: the reserve is what is left beyond that)
random_shapes random-nt $N matmul_f16_nt.json 100 71 $(( $(left) - 40 ))
random_shapes random-nn $N matmul_f16.json 60 72 $(( $(left) - 30 ))
random_shapes random-bf16-nt $N matmul_bf16_nt.json 60 73 $(( $(left) - 30 ))
py heads-bf16-nn 45 2048x50257x768 8192x51865x1280 --layouts nt,nn --dtype bf16
gpu_tests pytest-tile-opt 150 test/python/test_tile_opt_gpu.py
# memcheck in what is left
[ $(left) -gt 25 ] && sanitize memcheck-nt memcheck 10 $(ls $N/f16/nt-auto/matmul_f16_nt__*.json) \
  --layout nt --shape 333x4097x520 --seed 3
gzip -q $R/*.json 2>/dev/null
