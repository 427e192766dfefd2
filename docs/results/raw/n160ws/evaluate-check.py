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
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
from benchrows import dispatch_pair, dispatch_summary, geo, verdict  # noqa: E402

for path in sorted(glob.glob("h100-check/dispatch-*.json.gz")):
    ok = dispatch_pair(path, lambda impl: "/new/" in impl)
    print(f"== {os.path.basename(path)}: {len(ok)} shapes")
    dispatch_summary(ok)
    picked = {s: v for s, v in ok.items() if v["new"]["manifest"].endswith("__m64n160.json")}
    verdicts = collections.Counter(verdict(v["old"], v["new"]) for v in picked.values())
    ratio = [v["old"]["ms"] / v["new"]["ms"] for v in picked.values()]
    print(f"  where the pick is m64n160 ({len(picked)}): new over old {geo(ratio):.3f}; "
          f"faster {verdicts['faster']}, tie {verdicts['tie']}, slower {verdicts['slower']}")
    for s, v in sorted(picked.items()):
        print(f"    {s:>16} old {v['cuBLAS']['ms'] / v['old']['ms']:.3f} "
              f"new {v['cuBLAS']['ms'] / v['new']['ms']:.3f} of cuBLAS: {verdict(v['old'], v['new'])}")
