#!/usr/bin/env python3
"""The model's picks with three programs per tile allowed, against the
shipped picks, on run.sh's runs (every member timed in one process with
cuBLAS and Triton): for each policy (picks-<p>.txt: the 3-split estimate
times p, `tile-run --dry-run` over shapes.txt; picks-0.txt: 3 not tried,
as shipped) its picks over cuBLAS and over Triton, and against the shipped
picks by the paired quartiles; then the shapes whose pick moves.

  evaluate.py members-1.json.gz members-2.json.gz
"""
import collections
import gzip
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
from benchrows import geo, verdict  # noqa: E402

by = collections.defaultdict(dict)
for path in sys.argv[1:]:
    for r in json.load(gzip.open(path, "rt"))["results"]:
        name = r["impl"].split("/")[-1].replace("matmul_f16_nt__", "").replace(".json", "")
        name = {"matmul_f16_nt": "dispatch"}.get(name, name)
        by[r["shape"]][name] = r


def picks(p):
    with open(os.path.join(here, f"picks-{p}.txt")) as f:
        return dict(line.split() for line in f)


shipped = picks("0")
# The dispatch manifest as run picks what picks-0.txt says (the same table
# and runtime): its row and the member's agree within their quartiles.
agree = collections.Counter(verdict(v[shipped[s]], v["dispatch"]) for s, v in by.items())
print(f"dispatch row against the shipped pick's own row: {dict(agree)}")
best = {s: min((r["ms"], n) for n, r in v.items()
               if n not in ("cuBLAS", "tuned-persistent", "dispatch") and r["pass"])
        for s, v in by.items()}
print(f"best member over cuBLAS: {geo([v['cuBLAS']['ms'] / best[s][0] for s, v in by.items()]):.3f}")
for p in ["0", "1.0", "1.1", "1.15", "1.2"]:
    pick = picks(p)
    x = [v["cuBLAS"]["ms"] / v[pick[s]]["ms"] for s, v in by.items()]
    tri = [v["tuned-persistent"]["ms"] / v[pick[s]]["ms"] for s, v in by.items()]
    moved = [s for s in by if pick[s] != shipped[s]]
    said = collections.Counter(verdict(by[s][shipped[s]], by[s][pick[s]]) for s in moved)
    near = sum(by[s][pick[s]]["ms"] <= 1.03 * best[s][0] for s in by)
    print(f"3-split estimate x {p}: {geo(x):.3f} of cuBLAS (below 0.90: {sum(a < 0.9 for a in x)}), "
          f"{geo(tri):.2f}x Triton, within 3% of the best member {near}/{len(by)}; "
          f"{len(moved)} picks moved: {said['faster']} faster / {said['tie']} tie / "
          f"{said['slower']} slower, geomean "
          f"{geo([by[s][shipped[s]]['ms'] / by[s][pick[s]]['ms'] for s in moved]) if moved else 1:.3f}")
print("\nshape: shipped pick (of cuBLAS) -> the 1.1 pick (of cuBLAS), verdict; the 1.0 pick; best member")
pick, one = picks("1.1"), picks("1.0")
for s in sorted(by, key=lambda s: [int(x) for x in s.split("x")]):
    v = by[s]
    o, n = shipped[s], pick[s]
    print(f"  {s}: {o} {v['cuBLAS']['ms'] / v[o]['ms']:.3f} -> {n} {v['cuBLAS']['ms'] / v[n]['ms']:.3f} "
          f"({verdict(v[o], v[n])}); 1.0: {one[s]} {v['cuBLAS']['ms'] / v[one[s]]['ms']:.3f}; "
          f"best {best[s][1]} {v['cuBLAS']['ms'] / best[s][0]:.3f}")
