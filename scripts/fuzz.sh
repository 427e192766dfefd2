#!/usr/bin/env bash
# Builds the libFuzzer target (clang-22, ASan + UBSan) and fuzzes tile-opt's
# parse -> verify -> tile-to-ptx pipeline, and config=auto's tune-cache
# reader, for SECONDS, starting from the checked-in corpus (test/fuzz-corpus:
# kernels, tiled IR, tune caches; new inputs go to a scratch copy).
# Exits non-zero on any crash, hang (> 60 s per input: a busy CI machine
# makes slow inputs look hung at 20 s) or sanitizer report;
# the offending input is left as crash-*/timeout-* in the current directory.
#   scripts/fuzz.sh [SECONDS]      (default 60)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
missing=()
for p in clang-22 libclang-rt-22-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
build=$here/build-fuzz
cmake -G Ninja -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DTILE_ENABLE_FUZZER=ON -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
  -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
ninja -C "$build" tile-fuzz
corpus=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$corpus" "$log"' EXIT
cp "$here"/test/fuzz-corpus/* "$corpus/"
status=0
"$build/bin/tile-fuzz" "$corpus" -max_total_time="$seconds" -timeout=60 \
  -rss_limit_mb=6144 -print_final_stats=1 > "$log" 2>&1 || status=$?
grep -v "^#[0-9]" "$log" || true
# The last progress line: executions, coverage (cov: edges, ft: features),
# corpus size.
grep "^#[0-9]" "$log" | tail -1 || true
exit "$status"
