#!/usr/bin/env bash
# The five 64-row members that took a producer warpgroup (small, m64,
# m64n80, m64n112, m64n192) timed beside cuBLAS (f16 x @ w.T, layout nt, L2
# flushed, 3 rotated rounds), refitted on those runs alone
# (scripts/fit_cost_model.py --replace: the older runs timed the kernels
# they were), then the dispatch with the refitted table beside the shipped
# dispatch, cuBLAS and Triton's tuned-persistent in one process, on the
# llm suite (M 1-8192) and the heldout suite at M 48 and 200. One device
# call; the bundles compiled here by scripts/auto-bundles.sh $B nt, the
# kit by scripts/make-kit.sh:
#   B=.kit/bundles/auto bash docs/results/raw/refit/run.sh
#   (carry .kit/bundles, .kit/kit.tar.xz and runtime/external)
set -uo pipefail
R=/tmp/raw-refit; BUDGET=${BUDGET:-585}; . scripts/gpu-budget.sh
. scripts/gpu-kit.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
FIVE=small,m64,m64n80,m64n112,m64n192
A=${B:?the bundles folder}/f16/nt-auto
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1"
bench_suites cal-nt "" "${SETS:-llm:1,16,64,128:90 llm:200,256,512:75 llm:2048,8192:70 calibration:64,256:60}" \
  $(for m in ${FIVE//,/ }; do echo $A/matmul_f16_nt__$m.json; done) --anchors none
clock
# The runs the shipped table was fitted on (scripts/fit_cost_model.py),
# then these.
D=docs/results/raw; S=$D/swap-ab; C=$S/calibration; W=$S/two-warpgroups
X=$S/three-warpgroups; M=$D/model-rows; G=$D/order-swap/grouped-cal
cp data/sm_90a.json "$R/sm_90a.json"
python3 scripts/fit_cost_model.py $D/model/{cal,val,recal,splits}-* $D/cluster/cal-*.json.gz \
  $D/narrow/cal-*.json.gz $D/widths/*.json.gz $D/midm/cal-nt-calibration-192-320.json.gz \
  $D/midm/cal-nt-calibration-128-192-256-320.json.gz $D/midm/cal-nt-{llm-128-256,classic}.json.gz \
  $D/narrow64/cal-nt-{llm,llm-256,calibration-1-16-32-64}.json.gz \
  $D/narrow64/cal-nt-calibration-128-192-256-320.json.gz $S/cal-swap-llm-*.json.gz \
  $C/cal-swap-calibration-*.json.gz $W/cal-swap-{calibration,llm}-*.json.gz \
  $X/cal-swap-{llm,calibration}-*.json.gz $M/cal-nt-*.json.gz $M/members-lo.json.gz \
  $G/cal-nt-*.json.gz --replace $R/cal-nt-*.json --only $FIVE \
  --table "$R/sm_90a.json" --tile-opt "$TILE_OPT" --write > "$R/fit.txt" 2>&1 ||
  { echo "fit failed"; tail -5 "$R/fit.txt"; }
head -1 "$R/fit.txt"; grep -E "^  ($(echo $FIVE | tr , '|')) " "$R/fit.txt"
N=/tmp/refit-bundles/f16/nt-auto
"$TILE_OPT" examples/matmul_f16_nt.mlir --tile-to-ptx="config=auto calibration=$R/sm_90a.json" \
  --tile-bundle=$N -o /dev/null && echo "refitted bundles: $(ls $N/*.json | wc -l) manifests"
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 71"
bench_suites dispatch "" "${DISPATCH_SETS:-llm:160 heldout:48,200:60}" $A/matmul_f16_nt.json \
  $N/matmul_f16_nt.json
clock
gzip -q $R/*.json $R/*.txt 2>/dev/null
tar czf "$OUT/raw-refit.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
