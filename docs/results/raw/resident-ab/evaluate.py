#!/usr/bin/env python3
"""The old and new tables' picks on one tile-bench run that timed every
member either picks (beside cuBLAS and Triton, one process): per shape the
two picks' % of cuBLAS, new against old with the quartiles paired (a range
holding 100% is a tie), and the shipped dispatch manifest's own row.

  evaluate.py TABLE_BEFORE TILE_OPT RUN.json.gz...   (from the repository root)
"""
import collections
import gzip
import json
import math
import os
import sys

sys.path.insert(0, "python")
from tile_bench.stats import compare  # noqa: E402

sys.path.insert(0, "scripts")
import fit_cost_model as fit  # noqa: E402
old = json.load(open(sys.argv[1]))
# Before the runtime counted blocks per SM: one for every member.
old.setdefault("blocks_per_sm", {m["name"]: 1 for m in old["members"]})
new = json.load(open(os.path.join("data", "sm_90a.json")))
new["blocks_per_sm"] = fit.blocks_per_sm(os.path.join("data", "sm_90a.json"), sys.argv[2])


def geo(x):
    return math.exp(sum(map(math.log, x)) / len(x)) if x else float("nan")


for path in sys.argv[3:]:
    doc = json.load(gzip.open(path, "rt"))
    by = collections.defaultdict(dict)
    for r in doc["results"]:
        s = r["shape"]
        if r["kind"] == "cublas": by[s]["cublas"] = r
        elif r["kind"] == "triton": by[s]["triton"] = r
        elif r.get("dispatch"): by[s]["dispatch"] = r
        else:
            by[s][fit.label(fit.member_of(r["manifest"]), r.get("splits"))] = r
    print(f"== {path}: {len(by)} shapes")
    ro, rn, wins, ties, losses, tri = [], [], 0, 0, 0, []
    for s, e in by.items():
        shape = tuple(map(int, s.split("x")))
        po, pn = (fit.label(*fit.pick(t, fit.table_costs(t), shape)) for t in (old, new))
        if po not in e or pn not in e:
            print("  missing", s, po, pn, sorted(e)); continue
        a, b = e[po], e[pn]
        if not (a.get("pass") and b.get("pass")): print("  FAIL", s); continue
        from_ = a["pct_cublas"]; to = b["pct_cublas"]
        # new vs old: quartiles paired pessimistically/optimistically
        c = compare(a, b); lo, hi, v = c["pct_lo"], c["pct_hi"], c["verdict"]
        wins += v == "faster"; ties += v == "tie"; losses += v == "slower"
        ro.append(from_ / 100); rn.append(to / 100)
        d = e.get("dispatch")
        dtxt = f" dispatch {d['pct_cublas']:.1f}%" if d else ""
        t = e.get("triton")
        if t: tri.append(t["ms"] / b["ms"])
        print(f"  {s:>16} old {po:8} {from_:6.1f}%  new {pn:8} {to:6.1f}%  new/old {100*a['ms']/b['ms']:6.1f}% [{lo:.1f}-{hi:.1f}] {v}{dtxt}")
    print(f"  geomean vs cuBLAS: old picks {geo(ro):.3f}, new picks {geo(rn):.3f}; new faster {wins}, tie {ties}, slower {losses}; below 1.0: old {sum(x<1 for x in ro)}, new {sum(x<1 for x in rn)}; new vs Triton {geo(tri):.2f}x")
