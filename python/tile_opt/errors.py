"""The package's exceptions: one line each, all under TileOptError."""
from __future__ import annotations

__all__ = ["TileOptError", "ToolNotFoundError", "CompileError", "OptionError",
           "CacheError", "InputError", "UnsupportedShapeError", "DependencyError",
           "CudaError", "CaptureError"]


class TileOptError(Exception):
    """Anything tile_opt refuses or cannot do; the message is one line."""

    def __init__(self, message: str) -> None:
        # Messages quote files, tools and user values; keep them on one line.
        super().__init__(" ".join(str(message).split()))


class ToolNotFoundError(TileOptError, FileNotFoundError):
    """The tile-opt binary is not where TILE_OPT, the build folder or PATH say."""


class CompileError(TileOptError):
    """tile-opt refused the input or the options, or failed."""


class OptionError(TileOptError, ValueError):
    """An argument of compile() or matmul() that is not valid."""


class CacheError(TileOptError):
    """The cache folder cannot be used, or holds a bundle that cannot be read."""


class InputError(TileOptError, ValueError):
    """Tensors a kernel cannot take: device, dtype, rank, shape, strides, alignment."""


class UnsupportedShapeError(InputError):
    """A shape the compiled kernel cannot serve (its manifest says why)."""


class DependencyError(TileOptError, ImportError):
    """PyTorch or cuda-python, needed to launch, is not installed."""


class CudaError(TileOptError, RuntimeError):
    """No usable GPU or CUDA driver, or a driver call that failed."""


class CaptureError(CudaError):
    """Work that cannot happen during CUDA graph capture (a first call)."""


for _cls in [TileOptError, *(globals()[n] for n in __all__[1:])]:
    _cls.__module__ = "tile_opt"  # tracebacks say tile_opt.InputError
del _cls
