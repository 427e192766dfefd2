#!/usr/bin/env python3
"""m64n160's candidates against it (h200/cal-nt-*.json.gz, run.sh): per
candidate, tile-bench's paired-quartile verdicts (a range holding 1 is a
tie), the geomean of median times (m64n160 over the candidate) overall and
by M, and the shapes where it is slower; then the shapes where m64n160 or
a candidate is within 3% of the fastest of the five kernels timed.

  evaluate.py   (from this folder)
"""
import collections
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
from benchrows import geo, rows, versus  # noqa: E402

by = {}
for path in sorted(glob.glob("h200/cal-nt-*.json.gz")):
    by.update(rows(path))
BASE = "m64n160"
for new in ("m64n160ws", "m64n160ws6", "m64n160s6"):
    ratios, verdicts, by_m, slower = versus(by, BASE, new)
    print(f"{new:10} over {BASE} {len(ratios)} shapes: faster {verdicts['faster']}, tie "
          f"{verdicts['tie']}, slower {verdicts['slower']}; {geo(ratios):.3f}; by M "
          + ", ".join(f"{m} {geo(r):.3f}" for m, r in sorted(by_m.items())))
    if slower:
        print("  slower at " + "; ".join(slower))
near = collections.Counter()
for s, v in by.items():
    best = min(x["ms"] for x in v.values())
    for name, x in v.items():
        near[name] += x["ms"] <= 1.03 * best
print(f"within 3% of the fastest of the five, of {len(by)} shapes: " +
      ", ".join(f"{k} {n}" for k, n in sorted(near.items())))
