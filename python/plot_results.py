#!/usr/bin/env python3
"""Plots "% of cuBLAS" per shape from tile-run and tile-bench JSON files.

  plot_results.py RUN.json [RUN.json ...] -o OUT.png [--only REGEX] [--title T]

Every file is one process (its ratios were measured side by side); rows of
several files are drawn together, grouped by shape.
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tile_bench.plot import plot_pct, rows_from_result  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("runs", nargs="+", help="tile-run --json or tile-bench --json files")
    p.add_argument("-o", "--output", required=True, help="PNG to write")
    p.add_argument("--only", help="keep implementations matching this regex")
    p.add_argument("--title", default="")
    p.add_argument("--prefix", action="store_true",
                   help="prefix names with the harness (tile-run:/tile-bench:)")
    args = p.parse_args()
    rows = []
    for path in args.runs:
        try:
            with open(path) as f:
                doc = json.load(f)
            prefix = ""
            if args.prefix:
                prefix = "tile-bench:" if doc.get("harness") == "tile-bench" else "tile-run:"
            rows += rows_from_result(doc, prefix=prefix)
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"plot_results: {path}: not a tile-run or tile-bench result ({e})",
                  file=sys.stderr)
            return 1
    if args.only:
        rows = [r for r in rows if re.search(args.only, r["impl"])]
    if args.prefix:  # one implementation's bars from both harnesses side by side
        rows.sort(key=lambda r: r["impl"].split(":", 1)[1])
    try:
        plot_pct(rows, args.output, args.title)
    except (RuntimeError, OSError) as e:
        print(f"plot_results: {e}", file=sys.stderr)
        return 1
    print(f"wrote {args.output} ({len(rows)} bars)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
