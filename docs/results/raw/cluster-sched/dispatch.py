#!/usr/bin/env python3
"""run.sh's disp runs: by M, the shipped dispatch and the spread one over
cuBLAS, shipped / spread with the shapes faster or slower by the
quartiles (tile_bench.stats.compare), and the shipped dispatch over
Triton's anchor (geomeans, fit_cost_model.geomean).

  dispatch.py disp-*.json.gz > dispatch.txt
"""
import collections
import gzip
import json
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4)
sys.path[:0] = [os.path.join(root, "python"), os.path.join(root, "scripts")]
from fit_cost_model import geomean  # noqa: E402
from tile_bench.stats import compare  # noqa: E402


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
        verdicts = [compare(r["auto"], r["spread"])["verdict"] for r in rows]
        faster, slower = verdicts.count("faster"), verdicts.count("slower")
        triton = [r["triton"]["ms"] / r["auto"]["ms"] for r in rows if "triton" in r]
        print(f"  M {m}: {len(rows)} shapes; shipped / cuBLAS {geomean(auto):.3f}; spread / cuBLAS "
              f"{geomean(spread):.3f}; shipped / spread {geomean(ab):.3f} (spread faster {faster}, "
              f"slower {slower}); shipped over Triton {geomean(triton):.3f}")
