#!/usr/bin/env python3
"""The shipped model's picks on the SET=picks shapes, beside its pick
without the line term (rows counted on whole lines, as before it: the
fit script's pick among the bundle's members) and what the SET=picks
process measured of each (its member rows at the same splits, or its
dispatch row), as a share of cuBLAS's speed in that process, and the
shipped pick against the one before by the quartiles (tile_bench.stats's
verdict: a tie where the interquartile ranges overlap); "untimed" where
the process ran neither. Needs the runtime's binding and
the config=auto bundles (scripts/auto-bundles.sh .kit/bundles/auto nt|nn).
  shipped.py BUNDLES > shipped.txt
"""
import gzip
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, *[".."] * 4, "scripts"))
sys.path.insert(0, os.path.join(here, *[".."] * 4, "python"))
import fit_cost_model as fit  # noqa: E402
import tile_runtime  # noqa: E402
from tile_bench.stats import compare  # noqa: E402

table = fit.shipped_table()
costs = fit.table_costs(table)
bundles = sys.argv[1]
for layout, manifest in (("nt", "f16/nt-auto/matmul_f16_nt.json"), ("nn", "f16/auto/matmul_f16.json")):
    dispatch = tile_runtime.load(os.path.join(bundles, manifest))
    names = {fit.member_of(m.info()["path"]) for m in dispatch.members()}
    times = {}
    for r in json.load(gzip.open(os.path.join(here, f"picks-{layout}.json.gz"), "rt"))["results"]:
        if not r.get("pass"):
            continue
        t = times.setdefault(r["shape"], {})
        if r["kind"] != "tile-opt":
            t[r["impl"]] = r
            continue
        variant = fit.label(fit.member_of(r["manifest"]), r.get("splits") or 1)
        if variant not in t or not r["dispatch"]:
            t[variant] = r
    anchor = "tuned-persistent" if layout == "nt" else "tma-persistent"
    print(f"== {layout}: shape: pick before -> shipped pick, of cuBLAS; fastest timed; {anchor}")
    for shape, t in times.items():
        m, n, k = map(int, shape.split("x"))
        member, _, splits, _ = dispatch.pick(m, n, k, layout)
        now = fit.label(fit.member_of(member.info()["path"]), splits or 1)
        old = fit.label(*fit.pick(table, costs, (m, n, k), members=names))

        def share(v):
            return f"{t['cuBLAS']['ms'] / t[v]['ms']:.3f}" if v in t else "untimed"
        members = [v for v in t if v not in ("cuBLAS", anchor)]
        best = min(members, key=lambda v: t[v]["ms"])
        verdict = f" ({compare(t[old], t[now])['verdict']})" \
            if old != now and old in t and now in t else ""
        print(f"  {shape}: {old} {share(old)} -> {now} {share(now)}{verdict}; "
              f"{best} {share(best)}; {anchor} {share(anchor) if anchor in t else '-'}")
