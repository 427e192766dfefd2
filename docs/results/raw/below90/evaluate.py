#!/usr/bin/env python3
"""The layers below 0.90 (below90/run.sh's runs): per layer cuBLAS's time,
the shipped table's pick as the runtime makes it and its share of cuBLAS,
the fastest member (at any split count timed) and the next two, and the
model's estimate beside the measured time of the pick and of the fastest.
Needs the runtime's binding (pip install ./python) and build/bin/tile-opt
(each member's blocks per SM, as scripts/fit_cost_model.py reads them).
  evaluate.py RUN.json.gz...
"""
import collections
import gzip
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, "..", "..", "..", "..")
sys.path.insert(0, os.path.join(root, "scripts"))
import fit_cost_model as fit  # noqa: E402

table = fit.shipped_table()
costs = fit.table_costs(table)
config = {m["name"]: m["config"] for m in table["members"]}

for path in sys.argv[1:]:
    times = collections.defaultdict(dict)
    for r in json.load(gzip.open(path, "rt"))["results"]:
        if r["pass"]:
            name = "cublas" if r["kind"] == "cublas" else \
                fit.label(fit.member_of(r["impl"].split("@")[0]), r.get("splits") or 1)
            times[r["shape"]][name] = r["ms"] * 1000
    for shape, t in times.items():
        m, n, k = map(int, shape.split("x"))
        cub = t.pop("cublas")

        def est(variant):
            name, splits = fit.unlabel(variant)
            return fit.estimate_ns(dict(config[name], split_k=splits), costs[name], table["sms"],
                                   m, n, k, slots=table.get("cluster_slots"),
                                   per_sm=fit.per_sm(table, name)) / 1000

        pick = fit.label(*fit.pick(table, costs, (m, n, k)))
        ranked = sorted(t, key=t.get)
        best = ranked[0]
        print(f"{shape:>16} cuBLAS {cub:6.1f} us; pick {pick} {cub / t[pick]:.3f} "
              f"(model {est(pick):.0f} us, measured {t[pick]:.0f}); fastest {best} {cub / t[best]:.3f} "
              f"(model {est(best):.0f} us, measured {t[best]:.0f}); then "
              + ", ".join(f"{v} {cub / t[v]:.3f}" for v in ranked[1:3]))
