#!/usr/bin/env bash
# Sets up (scripts/setup.sh) and runs the lit suite; extra arguments go to lit.
#   scripts/test.sh [lit args...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup.sh" "$here/build"
export PATH="${CUDA_HOME:-/usr/local/cuda}/bin:$PATH"
/usr/lib/llvm-22/bin/lit -sv "$@" "$here/build/test"
