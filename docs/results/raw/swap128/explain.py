#!/usr/bin/env python3
"""Per shape, the eight members the shipped model ranks first (its estimate
at the splits it would run) beside what one tile-bench run measured of each
at every split it timed, as a fraction of cuBLAS.

  explain.py RUN.json.gz SHAPE... > explain-m64.txt
"""
import gzip
import importlib.util
import json
import re
import sys

spec = importlib.util.spec_from_file_location("fcm", "scripts/fit-cost-model.py")
f = importlib.util.module_from_spec(spec)
spec.loader.exec_module(f)

table = f.shipped_table()
costs = f.table_costs(table)
measured, cublas = {}, {}
for r in json.load(gzip.open(sys.argv[1]))["results"]:
    name = re.search(r"__(\w+)\.json", r.get("manifest") or "")
    if r["kind"] == "cublas":
        cublas[r["shape"]] = r["ms"]
    elif r.get("pass") and name and not r.get("dispatch"):
        measured.setdefault((r["shape"], name.group(1)), {})[r.get("splits") or 1] = r["ms"]
for shape in sys.argv[2:]:
    m, n, k = map(int, shape.split("x"))
    ranked = sorted(
        (f.least_ns(member["config"], costs[member["name"]], table["sms"], m, n, k,
                    slots=table.get("cluster_slots"), per_sm=f.per_sm(table, member["name"])),
         member["name"]) for member in table["members"])
    print(f"{shape}: cuBLAS {cublas[shape] * 1e3:.1f} us")
    for (ns, splits), name in ranked[:8]:
        times = measured.get((shape, name), {})
        at = f"{times[splits] * 1e3:5.1f} us" if splits in times else "  -     "
        ratios = ", ".join(f"@{s} {cublas[shape] / t:.3f}" for s, t in sorted(times.items()))
        print(f"  {name:<8} @{splits}  estimated {ns / 1e3:5.1f} us  measured {at}"
              f"  of cuBLAS: {ratios or '-'}")
