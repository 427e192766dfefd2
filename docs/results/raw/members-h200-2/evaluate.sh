#!/usr/bin/env bash
# The shipped table's picks against the best member on these runs alone,
# then on the fit's runs with these read last (their shapes replace the
# same shapes there); RUNS: the fit's runs (scripts/fit_cost_model.py's
# docstring, SAME-RUNS and every later step's).
#   RUNS="..." docs/results/raw/members-h200-2/evaluate.sh > docs/results/raw/members-h200-2/evaluate.txt
set -euo pipefail
H=docs/results/raw/members-h200-2
N="$H/a/bench-llm-64-128.json.gz $H/b/bench-llm-16-32-256.json.gz"
echo "== these runs alone"
python3 scripts/fit_cost_model.py $N --no-fit --shapes
echo "== the fit's runs, these last"
python3 scripts/fit_cost_model.py ${RUNS:?the fit\'s runs} $N --no-fit | grep -v "^   "
