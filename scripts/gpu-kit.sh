# Sourced by the device scripts: the carried compiler kit (.kit/kit.tar.xz:
# tile-opt and its libraries) as $TILE_OPT, the Python package installed,
# tile-run built as $run, logs under $R (set by the caller).
#   R=/tmp/raw; mkdir -p $R; . scripts/gpu-kit.sh
T=/tmp/k; mkdir -p $T; tar xJf .kit/kit.tar.xz -C $T
export LD_LIBRARY_PATH=$T/kit/lib TILE_OPT=$T/kit/bin/tile-opt TILE_OPT_CACHE=/tmp/toc
python3 -m pip install -q --no-build-isolation --no-deps ./python > "$R/pip.txt" 2>&1 ||
  { echo "pip install failed"; tail -30 "$R/pip.txt"; exit 1; }
run=$(LD_LIBRARY_PATH= scripts/build-tile-run.sh 2> "$R/build-tile-run.txt") ||
  { echo "tile-run build failed"; tail -20 "$R/build-tile-run.txt"; exit 1; }
export PYTHONPATH=$PWD/python
