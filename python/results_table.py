#!/usr/bin/env python3
"""Markdown tables from tile-run --json and tile-bench --json files.

  results_table.py RUN.json [RUN.json ...] [--only REGEX] [--agreement]

Each file is one process: everything in it was timed side by side with one
cuBLAS baseline. A tile-run file of several shapes ({"runs": [...]}) holds
one document per shape. Ratios are printed with their IQR range and verdict (a
range that contains 100% is a tie). A tile-run kernel is named by its bundle
folder, as tile-bench names it. --agreement pairs the two harnesses' "% of
cuBLAS" for each bundle, dtype and shape found in both.
"""
import argparse
import json
import os
import re
import sys


def bundle_name(k):
    return os.path.basename(os.path.dirname(k["manifest"])) or k["kernel"]


def pct_text(r):
    if r.get("pct_cublas") is None:
        return "-", "-"
    return (f"{r['pct_cublas']:.1f} [{r['pct_cublas_lo']:.1f}–{r['pct_cublas_hi']:.1f}]",
            r["vs_cublas"])


def clock_text(state):
    """SM clock and power before -> after timing; n/a for what NVML did not give."""
    b, a = (state or {}).get("before") or {}, (state or {}).get("after") or {}

    def pair(key, fmt):
        if b.get(key) is None or a.get(key) is None:
            return "n/a"
        return f"{fmt.format(b[key])}→{fmt.format(a[key])}"
    return f"{pair('sm_clock_mhz', '{}')} MHz, {pair('power_w', '{:.0f}')} W"


def documents(doc):
    """The results in one file: a tile-run run of several shapes is
    {"runs": [...]}, one single-shape document per shape."""
    return doc["runs"] if "runs" in doc else [doc]


def tile_run_rows(run, only):
    s = run["shape"]
    shape = f"{s['m']}x{s['n']}x{s['k']}"
    for k in run["kernels"]:
        name = bundle_name(k)
        if only and not re.search(only, name):
            continue
        yield shape, run["dtype"], name, k


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("runs", nargs="+")
    p.add_argument("--only", help="regex on the implementation name")
    p.add_argument("--agreement", action="store_true",
                   help="only the tile-run vs tile-bench table")
    args = p.parse_args()
    tile_run, tile_bench = [], []
    for path in args.runs:
        with open(path) as f:
            for doc in documents(json.load(f)):
                (tile_bench if doc.get("harness") == "tile-bench" else tile_run).append(doc)

    if args.agreement:
        bench = {}
        for doc in tile_bench:
            for r in doc["results"]:
                if r["kind"] == "tile-opt":
                    bench[(doc["dtype"], r["shape"], r["impl"])] = r
        print("| dtype | shape | bundle | tile-run % cuBLAS | tile-bench % cuBLAS | difference (points) |")
        print("|---|---|---|---:|---:|---:|")
        for doc in tile_run:
            for shape, dtype, name, k in tile_run_rows(doc, args.only):
                b = bench.get((dtype, shape, name))
                if b is None or k.get("pct_cublas") is None:
                    continue
                print(f"| {dtype} | {shape} | {name} | {pct_text(k)[0]} | {pct_text(b)[0]} "
                      f"| {k['pct_cublas'] - b['pct_cublas']:+.1f} |")
        return 0

    if tile_run:
        print("tile-run (C++, CUDA driver API; baseline cublasLt):\n")
        print("| shape | dtype | kernel | schedule | order | ms (IQR) | TFLOP/s | % cuBLAS [IQR range] "
              "| vs cuBLAS | check (rel err) | regs | spill B | smem B | blocks/SM | waves/SM | SM clock, power |")
        print("|---|---|---|---|---|---|---:|---|---|---|---:|---:|---:|---:|---:|---|")
        for doc in tile_run:
            cub = doc.get("cublas")
            for shape, dtype, name, k in tile_run_rows(doc, args.only):
                err = "n/a" if k["rel_err"] is None else f"{k['rel_err']:.1e}"
                pct, verdict = pct_text(k)
                print(f"| {shape} | {dtype} | {name} | {k['schedule']} | {k.get('order') or '-'} "
                      f"| {k['ms']:.4f} ({k['ms_q25']:.4f}–{k['ms_q75']:.4f}) | {k['tflops']:.1f} "
                      f"| {pct} | {verdict} | {'PASS' if k['pass'] else 'FAIL'} ({err}) "
                      f"| {k['regs']} | {k['spill_bytes']} | {k['static_smem'] + k['dynamic_smem']} "
                      f"| {k['occupancy']['driver_blocks_per_sm']} | {k['waves_per_sm']:.2f} "
                      f"| {clock_text(doc.get('gpu_state'))} |")
            for b in doc.get("baselines", [])[1:] if cub else []:
                pct, verdict = pct_text(b)
                print(f"| {shape} | {dtype} | {b['name']} | - | - | {b['ms']:.4f} "
                      f"({b['ms_q25']:.4f}–{b['ms_q75']:.4f}) | {b['tflops']:.1f} | {pct} | {verdict} "
                      f"| - | - | - | - | - | - | |")
    if tile_bench:
        print("\ntile-bench (Python, cuda-python launch, triton.testing.do_bench; baseline torch.matmul):\n")
        print("| shape | dtype | implementation | ms (IQR) | TFLOP/s | % cuBLAS [IQR range] | vs cuBLAS "
              "| check | regs | smem B | SM clock, power |")
        print("|---|---|---|---|---:|---|---|---|---:|---:|---|")
        for doc in tile_bench:
            for r in doc["results"]:
                if args.only and not re.search(args.only, r["impl"]):
                    continue
                pct, verdict = pct_text(r)
                if r["kind"] == "cublas":
                    pct, verdict = "100", "-"
                print(f"| {r['shape']} | {doc['dtype']} | {r['impl']} "
                      f"| {r['ms']:.4f} ({r['ms_q25']:.4f}–{r['ms_q75']:.4f}) | {r['tflops']:.1f} "
                      f"| {pct} | {verdict} | {'PASS' if r.get('pass', True) else 'FAIL'} "
                      f"| {r.get('regs') or '-'} | {r.get('smem') or '-'} "
                      f"| {clock_text(doc.get('gpu_state'))} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
