# The tile-opt kernel (64x64 `small`, layout tn and nt) and cuBLAS (torch.matmul on the
# same stored operands) against an fp64 product, relative error in norm; the last column is
# the kernel against the fp64 product without the last K row. On the H200, torch 2.11+cu130:
#   python3 check.py TN_BUNDLE.json NT_BUNDLE.json   (after scripts/gpu-tools.sh)
import sys, torch
from tile_bench.bundle import load_bundle
from tile_bench.cuda_launch import LoadedKernel
shapes = [(520, 64, 3585), (520, 64, 3584), (520, 64, 3586), (512, 64, 3585), (520, 64, 193),
          (520, 128, 3585), (64, 64, 65), (64, 64, 129), (130, 64, 3585), (520, 64, 3649)]
for path in sys.argv[1:]:
    layout = "tn" if "_tn" in path else "nt"
    kern = LoadedKernel(load_bundle(path), layout=layout)
    for m, n, k in shapes:
        g = torch.Generator(device="cuda").manual_seed(m * 7 + k)
        a = (torch.rand((m, k), generator=g, device="cuda") * 2 - 1).half()
        b = (torch.rand((k, n), generator=g, device="cuda") * 2 - 1).half()
        sa = a.t().contiguous() if layout[0] == "t" else a
        sb = b.t().contiguous() if layout[1] == "t" else b
        c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.float16)
        kern(sa, sb, c)
        torch.cuda.synchronize()
        ref = a.double() @ b.double()
        cub = (sa.t() if layout[0] == "t" else sa) @ (sb.t() if layout[1] == "t" else sb)
        err = lambda x: ((x.double() - ref).norm() / ref.norm()).item()
        # which K row would explain the error: missing last row?
        last = (a[:, -1:].double() @ b[-1:, :].double())
        miss = ((c.double() - (ref - last)).norm() / ref.norm()).item()
        print(f"{path.split('/')[-2]:14s} {m}x{n}x{k}: ours {err(c):.2e} cuBLAS {err(cub):.2e} "
              f"ours-vs-(ref minus last K row) {miss:.2e}", flush=True)
