#!/usr/bin/env python3
"""The % of cuBLAS of every kernel of a tile-run --json run (several shapes),
one row per shape, with cuBLAS's time and bandwidth ((A + B + C) bytes over
its time) and the best kernel's figure.
    scripts/calibration-table.py RUN.json[.gz] ...
"""
import gzip
import json
import sys


def load(path):
    with (gzip.open if path.endswith(".gz") else open)(path, "rt") as f:
        return json.load(f)


def name(manifest):
    # config=auto's member differs per shape; the other bundles are named by
    # their variant folders.
    return "auto" if "/auto_" in manifest else manifest.split("/")[-2]


for path in sys.argv[1:]:
    runs = load(path)["runs"]
    print(f"{path}\n{'shape':16} cuB_us " + " ".join(f"{name(k['manifest'])[:7]:>7}" for k in runs[0]["kernels"]))
    for r in runs:
        s, ks, ms = r["shape"], r["kernels"], r["cublas"]["ms"]
        moved = (s["m"] * s["k"] + s["k"] * s["n"] + s["m"] * s["n"]) * 2
        pct = [k["pct_cublas"] for k in ks]
        print(f"{s['m']}x{s['n']}x{s['k']}".ljust(16), f"{ms * 1000:6.1f}",
              " ".join(f"{p:7.1f}" for p in pct),
              f" cuBLAS {moved / ms / 1e9:5.2f} TB/s, best {max(pct):5.1f}",
              "" if r["pass"] else "FAIL")
