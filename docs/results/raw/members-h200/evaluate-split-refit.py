#!/usr/bin/env python3
"""The dispatch with the split-K members refitted (split-refit.sh) against
the shipped dispatch, on the layers whose pick it moves: each over cuBLAS
and Triton's tuned-persistent, and the refitted over the shipped with
tile-bench's paired-quartile verdicts, per layer.

  evaluate-split-refit.py   (from this folder)
"""
import collections
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
from benchrows import dispatch_pair, dispatch_summary, geo, verdict  # noqa: E402

NAMES = ("shipped", "refit")
for path in sorted(glob.glob("split-refit-*/dispatch.json.gz")):
    ok = dispatch_pair(path, lambda impl: "/opt" in impl, NAMES)
    print(f"== {path}: {len(ok)} layers")
    dispatch_summary(ok, NAMES)
    said = collections.Counter(verdict(v["shipped"], v["refit"]) for v in ok.values())
    print(f"  refit over shipped: {geo([v['shipped']['ms'] / v['refit']['ms'] for v in ok.values()]):.3f};"
          f" faster {said['faster']}, tie {said['tie']}, slower {said['slower']}")
    for s, v in sorted(ok.items(), key=lambda e: tuple(map(int, e[0].split("x")))):
        name = lambda k: v[k]["manifest"].split("__")[-1].replace(".json", "") + \
            (f"@{v[k]['splits']}" if (v[k].get("splits") or 1) > 1 else "")
        print(f"    {s:>16} {name('shipped'):>9} {v['cuBLAS']['ms'] / v['shipped']['ms']:.3f} -> "
              f"{name('refit'):>9} {v['cuBLAS']['ms'] / v['refit']['ms']:.3f}: "
              f"{verdict(v['shipped'], v['refit'])}")
