#!/usr/bin/env python3
"""Launches one matmul twice (the second launch is the one to profile), for
Nsight Compute comparisons of a tile-opt bundle with a Triton anchor:

  ncu --clock-control none -k regex:'matmul|tma_persistent' --launch-skip 1 -c 1 \\
      scripts/ncu-compare.py --shape 8192x8192x8192 (--bundle M.json | --anchor tma-persistent)
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import torch  # noqa: E402

from tile_bench import anchors, bundle, cuda_launch  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--shape", required=True, help="MxNxK")
    p.add_argument("--dtype", choices=("f16", "bf16"), default="f16")
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--bundle", help="a tile-opt manifest")
    what.add_argument("--anchor", choices=sorted(anchors.ANCHORS))
    args = p.parse_args()
    m, n, k = (int(x) for x in args.shape.split("x"))
    cuda_launch.ensure_context()
    dtype = cuda_launch.TORCH_DTYPES[args.dtype]
    a = torch.randn(m, k, device="cuda", dtype=dtype)
    b = torch.randn(k, n, device="cuda", dtype=dtype)
    c = torch.empty(m, n, device="cuda", dtype=dtype)
    run = (cuda_launch.LoadedKernel(bundle.load_bundle(args.bundle)) if args.bundle
           else anchors.ANCHORS[args.anchor])
    for _ in range(2):
        run(a, b, c)
    torch.cuda.synchronize()
    ref = (a.float() @ b.float())
    err = ((c.float() - ref).norm() / ref.norm()).item()
    print(f"ncu-compare: {args.bundle or args.anchor} {args.shape} rel_err {err:.2e}")
    return 0 if err < 1e-2 else 1


if __name__ == "__main__":
    sys.exit(main())
