#!/usr/bin/env bash
# Nsight Compute stall reasons (per issued instruction), shared-memory bank
# conflicts and tensor-pipe utilisation for a few f16 bundles at 4096^3.
#   scripts/ncu-stalls.sh BUNDLES VARIANT...
set -u
bundles=${1:?usage: ncu-stalls.sh BUNDLES VARIANT...}
shift
run=$("$(dirname "$0")/build-tile-run.sh" 2>/dev/null) || { echo "tile-run build failed"; exit 1; }
metrics="regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio"
metrics+=",l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
metrics+=",l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
metrics+=",l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
metrics+=",sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active"
metrics+=",smsp__issue_active.avg.pct_of_peak_sustained_active"
for v in "$@"; do
  echo "######## $v"
  ncu --clock-control none --metrics "$metrics" -k regex:matmul --launch-skip 1 -c 1 \
    "$run" "$bundles/f16/$v"/*.json --shape 4096x4096x4096 --reps 1 --warmup 1 \
    --no-cublas-timing 2>&1 | grep -E "^\s+(smsp|l1tex|sm__)" | awk '$NF != "0" && $NF != "0.00"'
done
