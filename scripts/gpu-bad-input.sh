#!/usr/bin/env bash
# On the GPU machine: the bad-input cases that need a driver, each printed
# with its exit status. BUNDLE is a directory with matmul_f16.{json,ptx}
# compiled with index-bitwidth=64.
#   scripts/gpu-bad-input.sh BUNDLE
set -u
bundle=${1:?usage: gpu-bad-input.sh BUNDLE}
run=$("$(dirname "$0")/build-tile-run.sh" 2>/dev/null) || { echo "tile-run build failed"; exit 1; }
work=$(mktemp -d)
cp "$bundle"/matmul_f16.* "$work/"
case_() { # title command...
  local title=$1; shift
  echo "### $title"
  echo "\$ ${*#$work/}"
  "$@" > "$work/out" 2>&1
  local rc=$?
  grep -v "^  " "$work/out" | grep -E "tile-run:|check:|error" | head -4
  echo "exit=$rc"
}
sed 's/"kernel": "matmul_f16"/"kernel": "not_there"/' "$work/matmul_f16.json" > "$work/absent.json"
case_ "kernel absent from the PTX" "$run" "$work/absent.json" --shape 64x64x64
sed 's/^\.target sm_90$/.target sm_100a/; s/^\.version .*/.version 8.7/' "$work/matmul_f16.ptx" > "$work/sm100.ptx"
sed 's/"ptx": "matmul_f16.ptx"/"ptx": "sm100.ptx"/' "$work/matmul_f16.json" > "$work/sm100.json"
case_ "PTX for an architecture this GPU does not have (sm_100a)" "$run" "$work/sm100.json" --shape 64x64x64
head -c 2000 "$work/matmul_f16.ptx" > "$work/cut.ptx"
sed 's/"ptx": "matmul_f16.ptx"/"ptx": "cut.ptx"/' "$work/matmul_f16.json" > "$work/cut.json"
case_ "truncated PTX" "$run" "$work/cut.json" --shape 64x64x64
case_ "more than the device memory (C alone is 80 GB, its f32 reference 160 GB)" "$run" "$work/matmul_f16.json" --shape 200000x200000x1
case_ "valid bundle, odd shape (control)" "$run" "$work/matmul_f16.json" --shape 129x67x33 --reps 1 --warmup 0 --no-cublas-timing
rm -rf "$work"
