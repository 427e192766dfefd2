#!/usr/bin/env python3
"""Each transposed member against its producer-warpgroup candidate
(run.sh's runs): per member and split, the candidate's speed over the
member's (time ratio, geomean; > 1 faster) with tile-bench's paired-quartile
verdicts, by M; then, per shape, the best of the members over cuBLAS
without and with the candidates.

  evaluate.py RUN.json.gz...
"""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from benchrows import geo, rows, versus  # noqa: E402

for path in sys.argv[1:]:
    print(f"== {os.path.basename(path)}")
    by = rows(path)
    names = sorted({n for v in by.values() for n in v if n != "cuBLAS"})
    for old in names:
        base, _, split = old.partition("@")
        new = base + "ws" + ("@" + split if split else "")
        if base.endswith("ws") or new not in names:
            continue
        ratios, verdicts, by_m, slower = versus(by, old, new)
        ms = ", ".join(f"{m}: {geo(r):.3f}" for m, r in sorted(by_m.items()))
        print(f"  {new} / {old}: {len(ratios)} shapes, {verdicts['faster']} faster / "
              f"{verdicts['tie']} tie / {verdicts['slower']} slower, geomean {geo(ratios):.3f} "
              f"(by M {ms})")
    best = collections.defaultdict(list)
    for s, v in sorted(by.items()):
        cu = v["cuBLAS"]["ms"]
        ok = {n: r["ms"] for n, r in v.items() if n != "cuBLAS" and r["pass"]}
        without = min(t for n, t in ok.items() if "ws" not in n.split("@")[0])
        withws = min(ok.values())
        best[int(s.split("x")[0])].append((cu / without, cu / withws))
    for m, pairs in sorted(best.items()):
        print(f"  M {m}: best member over cuBLAS {geo([a for a, _ in pairs]):.3f} -> "
              f"with the candidates {geo([b for _, b in pairs]):.3f} ({len(pairs)} shapes)")
