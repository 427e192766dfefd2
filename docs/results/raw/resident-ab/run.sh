#!/usr/bin/env bash
# The decode picks of the two tables (one program per SM, and two for s16/s32): every member
# either picks, at its splits, beside the shipped dispatch manifest, cuBLAS and Triton.
set -uo pipefail
R=/tmp/raw-dab; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
echo "setup $((SECONDS - start)) s $(clock)"
A=.kit/dab/f16
python3 - > $R/driver-check.txt 2>&1 <<'EOF'
import torch, tile_runtime
torch.zeros(1, device="cuda")
d = tile_runtime.load(".kit/dab/f16/matmul_f16_nt.json")
members = d.members(); bad = 0
for r in d.rules():
    info = members[r["member"]].load_kernel()
    ok = info["blocks_per_sm"] == r["blocks_per_sm"]
    bad += not ok
    print(r["bundle"], "driver", info["blocks_per_sm"], "model", r["blocks_per_sm"], "ok" if ok else "MISMATCH")
print("rules:", len(d.rules()), "mismatches:", bad)
EOF
tail -1 $R/driver-check.txt; grep -E "__s16.json|__s32.json" $R/driver-check.txt
M="$A/matmul_f16_nt.json $A/matmul_f16_nt__s16.json $A/matmul_f16_nt__s32.json $A/matmul_f16_nt__m64n160.json $A/matmul_f16_nt__small.json $A/matmul_f16_nt__mid.json $A/matmul_f16_nt__m64k.json $A/matmul_f16_nt__m64wk.json"
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 4 --warmup-ms 2 --rep-ms 10 --seed 21 --splits 2,4,8"
bench ab-suites 200 $M $(cat docs/results/raw/resident-ab/shapes-suites.txt)
bench ab-random $(( $(left) - 25 )) $M $(cat docs/results/raw/resident-ab/shapes-random.txt)
clock
tail -3 $R/ab-suites.txt $R/ab-random.txt
gzip -q $R/*.json 2>/dev/null
tar czf "$OUT/raw-dab.tar.gz" -C $R .
