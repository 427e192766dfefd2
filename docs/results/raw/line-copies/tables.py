#!/usr/bin/env python3
"""run.py's JSON as a table: per shape, the dispatch with the line copies
never taken (as before them), always taken, and as the runtime chooses
now (its choice from the binding, against the shipped config=auto
bundles: the "always" row where it copies, else "never": the same kernel
and copies, timed in the same process), each as a share of cuBLAS's speed
in that process, and the choice against "never" by the quartiles (a tie
where the interquartile ranges overlap); then the kernel alone on rows of
whole lines and the runtime's copies' time ("always" less it) with their
rate. With --model-shipped (runs of the runtime as shipped: SET=heldout)
the "model" row itself is the shipped one. Needs the runtime's binding and
the bundles (scripts/auto-bundles.sh .kit/bundles/auto nt|nn).
  tables.py BUNDLES [--model-shipped] copies-*.json.gz
"""
import gzip
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, *[".."] * 4, "python"))
from tile_bench.bundle import load_manifest  # noqa: E402
from tile_bench.stats import compare  # noqa: E402

MANIFESTS = {"nt": "f16/nt-auto/matmul_f16_nt.json", "nn": "f16/auto/matmul_f16.json"}


def copied_bytes(layout, m, n, k):
    """Bytes the line copies read and write (f16): each of A and B that a
    plan with them copies and one without them does not (the runtime's
    rule, through the binding; the others are staged either way)."""
    member = dispatch[layout].choose(m, n, k, layout)[0]
    never, always = (member.plan(m, n, k, layout, line_copies=x).info() for x in (1, 2))
    return sum(2 * 2 * size for x, size in (("a", m * k), ("b", n * k))
               if always[x + "_copy_bytes"] and not never[x + "_copy_bytes"])


bundles = sys.argv[1]
model_shipped = "--model-shipped" in sys.argv
runs = [a for a in sys.argv[2:] if a != "--model-shipped"]
dispatch = {layout: load_manifest(os.path.join(bundles, p)) for layout, p in MANIFESTS.items()}
counts = {}
print("| layout | shape | never | always | shipped | shipped vs never | kernel on whole lines "
      "| copies (us, TB/s) |")
print("|---|---|---:|---:|---|---|---:|---:|")
for path in runs:
    doc = json.load(gzip.open(path, "rt"))
    for r in doc["rows"]:
        assert all(r["pass"].values()), (r["shape"], r["pass"])
        layout, s = r["layout"], r["stats"]
        m, n, k = map(int, r["shape"].split("x"))
        lines = dispatch[layout].choose(m, n, k, layout)[3]
        shipped = "always" if lines == 2 else "never"
        verdict = compare(s["never"], s["model" if model_shipped else shipped])
        counts[verdict["verdict"]] = counts.get(verdict["verdict"], 0) + 1

        def share(row):
            return f"{s['cuBLAS']['ms'] / s[row]['ms']:.3f}"
        nbytes = copied_bytes(layout, m, n, k)
        t = (s["always"]["ms"] - s["whole lines"]["ms"]) * 1e3
        copies = f"{t:.1f}, {nbytes / t / 1e6:.2f}" if nbytes else "(staged either way)"
        print(f"| {layout} | {r['shape']} | {share('never')} | {share('always')} | {shipped}"
              f"{' (' + share('model') + ')' if model_shipped else ''} "
              f"| {verdict['pct'] / 100:.3f} {verdict['verdict']} | {share('whole lines')} "
              f"| {copies} |")
print(f"\nshipped vs never, by the quartiles: {counts}")

print("\nStaged shapes (rows TMA cannot address): copies padded to 32-byte sectors "
      "against copies padded to whole lines, both torch's copies + the dispatch's pick on "
      "them, and the runtime's own staging (whole lines, cuMemcpy2D), as shares of cuBLAS")
print("| layout | shape | sector copies | line copies | line vs sector | runtime's staging |")
print("|---|---|---:|---:|---|---:|")
for path in runs:
    for r in json.load(gzip.open(path, "rt"))["rows"]:
        s = r["stats"]
        if "sector copies + kernel" not in s or \
                copied_bytes(r["layout"], *map(int, r["shape"].split("x"))):
            continue
        v = compare(s["sector copies + kernel"], s["torch copies + kernel"])
        cub = s["cuBLAS"]["ms"]
        print(f"| {r['layout']} | {r['shape']} | {cub / s['sector copies + kernel']['ms']:.3f} "
              f"| {cub / s['torch copies + kernel']['ms']:.3f} | {v['pct'] / 100:.3f} "
              f"{v['verdict']} | {cub / s['never']['ms']:.3f} |")
