#!/usr/bin/env python3
"""The H100 run's tables (shapes.md): the dispatch over cuBLAS on the llm
suite by M, with Triton's tuned-persistent, beside the H200's run of the
same bundle's table (../model-rows/auto-llm.json.gz: another process and
chip, so only each run's own ratios are measurements); then the wide split
tiles over their twins and the decode members against the dispatch
(../wide-decode/evaluate.py on wide-split.json.gz and members.json.gz);
the classic and kheavy shapes (classes.json.gz); the bf16 dispatch on the
llm suite (auto-llm-bf16.json.gz).

  evaluate.py   (from this folder)
"""
import collections
import os
import runpy
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "scripts"))
import suites  # noqa: E402
from benchrows import geo, rows  # noqa: E402


def by_m(path, dispatch):
    """{M: [(cuBLAS over the dispatch, Triton over the dispatch or None)]}."""
    out = collections.defaultdict(list)
    for s, v in rows(path).items():
        d, cub, tri = v.get(dispatch), v.get("cuBLAS"), v.get("tuned-persistent")
        if d and cub and d["pass"]:
            out[int(s.split("x")[0])].append(
                (cub["ms"] / d["ms"], tri["ms"] / d["ms"] if tri and tri["pass"] else None))
    return out


def table(path, dispatch):
    r = by_m(path, dispatch)
    every = [x for v in r.values() for x in v]
    for m in sorted(r) + [None]:
        v = r[m] if m else every
        tri = [t for _, t in v if t]
        low = sorted(c for c, _ in v if c < 0.9)
        print(f"  {'M ' + str(m) if m else 'all':>7}: {len(v):3} shapes, {geo([c for c, _ in v]):.3f} "
              f"of cuBLAS, below 1.0 {sum(c < 1 for c, _ in v)}, below 0.90 {len(low)}"
              + (f" ({', '.join(f'{c:.3f}' for c in low)})" if low else "")
              + (f"; {geo(tri):.2f}x Triton" if tri else ""))


os.chdir(here)
print("== auto-llm.json.gz (H100)")
table("auto-llm.json.gz", "auto")
print("== ../model-rows/auto-llm.json.gz (H200)")
table("../model-rows/auto-llm.json.gz", "nt-auto")
if os.path.exists("auto-llm-bf16.json.gz"):
    print("== auto-llm-bf16.json.gz (H100)")
    table("auto-llm-bf16.json.gz", "nt-auto")
if os.path.exists("classes.json.gz"):
    print("== classes.json.gz (H100): the dispatch over cuBLAS [paired quartiles], Triton")
    kheavy = {f"{m}x{n}x{k}" for m, n, k, _, _ in suites.suite("kheavy")}
    ratios = collections.defaultdict(list)
    for s, v in rows("classes.json.gz").items():
        d, cub, tri = v["auto"], v["cuBLAS"], v.get("tuned-persistent")
        r = cub["ms"] / d["ms"]
        ratios["kheavy" if s in kheavy else "classic"].append(r)
        print(f"  {s:>16} {r:.3f} [{cub['ms_q25'] / d['ms_q75']:.3f}-{cub['ms_q75'] / d['ms_q25']:.3f}]"
              + (f"; Triton over the dispatch's time {tri['ms'] / d['ms']:.2f}" if tri else ""))
    for name, r in ratios.items():
        print(f"  {name}: {len(r)} shapes, {geo(r):.3f} of cuBLAS")
runpy.run_path(os.path.join("..", "wide-decode", "evaluate.py"))
