#!/usr/bin/env python3
"""On run.sh's pol-llm runs (default policy rows, read as the fit reads
runs: fit_cost_model.load), per split member: the splits the runtime's
estimate takes (of 2, 3 and 4, with the 3-split
factor: fit_cost_model.least_ns on the shipped table) against the fastest
measured, and the time the estimate's choice loses to it (geomean, and the
shapes where it loses more than 3%).

  splits.py pol-llm-*.json.gz > splits.txt      (from the repository root)
"""
import collections
import sys

sys.path.insert(0, "scripts")
import fit_cost_model as fcm  # noqa: E402

table = fcm.shipped_table()
costs = fcm.table_costs(table)
members = {m["name"]: m for m in table["members"]}
for path in sys.argv[1:]:
    times = collections.defaultdict(dict)
    for shape, _, variants, _ in fcm.load(path):
        for variant, ms in variants.items():
            name, splits = fcm.unlabel(variant)
            if ms is not None and not name.endswith(("_spread", "_lb")):
                times[name, "x".join(map(str, shape))][splits] = ms
    by_member = collections.defaultdict(list)
    for (name, shape), t in sorted(times.items()):
        mem = members[name]
        cfg = dict(mem["config"], split_k=min(mem["config"]["split_k"], 4))
        _, chosen = fcm.least_ns(cfg, costs[name], table["sms"],
                                 *map(int, shape.split("x")),
                                 slots=table.get("cluster_slots"),
                                 per_sm=fcm.per_sm(table, name))
        best = min(t, key=t.get)
        by_member[name].append((shape, chosen, best, t[chosen] / t[best]))
    print("==", path)
    for name, rows in sorted(by_member.items()):
        loss = fcm.geomean([x for *_, x in rows])
        worst = [f"{s} {c}→{b} {x:.2f}" for s, c, b, x in rows if x > 1.03]
        agree = sum(c == b for _, c, b, _ in rows)
        print(f"  {name:6s} chosen = fastest on {agree} of {len(rows)}; chosen / fastest "
              f"{loss:.3f}" + (f"; over 3%: {', '.join(worst)}" if worst else ""))
