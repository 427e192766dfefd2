"""tile_opt: compile, cache and call tile-opt matmul kernels on PyTorch tensors.

    import torch, tile_opt
    a = torch.randn(4096, 4096, device="cuda", dtype=torch.float16)
    c = tile_opt.matmul(a, a)                        # config=auto, per shape
    k = tile_opt.compile("bf16", "f32", config="manual", mma="wgmma", block_k=64)
    c = k(a.bfloat16(), a.bfloat16())

`compile()` runs the tile-opt binary and caches its bundle on disk;
`Kernel` launches it through tile_bench.cuda_launch (the CUDA driver API,
cuda-python) on torch's current stream; `matmul()` is also the custom op
`tile_opt::matmul` for torch.compile. Importing and compiling need neither
PyTorch nor cuda-python; launching needs both (and a GPU). See docs/python.md.
"""
from __future__ import annotations

import importlib.util
from typing import Any

from .compiler import cache_dir, find_tile_opt
from .errors import (CacheError, CaptureError, CompileError, CudaError, DependencyError,
                     InputError, OptionError, TileOptError, ToolNotFoundError,
                     UnsupportedShapeError)
from .kernel import Kernel, LaunchPlan, compile
from .ops import family, matmul, register_custom_op

__version__ = "0.1.0"
__all__ = ["__version__", "compile", "Kernel", "LaunchPlan", "matmul", "family",
           "register_custom_op", "measure_overhead", "cache_dir", "find_tile_opt",
           "TileOptError", "ToolNotFoundError", "CompileError", "OptionError",
           "CacheError", "InputError", "UnsupportedShapeError", "DependencyError",
           "CudaError", "CaptureError"]


def measure_overhead(*args: Any, **kwargs: Any) -> dict[str, dict[str, float]]:
    """Host microseconds per call of a cached kernel beside torch.matmul's
    (tile_opt.overhead.measure_overhead; `python -m tile_opt.overhead`)."""
    from .overhead import measure_overhead as measure  # not at import: -m runs it
    return measure(*args, **kwargs)


# torch.compile traces tile_opt.matmul as the custom op, which must exist
# before tracing starts (a registration cannot be traced); so register it
# now wherever torch is installed, and carry on without it elsewhere.
try:
    _has_torch = importlib.util.find_spec("torch") is not None
except (ImportError, ValueError):
    _has_torch = False
if _has_torch:
    register_custom_op()
