#!/usr/bin/env bash
# One device call that calibrates config=auto's cost model: every member of
# the family (the nt bundles of scripts/auto-bundles.sh .kit/bundles/cal nt)
# timed by tile-bench next to torch.matmul (cuBLAS) on shape suites
# (scripts/suites.py), layout nt, f16, one process per group of M, L2
# flushed, 3 balanced rounds, each split-K member at each of SPLITS programs
# per tile (rows NAME@S); then every member checked on random shapes and
# memcheck on the members named in NEW.
#   SETS    suite:M-list pairs (unset: the calibration suite, every M,
#           then the classic shapes)
#   EXTRA   more manifests timed beside the members (the dispatch manifest,
#           candidate configurations)
#   SPLITS  programs per tile the split-K members are timed at (default
#           2,3,4,5,6,7,8, each up to the member's split_k)
#   RANDOM_SHAPES  random shapes per member (default 60; 0: none)
#   NEW     members for the sanitizers (default: the ones new in this table;
#           empty: none)
#   TOOLS   compute-sanitizer tools run on them (default memcheck)
#   LAYOUT  nt (default: the .kit/bundles/cal bundles) or nn (.kit/bundles/val)
#   MEMBERS the members timed, comma-separated (default: all)
# Carry: .kit/bundles, runtime/external.
#   bash scripts/gpu-calibrate.sh     (scripts/fit_cost_model.py reads the JSON)
set -uo pipefail
R=/tmp/raw-cal; BUDGET=${BUDGET:-540}; . scripts/gpu-budget.sh
. scripts/gpu-tools.sh
case ${LAYOUT:=nt} in
  nt) root=.kit/bundles/cal B=.kit/bundles/cal/f16/nt-auto ;;
  nn) root=.kit/bundles/val B=.kit/bundles/val/f16/auto ;;
  *) echo "LAYOUT must be nt or nn"; exit 1 ;;
esac
members=$(ls $B/*__*.json)
[ -n "${MEMBERS:-}" ] && members=$(for m in ${MEMBERS//,/ }; do echo $B/*__$m.json; done)
SETS=${SETS-"calibration:1,16,32 calibration:64,128,256 calibration:512,1024 calibration:2048
calibration:4096 calibration:8192 classic:"}
NEW=${NEW-m64k} NRANDOM=${RANDOM_SHAPES:-60} SPLITS=${SPLITS:-2,3,4,5,6,7,8}
clock
for set in $SETS; do
  [[ $set == *:* ]] || { echo "SETS: '$set' is not suite:M-list"; exit 1; }
  suite=${set%%:*} ms=${set#*:}
  shapes=$(python3 scripts/suites.py $suite ${ms:+--m $ms})
  t=$(left); [ $t -lt 60 ] && { echo "skip $set: out of time"; continue; }
  name=cal-$LAYOUT-$suite${ms:+-${ms//,/-}}
  timeout $((t - 40)) python3 python/tile-bench $members ${EXTRA:-} $shapes --layout $LAYOUT --anchors none \
    --rounds 3 --warmup-ms 2 --rep-ms 15 --seed 1 --splits $SPLITS --json "$R/$name.json" \
    > "$R/$name.txt" 2>&1
  echo "$set rc=$? ($((SECONDS - start)) s) $(clock)"
done
t=$(left)
if [ $t -gt 60 ] && [ $NRANDOM -gt 0 ]; then
  timeout $((t - 30)) python3 python/random_numerics.py --bundles $root --tile-run $run \
    --count $NRANDOM --max-dim 3000 --seed 7 --manifests '*__*.json' \
    --log "$R/random.log" > "$R/random.txt" 2>&1
  echo "random rc=$? ($((SECONDS - start)) s)"; tail -8 "$R/random.txt"
fi
new=
for m in ${NEW//,/ }; do
  f=$(ls $B/*__$m.json 2>/dev/null) || { echo "NEW: $B has no member $m"; exit 1; }
  new="$new $f"
done
for tool in ${TOOLS:-memcheck}; do
  [ -n "$new" ] || continue
  sanitize $tool $tool 30 $new \
    --layout $LAYOUT --shape 300x500x700 --shape 1x4096x4096 --shape 17x5120x3000
done
gzip -q $R/*.json $R/random.log 2>/dev/null
tar czf "$OUT/raw-cal.tar.gz" -C $R .
