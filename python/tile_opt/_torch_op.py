"""tile_opt's calls without Python inside torch (csrc/torch_op.cpp): the CUDA
kernel of tile_opt::matmul and Kernel(a, b, out=c) for row-major or
transposed views (larger leading dimensions too) and planned problems.
Built on first use with torch.utils.cpp_extension where torch's headers, a
C++ compiler, ninja and the CUDA toolkit are present (into the cache
folder, once per torch version); elsewhere tile_opt makes
the same calls in Python, at a higher cost per call, and `error` says why.
TILE_OPT_TORCH_OP=0 turns it off.
"""
from __future__ import annotations

import os
from typing import Any, Optional

_module: Any = None
_tried = False
error: Optional[str] = None  # why the C++ path is not in use


def get() -> Any:
    """The built extension, or None (see `error`)."""
    global _module, _tried, error
    if _tried:
        return _module
    _tried = True
    if os.environ.get("TILE_OPT_TORCH_OP", "1") == "0":
        error = "turned off (TILE_OPT_TORCH_OP=0)"
        return None
    try:
        import tile_runtime
        import torch
        from torch.utils import cpp_extension

        from . import compiler, ops
        build = compiler.cache_dir() / "torch_op" / f"torch-{torch.__version__}"
        build.mkdir(parents=True, exist_ok=True)
        source = os.path.join(os.path.dirname(__file__), "csrc", "torch_op.cpp")
        module = cpp_extension.load(name="tile_opt_torch_op", sources=[source],
                                    build_directory=str(build), with_cuda=True,
                                    extra_cflags=["-O2"], verbose=False)
        module.setup(tile_runtime.launch_function(), tile_runtime.layout_function(),
                     ops._op)
    except Exception as e:  # no compiler, headers or ninja: Python does it
        error = " ".join(f"{type(e).__name__}: {e}".split())[:500]
        return None
    _module = module
    return module
