#!/usr/bin/env python3
"""The model's pick with 3 splits in a cluster at a cost factor p (its
3-split estimate times p against the powers of two), against the shipped
pick (3 not tried), on three sets of shapes, each timed in one process with
every pick in question as a member row, cuBLAS and Triton (H100):

  suites  (run.sh, h100/): the 48 suite shapes whose pick 3 moves at p = 1
          (shapes.txt), every member at 2, 3, 4 and 8 splits, nt;
  nt      (validate.sh, h100-validate/): the 47 of random-shapes.py's 1500
          and the 14 suite shapes whose pick p = 1.1 moves, nt;
  nn      (validate-nn.sh, h100-validate-nn/): the 65 random and 18 suite
          shapes whose pick p = 1.1 moves in the nn bundle.

A larger p moves a subset of a smaller one's picks, so every p from 1.1 up
is timed on the last two sets. picks/<set>-<p>.txt: `tile-run --dry-run`
of each shape with kThreeSplitCost = p (runtime/src/dispatch.cpp), the
shipped pick in suite-0.txt and the validate*-shapes.txt files' second
column. Prints, per set and p: the picks moved, the new pick against the
old by the paired quartiles, the geomean of old ÷ new time, the picks below
0.90 of cuBLAS before and after, the worst; then each shape the shipped p
moves, and whether the dispatch manifest's row (the runtime as built on
the GPU) agrees with the pick's own.

  evaluate.py
"""
import collections
import glob
import gzip
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
from benchrows import geo, merged, verdict  # noqa: E402

SHIPPED = "1.25"


def load(folder):
    """{shape: {name: row}} of the folder's runs; the dispatch manifest's
    rows as "dispatch"."""
    return merged(sorted(glob.glob(os.path.join(here, folder, "*.json.gz"))))


def picks(name):
    with open(os.path.join(here, name)) as f:
        return dict(line.split()[:2] for line in f)


SETS = [("suites", load("h100"), picks("picks/suite-0.txt"), "suite"),
        ("nt", load("h100-validate"), picks("validate-shapes.txt"), "random-nt"),
        ("nn", load("h100-validate-nn"), picks("validate-nn-shapes.txt"), "random-nn")]

for label, by, old, key in SETS:
    agree = collections.Counter(verdict(by[s][old[s] if label == "suites" else n], by[s]["dispatch"])
                                for s, n in picks(f"picks/{key}-1.1.txt").items())
    print(f"{label}: the dispatch row against the row of the pick it should make "
          f"({'shipped' if label == 'suites' else 'p = 1.1'}): {dict(agree)}")
for p in ["1.0", "1.1", "1.15", "1.2", "1.25", "1.3", "1.4"]:
    print(f"p = {p}")
    for label, by, old, key in SETS:
        path = f"picks/{key}-{p}.txt"
        if not os.path.exists(os.path.join(here, path)):
            continue
        new = picks(path)
        moved = [s for s in old if new[s] != old[s]]
        said = collections.Counter(verdict(by[s][old[s]], by[s][new[s]]) for s in moved)
        ratio = {s: by[s][old[s]]["ms"] / by[s][new[s]]["ms"] for s in moved}
        low = [sum(by[s]["cuBLAS"]["ms"] / by[s][x[s]]["ms"] < 0.9 for s in old) for x in (old, new)]
        worst = min(ratio, key=ratio.get) if moved else None
        print(f"  {label} ({len(old)}): {len(moved)} moved, {said['faster']} faster / "
              f"{said['tie']} tie / {said['slower']} slower, geomean {geo(list(ratio.values())) if moved else 1:.3f}; "
              f"below 0.90 of cuBLAS {low[0]} -> {low[1]}"
              + (f"; worst {worst} {ratio[worst]:.3f}" if worst else ""))
for label, by, old, key in SETS:
    new = picks(f"picks/{key}-{SHIPPED}.txt")
    moved = [s for s in old if new[s] != old[s]]
    over = {a: geo([by[s][a]["ms"] / by[s][new[s]]["ms"] for s in moved])
            for a in ("tuned-persistent", "tma-persistent") if all(a in by[s] for s in moved)}
    print(f"{label}, the {len(moved)} picks p = {SHIPPED} moves, over Triton's "
          + ", ".join(f"{a} {x:.2f}x" for a, x in over.items()))
print(f"\nmoved at p = {SHIPPED}: shipped pick (of cuBLAS) -> new pick (of cuBLAS, of Triton's "
      "tuned-persistent), verdict")
for label, by, old, key in SETS:
    new = picks(f"picks/{key}-{SHIPPED}.txt")
    for s in sorted(old, key=lambda s: [int(x) for x in s.split("x")]):
        if new[s] != old[s]:
            v = by[s]
            print(f"  {label} {s}: {old[s]} {v['cuBLAS']['ms'] / v[old[s]]['ms']:.3f} -> {new[s]} "
                  f"{v['cuBLAS']['ms'] / v[new[s]]['ms']:.3f}, "
                  f"{v['tuned-persistent']['ms'] / v[new[s]]['ms']:.2f}x ({verdict(v[old[s]], v[new[s]])})")

# final.sh: the dispatch manifests under the shipped runtime on the shapes
# the shipped factor moves, beside cuBLAS and Triton (another process).
for layout in ("nt", "nn"):
    path = os.path.join(here, "h100-final", f"dispatch-{layout}.json.gz")
    kinds = collections.defaultdict(dict)
    for r in json.load(gzip.open(path, "rt"))["results"]:
        kinds[r["shape"]][r["kind"]] = r
    x = [v["cublas"]["ms"] / v["tile-opt"]["ms"] for v in kinds.values()]
    tri = [v["triton"]["ms"] / v["tile-opt"]["ms"] for v in kinds.values()]
    said = collections.Counter(v["tile-opt"]["vs_cublas"] for v in kinds.values())
    print(f"final.sh, {layout} dispatch on its {len(kinds)} moved shapes: {geo(x):.3f} of cuBLAS "
          f"({dict(said)} against it; below 0.90: {sum(a < 0.9 for a in x)}), {geo(tri):.2f}x Triton's "
          f"tuned-persistent; every row passed its check: {all(v['tile-opt']['pass'] for v in kinds.values())}")
