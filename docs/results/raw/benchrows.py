"""Reading tile-bench runs for the evaluate.py scripts of these folders: rows
by shape and kernel, rows whose pitch is off a 32-byte sector, geomeans and
paired-quartile verdicts."""
import collections
import gzip
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python"))
from tile_bench.stats import compare  # noqa: E402


def rows(path):
    """{shape: {name: row}}; a member's bundle is named by its name after
    the kernel's (matmul_f16_nt__NAME, matmul_f16__NAME), a folder's own
    bundle by its folder; what follows ".json" (@S, +tune) is kept."""
    by = collections.defaultdict(dict)
    for r in json.load(gzip.open(path, "rt"))["results"]:
        kernel, _, rest = r["impl"].split("/")[-1].partition(".json")
        if "__" in kernel:
            kernel = kernel.split("__", 1)[1]
        elif kernel.startswith("matmul_"):
            kernel = r["impl"].split("/")[-2]
        by[r["shape"]][kernel + rest] = r
    for s, v in by.items():
        for name, r in v.items():
            if not r["pass"]:
                print(f"  FAILED its check: {name} at {s} ({r['non_finite']} non-finite)")
    return by


def merged(paths, dispatch=True):
    """rows() of several runs, merged by shape; a dispatch manifest's rows
    (its bundle folder's name, auto or nt-auto, "+tune" kept) named
    "dispatch", or left out where `dispatch` is False."""
    by = collections.defaultdict(dict)
    for path in paths:
        for shape, v in rows(path).items():
            for name, r in v.items():
                named = re.sub(r"^(nt-)?auto", "dispatch", name)
                if dispatch or named == name:
                    by[shape][named] = r
    return by


def off_sector(shape):
    """A row pitch of K f16 elements 16 bytes off a 32-byte sector."""
    return 2 * int(shape.split("x")[2]) % 32 == 16


def geo(x):
    return math.exp(sum(map(math.log, x)) / len(x)) if x else float("nan")


def verdict(old, new):
    """new against old by tile-bench's rule (the quartiles paired: a range
    holding 1 is a tie)."""
    return compare(old, new)["verdict"]


def matched(by, old, new, off):
    """(old's row, new's row, the shape's rows) where both passed, for rows
    off a sector (off) or on one."""
    for s, v in by.items():
        if off_sector(s) == off and old in v and new in v and v[old]["pass"] and v[new]["pass"]:
            yield v[old], v[new], v


def paired(by, old, new, off):
    """new over old on the rows matched: the time ratios and the verdicts."""
    r, verdicts = [], collections.Counter()
    for a, b, _ in matched(by, old, new, off):
        r.append(a["ms"] / b["ms"])
        verdicts[verdict(a, b)] += 1
    return r, verdicts


def versus(by, old, new):
    """new over old on every shape where both passed, in shape order: the
    time ratios, the verdicts, the ratios by M and the slower shapes (each
    "shape percent")."""
    ratios, verdicts, by_m, slower = [], collections.Counter(), collections.defaultdict(list), []
    for s, v in sorted(by.items()):
        if old in v and new in v and v[old]["pass"] and v[new]["pass"]:
            said = verdict(v[old], v[new])
            verdicts[said] += 1
            ratios.append(v[old]["ms"] / v[new]["ms"])
            by_m[int(s.split("x")[0])].append(ratios[-1])
            if said == "slower":
                slower.append(f"{s} {100 * ratios[-1]:.1f}%")
    return ratios, verdicts, by_m, slower


def dispatch_pair(path, is_new, names=("old", "new")):
    """A run timing two dispatch manifests: {shape: {"cuBLAS", "Triton",
    names[0], names[1]: row}} on the shapes where both dispatches passed,
    the second's rows those whose impl is_new()."""
    by = collections.defaultdict(dict)
    for r in json.load(gzip.open(path, "rt"))["results"]:
        key = {"cublas": "cuBLAS", "triton": "Triton"}.get(r["kind"]) or \
            names[bool(is_new(r["impl"]))]
        by[r["shape"]][key] = r
    return {s: v for s, v in by.items() if v[names[0]]["pass"] and v[names[1]]["pass"]}


def dispatch_summary(ok, names=("old", "new")):
    """Each dispatch of dispatch_pair's shapes over cuBLAS (geomean, below
    0.90) and over Triton's tuned-persistent."""
    for k in names:
        x = [v["cuBLAS"]["ms"] / v[k]["ms"] for v in ok.values()]
        tri = [v["Triton"]["ms"] / v[k]["ms"] for v in ok.values() if "Triton" in v]
        print(f"  {k}: {geo(x):.3f} of cuBLAS (below 0.90: {sum(a < 0.9 for a in x)}), "
              f"{geo(tri):.2f}x Triton")


def ab(path, old, new):
    """new over old (two dispatch manifests, or one kernel at two
    promotions), by rows on and off a sector, with cuBLAS and Triton."""
    print(f"== {path}: {new} over {old}")
    by = rows(path)
    for off in (False, True):
        r, verdicts = paired(by, old, new, off)
        ro, rn, tri = [], [], []
        for a, b, v in matched(by, old, new, off):
            ro.append(a["pct_cublas"] / 100)
            rn.append(b["pct_cublas"] / 100)
            t = v.get("tuned-persistent")
            if t and t["pass"]:
                tri.append(t["ms"] / b["ms"])
        print(f"  {'off' if off else 'on '} sector, {len(r)} shapes: vs cuBLAS {geo(ro):.3f} -> "
              f"{geo(rn):.3f}; {geo(r):.3f} [{min(r):.3f}-{max(r):.3f}]; faster "
              f"{verdicts['faster']}, tie {verdicts['tie']}, slower {verdicts['slower']}; below "
              f"1.0x cuBLAS {sum(x < 1 for x in ro)} -> {sum(x < 1 for x in rn)}; Triton "
              f"tuned-persistent {geo(tri):.2f}x the new time")
