#!/usr/bin/env python3
"""measure.py's runs, cuBLAS, the shipped table and the hinted one (a
manifest under ef/). states: per shape and L2 state, the median us,
shipped / hinted with its verdict by the quartiles
(tile_bench.stats.compare), each over cuBLAS. chain: per projection and
block and M, shipped and hinted over cuBLAS and shipped / hinted
(geomeans over the families), with the families faster or slower.

  tables.py states.json.gz > states_table.txt
  tables.py chain-f16.json.gz chain-bf16.json.gz > blocks.txt
"""
import collections
import gzip
import json
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4)
sys.path[:0] = [os.path.join(root, "python"), os.path.join(root, "scripts")]
from fit_cost_model import geomean  # noqa: E402
from tile_bench.stats import compare  # noqa: E402

for path in sys.argv[1:]:
    run = json.load(gzip.open(path))
    chain = "part" in run["results"][0]
    cells = collections.defaultdict(dict)
    for r in run["results"]:
        impl = "cublas" if r["impl"] == "cuBLAS" else "ef" if "/ef/" in r["impl"] else "shipped"
        cells[(r["part"], r["m"], r["family"]) if chain else (r["shape"], r["state"])][impl] = r
    print("==", os.path.basename(path), run["device"])
    if not chain:
        for (shape, state), g in cells.items():
            c = compare(g["shipped"], g["ef"])
            us = {k: g[k]["ms"] * 1000 for k in ("cublas", "shipped", "ef")}
            print(f"{shape:>16} {state:5}  cuBLAS {us['cublas']:7.1f}  shipped {us['shipped']:7.1f}  "
                  f"hinted {us['ef']:7.1f} us  shipped / hinted {c['pct'] / 100:.3f} {c['verdict']:6}  "
                  f"over cuBLAS: shipped {us['cublas'] / us['shipped']:.3f}, "
                  f"hinted {us['cublas'] / us['ef']:.3f}")
        continue
    for part in ("block", "qkv", "o", "gate_up", "down"):
        for m in sorted({m for p, m, _ in cells if p == part}):
            rows = [g for (p, mm, _), g in cells.items() if p == part and mm == m]
            verdicts = [compare(g["shipped"], g["ef"])["verdict"] for g in rows]
            gain = [g["shipped"]["ms"] / g["ef"]["ms"] for g in rows]
            print(f"  {part:8} M {m:5}: shipped / cuBLAS "
                  f"{geomean([g['cublas']['ms'] / g['shipped']['ms'] for g in rows]):.3f}, hinted / cuBLAS "
                  f"{geomean([g['cublas']['ms'] / g['ef']['ms'] for g in rows]):.3f}, shipped / hinted "
                  f"{geomean(gain):.3f} [{min(gain):.3f}-{max(gain):.3f}] (hinted faster "
                  f"{verdicts.count('faster')}, slower {verdicts.count('slower')} of {len(rows)})")
