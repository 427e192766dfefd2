"""Host time per call of a cached tile_opt kernel, beside torch.matmul's, and
a torch.compile'd MLP with tile_opt.matmul beside the same MLP with
torch.matmul.

    python -m tile_opt.overhead [--shape MxNxK] [--batches N] [--dtype f16|bf16]
                                [--mlp MxDxH] [--json OUT]

Calls: a tiny shape, so the GPU keeps up and the host's cost is what is
timed; launches only (no synchronization inside a timed batch),
time.perf_counter over batches of calls, the GPU drained between batches (a
full launch queue never stalls the host), the cases interleaved batch by
batch in the runtime's balanced visit order so that drift and a neighbour's
heat hit them alike; median and interquartile range over
the batches.

MLP: y = gelu(x @ w1) @ w2 under torch.compile(fullgraph=True), once with
tile_opt.matmul (the op as registered, and the op registered through
torch.library.custom_op for comparison) and once with torch.matmul; wall
time per iteration over batches of iterations ended by a synchronize, so a
host that cannot keep the GPU busy shows. Needs a GPU and PyTorch.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any, Callable, Optional, Sequence

import tile_runtime
from tile_bench import files
from tile_bench.bundle import BundleError, parse_shape

from .errors import CudaError, DependencyError, TileOptError

__all__ = ["measure_overhead", "measure_mlp", "main"]


def _spread(samples: Sequence[float]) -> dict[str, float]:
    q = statistics.quantiles(samples, n=4, method="inclusive")
    return {"median": statistics.median(samples), "q1": q[0], "q3": q[2],
            "batches": len(samples)}


def _interleaved(torch: Any, cases: dict[str, Callable[[], Any]], batches: int,
                 batch: int, sync_inside: bool = False) -> dict[str, dict[str, float]]:
    """Microseconds per call of each case: one batch of each case in turn,
    `batches` times, each time in the runtime's visit order (every case
    directly after every other equally often)."""
    for fn in cases.values():  # warm: compile, load, plan
        for _ in range(min(batch, 20)):
            fn()
    torch.cuda.synchronize()
    samples: dict[str, list[float]] = {name: [] for name in cases}
    names = list(cases)
    for b in range(batches):
        for i in tile_runtime.visit_order(b, len(names)):
            name, fn = names[i], cases[names[i]]
            start = time.perf_counter()
            for _ in range(batch):
                fn()
            if sync_inside:
                torch.cuda.synchronize()
            samples[name].append((time.perf_counter() - start) / batch * 1e6)
            torch.cuda.synchronize()
    return {name: _spread(s) for name, s in samples.items()}


def _import_torch() -> Any:
    try:
        import torch
    except ImportError:
        raise DependencyError("measuring the overhead needs PyTorch") from None
    if not torch.cuda.is_available():
        raise CudaError("measuring the overhead needs a CUDA GPU; torch sees none")
    return torch


def measure_overhead(shape: tuple[int, int, int] = (64, 64, 64), batches: int = 25,
                     batch: int = 200, dtype: str = "f16") -> dict[str, dict[str, float]]:
    """Host microseconds per call: tile_opt's Kernel and matmul beside
    torch.matmul, each with and without a preallocated output, and the
    runtime's launch alone."""
    torch = _import_torch()
    from . import compile, matmul

    m, n, k = shape
    tdtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype]
    a = torch.randn(m, k, device="cuda", dtype=tdtype)
    b = torch.randn(k, n, device="cuda", dtype=tdtype)
    c = torch.empty(m, n, device="cuda", dtype=tdtype)
    kernel = compile(dtype)
    kernel(a, b, out=c)  # loaded and planned: the floor below needs both
    fast = kernel._launchers[torch.cuda.current_device()].launcher.launch
    stream = torch.cuda.current_stream().cuda_stream
    ptrs = (a.data_ptr(), b.data_ptr(), c.data_ptr())
    cases: dict[str, Callable[[], Any]] = {
        # The floor: the runtime's launch of a planned shape, no checks.
        "runtime launch alone": lambda: fast(m, n, k, *ptrs, stream),
        "tile_opt Kernel(a, b, out=c)": lambda: kernel(a, b, out=c),
        "tile_opt Kernel(a, b)": lambda: kernel(a, b),
        "tile_opt.matmul(a, b)": lambda: matmul(a, b),
        "torch.matmul(a, b, out=c)": lambda: torch.matmul(a, b, out=c),
        "torch.matmul(a, b)": lambda: torch.matmul(a, b),
    }
    return _interleaved(torch, cases, batches, batch)


