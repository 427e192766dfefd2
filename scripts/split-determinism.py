#!/usr/bin/env python3
"""Split-K sums do not depend on timing: each manifest at each of its
splits runs the same problem REPEATS times, C poisoned with NaN before
each run, and every run's C must equal the first bit for bit (and lie
within tile-bench's bound of an fp32 reference). Different splits round
differently; the same splits must not.

    python3 scripts/split-determinism.py MANIFEST... --shape MxNxK ... \
        [--splits S,...] [--layout nt] [--repeats 5]

Prints one line per (manifest, splits, shape) and the count of failures;
exits 1 when any run differs. Needs a GPU and the package (pip install
./python).
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from tile_bench.bundle import BundleError, load_bundle  # noqa: E402
from tile_bench.cli import check_output, make_operands  # noqa: E402
from tile_bench.cuda_launch import TORCH_DTYPES, LoadedKernel  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("manifests", nargs="+")
    p.add_argument("--shape", action="append", required=True)
    p.add_argument("--splits", default="2,3,4,8,12,16")
    p.add_argument("--layout", default="nt")
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args()
    failures = runs = 0
    for path in args.manifests:
        bundle = load_bundle(path)
        splits = [s for s in map(int, args.splits.split(",")) if s <= bundle.split_k] or [0]
        for s in splits:
            kernel = LoadedKernel(bundle, args.layout, s)
            for shape in args.shape:
                m, n, k = map(int, shape.split("x"))
                try:
                    bundle.plan(m, n, k, args.layout, *kernel.device, splits=s)
                except BundleError as e:
                    print(f"skip {path}@{s} {shape}: {e}")
                    continue
                gen = torch.Generator(device="cuda").manual_seed(m * 7 + n * 3 + k)
                a, b, a_view, b_view = make_operands(torch, gen, args.layout, m, n, k,
                                                     TORCH_DTYPES[bundle.a_type])
                ref = a_view.float() @ b_view.float()
                abs_prod = a_view.float().abs() @ b_view.float().abs()
                first, same = None, True
                for _ in range(args.repeats):
                    c = torch.full((m, n), float("nan"), device="cuda",
                                   dtype=TORCH_DTYPES[bundle.c_type])
                    kernel(a, b, c)
                    torch.cuda.synchronize()
                    if first is None:
                        first = c
                        check = check_output(c, ref, abs_prod, bundle.a_type,
                                             bundle.c_type, a_view.shape[1])
                    else:
                        same = same and torch.equal(c, first)
                ok = same and check["pass"]
                runs += 1
                failures += not ok
                print(f"{'PASS' if ok else 'FAIL'} {path}@{s} {shape}: {args.repeats} runs "
                      f"{'bit-identical' if same else 'DIFFER'}, rel_err {check['rel_err']}")
    print(f"split determinism: {runs} checks, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
