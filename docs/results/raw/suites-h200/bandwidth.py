#!/usr/bin/env python3
"""M <= 32 shapes whose B is at least 256 MiB in the H200 calls' decode,
llm and heldout runs (f16, x @ w.T): A + B + C bytes over the median time,
for the dispatch and cuBLAS, per call (a, b, c).

  bandwidth.py > bandwidth.txt
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
from benchrows import merged  # noqa: E402

for call in "abc":
    for suite in ("decode", "llm", "heldout"):
        by = merged([os.path.join(here, call, f"suites-{suite}.json.gz")])
        for s in sorted(by, key=lambda s: [int(v) for v in s.split("x")]):
            m, n, k = map(int, s.split("x"))
            v = by[s]
            if m > 32 or 2 * n * k < 256 << 20 or "dispatch" not in v:
                continue
            b = 2 * (m * k + n * k + m * n)
            tb = {name: b / (v[name]["ms"] * 1e-3) / 1e12 for name in ("dispatch", "cuBLAS")}
            print(f"{call} {suite:6s} {s:16s} B {2 * n * k / 2**20:5.0f} MiB: dispatch {tb['dispatch']:.2f} TB/s, "
                  f"cuBLAS {tb['cuBLAS']:.2f} TB/s")
