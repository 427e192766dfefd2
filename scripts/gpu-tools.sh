# Sourced by the device scripts: the Python package installed (its runtime
# binding built there), tile-run built as $run, logs under $R (set by the
# caller). scripts/gpu-kit.sh adds the carried compiler.
#   R=/tmp/raw; mkdir -p $R; . scripts/gpu-tools.sh
python3 -m pip install -q --no-build-isolation --no-deps ./python > "$R/pip.txt" 2>&1 ||
  { echo "pip install failed"; tail -30 "$R/pip.txt"; exit 1; }
run=$(LD_LIBRARY_PATH= scripts/build-tile-run.sh 2> "$R/build-tile-run.txt") ||
  { echo "tile-run build failed"; tail -20 "$R/build-tile-run.txt"; exit 1; }
export PYTHONPATH=$PWD/python
