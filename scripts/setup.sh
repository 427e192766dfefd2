#!/usr/bin/env bash
# Installs what tile-opt needs (LLVM/MLIR 22 from Debian, CMake, Ninja),
# configures and builds it. Safe to run again: installed packages are
# skipped and the build is incremental.
#   scripts/setup.sh [BUILD_DIR]     (default: build)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
llvm=/usr/lib/llvm-22
# nlohmann-json for the runtime's manifest reader and tile-run's report;
# python3-venv for the tests' Python (below).
packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools ninja-build cmake
          nlohmann-json3-dev python3-venv)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
[ -f "$llvm/lib/cmake/mlir/MLIRConfig.cmake" ] ||
  { echo "setup: MLIR 22 not found under $llvm after installing ${packages[*]}" >&2; exit 1; }

# The CUDA toolkit is optional for the compiler; without it there is no
# tile-run, no Python package (its binding needs cuda.h) and no ptxas checks.
cuda=${CUDA_HOME:-/usr/local/cuda}
if [ -x "$cuda/bin/ptxas" ] || command -v ptxas >/dev/null; then
  export PATH="$cuda/bin:$PATH"
  echo "setup: CUDA toolkit: $(command -v ptxas) ($(ptxas --version | tail -1))"
else
  echo "setup: no CUDA toolkit (looked for ptxas in $cuda/bin and on PATH):"
  echo "       tile-run and the Python package are not built, and the PTX"
  echo "       assembly tests are skipped."
fi

# The Python package (tile_opt, tile_bench and the runtime's binding, which
# pip builds with scikit-build-core and nanobind from PyPI) and the test
# tools, in a virtual environment in the build folder; lit runs test/python
# with it. The binding needs the CUDA toolkit's cuda.h.
venv=$build/venv
python_args=()
if command -v ptxas >/dev/null; then
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check pytest matplotlib
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "$here/python"
  python_args=(-DPython3_EXECUTABLE="$venv/bin/python")
  echo "setup: Python package installed in $venv"
fi

cmake -G Ninja -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DMLIR_DIR="$llvm/lib/cmake/mlir" -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" "${python_args[@]}" >/dev/null
ninja -C "$build"
echo "setup: built $(ls "$build"/bin | tr "\n" " ")in $build/bin"
