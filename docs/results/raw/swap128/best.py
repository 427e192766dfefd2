#!/usr/bin/env python3
"""Per run of tile-bench (member rows at every split, cuBLAS): per shape the
fastest variant without the candidates and with them, as a fraction of
cuBLAS, and the geomean by M of each.

  best.py RUN.json.gz...
"""
import collections
import gzip
import json
import math
import re
import sys

CANDIDATES = {"s128w", "s128wk", "s64wk", "m64n160k", "m64n80k"}


def name(r):
    m = re.search(r"__(\w+)\.json", r.get("manifest") or "")
    return m.group(1) if m else None


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


by_m = collections.defaultdict(list)
for path in sys.argv[1:]:
    shapes = collections.defaultdict(dict)
    cublas = {}
    for r in json.load(gzip.open(path))["results"]:
        if r["kind"] == "cublas":
            cublas[r["shape"]] = r["ms"]
        elif r.get("pass") and name(r) and not r.get("dispatch"):
            label = name(r) + (f"@{r['splits']}" if (r.get("splits") or 1) > 1 else "")
            shapes[r["shape"]][label] = r["ms"]
    for shape, times in shapes.items():
        old = min((t, v) for v, t in times.items() if v.split("@")[0] not in CANDIDATES)
        new = min((t, v) for v, t in times.items())
        c = cublas[shape]
        by_m[int(shape.split("x")[0])].append((c / old[0], c / new[0]))
        print(f"{shape:>16}  best member {old[1]:<12} {c / old[0]:6.3f}   "
              f"with the candidates {new[1]:<12} {c / new[0]:6.3f}"
              + (f"  (+{old[0] / new[0] - 1:.1%})" if new[1] != old[1] else ""))
for m in sorted(by_m):
    rows = by_m[m]
    print(f"M {m}: {len(rows)} shapes; best member {geomean([o for o, _ in rows]):.3f} of cuBLAS, "
          f"with the candidates {geomean([n for _, n in rows]):.3f}; "
          f"a candidate fastest on {sum(n > o for o, n in rows)}")
