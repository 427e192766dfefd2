#!/usr/bin/env bash
# The model on the H200 member runs (run.sh), on the CPU: the shipped
# table as it is (no fit: none of these runs was fitted), then refits on
# these runs alone, m64n160 timed as its new kernel (the candidate runs
# renamed by ../n160ws/as-shipped.py): the six members with a producer
# warpgroup, m64n160 alone, and every member in one step (with
# --cross-validate). Writes fit-*.txt here.
#   docs/results/raw/members-h200/fits.sh
set -euo pipefail
H=docs/results/raw/members-h200; C=docs/results/raw/n160ws
(cd $C && python3 as-shipped.py > /dev/null)
N="$H/a/bench-llm-48-64-128.json.gz $H/a/bench-llm-200-256-512.json.gz
   $H/b/bench-llm-1-16-32.json.gz $H/b/bench-heldout-48-200.json.gz $H/b/bench-classic.json.gz"
F="python3 scripts/fit_cost_model.py $N --replace $C/h200/shipped-*.json.gz"
T=$(mktemp); trap 'rm -f $T $C/h200/shipped-*.json.gz' EXIT
$F --no-fit --shapes > $H/fit-none.txt
cp data/sm_90a.json $T
$F --only small,m64,m64n80,m64n112,m64n192,m64n160 --table $T --cross-validate > $H/fit-six.txt
cp data/sm_90a.json $T; $F --only m64n160 --table $T > $H/fit-m64n160.txt
cp data/sm_90a.json $T; $F --table $T --cross-validate > $H/fit-all.txt
