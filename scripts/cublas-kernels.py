#!/usr/bin/env python3
"""Which kernels cuBLAS launches for each shape of a suite (GPU).

    scripts/cublas-kernels.py SUITE [--m M,...] [--layout nt|nn] [--dtype f16|bf16]

One line per shape: MxNxK, then each kernel torch.matmul launched for it
(name and count, from torch.profiler), so a split-K reduction or a second
kernel shows as such. The nvjet names encode cuBLAS's tile, cluster and
schedule (for example nvjet_hsh_128x256_64x4_2x1_v_bz_coopA_NNT).
"""
import argparse
import collections
import os
import sys

import torch
from torch.profiler import ProfilerActivity, profile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suites  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("suite", choices=sorted(suites.SUITES))
    p.add_argument("--m", help="M values, comma-separated")
    p.add_argument("--layout", choices=["nn", "nt"], default="nt")
    p.add_argument("--dtype", choices=["f16", "bf16"], default="f16")
    a = p.parse_args()
    ms = [int(x) for x in a.m.split(",")] if a.m else None
    dt = torch.float16 if a.dtype == "f16" else torch.bfloat16
    for m, n, k, family, layer in suites.suite(a.suite, ms):
        x = torch.randn(m, k, device="cuda", dtype=dt)
        w = torch.randn(n, k, device="cuda", dtype=dt)
        b = w.t() if a.layout == "nt" else w.t().contiguous()
        for _ in range(3):
            torch.matmul(x, b)
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            torch.matmul(x, b)
            torch.cuda.synchronize()
        names = collections.Counter(
            e.name for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA)
        print(f"{m}x{n}x{k} {family} {layer}: " +
              "; ".join(f"{name} x{c}" for name, c in sorted(names.items())), flush=True)


if __name__ == "__main__":
    main()
