#!/usr/bin/env python3
"""Whole-line copies for operands whose rows start inside 128-byte L2 lines:
does copying them into rows padded to whole lines pay for itself?

Per shape and layout, in one process (L2 flushed before every sample,
rounds in the runtime's balanced order, medians with quartiles):
cuBLAS (torch.matmul on the model-like views), Triton's anchor, the
config=auto dispatch on the operands as stored (rows off whole lines, the
runtime's line-aware pick), the dispatch on copies whose rows are padded to
whole lines (kernel only: what the rows cost), the copies alone (torch's
strided copy_ into the padded buffers), and copies + kernel (what a staged
launch would take). Only the operands whose rows are off whole lines are
copied. Every output is checked against an fp32 product first.
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
from tile_bench.cli import Impl, check_output, make_operands, time_rounds  # noqa: E402
from tile_bench.stats import compare, summarize  # noqa: E402

MANIFESTS = {"nt": ("f16/nt-auto/matmul_f16_nt.json", "tuned-persistent"),
             "nn": ("f16/auto/matmul_f16.json", "tma-persistent")}
LINE = 128


def padded(stored):
    """A buffer like `stored` whose rows are whole lines apart, and its
    view of stored's size (None where stored's rows already are)."""
    rows, cols = stored.shape
    if cols * stored.element_size() % LINE == 0:
        return None
    step = LINE // stored.element_size()
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
        kernel = tile_opt.Kernel(os.path.join(args.bundles, manifest), "f16", "f16", layout)
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
            impls += [Impl("in place", "tile-opt", lambda c=cs[1]: kernel(a, b, out=c), cs[1], "f16"),
                      Impl("whole lines", "tile-opt", lambda c=cs[2]: kernel(la, lb, out=c), cs[2], "f16"),
                      Impl("copies + kernel", "tile-opt", staged, cs[4], "f16"),
                      Impl("copies", "copy", copies, None, "f16")]
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
            picks = {"in place": member(kernel.plan(m, n, k)),
                     "whole lines": member(kernel.plan(m, n, k, **lead))}
            samples = time_rounds(triton.testing.do_bench, impls, args.rounds, 2, 10)
            stats = {impl.name: summarize(s) for impl, s in zip(impls, samples)}
            base = stats["cuBLAS"]
            print(f"{layout} {text} (picks {picks['in place']}, {picks['whole lines']}): " + "; ".join(
                f"{name} {v['ms'] * 1e3:.1f} us ({compare(base, v)['pct']:.1f}%)"
                for name, v in stats.items()) + "; staged vs in place: " +
                str(compare(stats["in place"], stats["copies + kernel"])))
            rows.append({"layout": layout, "shape": text, "pass": ok, "picks": picks,
                         "stats": stats})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows, "device": torch.cuda.get_device_name()}, f, indent=1)


if __name__ == "__main__":
    main()
