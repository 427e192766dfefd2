#!/usr/bin/env python3
"""shapes.md's table of the one-consumer candidates from this folder's runs
(h100/cal-nt-*.json.gz): each 64-row member against itself with a producer
warpgroup (quartiles paired: a range holding 1 is a tie), the geomean of
median times, member over candidate, overall and by M; the shapes where a
candidate is slower; the best member beside cuBLAS without the candidates
and with them; given the shipped dispatch's picks on these shapes
(tile-run's --dry-run lines), the picked members with and without their
producer warpgroup, as fractions of cuBLAS.

  evaluate.py [PICKS]   (from this folder)
  PICKS: tile-run <auto bundle>/matmul_f16_nt.json --layout nt --dry-run --shape ... > PICKS
"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
from benchrows import geo, rows, verdict, versus  # noqa: E402

by = {}
for path in sorted(glob.glob("h100/cal-nt-*.json.gz")):
    by.update(rows(path))
SHIPPED = ("m64", "m64n80", "m64n112", "m64n192")  # took the producer warpgroup
PAIRS = [(m, m + "ws") for m in SHIPPED + ("m64n160", "m64w")] + \
        [("small0", "small"), ("small", "o64n48ws")]
CANDIDATES = {new for _, new in PAIRS if new != "small"}

for old, new in PAIRS:
    ratios, verdicts, by_m, slower = versus(by, old, new)
    print(f"{new:9} over {old:7} {len(ratios)} shapes: faster {verdicts['faster']}, tie "
          f"{verdicts['tie']}, slower {verdicts['slower']}; {geo(ratios):.3f}; by M "
          + ", ".join(f"{m} {geo(r):.3f}" for m, r in sorted(by_m.items())))
    if slower and new != "o64n48ws":
        print("  slower at " + "; ".join(slower))

for label, allowed in (("without the candidates", lambda n: n not in CANDIDATES),
                       ("with them", lambda n: True)):
    best = []
    for s, v in by.items():
        ms = [r["ms"] for n, r in v.items() if n != "cuBLAS" and allowed(n) and r["pass"]]
        if "cuBLAS" in v and ms:
            best.append(v["cuBLAS"]["ms"] / min(ms))
    print(f"best member {label}: {geo(best):.3f} of cuBLAS over {len(best)} shapes, "
          f"below 0.90: {sum(x < 0.9 for x in best)}")

if len(sys.argv) > 1:
    picks = dict(re.match(r"dispatch: (\S+) -> .*__(\w+)\.json", line).groups()
                 for line in open(sys.argv[1]) if line.startswith("dispatch: "))
    before, after = [], []
    for s, name in sorted(picks.items()):
        v = by.get(s, {})
        if name not in SHIPPED or name + "ws" not in v:
            continue
        cub, a, b = v["cuBLAS"]["ms"], v[name], v[name + "ws"]
        before.append(cub / a["ms"])
        after.append(cub / b["ms"])
        print(f"  {s} picks {name}: {before[-1]:.3f} -> {after[-1]:.3f} of cuBLAS ({verdict(a, b)})")
    print(f"the shipped members' picks, {len(before)} shapes: {geo(before):.3f} -> {geo(after):.3f}")
