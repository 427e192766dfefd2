#!/usr/bin/env bash
# Device call 18: the tile_opt package's GPU tests and host overhead, with a carried tile-opt.
set -uo pipefail
export PYTHONUNBUFFERED=1
T=/tmp/k; mkdir -p $T; tar xJf kit/kit.tar.xz -C $T
export LD_LIBRARY_PATH=$T/kit/lib TILE_OPT=$T/kit/bin/tile-opt TILE_OPT_CACHE=/tmp/toc PYTHONPATH=$PWD/python
$TILE_OPT --version 2>&1 | head -2
python3 -c "import pytest, torch, cuda.bindings; print('pytest', pytest.__version__, 'torch', torch.__version__)"
timeout 200 python3 -m pytest -q -rs -p no:cacheprovider test/python/test_tile_opt_gpu.py > $OUT/tile_opt_gpu.txt 2>&1
echo "pytest rc=$?"; tail -25 $OUT/tile_opt_gpu.txt
timeout 60 python3 -m tile_opt.overhead > $OUT/overhead.txt 2>&1; echo "overhead rc=$?"; tail -8 $OUT/overhead.txt
nvidia-smi --query-gpu=clocks.sm,power.draw --format=csv,noheader
