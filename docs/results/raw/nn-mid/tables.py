#!/usr/bin/env python3
"""This folder's tile-bench runs: per shape, each implementation's median
over cuBLAS's (same process), and where a run times one kernel at two L2
promotions (`<name>-p128` and `<name>-p256`), 256 -> 128 with the verdict
by the quartiles (tile_bench.stats.compare). Implementations are named by
their manifest's member (`__<member>`; the dispatch's rows as `dispatch
(<member>)`), folder (`nn-w192-p128`) or kind.

  tables.py nn-mid-*.json.gz promo-*.json.gz ../off-sector/off-*.json.gz > tables.txt
"""
import collections
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4, "python"))
from tile_bench.stats import compare  # noqa: E402


def name(r):
    if r["kind"] != "tile-opt":
        return r["impl"]
    base = os.path.basename(r["manifest"]).removesuffix(".json")
    folder = os.path.basename(os.path.dirname(r["manifest"]))
    member = base.split("__")[1] if "__" in base else folder
    return f"dispatch ({member})" if r["dispatch"] else member


for path in sys.argv[1:]:
    run = json.load(gzip.open(path))
    shapes = collections.defaultdict(dict)
    for r in run["results"]:
        shapes[r["shape"]][name(r)] = r
    print(f"== {os.path.basename(path)} ({run['results'][0]['layout']}, {run['device']['name']})")
    for shape, got in shapes.items():
        cublas = got.pop("cuBLAS")["ms"]
        cells = []
        for n, r in sorted(got.items()):
            if n.endswith("-p128") and n[:-4] + "p256" in got:
                c = compare(got[n[:-4] + "p256"], r)
                cells.append(f"{n[:-5]} {cublas / got[n[:-4] + 'p256']['ms']:.3f} -> "
                             f"{cublas / r['ms']:.3f} ({c['verdict']})")
            elif not n.endswith("-p256") or n[:-4] + "p128" not in got:
                cells.append(f"{n} {cublas / r['ms']:.3f}")
        print(f"  {shape:>15}  " + ", ".join(cells))
