#!/usr/bin/env bash
# Nsight Compute sections (speed of light, warp state, scheduler, occupancy)
# for a few f16 bundles at 4096^3:
#   scripts/ncu-sections.sh BUNDLES
bundles=${1:?usage: ncu-sections.sh BUNDLES}
run=$("$(dirname "$0")/build-tile-run.sh" 2>/dev/null) || { echo "tile-run build failed"; exit 1; }
for v in t128x64x32w4s3 t256x64x32w8s3 t128x128x32w8s3; do
  echo "######## $v"
  ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section Occupancy \
    --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed.sum,smsp__inst_executed_pipe_tensor.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active \
    -k matmul_f16 --launch-skip 1 -c 1 $run $bundles/f16/$v/matmul_f16.json --shape 4096x4096x4096 --reps 1 --warmup 1 --no-cublas-timing 2>&1 | grep -v "^==PROF==" | sed -n '/Section: GPU Speed/,$p'
done
