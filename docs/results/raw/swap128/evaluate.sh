#!/usr/bin/env bash
# The candidates against the members on these runs (CPU): the best variant
# per shape with and without them, by M; then each candidate's
# coefficients fitted on these runs and the fit's (RUNS: fit_cost_model.py's
# SAME-RUNS and every later step's, then members-h200-2's), into a copy of
# the candidates' table, and the picks of that table against the shipped
# one's on all of those runs.
#   RUNS="..." bash docs/results/raw/swap128/evaluate.sh > docs/results/raw/swap128/evaluate.txt
set -euo pipefail
H=docs/results/raw/swap128
N=$(ls $H/bench-llm-*.json.gz)
python3 $H/best.py $N
T=$(mktemp); trap 'rm -f $T' EXIT
python3 $H/candidates.py $T
echo "== the shipped table, the fit's runs and these"
python3 scripts/fit_cost_model.py ${RUNS:?the fit\'s runs} $N --no-fit | grep -v "^   "
echo "== the candidates fitted"
python3 scripts/fit_cost_model.py $RUNS $N --table $T --only ${ONLY:-s128w,s128wk,s64wk,m64n160k,m64n80k} --write | grep -v "^   "
