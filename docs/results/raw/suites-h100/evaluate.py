#!/usr/bin/env python3
"""The shipped dispatch manifests on the suites (run.sh's runs): per run,
the dispatch against cuBLAS (geomean of time ratios, by M; tile-bench's
verdicts by the paired quartiles; the shapes below 0.90 and, at M <= 32,
below 1.0 by the quartiles) and over Triton's anchors. DIR: the runs'
folder (default: this one, H100; repeat/ holds a second call's runs of the
same script; ../suites-h200/{a,b,c} three calls' on an H200).

  evaluate.py [DIR] > evaluate.txt
"""
import collections
import glob
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
from benchrows import geo, merged  # noqa: E402

folder = sys.argv[1] if len(sys.argv) > 1 else here
for path in sorted(glob.glob(os.path.join(folder, "*.json.gz"))):
    by = merged([path])
    ok = {s: v for s, v in by.items() if "dispatch" in v and v["dispatch"]["pass"] and "cuBLAS" in v}
    x = {s: v["cuBLAS"]["ms"] / v["dispatch"]["ms"] for s, v in ok.items()}
    anchors = sorted({n for v in ok.values() for n in v} - {"dispatch", "cuBLAS"})
    tri = {a: geo([v[a]["ms"] / v["dispatch"]["ms"] for v in ok.values() if a in v and v[a]["pass"]])
           for a in anchors}
    failed = sum(not v["dispatch"]["pass"] for v in by.values() if "dispatch" in v)
    said = collections.Counter(v["dispatch"]["vs_cublas"] for v in ok.values())
    print(f"== {os.path.basename(path)}: {len(ok)} shapes, dispatch {geo(list(x.values())):.3f} of "
          f"cuBLAS, below 0.90: {sum(r < 0.9 for r in x.values())}, checks failed: {failed}; over "
          + ", ".join(f"{a} {t:.2f}x" for a, t in tri.items()))
    print("  by the quartiles against cuBLAS: " + ", ".join(f"{k} {said[k]}" for k in ("faster", "tie", "slower")))
    by_m = collections.defaultdict(list)
    for s, r in x.items():
        by_m[int(s.split("x")[0])].append(r)
    print("  by M: " + ", ".join(f"{m} {geo(r):.3f} ({len(r)})" for m, r in sorted(by_m.items())))
    for s in sorted(x, key=lambda s: [int(v) for v in s.split("x")]):
        r = ok[s]["dispatch"]
        m = int(s.split("x")[0])
        if x[s] < 0.9 or (m <= 32 and r["pct_cublas_hi"] < 100):
            print(f"  {s}: {x[s]:.3f} [{r['pct_cublas_lo'] / 100:.2f}-{r['pct_cublas_hi'] / 100:.2f}]")