def measure_mlp(shape: tuple[int, int, int] = (512, 4096, 4096), batches: int = 25,
                batch: int = 20, dtype: str = "f16") -> dict[str, dict[str, float]]:
    """Wall microseconds per iteration of the compiled MLP y = gelu(x @ w1) @ w2
    (x: M x D, w1: D x H, w2: H x D) with each matmul."""
    torch = _import_torch()
    from . import ops

    m, d, h = shape
    tdtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype]
    x = torch.randn(m, d, device="cuda", dtype=tdtype)
    w1 = torch.randn(d, h, device="cuda", dtype=tdtype) / d ** 0.5
    w2 = torch.randn(h, d, device="cuda", dtype=tdtype) / h ** 0.5
    if not hasattr(torch.ops, "tile_opt_bench") or not hasattr(torch.ops.tile_opt_bench,
                                                               "matmul"):
        ops.register_op("tile_opt_bench::matmul", "custom_op")

    def mlp(mm: Callable[[Any, Any], Any]) -> Callable[[Any], Any]:
        def f(x: Any) -> Any:
            return mm(torch.nn.functional.gelu(mm(x, w1)), w2)
        return torch.compile(f, fullgraph=True)

    variants = {
        "torch.matmul": mlp(torch.matmul),
        f"tile_opt.matmul ({ops.REGISTRATION})": mlp(ops.matmul),
        "tile_opt op (custom_op)": mlp(lambda a, b: torch.ops.tile_opt_bench.matmul(a, b)),
    }
    ref = variants["torch.matmul"](x).float()
    for name, fn in variants.items():
        err = ((fn(x).float() - ref).norm() / ref.norm()).item()
        if not err < 2e-2:
            raise TileOptError(f"MLP with {name} differs from torch.matmul's: "
                               f"relative error {err:.2e}")
    return _interleaved(torch, {name: (lambda fn=fn: fn(x)) for name, fn in variants.items()},
                        batches, batch, sync_inside=True)


def _print(title: str, result: dict[str, dict[str, float]], base: str) -> None:
    width = max(map(len, result))
    print(title)
    for name, r in result.items():
        ratio = result[base]["median"] / r["median"]
        print(f"  {name.ljust(width)}  {r['median']:8.2f} us  [IQR {r['q1']:.2f}-"
              f"{r['q3']:.2f}]  {base} / this = {ratio:.3f}")


def _parse(text: str, what: str, parser: argparse.ArgumentParser) -> tuple[int, int, int]:
    try:
        return parse_shape(text)
    except BundleError as e:
        parser.error(f"{what}: {e}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tile_opt.overhead",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--shape", default="64x64x64", help="MxNxK (default 64x64x64)")
    parser.add_argument("--batches", type=int, default=25)
    parser.add_argument("--dtype", choices=("f16", "bf16"), default="f16")
    parser.add_argument("--mlp", help="also the compiled MLP, MxDxH (e.g. 512x4096x4096)")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args(argv)
    if args.batches < 4:
        parser.error("--batches must be at least 4 (quartiles)")
    shape = _parse(args.shape, "--shape", parser)
    mlp_shape = _parse(args.mlp, "--mlp", parser) if args.mlp is not None else None

    def cannot_write(e: OSError) -> int:
        print(f"tile_opt.overhead: cannot write --json file '{args.json}': {e.strerror}",
              file=sys.stderr)
        return 1

    if args.json is not None:  # before minutes of measuring
        try:
            files.check_target(args.json)
        except OSError as e:
            return cannot_write(e)
    out: dict[str, Any] = {}
    try:
        torch = _import_torch()
        calls = out["calls"] = measure_overhead(shape, args.batches, dtype=args.dtype)
        from . import _torch_op
        _torch_op.get()
        _print(f"host time per call, {'x'.join(map(str, shape))} {args.dtype}, median of "
               f"{args.batches} interleaved batches of 200 launches "
               f"({torch.cuda.get_device_name()}; C++ path: "
               f"{_torch_op.error or 'in use'}):", calls, "torch.matmul(a, b, out=c)")
        out["cpp_path"] = _torch_op.error or "in use"
        if mlp_shape:
            mlp = out["mlp"] = measure_mlp(mlp_shape, args.batches, dtype=args.dtype)
            _print(f"torch.compile(fullgraph=True) MLP gelu(x @ w1) @ w2, "
                   f"{'x'.join(map(str, mlp_shape))} (M x D x H) {args.dtype}, wall time per "
                   f"iteration, median of {args.batches} interleaved batches of 20:", mlp,
                   "torch.matmul")
    except TileOptError as e:
        print(f"tile_opt.overhead: {e}", file=sys.stderr)
        return 1
    if args.json is not None:
        try:
            files.write_json(args.json, out)
        except OSError as e:
            return cannot_write(e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
