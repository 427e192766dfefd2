#!/usr/bin/env python3
"""What the GPU's memory streams at most, for the decode target (bytes of B
over time): torch's sum of a tensor of each size (reads it once) and copy
(reads and writes it), median of do_bench (L2 flushed) with the quartiles,
in TB/s. The decode layers' B sizes: 256 MB to 940 MB (docs/results/shapes.md).

    python3 scripts/hbm-read.py [MB ...]      (default 256 470 940)
"""
import sys

import torch
import triton.testing


def main():
    sizes = [int(a) for a in sys.argv[1:]] or [256, 470, 940]
    for mb in sizes:
        x = torch.randn(mb * 2**20 // 2, device="cuda", dtype=torch.float16)
        y = torch.empty_like(x)
        for name, fn, nbytes in (("sum", lambda: x.sum(dtype=torch.float32), x.nbytes),
                                 ("copy", lambda: y.copy_(x), 2 * x.nbytes)):
            q = triton.testing.do_bench(fn, warmup=25, rep=200, quantiles=[0.5, 0.25, 0.75])
            tb = [nbytes / (ms * 1e-3) / 1e12 for ms in q]
            print(f"{mb} MB {name}: {tb[0]:.2f} TB/s [{tb[2]:.2f}-{tb[1]:.2f}]")


if __name__ == "__main__":
    main()
