#!/usr/bin/env python3
"""Per member and splits in run.sh's pol-llm runs: default time / policy
time, geomean [range], and the shapes where the policy is faster or slower
by the quartiles (a difference inside them is a tie).

  policies.py pol-llm-*.json.gz > policies.txt
"""
import collections
import gzip
import json
import math
import sys

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
            faster = sum(r["ms_q75"] < base["ms_q25"] for base, r in pairs)
            slower = sum(r["ms_q25"] > base["ms_q75"] for base, r in pairs)
            g = math.exp(sum(map(math.log, ratios)) / len(ratios))
            print(f"  {member:6s} @{splits} {policy:6s} {g:.3f} [{min(ratios):.3f}-{max(ratios):.3f}]"
                  f"  faster {faster}, slower {slower} of {len(ratios)}")
