#!/usr/bin/env bash
# Every member of the config=auto table (and m64n160ws6, a candidate) timed
# side by side with cuBLAS on an H200, f16 x @ w.T (nt), splits 2, 4 and 8
# for the split-K members, L2 flushed, 3 rotated rounds: two device calls
# of scripts/gpu-members.sh on the candidate bundles of
# docs/results/raw/n160ws (candidates.py, compiled as its run.sh says):
#   a/: the llm layers at M 48, 64, 128 and 200, 256, 512
#   b/: the llm layers at M 1, 16, 32; M 1024, 2048, 8192 (cut at its
#       time limit: text only, 50 of 51 shapes); the heldout layers at M 48
#       and 200; the classic shapes
# (carry .kit/bundles and runtime/external)
A=.kit/bundles/cand/f16/nt-auto
MEMBERS="$(ls $A/*__*.json | grep -v -e '__m64n160ws.json' -e '__m64n160s6.json')"
export MEMBERS SPLITS=2,4,8 RANDOM_SHAPES=0
case ${CALL:-a} in
  a) SETS="llm:48,64,128:260 llm:200,256,512:260" BUDGET=570 bash scripts/gpu-members.sh ;;
  b) SETS="llm:1,16,32:200 llm:1024,2048,8192:200 heldout:48,200:110 classic:60" BUDGET=580 \
       bash scripts/gpu-members.sh ;;
esac
tar czf "$OUT/raw-members.tar.gz" -C /tmp/raw-members --exclude pip.txt --exclude build-tile-run.txt .
