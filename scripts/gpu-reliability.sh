#!/usr/bin/env bash
# On the GPU machine: compute-sanitizer (memcheck, racecheck, synccheck) on
# every bundle under BUNDLES on odd shapes, then randomized numerics over
# COUNT random shapes. Logs and a summary land in OUT.
#   scripts/gpu-reliability.sh BUNDLES OUT [COUNT]
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bundles=${1:?usage: gpu-reliability.sh BUNDLES OUT [COUNT]}
out=${2:?}
count=${3:-200}
mkdir -p "$out"
run=$("$here/scripts/build-tile-run.sh" 2>/dev/null) || { echo "tile-run build failed"; exit 1; }
summary=$out/summary.txt
: > "$summary"
# One process per tool, dtype and layout, with every bundle of the group and
# every shape: the sanitizer's error summary covers all of them.
sanitize() { # tool layout "shapes" manifests...
  local tool=$1 layout=$2 shapes=$3; shift 3
  local log="$out/sanitizer-$tool.log" args=()
  for s in $shapes; do args+=(--shape "$s"); done
  echo "## compute-sanitizer --tool $tool --layout $layout $shapes: $*" >> "$log"
  compute-sanitizer --tool "$tool" --kernel-name kns=matmul --error-exitcode 99 \
    "$run" "$@" "${args[@]}" --layout "$layout" --reps 1 --warmup 0 \
    --no-cublas-timing --seed 7 >> "$log" 2>&1
  local rc=$?
  local line
  line=$(grep -E "(ERROR|RACECHECK) SUMMARY" "$log" | tail -1)
  echo "$tool layout=$layout bundles=$# shapes='$shapes' rc=$rc ${line#*=========}" >> "$summary"
}
# The manifests among the rest whose "mma" is MMA, read as JSON, one a line.
with_mma() { # mma manifests...
  python3 -c 'import json, sys
print("\n".join(p for p in sys.argv[2:] if json.load(open(p)).get("mma", "sync") == sys.argv[1]))' "$@"
}
for dtype in f16 bf16; do
  all=$(ls "$bundles/$dtype"/*/*.json)
  tma=$(with_mma wgmma $all)
  nn=$(with_mma sync $all | grep -v '/nt-')
  nt=$(ls "$bundles/$dtype"/nt-*/*.json 2>/dev/null)
  for group in nn nt tma; do
    set -- ${!group}
    [ $# -gt 0 ] || continue
    layout=nn; [ $group = nt ] && layout=nt
    if [ $group = tma ]; then # N and K multiples of 8 (the manifests' n_multiple, k_multiple)
      sanitize memcheck $layout "129x72x40 1x8x8 1000x3000x520 1000x1016x520" "$@"
      sanitize racecheck $layout "129x72x40 257x256x136 1x8x8" "$@"
      sanitize synccheck $layout "129x72x40 257x256x136 1x8x8" "$@"
      continue
    fi
    sanitize memcheck $layout "129x67x33 1x1x1 1000x3000x515 1000x1016x520" "$@"
    sanitize racecheck $layout "129x67x33 257x255x136 1x1x1" "$@"
    sanitize synccheck $layout "129x67x33 257x255x136 1x1x1" "$@"
  done
done
cat "$summary"
PYTHONUNBUFFERED=1 python3 "$here/python/random_numerics.py" --bundles "$bundles" --tile-run "$run" \
  --count "$count" --log "$out/random.log" | tee "$out/random.txt"
