#!/usr/bin/env python3
"""shapes.md's wide-decode tables from this folder's runs: each wide
transposed tile over its 64-row twin (quartiles paired: a range holding 1
is a tie), apart for rows whose pitch is 16 bytes off a 32-byte sector
(K = 8 mod 16) and the rest; then the best shipped member against the best
with the wide ones, as fractions of cuBLAS, by M; the dispatch before and
after s16wk and s32wk joined the table; on the members run, the dispatch
against the best member with and without the wide ones.

  evaluate.py   (from this folder)
"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
from benchrows import ab, geo, off_sector, paired, rows  # noqa: E402


def pairs(by, twins):
    for old, new in twins:
        for off in (False, True):
            r, verdicts = paired(by, old, new, off)
            if r:
                print(f"  {new:10} over {old:8} {'off' if off else 'on '} sector, {len(r):3} "
                      f"shapes: {geo(r):.3f} [{min(r):.3f}-{max(r):.3f}]; faster "
                      f"{verdicts['faster']}, tie {verdicts['tie']}, slower {verdicts['slower']}")


def best(by, shipped, wide):
    """By M and pitch: cuBLAS over the fastest shipped member and over the
    fastest of shipped and wide; how often a wide one is the fastest."""
    groups = collections.defaultdict(list)
    for s, v in by.items():
        cub = v.get("cuBLAS")
        if not cub:
            continue
        old = [v[x]["ms"] for x in shipped if x in v and v[x]["pass"]]
        new = old + [v[x]["ms"] for x in wide if x in v and v[x]["pass"]]
        if not old:
            continue
        m = int(s.split("x")[0])
        key = (m, off_sector(s))
        groups[key].append((cub["ms"] / min(old), cub["ms"] / min(new), min(new) < min(old) * 0.98))
    for (m, off), g in sorted(groups.items()):
        print(f"  M {m:2} {'off' if off else 'on '} sector, {len(g):2} shapes: best shipped "
              f"{geo([a for a, _, _ in g]):.3f} of cuBLAS, with wide {geo([b for _, b, _ in g]):.3f}; "
              f"a wide one >2% faster on {sum(w for _, _, w in g)}; below 1.0: "
              f"{sum(a < 1 for a, _, _ in g)} -> {sum(b < 1 for _, b, _ in g)}")


if os.path.exists("wide.json.gz"):
    print("== wide.json.gz")
    by = rows("wide.json.gz")
    pairs(by, [("s16", "s16w"), ("s16", "s16x"), ("s32", "s32w"), ("s32", "s32x")])
    best(by, ["s16", "s32"], ["s16w", "s16x", "s32w", "s32x"])
if os.path.exists("wide-split.json.gz"):
    print("== wide-split.json.gz")
    by = rows("wide-split.json.gz")
    twins = [(f"{o}@{s}", f"{n}@{s}") for s in (2, 4)
             for o, n in (("s16k", "s16wk"), ("s16k", "s16xk"), ("s32k", "s32wk"), ("s32k", "s32xk"))]
    pairs(by, twins)
    best(by, [f"{x}@{s}" for x in ("s16k", "s32k") for s in (2, 4)],
         [f"{x}@{s}" for x in ("s16wk", "s16xk", "s32wk", "s32xk") for s in (2, 4)])
if os.path.exists("members.json.gz"):
    print("== members.json.gz")
    by = rows("members.json.gz")
    split = [f"{x}@{s}" for s in (2, 4, 8)
             for x in ("s16k", "s32k", "s16wk", "s32wk")]
    pairs(by, [(f"{o}@{s}", f"{n}@{s}") for s in (2, 4, 8)
               for o, n in (("s16k", "s16wk"), ("s32k", "s32wk"))])
    best(by, ["s16", "s32"] + [x for x in split if "wk" not in x], [x for x in split if "wk" in x])
    ratios = collections.defaultdict(list)
    for s, v in by.items():
        ms = {x: v[x]["ms"] for x in v if x not in ("cuBLAS", "tuned-persistent") and v[x]["pass"]}
        if "auto" in ms and "cuBLAS" in v:
            cub = v["cuBLAS"]["ms"]
            ratios["the dispatch"].append(cub / ms.pop("auto"))
            ratios["the best of s16, s32, s16k, s32k"].append(
                cub / min(t for x, t in ms.items() if "wk" not in x))
            ratios["the best with s16wk, s32wk"].append(cub / min(ms.values()))
    print(f"  all {len(ratios['the dispatch'])} shapes, of cuBLAS: " + "; ".join(
        f"{k} {geo(r):.3f} (below 1.0: {sum(x < 1 for x in r)})" for k, r in ratios.items()))
if os.path.exists("ab.json.gz"):
    ab("ab.json.gz", "auto", "nt-auto")
    by = rows("ab.json.gz")
    for m in sorted({int(s.split("x")[0]) for s in by}):
        g = [(v["auto"]["pct_cublas"] / 100, v["nt-auto"]["pct_cublas"] / 100)
             for s, v in by.items() if int(s.split("x")[0]) == m]
        print(f"  M {m:2}, {len(g):2} shapes: vs cuBLAS {geo([a for a, _ in g]):.3f} -> "
              f"{geo([b for _, b in g]):.3f}; below 1.0 {sum(a < 1 for a, _ in g)} -> "
              f"{sum(b < 1 for _, b in g)}")
