#!/usr/bin/env python3
"""The dispatch with the split-K members refitted (split-refit.sh) against
the shipped dispatch, on the layers whose pick it moves: each over cuBLAS
and Triton's tuned-persistent, and the refitted over the shipped with
tile-bench's paired-quartile verdicts, per layer.

  evaluate-split-refit.py   (from this folder)
"""
import collections
import glob
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
from benchrows import geo, verdict  # noqa: E402

for path in sorted(glob.glob("split-refit-*/dispatch.json.gz")):
    by = collections.defaultdict(dict)
    for r in json.load(gzip.open(path, "rt"))["results"]:
        key = {"cublas": "cuBLAS", "triton": "Triton"}.get(r["kind"]) or \
            ("refit" if "/opt" in r["impl"] else "shipped")
        by[r["shape"]][key] = r
    ok = {s: v for s, v in by.items() if v["shipped"]["pass"] and v["refit"]["pass"]}
    print(f"== {path}: {len(ok)} layers")
    for k in ("shipped", "refit"):
        x = [v["cuBLAS"]["ms"] / v[k]["ms"] for v in ok.values()]
        tri = [v["Triton"]["ms"] / v[k]["ms"] for v in ok.values() if "Triton" in v]
        print(f"  {k}: {geo(x):.3f} of cuBLAS (below 0.90: {sum(a < 0.9 for a in x)}), "
              f"{geo(tri):.2f}x Triton")
    said = collections.Counter(verdict(v["shipped"], v["refit"]) for v in ok.values())
    print(f"  refit over shipped: {geo([v['shipped']['ms'] / v['refit']['ms'] for v in ok.values()]):.3f};"
          f" faster {said['faster']}, tie {said['tie']}, slower {said['slower']}")
    for s, v in sorted(ok.items(), key=lambda e: tuple(map(int, e[0].split("x")))):
        name = lambda k: v[k]["manifest"].split("__")[-1].replace(".json", "") + \
            (f"@{v[k]['splits']}" if (v[k].get("splits") or 1) > 1 else "")
        print(f"    {s:>16} {name('shipped'):>9} {v['cuBLAS']['ms'] / v['shipped']['ms']:.3f} -> "
              f"{name('refit'):>9} {v['cuBLAS']['ms'] / v['refit']['ms']:.3f}: "
              f"{verdict(v['shipped'], v['refit'])}")
