#!/usr/bin/env bash
# The decisive check after run.sh: the hinted and the shipped tables in a
# transformer block's four projections back to back, no flush (measure.py
# chain), f16 and bf16. One device call; the bundles of run.sh, carried.
#   bash docs/results/raw/evict-first/chain.sh
# The recorded chain-*.json came from measure.py's first form (chain.py,
# the same timing and operands).
set -uo pipefail
R=/tmp/raw-chain; BUDGET=${BUDGET:-240}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
clock
for t in f16 bf16; do
  timeout $(( $(left) - 10 )) python3 docs/results/raw/evict-first/measure.py chain --json $R/chain-$t.json \
    --m 1,16,64,128,512,2048,8192 --rounds 4 --samples 25 \
    .kit/bundles/auto/$t/nt-auto/matmul_${t}_nt.json .kit/bundles/ef/$t/nt-auto/matmul_${t}_nt.json \
    > $R/chain-$t.txt 2>&1
  echo "chain-$t rc=$? ($((SECONDS - start)) s) $(clock)"; tail -2 $R/chain-$t.txt
done
gzip -q $R/*.json 2>/dev/null
tar czf "$OUT/raw-chain.tar.gz" -C $R .
