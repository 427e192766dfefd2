#!/usr/bin/env python3
"""Two dispatch manifests (the shipped table and the hinted one) beside
cuBLAS, outside tile-bench's do_bench, one process, CUDA events, rotated
rounds (tile_runtime.visit_order), median and quartiles per cell
(tile_bench.stats), written as JSON:

  states: each --shape under three L2 states before every sample: `dirty`
    (256 MB written, as do_bench flushes: the L2 full of lines to write
    back), `clean` (256 MB read: full of clean lines, as a layer that read
    its weights leaves it) and `warm` (no flush).
  chain: a transformer block's four projections (qkv, o, gate_up, down;
    y = x @ w.T) back to back, no flush, so that each layer meets the L2
    as the layers before it left it, as in a model; events between the
    layers give each layer's time and the block's.

  measure.py states --json OUT MANIFEST MANIFEST --shape MxNxK ...
  measure.py chain --json OUT MANIFEST MANIFEST [--m 1,16,...]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4, "python"))
import tile_runtime as rt  # noqa: E402
import torch  # noqa: E402
from tile_bench import cuda_launch, stats  # noqa: E402
from tile_bench.bundle import load_manifest, parse_shape  # noqa: E402
from tile_bench.cli import make_operands, write_json_atomically  # noqa: E402

# (N, K) of qkv, o, gate_up, down (scripts/suites.py's llm layers).
FAMILIES = {
    "Llama-2-13B": [(15360, 5120), (5120, 5120), (27648, 5120), (5120, 13824)],
    "Phi-3-mini": [(9216, 3072), (3072, 3072), (16384, 3072), (3072, 8192)],
    "Gemma-2-9B": [(8192, 3584), (3584, 4096), (28672, 3584), (3584, 14336)],
    "Mistral-Nemo-12B": [(6144, 5120), (5120, 4096), (28672, 5120), (5120, 14336)],
}
LAYERS = ("qkv", "o", "gate_up", "down")

p = argparse.ArgumentParser()
p.add_argument("what", choices=("states", "chain"))
p.add_argument("manifests", nargs=2)
p.add_argument("--shape", action="append", type=parse_shape, default=[])
p.add_argument("--m", default="1,16,64,128,512,2048")
p.add_argument("--rounds", type=int, default=3)
p.add_argument("--samples", type=int, default=20, help="per round and implementation")
p.add_argument("--json", required=True)
args = p.parse_args()
dispatches = [load_manifest(m) for m in args.manifests]
dtype = cuda_launch.TORCH_DTYPES[dispatches[0].members[0].a_type]


def implementations(xs, ws, ys):
    """(name, [one launch per layer]) of cuBLAS and each dispatch, each
    checked once on a NaN-filled output against an fp32 product."""
    impls = [("cuBLAS", [lambda x=x, w=w, y=y: torch.matmul(x, w.t(), out=y)
                         for x, w, y in zip(xs, ws, ys)])]
    for path, d in zip(args.manifests, dispatches):
        calls = []
        for x, w, y in zip(xs, ws, ys):
            member, _, splits, _ = d.choose(x.shape[0], *w.shape)
            kernel = cuda_launch.LoadedKernel(member, "nt", splits)
            calls.append(lambda kernel=kernel, x=x, w=w, y=y: kernel(x, w, y))
        impls.append((path, calls))
    for name, calls in impls:
        for x, w, y, call in zip(xs, ws, ys, calls):
            y.fill_(float("nan"))
            call()
            ref = x.float() @ w.float().t()
            err = ((y.float() - ref).norm() / ref.norm()).item()
            assert err < 2e-3, f"{name} on {tuple(x.shape)} @ {tuple(w.shape)}.T: error {err}"
    return impls


def timed(impls, before=lambda: None):
    """Per implementation, its samples: the events around its launches."""
    times = [[] for _ in impls]
    for r in range(args.rounds + 1):  # round 0 warms up
        for j in rt.visit_order(r, len(impls)):
            for _ in range(args.samples):
                before()
                ev = [torch.cuda.Event(enable_timing=True) for _ in range(len(impls[j][1]) + 1)]
                ev[0].record()
                for call, e in zip(impls[j][1], ev[1:]):
                    call()
                    e.record()
                if r:
                    times[j].append(ev)
    torch.cuda.synchronize()
    return times


results = []
gen = torch.Generator(device="cuda")
gen.manual_seed(1)
if args.what == "states":
    flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    states = {"dirty": flush.zero_, "clean": lambda: flush.sum(dtype=torch.int64),
              "warm": lambda: None}
    for m, n, k in args.shape:
        a, b = make_operands(torch, gen, "nt", m, n, k, dtype)[:2]
        impls = implementations([a], [b], [torch.empty((m, n), device="cuda", dtype=dtype)])
        for state, before in states.items():
            for (name, _), ev in zip(impls, timed(impls, before)):
                results.append({"shape": f"{m}x{n}x{k}", "state": state, "impl": name,
                                **stats.summarize([s[0].elapsed_time(s[1]) for s in ev])})
        print(f"{m}x{n}x{k} done", flush=True)
else:
    for family, layers in FAMILIES.items():
        ws = [torch.rand((n, k), generator=gen, device="cuda", dtype=dtype).sub_(0.5)
              for n, k in layers]
        for m in map(int, args.m.split(",")):
            xs = [torch.rand((m, k), generator=gen, device="cuda", dtype=dtype).sub_(0.5)
                  for _, k in layers]
            impls = implementations(xs, ws, [torch.empty((m, n), device="cuda", dtype=dtype)
                                             for n, _ in layers])
            for (name, _), ev in zip(impls, timed(impls)):
                parts = {"block": [s[0].elapsed_time(s[-1]) for s in ev]}
                for i, layer in enumerate(LAYERS):
                    parts[layer] = [s[i].elapsed_time(s[i + 1]) for s in ev]
                for part, ms in parts.items():
                    results.append({"family": family, "m": m, "part": part, "impl": name,
                                    **stats.summarize(ms)})
            print(f"{family} M {m} done", flush=True)
write_json_atomically(args.json, {"device": torch.cuda.get_device_name(), "layout": "nt",
                                  "what": args.what, "results": results})
