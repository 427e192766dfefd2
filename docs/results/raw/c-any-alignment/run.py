#!/usr/bin/env python3
"""C at any alignment: kernels that store C's rows wherever they start
(c_any_alignment) against the same dispatch that copies C through a padded
buffer (the bundles compiled before it), on output layers whose N is not a
multiple of 8 (vocabularies of 50257, 30522, 51865) and on aligned shapes,
where both must tie.

Per shape and layout, in one process (L2 flushed before every sample,
rounds in balanced order, medians with quartiles): cuBLAS (torch.matmul),
Triton's anchor where it runs the shape, the dispatch before ("copies C")
and now ("stores C"), and now on N padded to a multiple of 64 (rows TMA can
store, a padded vocabulary's product; "padded N"). Every output is checked
against an fp32 product first, and the new dispatch also writes into a
view of a NaN-filled wider buffer at an odd element offset, whose other
elements must stay NaN. --also NAME=DIR times another bundle folder's
dispatch beside them ("stores C (NAME)"; an earlier version of the
stores). --names OLD,NEW names the two dispatches (default "copies
C,stores C").
  run.py OLD_BUNDLES NEW_BUNDLES SHAPE... [--layouts nt,nn] [--rounds R]
         [--dtype f16|bf16] [--also NAME=DIR]... [--names OLD,NEW] [--json OUT]
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

MANIFESTS = {"nt": ("nt-auto/matmul_{d}_nt.json", "tuned-persistent"),
             "nn": ("auto/matmul_{d}.json", "tma-persistent")}
TORCH = {"f16": torch.float16, "bf16": torch.bfloat16}


def member(plan):
    """The member a plan launches, at its splits."""
    name = os.path.basename(plan.bundle.manifest_path).split("__")[-1][:-len(".json")]
    return f"{name}@{plan.splits}" if plan.splits and plan.splits > 1 else name


def main():
    p = argparse.ArgumentParser()
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("shapes", nargs="+")
    p.add_argument("--layouts", default="nt")
    p.add_argument("--dtype", default="f16")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--also", action="append", default=[])
    p.add_argument("--names", default="copies C,stores C")
    p.add_argument("--json")
    args = p.parse_args()
    d, dt = args.dtype, TORCH[args.dtype]
    old_name, new_name = args.names.split(",")
    rows = []
    for layout in args.layouts.split(","):
        manifest, anchor = MANIFESTS[layout]
        rel = os.path.join(d, manifest.format(d=d))
        old = tile_opt.Kernel(os.path.join(args.old, rel), d, d, layout)
        new = tile_opt.Kernel(os.path.join(args.new, rel), d, d, layout)
        also = [(name, tile_opt.Kernel(os.path.join(folder, rel), d, d, layout))
                for name, folder in (x.split("=", 1) for x in args.also)]
        for i, text in enumerate(args.shapes):
            m, n, k = map(int, text.split("x"))
            gen = torch.Generator(device="cuda").manual_seed(2000 + i)
            _, _, a, b = make_operands(torch, gen, layout, m, n, k, dt)

            def out(cols=n):
                return torch.empty(m, cols, device="cuda", dtype=dt)
            cs = [out() for _ in range(4)]
            impls = [Impl("cuBLAS", "cublas", lambda c=cs[0]: torch.matmul(a, b, out=c), cs[0], d)]
            if not anchors.unsupported(anchor, m, n, k, 2, layout):
                impls.append(Impl(anchor, "triton", lambda c=cs[3]: anchors.ANCHORS[anchor](a, b, c),
                                  cs[3], d))
            impls += [Impl(old_name, "tile-opt", lambda c=cs[1]: old(a, b, out=c), cs[1], d),
                      Impl(new_name, "tile-opt", lambda c=cs[2]: new(a, b, out=c), cs[2], d)]
            for name, kernel in also:
                cX = out()
                impls.append(Impl(f"stores C ({name})", "tile-opt",
                                  lambda c=cX, kernel=kernel: kernel(a, b, out=c), cX, d))
            np_ = (n + 63) // 64 * 64
            if np_ != n:
                # The same product on a vocabulary padded to 64: B's extra
                # rows (nt) or columns (nn) zero.
                if layout[1] == "t":
                    bp = torch.zeros(np_, k, device="cuda", dtype=dt)
                    bp[:n].copy_(b.t())
                    bp = bp.t()
                else:
                    bp = torch.zeros(k, np_, device="cuda", dtype=dt)
                    bp[:, :n].copy_(b)
                cP = out(np_)
                impls.append(Impl("padded N", "tile-opt", lambda c=cP, bp=bp: new(a, bp, out=c), None, d))
            ref = a.float() @ b.float()
            absprod = a.float().abs() @ b.float().abs()
            ok = {}
            for impl in impls:
                if impl.out is None:
                    continue
                impl.out.fill_(float("nan"))
                impl.run()
                torch.cuda.synchronize()
                ok[impl.name] = check_output(impl.out, ref, absprod, d, d, k)["pass"]
            # A view one element into a wider NaN buffer: C's pointer 2 bytes
            # off 16, its rows n + 3 apart; nothing outside it is written.
            wide = torch.full((m, n + 3), float("nan"), device="cuda", dtype=dt)
            view = wide[:, 1:n + 1]
            new(a, b, out=view)
            torch.cuda.synchronize()
            ok[f"{new_name}, view"] = (check_output(view, ref, absprod, d, d, k)["pass"]
                                    and bool(wide[:, 0].isnan().all())
                                    and bool(wide[:, n + 1:].isnan().all()))
            del ref, absprod, wide, view
            plan = new.plan(m, n, k)
            picks = {"new": member(plan), "old": member(old.plan(m, n, k)),
                     "old staging": old.plan(m, n, k).staging.why,
                     "new staging": plan.staging.why}
            samples = time_rounds(triton.testing.do_bench, impls, args.rounds, 2, 10)
            stats = {impl.name: summarize(s) for impl, s in zip(impls, samples)}
            base = stats["cuBLAS"]
            print(f"{layout} {d} {text} (picks {picks['old']} -> {picks['new']}; "
                  f"checks {'all pass' if all(ok.values()) else ok}): " + "; ".join(
                      f"{name} {v['ms'] * 1e3:.1f} us ({compare(base, v)['pct']:.1f}%)"
                      for name, v in stats.items()) + f"; {new_name} vs {old_name}: " +
                  str(compare(stats[old_name], stats[new_name])))
            rows.append({"layout": layout, "dtype": d, "shape": text, "pass": ok,
                         "picks": picks, "stats": stats})
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows, "device": torch.cuda.get_device_name()}, f, indent=1)
    bad = [(r["layout"], r["shape"], k) for r in rows for k, v in r["pass"].items() if not v]
    print(f"{sum(len(r['pass']) for r in rows)} checks, {len(bad)} failed {bad if bad else ''}")


if __name__ == "__main__":
    main()
