#!/usr/bin/env python3
"""run.py's JSON as markdown tables: per shape the member picked, cuBLAS's
median (us) and every other row as % of cuBLAS (median), with the verdict
of the stores against the copies (tile-bench's quartile rule), or of
run.py's --names NEW against OLD and, where timed, against "padded N".
  tables.py [--names OLD,NEW] RUN.json[.gz]...
"""
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4,
                                "python"))
from tile_bench.stats import compare  # noqa: E402


def load(path):
    with (gzip.open if path.endswith(".gz") else open)(path, "rt") as f:
        return json.load(f)


def main():
    args = sys.argv[1:]
    old, new = "copies C", "stores C"
    label = "stores vs copies"
    if args[:1] == ["--names"]:
        old, new = args[1].split(",")
        label = f"{new} vs {old}"
        args = args[2:]
    for path in args:
        doc = load(path)
        rows = doc["rows"]
        names = [n for n in rows[0]["stats"] if n != "cuBLAS"]
        for r in rows[1:]:
            names += [n for n in r["stats"] if n not in names and n != "cuBLAS"]
        print(f"{os.path.basename(path)} ({doc['device']})\n")
        padded = label != "stores vs copies" and any("padded N" in r["stats"] for r in rows)
        print("| layout | shape | pick | cuBLAS us | " + " | ".join(names)
              + f" | {label} |" + (f" {new} vs padded N |" if padded else "")
              + " checks |")
        print("|---|---|---|---:|" + "---:|" * len(names) + "---|" + ("---|" if padded else "")
              + "---|")
        for r in rows:
            s, base = r["stats"], r["stats"]["cuBLAS"]
            cells = [f"{compare(base, s[n])['pct'] / 100:.3f}" if n in s else "" for n in names]
            v = compare(s[old], s[new])
            verdict = f"{v['pct'] / 100:.3f} {v['verdict']}"
            if padded:
                w = compare(s["padded N"], s[new]) if "padded N" in s else None
                verdict += f" | {w['pct'] / 100:.3f} {w['verdict']}" if w else " |"
            ok = "pass" if all(r["pass"].values()) else "FAIL"
            print(f"| {r['layout']} {r['dtype']} | {r['shape']} | {r['picks']['new']} | "
                  f"{base['ms'] * 1e3:.1f} | " + " | ".join(cells) + f" | {verdict} | {ok} |")
        print()


if __name__ == "__main__":
    main()
