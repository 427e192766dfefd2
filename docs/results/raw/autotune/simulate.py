#!/usr/bin/env python3
"""What timing the model's first N candidates would pick, on recorded runs:
per shape the members ranked by the shipped table's estimates (each at the
splits the model gives it, as tile_rt_bundle_candidates ranks them), the
fastest measured of the first N taken, summarized as fit_cost_model.py
--no-fit summarizes the model's own pick (N = 1). The runs are the fit's
(scripts/fit_cost_model.py's docstring names them); needs the package
installed and build/bin/tile-opt.

  simulate.py RUN...
"""
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..")
sys.path.insert(0, os.path.join(root, "scripts"))
import fit_cost_model as fit  # noqa: E402
table = fit.shipped_table()
costs = fit.table_costs(table)
data = fit.read_runs(sys.argv[1:])


def ranked(shape):
    out = []
    for m in table["members"]:
        ns, splits = fit.least_ns(m["config"], costs[m["name"]], table["sms"], *shape,
                                  slots=table.get("cluster_slots"),
                                  per_sm=fit.per_sm(table, m["name"]))
        out.append((ns, fit.label(m["name"], splits)))
    return [name for _, name in sorted(out, key=lambda e: e[0])]


for n in (1, 2, 3, 4, 6, 8):
    rows = []
    for shape, cub, times, tri in data:
        order = ranked(shape)
        if order[0] not in times:
            continue  # as the fit script: the pick was not run
        chosen = min((v for v in order[:n] if v in times), key=times.get)
        best = min((v for v in times if fit.unlabel(v)[0] in costs), key=times.get)
        rows.append((shape, chosen, best, times[chosen], times[best], cub, tri))
    fit.summary(rows, f"fastest of the first {n}")
