#!/usr/bin/env bash
# Builds tile-run on its own (CUDA toolkit, CMake and Ninja; no MLIR), as a
# GPU machine without the compiler needs it, and prints the binary's path.
# The runtime it links needs nlohmann/json.hpp: the nlohmann-json3-dev
# package, or a copy in runtime/external (runtime/README.md says how).
# $TILE_RUN, when set, is used as it is.
#   run=$(scripts/build-tile-run.sh) || exit 1
set -euo pipefail
if [ -n "${TILE_RUN:-}" ]; then
  echo "$TILE_RUN"
  exit
fi
here=$(cd "$(dirname "$0")/.." && pwd)
build=/tmp/tile-run-build
cmake -S "$here/tools/tile-run" -B "$build" -G Ninja >&2
ninja -C "$build" >&2
echo "$build/tile-run"
