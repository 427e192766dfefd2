#!/usr/bin/env python3
"""The refitted dispatch against the shipped one, from refit/run.sh's
dispatch runs (each in one process beside cuBLAS and Triton): per run and
by M, the geomean of cuBLAS's time over each dispatch's, the layers below
0.90, tile-bench's quartile verdict of the refitted one against the
shipped one, and the layers whose pick moved.
  evaluate.py DISPATCH-RUN.json.gz...
"""
import collections
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
from benchrows import geo, verdict  # noqa: E402


def member(row):
    return row["manifest"].split("__")[-1].removesuffix(".json")


def report(path):
    by = collections.defaultdict(dict)
    doc = json.load(gzip.open(path, "rt"))
    for r in doc["results"]:
        key = {"cublas": "cublas", "triton": "triton"}.get(r["kind"])
        key = key or ("new" if r["impl"].startswith("/tmp/refit-bundles/") else "old")
        by[r["shape"]][key] = r
    rows = [v for v in by.values() if all(k in v and v[k]["pass"] for k in ("cublas", "old", "new"))]
    clocks = "; ".join(f"{k} {v['sm_clock_mhz']} MHz {v['power_w']:.0f} W"
                       for k, v in doc["gpu_state"].items() if isinstance(v, dict))
    print(f"{os.path.basename(path)}: {len(rows)} layers, {doc['device']['name']} ({clocks})")

    def line(label, rs):
        old = [r["cublas"]["ms"] / r["old"]["ms"] for r in rs]
        new = [r["cublas"]["ms"] / r["new"]["ms"] for r in rs]
        tri = [r["triton"]["ms"] / r["new"]["ms"] for r in rs if "triton" in r]
        v = collections.Counter(verdict(r["old"], r["new"]) for r in rs)
        moved = sum(member(r["old"]) != member(r["new"]) for r in rs)
        print(f"  {label:>8}: shipped {geo(old):.3f} ({sum(x < 0.9 for x in old)} below 0.90), "
              f"refitted {geo(new):.3f} ({sum(x < 0.9 for x in new)}); refitted vs shipped "
              f"{v['faster']} faster / {v['tie']} tie / {v['slower']} slower; picks moved {moved}"
              + (f"; refitted over Triton {geo(tri):.2f}" if tri else ""))

    line("all", rows)
    by_m = collections.defaultdict(list)
    for r in rows:
        by_m[int(r["cublas"]["shape"].split("x")[0])].append(r)
    for m in sorted(by_m):
        line(f"M {m}", by_m[m])
    for r in rows:
        c = r["cublas"]["ms"]
        if member(r["old"]) == member(r["new"]) and min(c / r["old"]["ms"], c / r["new"]["ms"]) < 0.9:
            print(f"    {r['cublas']['shape']:>16} {member(r['old']):>8} {c / r['old']['ms']:.3f}"
                  f" (refitted {c / r['new']['ms']:.3f}), below 0.90")
        if member(r["old"]) != member(r["new"]):
            print(f"    {r['cublas']['shape']:>16} {member(r['old']):>8} {c / r['old']['ms']:.3f}"
                  f" -> {member(r['new']):>8} {c / r['new']['ms']:.3f}  {verdict(r['old'], r['new'])}")


for p in sys.argv[1:]:
    report(p)
