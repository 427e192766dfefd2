#!/usr/bin/env python3
"""Line copies: operands whose rows start inside 128-byte L2 lines copied
onto whole lines before the kernel (tile_rt_line_copies), and whether the
runtime's model takes them where they pay.

Per shape and layout, in one process (L2 flushed before every sample,
rounds in the runtime's balanced order, medians with quartiles): cuBLAS
(torch.matmul on the model-like views), Triton's anchor, the config=auto
dispatch with line copies never taken (as before them), as its model
chooses (tile_opt, as shipped) and always taken; the dispatch on copies
made by torch whose rows are whole lines (kernel alone, "whole lines"),
torch's copies alone and both ("torch copies + kernel"); where the stored
rows are not even 16-byte aligned, also copies padded to 32-byte sectors +
kernel (the staging before it padded to whole lines; "never" is the
runtime's own staging there). Every output is checked against an fp32
product first.
  run.py BUNDLES SHAPE... [--layouts nt,nn] [--rounds R] [--json OUT]
"""
import argparse
import json
import os
import sys

import torch
import triton

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, *[".."] * 4, "python"))
import tile_opt  # noqa: E402
from tile_bench import anchors  # noqa: E402
from tile_bench.bundle import load_manifest  # noqa: E402
from tile_bench.cli import Impl, check_output, make_operands, time_rounds  # noqa: E402
from tile_bench.cuda_launch import LoadedKernel  # noqa: E402
from tile_bench.stats import compare, summarize  # noqa: E402

MANIFESTS = {"nt": ("f16/nt-auto/matmul_f16_nt.json", "tuned-persistent"),
             "nn": ("f16/auto/matmul_f16.json", "tma-persistent")}
LINE = 128


def padded(stored, unit=LINE):
    """A buffer like `stored` whose rows are whole `unit`s of bytes apart,
    and its view of stored's size (None where stored's rows already are)."""
    rows, cols = stored.shape
    if cols * stored.element_size() % unit == 0:
        return None
    step = unit // stored.element_size()
    buf = torch.empty(rows, (cols + step - 1) // step * step, device="cuda",
                      dtype=stored.dtype)
    return buf[:, :cols]


def member(plan):
    """The member a plan launches, at its splits."""
    name = os.path.basename(plan.bundle.manifest_path).split("__")[-1][:-len(".json")]
    return f"{name}@{plan.splits}" if plan.splits and plan.splits > 1 else name


