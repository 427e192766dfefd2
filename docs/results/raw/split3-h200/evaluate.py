#!/usr/bin/env python3
"""The shipped 3-split cost factor on unseen shapes (run.sh's runs, in
the folder named): per set (nt, nn, bf16 nt) the picks it moves, the new
pick against the old by the paired quartiles, the geomean of old ÷ new
time, the picks below 0.90 of cuBLAS before and after, the new picks over
Triton's anchors, and whether the dispatch manifest's row agrees with the
new pick's own; then each moved shape; then the targets' layers (the
dispatch as shipped and autotuned, over cuBLAS and Triton).

  evaluate.py FOLDER
"""
import collections
import glob
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
from benchrows import geo, rows, verdict  # noqa: E402

folder = sys.argv[1]


def load(prefix):
    """{shape: {name: row}} of the runs PREFIX or PREFIX-NN; the dispatch
    manifest's rows (its bundle folder's name) as "dispatch", autotuned
    "dispatch+tune"."""
    by = collections.defaultdict(dict)
    for path in sorted(glob.glob(os.path.join(folder, f"{prefix}.json.gz")) +
                       glob.glob(os.path.join(folder, f"{prefix}-[0-9]*.json.gz"))):
        for shape, v in rows(path).items():
            by[shape].update({re.sub(r"^(nt-)?auto", "dispatch", n): r for n, r in v.items()})
    return by


def moved(name):
    with open(os.path.join(here, name)) as f:
        return {s: (old, new) for s, old, new in (line.split() for line in f)}


for label, file in (("nt", "moved-nt.txt"), ("nn", "moved-nn.txt"), ("bf16", "moved-nt.txt")):
    by, picks = load(label), moved(file)
    done = {s: p for s, p in picks.items() if s in by and all(x in by[s] for x in (*p, "dispatch"))}
    if not done:
        continue
    said = collections.Counter(verdict(by[s][o], by[s][n]) for s, (o, n) in done.items())
    agree = collections.Counter(verdict(by[s][n], by[s]["dispatch"]) for s, (o, n) in done.items())
    ratio = {s: by[s][o]["ms"] / by[s][n]["ms"] for s, (o, n) in done.items()}
    low = [sum(by[s]["cuBLAS"]["ms"] / by[s][p[i]]["ms"] < 0.9 for s, p in done.items()) for i in (0, 1)]
    cub = [geo([by[s]["cuBLAS"]["ms"] / by[s][p[i]]["ms"] for s, p in done.items()]) for i in (0, 1)]
    tri = {a: geo([by[s][a]["ms"] / by[s][n]["ms"] for s, (o, n) in done.items()])
           for a in ("tuned-persistent", "tma-persistent") if all(a in by[s] for s in done)}
    worst = min(ratio, key=ratio.get)
    print(f"{label}: {len(done)} of {len(picks)} moved picks timed: {said['faster']} faster / "
          f"{said['tie']} tie / {said['slower']} slower, geomean {geo(list(ratio.values())):.3f} "
          f"(worst {worst} {ratio[worst]:.3f}); of cuBLAS {cub[0]:.3f} -> {cub[1]:.3f}, below 0.90 "
          f"{low[0]} -> {low[1]}; new picks over Triton's "
          + ", ".join(f"{a} {x:.2f}x" for a, x in tri.items())
          + f"; the dispatch row against the new pick's: {dict(agree)}")
    for s in sorted(done, key=lambda s: [int(x) for x in s.split("x")]):
        o, n = done[s]
        v = by[s]
        print(f"  {s}: {o} {v['cuBLAS']['ms'] / v[o]['ms']:.3f} -> {n} "
              f"{v['cuBLAS']['ms'] / v[n]['ms']:.3f} of cuBLAS ({verdict(v[o], v[n])})")

by = load("targets")
if by:
    print("targets: the nt dispatch as shipped and autotuned (--tune 4), of cuBLAS [quartiles], "
          "over Triton's tuned-persistent")
    for s in sorted(by, key=lambda s: [int(x) for x in s.split("x")]):
        v = by[s]
        out = []
        for name in sorted(n for n in v if n.startswith("dispatch")):
            r = v[name]
            out.append(f"{'tuned' if '+tune' in name else 'dispatch'} {r['pct_cublas'] / 100:.3f} "
                       f"[{r['pct_cublas_lo'] / 100:.2f}-{r['pct_cublas_hi'] / 100:.2f}]"
                       + (f" {v['tuned-persistent']['ms'] / r['ms']:.2f}x" if "tuned-persistent" in v else ""))
        print(f"  {s}: " + "; ".join(out))
