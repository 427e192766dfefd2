#!/usr/bin/env python3
"""A markdown report of tile-bench --json runs: per shape, each tile-opt
bundle's % of cuBLAS (the config=auto member it ran), verdict and the Triton
anchors' %; then the geomean of cuBLAS time / bundle time by M and overall,
with the count of shapes below 0.90. Family and layer come from
scripts/suites.py. A field a run lacks prints as "—". The JSON names the
member a dispatch bundle ran (its manifest) but not why; tile-bench's text
output has the rule ("dispatch NAME: MxNxK -> MEMBER (why)").
    scripts/shapes-report.py RUN.json[.gz] ... [--plot OUT.png] [--title TEXT]
"""
import argparse
import collections
import gzip
import json
import math
import os
import sys

import suites

DASH = "—"
LOW = 0.90


def load(path):
    with (gzip.open if path.endswith(".gz") else open)(path, "rt") as f:
        return json.load(f)


def labels():
    """(family, layer) by shape, and by (N, K) for an M no suite lists;
    layer names win over "classic" where a shape is both."""
    by_shape, by_nk = {}, {}
    for name in ("calibration", "llm", "heldout", "decode", "classic"):
        for m, n, k, fam, layer in suites.suite(name):
            by_shape.setdefault((m, n, k), (fam, layer))
            if fam != "classic":
                by_nk.setdefault((n, k), (fam, layer))
    return by_shape, by_nk


def shape_of(text):
    try:
        m, n, k = (int(x) for x in text.split("x"))
        return m, n, k
    except (AttributeError, ValueError):
        return None


def member(manifest):
    # A config=auto member's manifest is DIR/<kernel>__<member>.json.
    base = os.path.basename(manifest or "").removesuffix(".json")
    return base.rsplit("__", 1)[1] if "__" in base else DASH


