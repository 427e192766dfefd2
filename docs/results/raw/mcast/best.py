#!/usr/bin/env python3
"""Per run of run.sh: per shape the fastest shipped member (any splits
timed) and the fastest multicast candidate, each over cuBLAS, the shipped
dispatch's pick over cuBLAS, and each candidate over its own twin without
the cluster where the run has one (s128c2 / s128ws); geomeans by M.

  best.py mc-llm-*.json.gz > best.txt
  best.py --candidates m64n112k,m64n96k,m64n80k nk-*.json.gz   (raw/narrowk)
"""
import argparse
import collections
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4, "scripts"))
from fit_cost_model import geomean  # noqa: E402

p = argparse.ArgumentParser()
p.add_argument("--candidates", default="s64c2,smallc2,m64c2,s128c2,s128ws",
               type=lambda s: set(s.split(",")))
p.add_argument("runs", nargs="+")
args = p.parse_args()
CANDIDATES = args.candidates


def label(r):
    name = os.path.basename(r["impl"].split("@")[0]).removesuffix(".json")
    # tile-bench names a lone bundle by its folder (nt-<name>), a table's member by its manifest
    name = name.removeprefix("nt-").removeprefix("matmul_f16_nt").lstrip("_") or "dispatch"
    return name + (f"@{r['splits']}" if (r.get("splits") or 1) > 1 and name != "dispatch" else "")


by_m = collections.defaultdict(list)
for path in args.runs:
    shapes = collections.defaultdict(dict)
    for r in json.load(gzip.open(path))["results"]:
        if r["pass"]:
            shapes[r["shape"]]["cuBLAS" if r["kind"] == "cublas" else label(r)] = r
    for shape, rows in shapes.items():
        c = rows["cuBLAS"]["ms"]
        members = [(r["ms"], n) for n, r in rows.items()
                   if n not in ("cuBLAS", "dispatch") and n.split("@")[0] not in CANDIDATES]
        cands = [(r["ms"], n) for n, r in rows.items()
                 if n.split("@")[0] in CANDIDATES - {"s128ws"}]
        old, new = min(members), min(cands)
        pair = rows["s128ws"]["ms"] / rows["s128c2"]["ms"] if "s128c2" in rows and "s128ws" in rows else None
        by_m[int(shape.split("x")[0])].append((c / old[0], c / new[0], c / rows["dispatch"]["ms"], pair))
        print(f"{shape:>16}  member {old[1]:<10} {c / old[0]:.3f}  candidate {new[1]:<8} {c / new[0]:.3f}"
              f"  dispatch {c / rows['dispatch']['ms']:.3f}"
              + (f"  s128ws/s128c2 {pair:.3f}" if pair else ""))
for m, rows in sorted(by_m.items()):
    pairs = [p for *_, p in rows if p]
    print(f"M {m}: {len(rows)} shapes; best member {geomean([r[0] for r in rows]):.3f} of cuBLAS, "
          f"best candidate {geomean([r[1] for r in rows]):.3f}, dispatch {geomean([r[2] for r in rows]):.3f}; "
          f"a candidate faster than every member on {sum(r[1] > r[0] for r in rows)}"
          + (f"; s128ws / s128c2 {geomean(pairs):.3f}" if pairs else ""))
