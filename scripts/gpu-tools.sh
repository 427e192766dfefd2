# Sourced by the device scripts: the Python package installed (its runtime
# binding built there), tile-run built as $run, logs under $R (set by the
# caller). scripts/gpu-kit.sh adds the carried compiler.
#   R=/tmp/raw; mkdir -p $R; . scripts/gpu-tools.sh
python3 -m pip install -q --no-build-isolation --no-deps ./python > "$R/pip.txt" 2>&1 ||
  { echo "pip install failed"; tail -30 "$R/pip.txt"; exit 1; }
run=$(LD_LIBRARY_PATH= scripts/build-tile-run.sh 2> "$R/build-tile-run.txt") ||
  { echo "tile-run build failed"; tail -20 "$R/build-tile-run.txt"; exit 1; }
export PYTHONPATH=$PWD/python
# A config=auto bundle folder's dispatch manifest, then its members NAME...:
#   manifests DIR KERNEL NAME...   (DIR/KERNEL.json, DIR/KERNEL__NAME.json)
manifests() {
  local dir=$1 kernel=$2 n; shift 2
  echo $dir/$kernel.json
  for n in "$@"; do echo $dir/${kernel}__$n.json; done
}
# One tile-bench run within the time left, its own timing options in
# $BENCH_OPTS (set by the caller), JSON and text under $R:
#   bench NAME TIME-LIMIT TILE-BENCH-ARGS...
bench() {
  local name=$1 t=$2; shift 2
  [ $(left) -lt $((t + 20)) ] && { echo "skip $name: out of time"; return; }
  timeout $t python3 python/tile-bench "$@" $BENCH_OPTS --json "$R/$name.json" \
    > "$R/$name.txt" 2>&1
  local rc=$?
  echo "$name rc=$rc ($((SECONDS - start)) s) $(clock)"
  [ $rc = 0 ] || tail -5 "$R/$name.txt"
}
# One bench per set of SETS, suite:T (the suite's own M) or suite:M-list:T,
# each within T seconds, named PREFIX-<suite>[-<Ms>]SUFFIX, its shapes after
# TILE-BENCH-ARGS:
#   bench_suites PREFIX SUFFIX "SETS" TILE-BENCH-ARGS...
bench_suites() {
  local prefix=$1 suffix=$2 sets=$3 set suite ms t; shift 3
  for set in $sets; do
    IFS=: read suite ms t <<< "$set"
    [ -z "$t" ] && { t=$ms; ms=; }
    bench $prefix-$suite${ms:+-${ms//,/-}}$suffix $t "$@" \
      $(python3 scripts/suites.py $suite ${ms:+--m $ms})
  done
}
# The shapes of FILE (its first column) in two tile-bench runs, PREFIX-1
# and PREFIX-2, each within T seconds, the SM clock after each:
#   bench_halves PREFIX T FILE TILE-BENCH-ARGS...
bench_halves() {
  local prefix=$1 t=$2 file=$3 part n; shift 3
  n=$(wc -l < "$file")
  for part in 1 2; do
    bench $prefix-$part $t "$@" $(awk -v p=$part -v h=$(( (n + 1) / 2 )) \
      '(p == 1 && NR <= h) || (p == 2 && NR > h) { printf "--shape %s ", $1 }' "$file")
    clock
  done
}
# compute-sanitizer's TOOL on tile-run (one launch per kernel and shape),
# if more than MIN seconds are left, within them less 10; writes
# $R/NAME.txt, prints its status and summary lines:
#   sanitize NAME TOOL MIN TILE-RUN-ARGS...
sanitize() {
  local name=$1 tool=$2 min=$3 t; shift 3
  t=$(left); [ $t -gt $min ] || { echo "skip $name: out of time"; return; }
  timeout $((t - 10)) compute-sanitizer --tool $tool $run "$@" \
    --reps 1 --rounds 1 --warmup 0 --no-cublas-timing > "$R/$name.txt" 2>&1
  echo "$name rc=$? ($((SECONDS - start)) s)"
  grep -E "(ERROR|RACECHECK) SUMMARY" "$R/$name.txt" | sort | uniq -c
}
# A dispatch manifest on random shapes (python/random_numerics.py, 100 per
# tile-run process), within the time left, reserving RESERVE seconds:
#   random_shapes NAME BUNDLES MANIFEST COUNT SEED RESERVE
# writes $R/NAME.txt and $R/NAME.log; prints the checks run and those failed.
random_shapes() {
  local name=$1 bundles=$2 manifest=$3 count=$4 seed=$5 reserve=$6 t
  t=$(left); [ $t -gt $((reserve + 10)) ] || { echo "skip $name: out of time"; return; }
  timeout $((t - reserve)) python3 python/random_numerics.py --bundles $bundles --tile-run $run \
    --count $count --max-dim 4096 --per-process 100 --seed $seed --manifests $manifest \
    --log "$R/$name.log" > "$R/$name.txt" 2>&1
  echo "$name rc=$? ($((SECONDS - start)) s)"; tail -2 "$R/$name.txt"
  grep -c "^check:" "$R/$name.log"; grep "^check:" "$R/$name.log" | grep -vc PASS
}
# A command within T seconds, if T + 10 are left, its output in $R/NAME.txt;
# prints its exit status and the output's last LINES lines:
#   within NAME T LINES COMMAND...
within() {
  local name=$1 t=$2 lines=$3; shift 3
  [ $(left) -lt $((t + 10)) ] && { echo "skip $name: out of time"; return 1; }
  timeout $t "$@" > "$R/$name.txt" 2>&1
  echo "$name rc=$? ($((SECONDS - start)) s)"
  [ $lines = 0 ] || tail -$lines "$R/$name.txt" | cut -c1-400
}
