#!/usr/bin/env python3
"""Markdown tables from tile-run --json files (and the Triton anchor's JSON).

  results_table.py RUN.json [RUN.json ...] [--only REGEX] [--triton T.json]

Each tile-run JSON is one process: its kernels and its cuBLAS baseline were
timed side by side. A kernel is named by its bundle directory.
"""
import argparse
import json
import os
import re
import sys


def variant(k):
    return os.path.basename(os.path.dirname(k["manifest"]))


def tile_rows(path, only):
    with open(path) as f:
        run = json.load(f)
    s = run["shape"]
    shape = f"{s['m']}x{s['n']}x{s['k']}"
    cub = run.get("cublas") or {}
    for k in run["kernels"]:
        if only and not re.search(only, variant(k)):
            continue
        occ = k["occupancy"]
        yield {
            "shape": shape, "dtype": run["dtype"], "name": variant(k),
            "schedule": k["schedule"] + ("" if k.get("programs_per_sm") is None
                                         else f" ({k['programs_per_sm']}/SM)"),
            "ms": k["ms"], "tflops": k["tflops"], "pct": k["pct_cublas"],
            "cublas": cub.get("ms"), "regs": k["regs"], "spill": k["spill_bytes"],
            "smem": k["static_smem"] + k["dynamic_smem"],
            "blocks": occ["driver_blocks_per_sm"], "limiter": occ["limiter"],
            "waves": k["waves_per_sm"], "check": "PASS" if k["pass"] else "FAIL",
            "err": k["rel_err"],
        }


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("runs", nargs="*")
    p.add_argument("--only", help="regex on the bundle name")
    p.add_argument("--triton", action="append", default=[])
    args = p.parse_args()
    rows = [r for path in args.runs for r in tile_rows(path, args.only)]
    if rows:
        print("| shape | dtype | kernel | schedule | ms | TFLOP/s | % cuBLAS | check (rel err) "
              "| regs | spill B | smem B | blocks/SM (limit) | waves/SM |")
        print("|---|---|---|---|---:|---:|---:|---|---:|---:|---:|---|---:|")
        for r in rows:
            err = "n/a" if r["err"] is None else f"{r['err']:.1e}"
            print(f"| {r['shape']} | {r['dtype']} | {r['name']} | {r['schedule']} "
                  f"| {r['ms']:.4f} | {r['tflops']:.1f} | {r['pct']:.1f} "
                  f"| {r['check']} ({err}) | {r['regs']} | {r['spill']} | {r['smem']} "
                  f"| {r['blocks']} ({r['limiter']}) | {r['waves']:.2f} |")
    for path in args.triton:
        with open(path) as f:
            trows = json.load(f)
        print(f"\n| shape | Triton anchor ({os.path.basename(path)}) | ms | TFLOP/s "
              "| % cuBLAS | regs | smem B |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for r in trows:
            print(f"| {r['shape']} | {r['impl']} | {r['ms']:.4f} | {r['tflops']:.1f} "
                  f"| {r['pct_cublas']:.1f} | {r.get('regs', '')} | {r.get('smem', '')} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
