#!/usr/bin/env bash
# The M-major A fix (layouts tn and tt, 128-row tiles): the four tn/tt
# config=auto dispatch manifests (f16, bf16) on random shapes checked
# element-wise by tile-run, then the Python GPU tests that found it
# (tile_opt.nn.Linear's backward, staging in every layout) with the kit of
# scripts/make-kit.sh. Bundles compiled here by scripts/auto-bundles.sh
# DIR tn and DIR tt:
#   B=DIR bash docs/results/raw/tn-fix/run.sh   (carry DIR, .kit/kit.tar.xz, runtime/external)
set -uo pipefail
B=${B:?the bundles folder}
R=/tmp/raw-tn-fix; BUDGET=${BUDGET:-420}; . scripts/gpu-budget.sh
. scripts/gpu-kit.sh
nvidia-smi --query-gpu=name,memory.total,power.limit --format=csv,noheader | tee "$R/gpu.txt"
random_shapes random-tn-tt $B "matmul_*_t[nt].json" 300 83 120
timeout $(( $(left) - 10 )) python3 -m pytest -q -rs -p no:cacheprovider \
  test/python/test_tile_opt_gpu.py test/python/test_staging_gpu.py \
  -k "linear or unaligned or layout or autotune" > "$R/pytest.txt" 2>&1
echo "pytest rc=$? ($((SECONDS - start)) s)"; tail -3 "$R/pytest.txt"
clock
gzip -q $R/*.txt $R/*.log
tar czf "$OUT/raw-tn-fix.tar.gz" -C $R --exclude pip.txt.gz --exclude build-tile-run.txt.gz .