def num(v, fmt="{:.1f}"):
    return fmt.format(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else DASH


def ratio(row, base):
    """cuBLAS time / this row's time: from pct_cublas, else from the times."""
    if isinstance(row.get("pct_cublas"), (int, float)) and row["pct_cublas"] > 0:
        return row["pct_cublas"] / 100.0
    ms, base_ms = row.get("ms"), (base or {}).get("ms")
    if all(isinstance(t, (int, float)) and t > 0 for t in (ms, base_ms)):
        return base_ms / ms
    return None


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def md_table(header, rows):
    return "\n".join("| " + " | ".join(map(str, r)) + " |"
                     for r in [header, ["---"] * len(header), *rows])


def main():
    p = argparse.ArgumentParser(
        description="A markdown report (and plot) of tile-bench --json runs.")
    p.add_argument("runs", nargs="+", metavar="RUN.json", help="tile-bench --json output")
    p.add_argument("--plot", metavar="OUT.png", help="scatter of %% of cuBLAS over M")
    p.add_argument("--title", default="tile-opt vs cuBLAS", help="the plot's title")
    p.add_argument("--suite", help="keep only the shapes of this suite (scripts/suites.py)")
    args = p.parse_args()
    keep = {s[:3] for s in suites.suite(args.suite)} if args.suite else None

    # cells[shape][impl] = result row; a later run's row replaces an earlier one.
    cells = collections.defaultdict(dict)
    skipped = set()
    bundles, anchors = [], []
    for path in args.runs:
        doc = load(path)
        dev = doc.get("device") or {}
        print(f"- `{os.path.basename(path)}`: {dev.get('name', DASH)}, {doc.get('dtype', DASH)}"
              f" -> {doc.get('c_type', DASH)}, layout {doc.get('layout', DASH)}, seed "
              f"{doc.get('seed', DASH)}, {(doc.get('timing') or {}).get('rounds', DASH)} rounds")
        for r in doc.get("results") or []:
            shape = shape_of(r.get("shape"))
            if shape is None or not r.get("impl") or (keep and shape not in keep):
                continue
            cells[shape][r["impl"]] = r
            kind = r.get("kind")
            names = bundles if kind == "tile-opt" else anchors if kind == "triton" else None
            if names is not None and r["impl"] not in names:
                names.append(r["impl"])
        skipped |= {(shape_of(s.get("shape")), s.get("impl")) for s in doc.get("skipped") or []}
    if not cells:
        sys.exit("shapes-report: no results in " + ", ".join(args.runs))

    by_shape, by_nk = labels()
    label = {s: by_shape.get(s) or by_nk.get(s[1:]) or (DASH, DASH) for s in cells}
    order = sorted(cells, key=lambda s: (label[s][0], label[s][1], s[0], s[1], s[2]))

    header = ["shape", "family", "layer"]
    for b in bundles:
        header += [f"{b} member", f"{b} % cuBLAS [IQR]", f"{b} verdict"]
    header += [f"{a} %" for a in anchors]
    rows = []
    ratios = {b: collections.defaultdict(list) for b in bundles}  # bundle -> M -> ratios
    points = []  # (bundle, family, M, %)
    for s in order:
        row, base = cells[s], cells[s].get("cuBLAS")
        line = [f"{s[0]}x{s[1]}x{s[2]}", *label[s]]
        for b in bundles:
            r = row.get(b)
            if r is None:
                line += [DASH, "skipped" if (s, b) in skipped else DASH, DASH]
                continue
            pct = num(r.get("pct_cublas"))
            if pct != DASH:
                pct += f" [{num(r.get('pct_cublas_lo'))}-{num(r.get('pct_cublas_hi'))}]"
            verdict = r.get("vs_cublas") or DASH
            if r.get("pass") is False:
                verdict += " FAIL"
            line += [member(r.get("manifest")), pct, verdict]
            x = ratio(r, base)
            if x:
                ratios[b][s[0]].append(x)
                points.append((b, label[s][0], s[0], 100 * x))
        line += [num((row.get(a) or {}).get("pct_cublas")) for a in anchors]
        rows.append(line)
    print()
    print(md_table(header, rows))

    # Geomean of cuBLAS time / bundle time: by M, then over every shape.
    def cell(xs):
        g = geomean(xs)
        return f"{g:.3f} (n {len(xs)}, {sum(x < LOW for x in xs)} below {LOW:.2f})" if g else DASH
    all_ms = sorted({m for b in bundles for m in ratios[b]})
    summary = [[f"M {m}"] + [cell(ratios[b].get(m, [])) for b in bundles] for m in all_ms]
    summary.append(["all"] + [cell([x for xs in ratios[b].values() for x in xs]) for b in bundles])
    print()
    print(md_table(["cuBLAS time / bundle time, geomean", *bundles], summary))

    if args.plot:
        plot(args.plot, args.title, bundles, ratios, points)


def plot(out, title, bundles, ratios, points):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker
    families = sorted({f for _, f, _, _ in points})
    cmap = plt.cm.tab10 if len(families) <= 10 else plt.cm.tab20
    colors = {f: cmap(i % cmap.N) for i, f in enumerate(families)}
    markers = "o^sDvP*X"
    fig, ax = plt.subplots(figsize=(10, 6))
    for i, b in enumerate(bundles):
        mk = markers[i % len(markers)]
        for f in families:
            pts = [(m, y) for bb, ff, m, y in points if bb == b and ff == f]
            if pts:
                ax.scatter(*zip(*pts), color=colors[f], marker=mk, s=28, alpha=0.8,
                           label=f if i == 0 else None)
        ms = sorted(ratios[b])
        ax.plot(ms, [100 * geomean(ratios[b][m]) for m in ms], color="black", marker=mk,
                linestyle=["-", "--", ":", "-."][i % 4], label=f"{b} geomean by M")
    ax.axhline(100, color="gray", linewidth=1)
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    ax.set_xlabel("M")
    ax.set_ylabel("% of cuBLAS (cuBLAS time / tile-opt time)")
    ax.set_title(title)
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=8, loc="best", ncol=2)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    print(f"\nplot: {out}")


if __name__ == "__main__":
    main()
