set -uo pipefail
R=/tmp/raw-pol; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
export TILE_POLICY_SPREAD=/spread- TILE_POLICY_LB=/lb-
BENCH_OPTS="--layout nt --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 1"
P=.kit/bundles/pol/f16
SK=$(for p in base spread lb; do for m in midk m64k s128k split; do ls $P/$p-$m/*.json; done; done)
PAIR="$P/base-midws/matmul_f16_nt__midws.json $(for p in base spread lb; do for v in v0 v3; do echo $P/$p-pair$v/matmul_f16_nt.json; done; done)"
clock
bench_suites sk "" "kheavy:170 llm:128:150" $SK --anchors none
clock
bench_suites pair "" "llm:512,2048:190" $PAIR --anchors none
clock
gzip -q $R/*.json 2>/dev/null
tar czf "$OUT/raw-pol.tar.gz" -C $R .
