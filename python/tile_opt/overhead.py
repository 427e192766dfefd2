"""Host time per call of a cached tile_opt kernel, beside torch.matmul's.

    python -m tile_opt.overhead [--shape MxNxK] [--calls N] [--dtype f16|bf16]

Times the Python-level cost of a call: a tiny shape, so the GPU keeps up,
launches only (no synchronization inside a timed batch), time.perf_counter
over batches of calls with the GPU drained between batches (so a full
launch queue never stalls the host). Needs a GPU, PyTorch and cuda-python.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any, Callable, Optional, Sequence

from .errors import CudaError, DependencyError, TileOptError

__all__ = ["measure_overhead", "main"]


def _per_call_us(torch: Any, fn: Callable[[], Any], calls: int, batch: int) -> float:
    """Median over batches of the host microseconds per call."""
    for _ in range(min(batch, 50)):  # warm: compile, load, prepare
        fn()
    torch.cuda.synchronize()
    samples = []
    for _ in range(max(1, calls // batch)):
        start = time.perf_counter()
        for _ in range(batch):
            fn()
        samples.append((time.perf_counter() - start) / batch * 1e6)
        torch.cuda.synchronize()
    return statistics.median(samples)


def measure_overhead(shape: tuple[int, int, int] = (64, 64, 64), calls: int = 5000,
                     batch: int = 250, dtype: str = "f16",
                     show: bool = True) -> dict[str, float]:
    """Host microseconds per call: tile_opt's Kernel and matmul beside
    torch.matmul, each with and without a preallocated output. Prints the
    table when `show`."""
    try:
        import torch
    except ImportError:
        raise DependencyError("measuring the overhead needs PyTorch") from None
    if not torch.cuda.is_available():
        raise CudaError("measuring the overhead needs a CUDA GPU; torch sees none")
    from . import compile, matmul

    m, n, k = shape
    tdtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype]
    a = torch.randn(m, k, device="cuda", dtype=tdtype)
    b = torch.randn(k, n, device="cuda", dtype=tdtype)
    c = torch.empty(m, n, device="cuda", dtype=tdtype)
    kernel = compile(dtype)
    cases: dict[str, Callable[[], Any]] = {
        "tile_opt Kernel(a, b, out=c)": lambda: kernel(a, b, out=c),
        "tile_opt Kernel(a, b)": lambda: kernel(a, b),
        "tile_opt.matmul(a, b)": lambda: matmul(a, b),
        "torch.matmul(a, b, out=c)": lambda: torch.matmul(a, b, out=c),
        "torch.matmul(a, b)": lambda: torch.matmul(a, b),
    }
    result = {name: _per_call_us(torch, fn, calls, batch) for name, fn in cases.items()}
    if show:
        width = max(map(len, result))
        print(f"host time per call, {m}x{n}x{k} {dtype}, median of "
              f"{max(1, calls // batch)} batches of {batch} launches "
              f"({torch.cuda.get_device_name()}):")
        for name, us in result.items():
            print(f"  {name.ljust(width)}  {us:7.2f} us")
    return result


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tile_opt.overhead",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--shape", default="64x64x64", help="MxNxK (default 64x64x64)")
    parser.add_argument("--calls", type=int, default=5000)
    parser.add_argument("--dtype", choices=("f16", "bf16"), default="f16")
    args = parser.parse_args(argv)
    try:
        shape = tuple(int(v) for v in args.shape.lower().split("x"))
        if len(shape) != 3 or min(shape) < 1:
            raise ValueError
    except ValueError:
        parser.error(f"--shape {args.shape}: expected MxNxK, e.g. 64x64x64")
    try:
        measure_overhead(shape, args.calls, dtype=args.dtype)  # type: ignore[arg-type]
    except TileOptError as e:
        print(f"tile_opt.overhead: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
