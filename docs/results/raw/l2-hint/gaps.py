#!/usr/bin/env python3
"""do_bench time against the profiler's duration, on the H200: for each
shape profiled in raw/ncu-classes, the kernels' Nsight Compute durations
(caches invalidated before each pass; cuBLAS's split-K reduction added to
its main kernel) beside every nt tile-bench sample of the same kernel in the
recorded H200 runs (L2 flushed by writing 256 MB). From the repository root:

  gaps.py > gaps.txt
"""
import collections
import csv
import glob
import gzip
import io
import json
import os

NCU = "docs/results/raw/ncu-classes"
KERNELS = {"1x5120x5120": ["cuBLAS", "m64wk@4", "m64k@8"],
           "128x5120x5120": ["cuBLAS", "m64", "mid", "midk@8"],
           "512x3584x4096": ["cuBLAS", "w112", "mid"],
           "1000x1000x1000": ["cuBLAS", "mid", "midws", "m64", "w96"],
           "384x384x32768": ["cuBLAS", "midk@8", "m64k@8"],
           "200x4608x36864": ["cuBLAS", "mid", "m64w", "w96", "m64k@8"]}


def ncu(shape):
    """{kernel: [µs]}: cuBLAS's launches (main + reduction, in order), the
    members' by name."""
    text = gzip.open(f"{NCU}/ncu-{shape}.csv.gz", "rt").read()
    rows = list(csv.reader(io.StringIO("\n".join(
        line for line in text.splitlines() if line.startswith('"')))))
    got = collections.defaultdict(list)
    pending = None
    for r in (dict(zip(rows[0], r)) for r in rows[1:]):
        if r["Metric Name"] != "Duration":
            continue
        us = float(r["Metric Value"].replace(",", "")) / 1000
        name = r["Kernel Name"]
        if name.startswith("nvjet"):
            if pending is not None:
                got["cuBLAS"].append(pending)
            pending = us
        elif "splitKreduce" in name:
            got["cuBLAS"].append(pending + us)
            pending = None
        else:
            got[name.split("__")[1]].append(us)
    if pending is not None:
        got["cuBLAS"].append(pending)
    return got


def bench():
    """{(shape, kernel): [µs]} over the recorded H200 nt runs."""
    got = collections.defaultdict(list)
    for path in glob.glob("docs/results/raw/**/*.json.gz", recursive=True):
        try:
            run = json.load(gzip.open(path))
        except (OSError, ValueError):
            continue
        if not isinstance(run, dict) or "results" not in run or run.get("layout", "nt") != "nt":
            continue
        dev = run.get("device")
        if "H200" not in (dev if isinstance(dev, str) else (dev or {}).get("name", "")):
            continue
        for r in run["results"]:
            if r["shape"] not in KERNELS:
                continue
            if r["kind"] == "cublas":
                name = "cuBLAS"
            else:
                base = os.path.basename(r["impl"].split("@")[0]).removesuffix(".json")
                if "__" not in base:
                    continue
                splits = r.get("splits") or 1
                name = base.split("__")[1] + (f"@{splits}" if splits > 1 else "")
            got[r["shape"], name].append(r["ms"] * 1000)
    return got


timed = bench()
for shape, names in KERNELS.items():
    durations = ncu(shape)
    print(shape)
    for name in names:
        d, t = durations.get(name.split("@")[0] if name != "cuBLAS" else name), timed.get((shape, name))
        if not d or not t:
            continue
        print(f"  {name:8s} profiler {min(d):6.1f}-{max(d):6.1f} µs ({len(d)})  do_bench "
              f"{min(t):6.1f}-{max(t):6.1f} µs ({len(t)})  gap {min(t) - max(d):+5.1f} to "
              f"{max(t) - min(d):+5.1f} µs")