def main():
    p = argparse.ArgumentParser()
    p.add_argument("bundles")
    p.add_argument("shapes", nargs="+")
    p.add_argument("--layouts", default="nt,nn")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--json")
    args = p.parse_args()
    rows = []
    for layout in args.layouts.split(","):
        manifest, anchor = MANIFESTS[layout]
        path = os.path.join(args.bundles, manifest)
        kernel = tile_opt.Kernel(path, "f16", "f16", layout)
        # The same dispatch with the line copies never (as before them) and
        # always taken (tile_rt_line_copies 1 and 2; `kernel`: the model's).
        never, always = (LoadedKernel(load_manifest(path), layout, line_copies=x) for x in (1, 2))
        for i, text in enumerate(args.shapes):
            m, n, k = map(int, text.split("x"))
            gen = torch.Generator(device="cuda").manual_seed(1000 + i)
            a_st, b_st, a, b = make_operands(torch, gen, layout, m, n, k, torch.float16)
            pa, pb = padded(a_st), padded(b_st)
            if pa is None and pb is None:
                print(f"{layout} {text}: rows on whole lines, skipped")
                continue
            pa = a_st if pa is None else pa
            pb = b_st if pb is None else pb
            pa.copy_(a_st)
            pb.copy_(b_st)

            def logical(x, t):
                return x.t() if t == "t" else x
            la, lb = logical(pa, layout[0]), logical(pb, layout[1])

            def copies(pa=pa, pb=pb, a_st=a_st, b_st=b_st):
                if pa.data_ptr() != a_st.data_ptr():
                    pa.copy_(a_st)
                if pb.data_ptr() != b_st.data_ptr():
                    pb.copy_(b_st)

            def out():
                return torch.empty(m, n, device="cuda", dtype=torch.float16)
            cs = [out() for _ in range(5)]

            def staged(la=la, lb=lb, c=cs[4]):
                copies()
                kernel(la, lb, out=c)
            impls = [Impl("cuBLAS", "cublas", lambda c=cs[0]: torch.matmul(a, b, out=c), cs[0], "f16")]
            if not anchors.unsupported(anchor, m, n, k, 2, layout):
                cA = out()
                impls.append(Impl(anchor, "triton", lambda c=cA: anchors.ANCHORS[anchor](a, b, c), cA, "f16"))
            # Rows padded to 32-byte sectors, as staged copies were before
            # they were padded to whole lines (where that differs).
            sa, sb = padded(a_st, 32), padded(b_st, 32)
            if (sa is not None or sb is not None) and (sa is None or sa.stride(0) != pa.stride(0)
                                                       or sb is None or sb.stride(0) != pb.stride(0)):
                sa = a_st if sa is None else sa
                sb = b_st if sb is None else sb
                cS = out()

                def sector(sa=sa, sb=sb, c=cS, la=logical(sa, layout[0]), lb=logical(sb, layout[1])):
                    if sa.data_ptr() != a_st.data_ptr():
                        sa.copy_(a_st)
                    if sb.data_ptr() != b_st.data_ptr():
                        sb.copy_(b_st)
                    kernel(la, lb, out=c)
                impls.append(Impl("sector copies + kernel", "tile-opt", sector, cS, "f16"))
            cN, cA2 = out(), out()
            impls += [Impl("never", "tile-opt", lambda c=cN: never(a_st, b_st, c), cN, "f16"),
                      Impl("model", "tile-opt", lambda c=cs[1]: kernel(a, b, out=c), cs[1], "f16"),
                      Impl("always", "tile-opt", lambda c=cA2: always(a_st, b_st, c), cA2, "f16"),
                      Impl("whole lines", "tile-opt", lambda c=cs[2]: kernel(la, lb, out=c), cs[2], "f16"),
                      Impl("torch copies + kernel", "tile-opt", staged, cs[4], "f16"),
                      Impl("torch copies", "copy", copies, None, "f16")]
            ref = a.float() @ b.float()
            absprod = a.float().abs() @ b.float().abs()
            ok = {}
            for impl in impls:
                if impl.out is None:
                    continue
                impl.out.fill_(float("nan"))
                impl.run()
                torch.cuda.synchronize()
                ok[impl.name] = check_output(impl.out, ref, absprod, "f16", "f16", k)["pass"]
            del ref, absprod
            lead = {"lda": pa.stride(0) if pa is not a_st else 0,
                    "ldb": pb.stride(0) if pb is not b_st else 0}
            plan = kernel.plan(m, n, k)
            picks = {"model": member(plan), "whole lines": member(kernel.plan(m, n, k, **lead)),
                     "model copies": plan.staging.why}
            samples = time_rounds(triton.testing.do_bench, impls, args.rounds, 2, 10)
            stats = {impl.name: summarize(s) for impl, s in zip(impls, samples)}
            base = stats["cuBLAS"]
            print(f"{layout} {text} (picks {picks['model']}, {picks['whole lines']}; "
                  f"{picks['model copies']}): " + "; ".join(
                f"{name} {v['ms'] * 1e3:.1f} us ({compare(base, v)['pct']:.1f}%)"
                for name, v in stats.items()) + "; model vs never: " +
                str(compare(stats["never"], stats["model"])))
            rows.append({"layout": layout, "shape": text, "pass": ok, "picks": picks,
                         "stats": stats})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows, "device": torch.cuda.get_device_name()}, f, indent=1)


if __name__ == "__main__":
    main()
