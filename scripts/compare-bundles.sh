#!/usr/bin/env bash
# Checks that a compiler change leaves the output alone: builds
# make-bundles.sh's default set with two tile-opt binaries and compares every
# PTX file and manifest byte for byte.
#   scripts/compare-bundles.sh OLD_TILE_OPT [NEW_TILE_OPT]
# (NEW defaults to build/bin/tile-opt). Exits 1 and lists the files that
# differ, if any.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
old=${1:?usage: compare-bundles.sh OLD_TILE_OPT [NEW_TILE_OPT]}
new=${2:-$here/build/bin/tile-opt}
for t in "$old" "$new"; do
  [ -x "$t" ] || { echo "compare-bundles: $t is not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
TILE_OPT=$old "$here/scripts/make-bundles.sh" "$work/old" >/dev/null
TILE_OPT=$new "$here/scripts/make-bundles.sh" "$work/new" >/dev/null
n=$(find "$work/new" -name '*.ptx' | wc -l)
if diff -rq "$work/old" "$work/new"; then
  echo "compare-bundles: $n kernels, PTX and manifests byte-identical"
else
  echo "compare-bundles: the bundles differ" >&2
  exit 1
fi
