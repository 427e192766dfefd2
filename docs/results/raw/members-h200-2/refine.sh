#!/usr/bin/env bash
# A trial, not shipped: the coefficients of s208xk, s208k, m64n160, midk
# and m64wk refined for the picks (fit_cost_model.py --from-table), on the
# fit's runs with these runs read last, into a copy of the table: its
# summary (against the shipped table's in evaluate.txt's second part) and
# its pick at 128x3584x4096.
#   RUNS="..." docs/results/raw/members-h200-2/refine.sh > docs/results/raw/members-h200-2/refine.txt
set -euo pipefail
H=docs/results/raw/members-h200-2
N="${RUNS:?the fit\'s runs} $H/a/bench-llm-64-128.json.gz $H/b/bench-llm-16-32-256.json.gz"
T=$(mktemp); trap 'rm -f $T' EXIT
cp data/sm_90a.json $T
python3 scripts/fit_cost_model.py $N --table $T --only s208xk,s208k,m64n160,midk,m64wk \
  --from-table --write | sed -n 1p
python3 scripts/fit_cost_model.py $N --table $T --no-fit --shapes | grep "128x3584x4096 "
