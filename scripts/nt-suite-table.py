#!/usr/bin/env python3
"""Per-shape % of torch.matmul of a tile-bench --json run (the config=auto
member each shape took), the geomean by M and over the run; with a second
run, each shape's figure there too (before -> after).
    scripts/nt-suite-table.py RUN.json[.gz] [BEFORE.json[.gz]]
"""
import collections
import gzip
import json
import math
import sys


def load(path):
    with (gzip.open if path.endswith(".gz") else open)(path, "rt") as f:
        results = json.load(f)["results"]
    return {r["shape"]: r for r in results if r["kind"] != "cublas"}


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


new = load(sys.argv[1])
old = load(sys.argv[2]) if len(sys.argv) > 2 else {}
by_m, by_m_old = collections.defaultdict(list), collections.defaultdict(list)
for shape, r in new.items():
    m = int(shape.split("x")[0])
    member = (r.get("manifest") or "").split("__")[-1].removesuffix(".json")
    line = f"{shape:16} {member:6} {r['pct_cublas']:6.1f} [{r['pct_cublas_lo']:.1f}-{r['pct_cublas_hi']:.1f}] {r['vs_cublas']}"
    by_m[m].append(r["pct_cublas"])
    if shape in old:
        by_m_old[m].append(old[shape]["pct_cublas"])
        line += f"  (before {old[shape]['pct_cublas']:.1f})"
    print(line + ("" if r["pass"] else "  FAIL"))
for m in sorted(by_m):
    before = f" (before {geomean(by_m_old[m]):.1f})" if by_m_old[m] else ""
    print(f"M {m}: geomean {geomean(by_m[m]):.1f}{before}")
every = [p for ps in by_m.values() for p in ps]
before = [p for ps in by_m_old.values() for p in ps]
print(f"all {len(every)}: geomean {geomean(every):.1f}"
      + (f" (before {geomean(before):.1f})" if before else "") + f", lowest {min(every):.1f}")
