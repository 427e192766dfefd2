#!/usr/bin/env python3
"""Per shape, the eight members the shipped model ranks first (its estimate
at the splits it would run) beside what one tile-bench run measured of each
at every split it timed, as a fraction of cuBLAS (the run read as the fit
reads it: scripts/fit_cost_model.py's load).

  explain.py RUN.json.gz SHAPE... > explain-m64.txt
"""
import sys

sys.path.insert(0, "scripts")
import fit_cost_model as f  # noqa: E402

table = f.shipped_table()
costs = f.table_costs(table)
runs = {shape: (cub, times) for shape, cub, times, _ in f.load(sys.argv[1])}
for shape in sys.argv[2:]:
    m, n, k = map(int, shape.split("x"))
    cub, times = runs[(m, n, k)]
    ranked = sorted(
        (f.least_ns(member["config"], costs[member["name"]], table["sms"], m, n, k,
                    slots=table.get("cluster_slots"), per_sm=f.per_sm(table, member["name"])),
         member["name"]) for member in table["members"])
    print(f"{shape}: cuBLAS {cub * 1e3:.1f} us")
    for (ns, splits), name in ranked[:8]:
        own = {f.unlabel(v)[1]: t for v, t in times.items()
               if t is not None and f.unlabel(v)[0] == name}
        at = f"{own[splits] * 1e3:5.1f} us" if splits in own else "  -     "
        ratios = ", ".join(f"@{s} {cub / t:.3f}" for s, t in sorted(own.items()))
        print(f"  {name:<8} @{splits}  estimated {ns / 1e3:5.1f} us  measured {at}"
              f"  of cuBLAS: {ratios or '-'}")
