#!/usr/bin/env bash
# The staging change against the compiler before it, over warp-specialized
# configurations (cooperative 64 and 128 rows, pingpong 128; block_n 64-256
# by 16; 2-8 stages; f16 and f32 C; nn and nt): every configuration both
# compile must give byte-identical bundles; those only the new one compiles
# go through ptxas. Prints a line per difference, newly compiling
# configuration or new failure, then the counts.
#   docs/results/raw/n160ws/sweep.sh OLD_TILE_OPT [NEW_TILE_OPT]
set -u
OLD=${1:?the compiler before}; NEW=${2:-build/bin/tile-opt}
T=$(mktemp -d); trap "rm -rf $T" EXIT
same=0; diff=0; newok=0; bothfail=0; newfail=0
for src in examples/matmul_f16.mlir examples/matmul_f16_nt.mlir test/Pipelines/Inputs/matmul_f16_f32c.mlir test/Pipelines/Inputs/matmul_f16_f32c_nt.mlir; do
 for ws in cooperative pingpong; do
  for bm in 64 128; do
   [ $ws = pingpong ] && [ $bm = 64 ] && continue
   for bn in 64 80 96 112 128 144 160 176 192 208 224 240 256; do
    for st in 2 3 4 5 6 7 8; do
     nw=$([ $bm = 64 ] && [ $ws = cooperative ] && echo 4 || echo 8)
     opt="mma=wgmma schedule=persistent block-m=$bm block-n=$bn block-k=64 num-warps=$nw num-stages=$st warp-specialize=$ws"
     rm -rf $T/o $T/n
     $OLD $src --tile-to-ptx="$opt" --tile-bundle=$T/o -o /dev/null 2>/dev/null; a=$?
     $NEW $src --tile-to-ptx="$opt" --tile-bundle=$T/n -o /dev/null 2>/dev/null; b=$?
     if [ $a = 0 ] && [ $b = 0 ]; then
       if diff -rq $T/o $T/n >/dev/null; then same=$((same+1)); else diff=$((diff+1)); echo "DIFF $src $opt"; fi
     elif [ $a != 0 ] && [ $b = 0 ]; then
       newok=$((newok+1)); p=$(ls $T/n/*.ptx)
       r=$(ptxas -arch=sm_90a -v $p -o /dev/null 2>&1 | grep -oE "[0-9]+ bytes spill stores|error.*" | head -1)
       echo "NEWOK $(basename $src) bm=$bm bn=$bn st=$st $ws: $r"
     elif [ $a = 0 ]; then newfail=$((newfail+1)); echo "NEWFAIL $src $opt"
     else bothfail=$((bothfail+1)); fi
    done
   done
  done
 done
done
echo "same $same diff $diff newly-compiling $newok both-fail $bothfail new-fails $newfail"
