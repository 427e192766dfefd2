# Sourced by the one-call device scripts: $OUT, a fresh raw folder $R (set
# by the caller), a time budget of $BUDGET seconds (the caller's default
# otherwise) with `left` printing the seconds left, and `clock` printing the
# SM clock, power and temperature.
#   R=/tmp/raw-x; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
rm -rf "$R"; mkdir -p "$R"
start=$SECONDS
left() { echo $((BUDGET - (SECONDS - start))); }
clock() { nvidia-smi --query-gpu=clocks.sm,power.draw,temperature.gpu --format=csv,noheader; }
