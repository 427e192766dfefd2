#!/usr/bin/env python3
"""Each split-K variant's measured time over the shipped model's estimate
(geomean per variant and M) on the given runs, and the picks within 3% of
the best member with each split count's estimate scaled by
1 + c * log2(splits / 2) (3 splits at their factor, scaled as 1.5), for
several c, on those runs. CPU only; needs the package (pip install ./python).

  ratios.py RUN...    (the fit's runs, members-h200-2's last)
"""
import math
import os
import sys
from collections import defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import fit_cost_model as fcm  # noqa: E402

table = fcm.shipped_table()
costs = fcm.table_costs(table)
members = {m["name"]: m for m in table["members"]}
data = fcm.read_runs(sys.argv[1:])


def estimate(name, splits, shape):
    cfg = dict(members[name]["config"], split_k=splits)
    return fcm.estimate_ns(cfg, costs[name], table["sms"], *shape,
                           slots=table.get("cluster_slots"), per_sm=fcm.per_sm(table, name))


ratios = defaultdict(list)
for shape, _, times, _ in data:
    for variant, ms in times.items():
        name, splits = fcm.unlabel(variant)
        if name in members and members[name]["config"].get("split_k", 1) > 1 and shape[0] <= 256:
            ratios[(name, splits, shape[0])].append(ms * 1e6 / estimate(name, splits, shape))
print("measured / estimated, geomean per split-K variant and M (shapes)")
for name, splits, m in sorted(ratios):
    v = ratios[(name, splits, m)]
    print(f"  {name}@{splits} M {m}: {fcm.geomean(v):.3f} ({len(v)})")

shipped_least = fcm.least_ns


def scaled(c):
    def least(cfg, cost, sms, m, n, k, elem=(2, 2, 2), slots=None, per_sm=1):
        top = cfg.get("split_k", 1)
        if top <= 1 or top > 8:
            return shipped_least(cfg, cost, sms, m, n, k, elem, slots, per_sm)
        best = None
        for s in (2, 4, 8):
            if s > top:
                break
            ns = fcm.estimate_ns(dict(cfg, split_k=s), cost, sms, m, n, k, elem, slots,
                                 per_sm) * (1 + c * math.log2(s / 2))
            if best is None or ns < best[0]:
                best = (ns, s)
        if top >= 3:
            three = 1.1 if cfg.get("swap_ab") else 1.25
            ns = three * fcm.estimate_ns(dict(cfg, split_k=3), cost, sms, m, n, k, elem, slots,
                                         per_sm) * (1 + c * math.log2(1.5))
            if ns < best[0]:
                best = (ns, 3)
        return best
    return least


print("picks within 3% of the best member, each split count's estimate scaled")
for c in (0, 0.03, 0.05, 0.08, 0.1):
    fcm.least_ns = scaled(c)
    rows = fcm.picks(table, costs, data)
    within = sum(r[3] <= 1.03 * r[4] for r in rows)
    by_m = defaultdict(list)
    for r in rows:
        by_m[r[0][0]].append(r[3] <= 1.03 * r[4])
    print(f"  c {c}: {within} of {len(rows)}; pick geomean {fcm.geomean([r[5] / r[3] for r in rows]):.4f}"
          f" of cuBLAS; M 16-256: " + ", ".join(f"{m} {sum(v)}/{len(v)}" for m, v in sorted(by_m.items())
                                                if 16 <= m <= 256))
