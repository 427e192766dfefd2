#!/usr/bin/env python3
"""The dispatch with m64n160's producer warpgroup against the dispatch
before (h100-check/dispatch-*.json.gz, check.sh): per run, each over
cuBLAS (geomean, below 0.90), over Triton's tuned-persistent, and the new
over the old with tile-bench's paired-quartile verdicts, where their picks
differ (only m64n160's kernel changed: the picks are the same) and where
the pick is m64n160.

  evaluate-check.py   (from this folder)
"""
import collections
import glob
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
from benchrows import geo, verdict  # noqa: E402

for path in sorted(glob.glob("h100-check/dispatch-*.json.gz")):
    by = collections.defaultdict(dict)
    for r in json.load(gzip.open(path, "rt"))["results"]:
        key = {"cublas": "cuBLAS", "triton": "Triton"}.get(r["kind"]) or \
            ("new" if "/new/" in r["impl"] else "old")
        by[r["shape"]][key] = r
    ok = {s: v for s, v in by.items() if v["old"]["pass"] and v["new"]["pass"]}
    print(f"== {os.path.basename(path)}: {len(ok)} shapes")
    for k in ("old", "new"):
        x = [v["cuBLAS"]["ms"] / v[k]["ms"] for v in ok.values()]
        tri = [v["Triton"]["ms"] / v[k]["ms"] for v in ok.values() if "Triton" in v]
        print(f"  {k}: {geo(x):.3f} of cuBLAS (below 0.90: {sum(a < 0.9 for a in x)}), "
              f"{geo(tri):.2f}x Triton")
    picked = {s: v for s, v in ok.items() if v["new"]["manifest"].endswith("__m64n160.json")}
    verdicts = collections.Counter(verdict(v["old"], v["new"]) for v in picked.values())
    ratio = [v["old"]["ms"] / v["new"]["ms"] for v in picked.values()]
    print(f"  where the pick is m64n160 ({len(picked)}): new over old {geo(ratio):.3f}; "
          f"faster {verdicts['faster']}, tie {verdicts['tie']}, slower {verdicts['slower']}")
    for s, v in sorted(picked.items()):
        print(f"    {s:>16} old {v['cuBLAS']['ms'] / v['old']['ms']:.3f} "
              f"new {v['cuBLAS']['ms'] / v['new']['ms']:.3f} of cuBLAS: {verdict(v['old'], v['new'])}")
