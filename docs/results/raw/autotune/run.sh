#!/usr/bin/env bash
# tile_opt's autotune on an sm_90a GPU, f16 x @ w.T (layout nt): the GPU
# tests of it (tile_opt compiles with the carried tile-opt), then tile-bench
# with --tune 4: per shape the config=auto dispatch (the model's pick) and
# the fastest of the model's four best candidates timed on the shape first
# (row auto+tune), beside cuBLAS and Triton's tuned-persistent in one
# process, L2 flushed, balanced rounds. CALL=1: the llm suite (102 layers,
# M 1-8192), the classic and kheavy suites; CALL=2: the heldout suite (80
# layers never fitted), the llm, classic and kheavy suites with --tune 8;
# CALL=3: the autotune tests and the Python GPU suites (the kit made by
# scripts/make-kit.sh; no bundles needed).
# Bundles compiled here into $B by scripts/auto-bundles.sh $B nt; the
# compiler kit as scripts/gpu-kit.sh takes it:
#   CALL=1 B=DIR bash docs/results/raw/autotune/run.sh   (or CALL="1 2 3")
#   (carry DIR and runtime/external, and .kit/kit.tar.xz for the tests)
set -uo pipefail
CALL=${CALL:-1}
has() { [[ " $CALL " == *" $1 "* ]]; }  # CALL may list several: "1 2 3"
[ "$CALL" = 3 ] || B=${B:?the bundles folder}
R=/tmp/raw-autotune; BUDGET=${BUDGET:-560}; . scripts/gpu-budget.sh
# The Python GPU tests compile with tile-opt: a carried kit, where there is one.
if [ -f .kit/kit.tar.xz ]; then . scripts/gpu-kit.sh; else . scripts/gpu-tools.sh; fi
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
clock
BENCH_OPTS="--layout nt --anchors tuned-persistent --rounds 3 --warmup-ms 2 --rep-ms 10 --seed 71 --tune 4"
F16=${B:-}/f16/nt-auto/matmul_f16_nt.json
if has 1 && ! has 3 && [ -n "${TILE_OPT:-}" ]; then
  timeout 150 python3 -m pytest -q -rs -p no:cacheprovider test/python/test_tile_opt_gpu.py \
    -k autotune > "$R/pytest-autotune.txt" 2>&1
  echo "pytest autotune rc=$? ($((SECONDS - start)) s)"; tail -3 "$R/pytest-autotune.txt"
fi
if has 1; then
  bench smoke 60 $F16 --shape 64x3584x3584 --shape 2000x2000x2000
  grep "^tuned" "$R/smoke.txt"
  bench tune-llm 260 $F16 $(python3 scripts/suites.py llm)
  bench tune-classes 120 $F16 $(python3 scripts/suites.py classic) $(python3 scripts/suites.py kheavy)
fi
if has 2; then
  bench tune-heldout 230 $F16 $(python3 scripts/suites.py heldout)
  BENCH_OPTS=${BENCH_OPTS/--tune 4/--tune 8}
  bench tune8-llm 260 $F16 $(python3 scripts/suites.py llm)
  bench tune8-classes 120 $F16 $(python3 scripts/suites.py classic) $(python3 scripts/suites.py kheavy)
fi
if has 3 && [ -n "${TILE_OPT:-}" ]; then
  t=$(( $(left) - 15 ))
  timeout $t python3 -m pytest -q -rs -p no:cacheprovider test/python/test_tile_opt_gpu.py \
    test/python/test_views_gpu.py test/python/test_staging_gpu.py > "$R/pytest-gpu.txt" 2>&1
  echo "pytest gpu rc=$? ($((SECONDS - start)) s)"; tail -4 "$R/pytest-gpu.txt"
fi
clock
gzip -q $R/*.json $R/*.txt
ls $R/tune*.json.gz > /dev/null 2>&1 &&
  python3 docs/results/raw/autotune/evaluate.py $R/tune*.json.gz | tee "$R/evaluate.txt"
tar czf "$OUT/raw-autotune-${CALL// /-}.tar.gz" -C $R --exclude pip.txt.gz \
  --exclude build-tile-run.txt.gz .
