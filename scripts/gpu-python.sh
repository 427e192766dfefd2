#!/usr/bin/env bash
# One device call (GPU machine, no MLIR, no network): installs the Python
# package there (pip builds the runtime's binding from ./python with the
# machine's nanobind and scikit-build-core; nlohmann's header travels in
# runtime/external), runs the Python GPU tests and measures host overhead and
# the torch.compile'd MLP. tile-opt comes from a carried kit: .kit/kit.tar.xz
# holding kit/bin/tile-opt and kit/lib/ (its shared libraries).
#   run with carry [".kit", "runtime/external"]:  bash scripts/gpu-python.sh
set -uo pipefail
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
T=/tmp/k; mkdir -p $T; tar xJf .kit/kit.tar.xz -C $T
export LD_LIBRARY_PATH=$T/kit/lib TILE_OPT=$T/kit/bin/tile-opt TILE_OPT_CACHE=/tmp/toc
$TILE_OPT --version 2>&1 | head -1
python3 -m pip install -q --no-build-isolation --no-deps ./python > "$OUT/pip.txt" 2>&1 ||
  { echo "pip install failed"; tail -30 "$OUT/pip.txt"; exit 1; }
(cd /tmp && python3 -c "import tile_runtime, torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)")
export PYTHONPATH=$PWD/python
timeout 420 python3 -m pytest -q -rs -p no:cacheprovider test/python/test_tile_opt_gpu.py \
  test/python/test_views_gpu.py test/python/test_tile_bench.py > "$OUT/pytest.txt" 2>&1
echo "pytest rc=$?"; tail -12 "$OUT/pytest.txt"
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
timeout 300 python3 -m tile_opt.overhead --batches 25 --mlp 512x4096x4096 \
  --json "$OUT/overhead.json" > "$OUT/overhead.txt" 2>&1
echo "overhead rc=$?"; cat "$OUT/overhead.txt"
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
