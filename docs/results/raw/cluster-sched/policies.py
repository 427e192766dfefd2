#!/usr/bin/env python3
"""Per member and splits in run.sh's pol-llm runs: default time / policy
time, geomean [range], and the shapes where the policy is faster or slower
by the quartiles (tile_bench.stats.compare; a difference inside them is a
tie), and geomeans as the fit takes them (fit_cost_model.geomean).

  policies.py pol-llm-*.json.gz > policies.txt
"""
import collections
import gzip
import json
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4)
sys.path[:0] = [os.path.join(root, "python"), os.path.join(root, "scripts")]
import fit_cost_model as fcm  # noqa: E402
from tile_bench.stats import compare  # noqa: E402

for path in sys.argv[1:]:
    rows = collections.defaultdict(dict)
    for r in json.load(gzip.open(path))["results"]:
        if r["kind"] != "tile-opt":
            continue
        name = r["impl"].split("__")[-1].split("@")[0].removesuffix(".json")
        policy = "spread" if name.endswith("_spread") else "lb" if name.endswith("_lb") else ""
        rows[name.removesuffix("_" + policy) if policy else name, r["splits"]][
            r["shape"], policy or "default"] = r
    print("==", path)
    for (member, splits), got in sorted(rows.items()):
        for policy in ("spread", "lb"):
            pairs = [(got[shape, "default"], r) for (shape, p), r in got.items() if p == policy]
            ratios = [base["ms"] / r["ms"] for base, r in pairs]
            verdicts = [compare(base, r)["verdict"] for base, r in pairs]
            faster, slower = verdicts.count("faster"), verdicts.count("slower")
            g = fcm.geomean(ratios)
            print(f"  {member:6s} @{splits} {policy:6s} {g:.3f} [{min(ratios):.3f}-{max(ratios):.3f}]"
                  f"  faster {faster}, slower {slower} of {len(ratios)}")
