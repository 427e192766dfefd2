"""Bar charts of "% of cuBLAS" per shape, from tile-run or tile-bench JSON.

Each bar is one implementation's median ratio to cuBLAS in one process; its
error bar spans the ratio between the interquartile bounds of the two
timings (``pct_cublas_lo``..``pct_cublas_hi``), so a bar whose error bar
crosses 100% is a tie with cuBLAS.
"""
from __future__ import annotations

import os
import textwrap
from typing import Iterable, Sequence

from .files import write_atomically


def _row(shape: str, impl: str, r: dict) -> dict:
    return {"shape": shape, "impl": impl, "pct": r["pct_cublas"],
            "lo": r["pct_cublas_lo"], "hi": r["pct_cublas_hi"],
            "verdict": r["vs_cublas"]}


def rows_from_result(doc: dict, names: Sequence[str] | None = None,
                     prefix: str = "") -> list[dict]:
    """Rows {shape, impl, pct, lo, hi, verdict} of one run's JSON.

    tile-run JSON names a kernel by its bundle folder (or by ``names``, in
    kernel order); tile-bench JSON by its ``impl``. A tile-run run of several
    shapes, ``{"runs": [...]}``, gives the rows of each of its documents.
    Entries without a cuBLAS ratio (cuBLAS itself, untimed baselines) are
    left out. ``prefix`` marks the harness when runs of both are drawn
    together.
    """
    if "runs" in doc:
        return [row for run in doc["runs"]
                for row in rows_from_result(run, names, prefix)]
    rows = []
    if doc.get("harness") == "tile-bench":
        for r in doc["results"]:
            if r.get("kind") != "cublas" and r.get("pct_cublas") is not None:
                rows.append(_row(r["shape"], prefix + r["impl"], r))
        return rows
    s = doc["shape"]
    shape = f"{s['m']}x{s['n']}x{s['k']}"
    for i, k in enumerate(doc["kernels"]):
        if k.get("pct_cublas") is None:
            continue
        name = names[i] if names else \
            os.path.basename(os.path.dirname(k["manifest"])) or k["kernel"]
        rows.append(_row(shape, prefix + name, k))
    return rows


def plot_pct(rows: Iterable[dict], path: str, title: str = "",
             notes: Sequence[str] = ()) -> None:
    """Writes a PNG of grouped bars: shapes on x, one bar per implementation;
    notes (tile-compare's findings) are printed under the axes."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise RuntimeError(f"plotting needs matplotlib ({e})") from None
    rows = list(rows)
    if not rows:
        raise RuntimeError("nothing to plot: no timed kernel with a cuBLAS ratio")
    shapes = list(dict.fromkeys(r["shape"] for r in rows))
    impls = list(dict.fromkeys(r["impl"] for r in rows))
    by_key = {(r["shape"], r["impl"]): r for r in rows}
    width = 0.8 / len(impls)
    # The notes go under the chart, wrapped; the figure grows to hold them.
    lines = [line for n in notes
             for line in textwrap.wrap(n, 140, subsequent_indent="  ")]
    fig, ax = plt.subplots(figsize=(max(7.0, 3.0 + 0.3 * len(shapes) * len(impls)),
                                    4.5 + 0.12 * len(lines)))
    for j, impl in enumerate(impls):
        xs, ys, err = [], [], [[], []]
        for i, shape in enumerate(shapes):
            r = by_key.get((shape, impl))
            if r is None:
                continue
            xs.append(i - 0.4 + (j + 0.5) * width)
            ys.append(r["pct"])
            err[0].append(max(0.0, r["pct"] - r["lo"]))
            err[1].append(max(0.0, r["hi"] - r["pct"]))
        ax.bar(xs, ys, width, yerr=err, capsize=2, label=impl,
               color=plt.cm.tab20(j % 20))
    ax.axhline(100.0, color="black", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(shapes)))
    ax.set_xticklabels(shapes, rotation=15 if len(shapes) > 3 else 0)
    ax.set_ylabel("% of cuBLAS (median; bar: IQR range)")
    lows = [r["lo"] for r in rows]
    ax.set_ylim(max(0.0, min(lows) - 10.0), max(110.0, max(r["hi"] for r in rows) + 5.0))
    if title:
        ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    if lines:
        fig.text(0.01, 0.01, "\n".join(lines), fontsize=6, va="bottom",
                 ha="left", family="monospace")
    fig.tight_layout(rect=(0, (0.12 * len(lines) + 0.1 * bool(lines))
                           / fig.get_figheight(), 1, 1))
    try:
        write_atomically(path, lambda f: fig.savefig(f, format="png", dpi=120), binary=True)
    finally:
        plt.close(fig)
