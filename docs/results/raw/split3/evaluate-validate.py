#!/usr/bin/env python3
"""validate.sh's runs: on each shape of validate-shapes.txt (the 47 random
shapes whose pick moves, then the 14 suite shapes), the new pick against
the shipped one by the paired quartiles, both over cuBLAS and Triton; and
the dispatch manifest's row (this runtime) against the new pick's.

  evaluate-validate.py validate-1.json.gz validate-2.json.gz
"""
import collections
import gzip
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
from benchrows import geo, verdict  # noqa: E402

by = collections.defaultdict(dict)
for path in sys.argv[1:]:
    for r in json.load(gzip.open(path, "rt"))["results"]:
        name = r["impl"].split("/")[-1].replace("matmul_f16_nt__", "").replace(".json", "")
        by[r["shape"]][{"matmul_f16_nt": "dispatch"}.get(name, name)] = r
with open(os.path.join(here, "validate-shapes.txt")) as f:
    rows = [line.split() for line in f]
for label, part in (("random shapes", rows[:47]), ("suite shapes", rows[47:]), ("all", rows)):
    said = collections.Counter(verdict(by[s][o], by[s][n]) for s, o, n in part)
    agree = collections.Counter(verdict(by[s][n], by[s]["dispatch"]) for s, o, n in part)
    old = [by[s]["cuBLAS"]["ms"] / by[s][o]["ms"] for s, o, n in part]
    new = [by[s]["cuBLAS"]["ms"] / by[s][n]["ms"] for s, o, n in part]
    tri = [by[s]["tuned-persistent"]["ms"] / by[s][n]["ms"] for s, o, n in part]
    print(f"{label} ({len(part)}): new pick vs shipped {said['faster']} faster / {said['tie']} tie / "
          f"{said['slower']} slower, geomean {geo([a / b for a, b in zip(new, old)]):.3f}; "
          f"over cuBLAS {geo(old):.3f} -> {geo(new):.3f} (below 0.90: {sum(a < 0.9 for a in old)} -> "
          f"{sum(a < 0.9 for a in new)}), {geo(tri):.2f}x Triton; dispatch row vs new pick's row: {dict(agree)}")
print("\nshape: shipped pick (of cuBLAS) -> new pick (of cuBLAS), verdict")
for s, o, n in rows:
    v = by[s]
    print(f"  {s}: {o} {v['cuBLAS']['ms'] / v[o]['ms']:.3f} -> {n} {v['cuBLAS']['ms'] / v[n]['ms']:.3f} "
          f"({verdict(v[o], v[n])})")
