#!/usr/bin/env python3
"""tile-bench --tune runs (run.sh): per M, the dispatch (the model's pick)
and the autotuned pick (row +tune) over cuBLAS, the autotuned pick over the
dispatch with paired-quartile verdicts, and Triton's tuned-persistent over
the autotuned pick.

  evaluate.py RUN.json.gz...   (default: the tune-*.json.gz of this folder)
"""
import collections
import glob
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
from benchrows import geo, rows, verdict  # noqa: E402


def report(path):
    by = rows(path)
    groups = collections.defaultdict(list)
    for s, v in by.items():
        auto = next((n for n in v if n.endswith("+tune")), None)
        if auto is None:
            continue
        d, t, cub, tri = v.get(auto[:-len("+tune")]), v[auto], v.get("cuBLAS"), \
            v.get("tuned-persistent")
        if not (d and cub and d["pass"] and t["pass"]):
            continue
        groups[int(s.split("x")[0])].append(
            (s, cub["ms"] / d["ms"], cub["ms"] / t["ms"], verdict(d, t),
             tri["ms"] / t["ms"] if tri and tri["pass"] else None,
             (d["manifest"], d["splits"]) != (t["manifest"], t["splits"])))
    print(f"== {os.path.basename(path)}: dispatch and autotuned pick over cuBLAS; "
          f"the tuned pick over the dispatch (paired quartiles); Triton over the tuned pick")
    every = [x for v in groups.values() for x in v]
    for m in sorted(groups) + [None]:
        v = groups[m] if m else every
        verdicts = collections.Counter(x[3] for x in v)
        tri = [x[4] for x in v if x[4]]
        print(f"  {'M ' + str(m) if m else 'all':>7}: {len(v):3} shapes, dispatch "
              f"{geo([x[1] for x in v]):.3f} (below 0.90 {sum(x[1] < 0.9 for x in v)}), tuned "
              f"{geo([x[2] for x in v]):.3f} (below 0.90 {sum(x[2] < 0.9 for x in v)}); "
              f"tuned faster {verdicts['faster']}, tie {verdicts['tie']}, slower "
              f"{verdicts['slower']}; another kernel {sum(x[5] for x in v)}"
              + (f"; {geo(tri):.2f}x Triton" if tri else ""))
    low = sorted((x for x in every if x[2] < 0.9), key=lambda x: x[2])
    if low:
        print("  tuned below 0.90: " + ", ".join(f"{x[0]} {x[2]:.3f}" for x in low))


for p in sys.argv[1:] or sorted(glob.glob(os.path.join(here, "tune-*.json.gz"))):
    report(p)
