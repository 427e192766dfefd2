#!/usr/bin/env python3
"""run.sh's disp runs: by M, the shipped dispatch and the spread one over
cuBLAS, shipped / spread with the shapes faster or slower by the
quartiles, and the shipped dispatch over Triton's anchor (geomeans).

  dispatch.py disp-*.json.gz > dispatch.txt
"""
import collections
import gzip
import json
import math
import sys


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


for path in sys.argv[1:]:
    run = json.load(gzip.open(path))
    shapes = collections.defaultdict(dict)
    for r in run["results"]:
        key = r["kind"] if r["kind"] != "tile-opt" else "spread" if "_spread" in r["impl"] else "auto"
        shapes[r["shape"]][key] = r
    by_m = collections.defaultdict(list)
    for shape, got in shapes.items():
        by_m["all" if "kheavy" in path else int(shape.split("x")[0])].append(got)
    print("==", path)
    for m, rows in sorted(by_m.items(), key=lambda x: str(x[0]).zfill(6)):
        auto = [r["cublas"]["ms"] / r["auto"]["ms"] for r in rows]
        spread = [r["cublas"]["ms"] / r["spread"]["ms"] for r in rows]
        ab = [r["auto"]["ms"] / r["spread"]["ms"] for r in rows]
        faster = sum(r["spread"]["ms_q75"] < r["auto"]["ms_q25"] for r in rows)
        slower = sum(r["spread"]["ms_q25"] > r["auto"]["ms_q75"] for r in rows)
        triton = [r["triton"]["ms"] / r["auto"]["ms"] for r in rows if "triton" in r]
        print(f"  M {m}: {len(rows)} shapes; shipped / cuBLAS {geomean(auto):.3f}; spread / cuBLAS "
              f"{geomean(spread):.3f}; shipped / spread {geomean(ab):.3f} (spread faster {faster}, "
              f"slower {slower}); shipped over Triton {geomean(triton):.3f}")
