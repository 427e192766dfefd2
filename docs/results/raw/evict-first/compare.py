#!/usr/bin/env python3
"""tile-bench runs of the shipped dispatch beside variants of it (bundle
folders named by --variants, e.g. ef): by M (or per run for classic,
kheavy, heldout), the shipped dispatch and each variant over cuBLAS,
shipped / variant with its range and the shapes faster or slower by the
quartiles (tile_bench.stats.compare), and the shipped dispatch over the
run's Triton anchor.

  compare.py --variants ef ef-*.json.gz > compare.txt
  compare.py --variants hint-b,hint-ab hint-llm-*.json.gz   (raw/l2-hint)
"""
import argparse
import collections
import gzip
import json
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4)
sys.path[:0] = [os.path.join(root, "python"), os.path.join(root, "scripts")]
from fit_cost_model import geomean  # noqa: E402
from tile_bench.stats import compare  # noqa: E402

p = argparse.ArgumentParser()
p.add_argument("--variants", required=True, type=lambda s: s.split(","))
p.add_argument("runs", nargs="+")
args = p.parse_args()


def key(r):
    if r["kind"] != "tile-opt":
        return r["kind"]
    return next((v for v in args.variants if f"/{v}/" in r["manifest"]), "shipped")


def ratio(rows, num, den):
    return geomean([g[num]["ms"] / g[den]["ms"] for _, g in rows])


for path in args.runs:
    shapes = collections.defaultdict(dict)
    for r in json.load(gzip.open(path))["results"]:
        shapes[r["shape"]][key(r)] = r
    by_m = collections.defaultdict(list)
    per_m = "llm" in path
    for shape, got in shapes.items():
        by_m[int(shape.split("x")[0]) if per_m else "all"].append((shape, got))
    print("==", os.path.basename(path))
    for m, rows in sorted(by_m.items(), key=lambda x: str(x[0]).zfill(6)):
        lines = [f"{'M ' + str(m) if per_m else 'all'}: {len(rows)} shapes; shipped / cuBLAS "
                 f"{ratio(rows, 'cublas', 'shipped'):.3f}"]
        for v in args.variants:
            gain = [g["shipped"]["ms"] / g[v]["ms"] for _, g in rows]
            verdicts = [(s, compare(g["shipped"], g[v])) for s, g in rows]
            faster = [f"{s} {c['pct'] / 100:.3f}" for s, c in verdicts if c["verdict"] == "faster"]
            slower = [f"{s} {c['pct'] / 100:.3f}" for s, c in verdicts if c["verdict"] == "slower"]
            lines.append(f"{v} / cuBLAS {ratio(rows, 'cublas', v):.3f}; shipped / {v} "
                         f"{geomean(gain):.3f} [{min(gain):.3f}-{max(gain):.3f}], faster on "
                         f"{len(faster)}, slower on {len(slower)}"
                         + (f": {', '.join(slower)}" if slower else ""))
        if all("triton" in g for _, g in rows):
            lines.append(f"shipped over Triton {ratio(rows, 'triton', 'shipped'):.3f}")
        print("  " + ";\n    ".join(lines))
