# Sourced by the device scripts: the carried compiler kit (.kit/kit.tar.xz:
# tile-opt and its libraries) as $TILE_OPT, then scripts/gpu-tools.sh (the
# Python package installed, tile-run built as $run, logs under $R, set by
# the caller).
#   R=/tmp/raw; mkdir -p $R; . scripts/gpu-kit.sh
T=/tmp/k; mkdir -p $T; tar xJf .kit/kit.tar.xz -C $T
export LD_LIBRARY_PATH=$T/kit/lib TILE_OPT=$T/kit/bin/tile-opt TILE_OPT_CACHE=/tmp/toc
. scripts/gpu-tools.sh
