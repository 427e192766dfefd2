#!/usr/bin/env bash
# The compiler kit the device scripts carry (.kit/kit.tar.xz: kit/bin/tile-opt
# and kit/lib/): tile-opt relinked against LLVM's static component libraries
# instead of libLLVM.so (150 MB, over what a device call carries), stripped,
# with the one library a GPU image may lack (libzstd). About 12 MB.
#   scripts/make-kit.sh [OUT]   (default .kit/kit.tar.xz; after ninja -C build)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$here/.kit/kit.tar.xz}")
cfg=/usr/lib/llvm-22/bin/llvm-config
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/kit/bin" "$work/kit/lib" "$(dirname "$out")"
# ninja's own link line, the shared library swapped for the static ones.
link=$(cd "$here/build" && ninja -t commands bin/tile-opt | tail -1)
static="-L$($cfg --libdir) -Wl,--start-group $($cfg --link-static --libs | tr ' ' '\n' |
  grep -v Polly | tr '\n' ' ') -Wl,--end-group -lrt -ldl -lm -lz $(realpath /usr/lib/x86_64-linux-gnu/libzstd.so.1)"
link=${link//$($cfg --libdir)\/libLLVM.so.1/$static}
link=${link//-o bin\/tile-opt/-o $work/tile-opt}
(cd "$here/build" && bash -c "$link")
! ldd "$work/tile-opt" | grep -q libLLVM || { echo "make-kit: still linked to libLLVM.so" >&2; exit 1; }
strip -o "$work/kit/bin/tile-opt" "$work/tile-opt"
cp -L /usr/lib/x86_64-linux-gnu/libzstd.so.1 "$work/kit/lib/"
tar cf - -C "$work" kit | xz -T0 -9 > "$out.tmp" && mv "$out.tmp" "$out"
ls -la "$out"
