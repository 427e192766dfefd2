"""Launching, on top of tile_bench.cuda_launch (the project's one CUDA driver
launch path): its LoadedKernel loads the module, sizes grids, encodes TMA
descriptors, stages unaligned shapes and keeps the split-K workspace; this
module adds what a library call needs around it:

* layouts other than nn for the mma.sync kernels that serve them;
* a bounded cache of prepared launches (TMA descriptors and packed
  arguments per data pointers and shape) in place of an unbounded dict;
* a launch from that cache without rebuilding its key from the tensors,
  on torch's current stream read as a raw handle;
* buffers (workspace, staging copies) kept for the kernel's lifetime, so a
  CUDA graph that captured a launch never points into freed memory, and
  never allocated during capture;
* torch's context made current once per thread.

Importing this module imports torch and cuda-python; tile_opt imports it
only to launch.
"""
from __future__ import annotations

import collections
import threading
from typing import Any, Optional

import torch
from cuda.bindings import driver
from tile_bench import cuda_launch
from tile_bench.bundle import Bundle, BundleError

from .errors import CaptureError, CudaError, InputError, TileOptError, UnsupportedShapeError

Tensor = torch.Tensor
TORCH_DTYPES = cuda_launch.TORCH_DTYPES
DriverError = cuda_launch.CudaError
# Prepared launches kept per kernel (each holds 3 descriptors and ~200 B).
MAX_LAUNCHES = 64

_raw_stream = getattr(torch._C, "_cuda_getCurrentRawStream", None)


def current_stream(device: int) -> int:
    """The handle of torch's current stream on `device`."""
    if _raw_stream is not None:  # what Triton uses: no Stream object per call
        return _raw_stream(device)
    return torch.cuda.current_stream(device).cuda_stream


def capturing() -> bool:
    return torch.cuda.is_current_stream_capturing()


_gpus: dict[int, tuple[str, tuple[int, int]]] = {}


def gpu(device: int) -> tuple[str, tuple[int, int]]:
    """The name and compute capability of GPU `device`."""
    info = _gpus.get(device)
    if info is None:
        props = torch.cuda.get_device_properties(device)
        info = _gpus[device] = (props.name, (props.major, props.minor))
    return info


_lock = threading.Lock()
_device: Optional[int] = None
_context: Any = None
_thread = threading.local()


def ready(device: int) -> None:
    """torch's primary context of `device` current in this thread.

    The driver's current context is per thread; tile_bench sets it once per
    process, in the thread of the first launch. tile_opt runs on the device
    of its first call (its modules live in that context).
    """
    if getattr(_thread, "device", None) == device:
        return
    global _device, _context
    with _lock:
        try:
            if _device is None:
                if not torch.cuda.is_available():
                    raise CudaError("no CUDA GPU visible to PyTorch (no GPU, or no "
                                    "driver)")
                with torch.cuda.device(device):
                    dev = cuda_launch.ensure_context()
                if int(dev) != device:  # tile_bench chose its device earlier
                    raise InputError(f"tile_opt runs on cuda:{int(dev)}, where this "
                                     f"process launched first; these tensors are on "
                                     f"cuda:{device}")
                _context = cuda_launch.cu("cuDevicePrimaryCtxRetain", dev)
                _device = device
            elif device != _device:
                raise InputError(f"tile_opt runs on one GPU per process, cuda:{_device} "
                                 f"(its first call's); these tensors are on cuda:{device}")
            cuda_launch.cu("cuCtxSetCurrent", _context)
        except TileOptError:
            raise
        except (DriverError, RuntimeError) as e:
            raise CudaError(" ".join(str(e).split())) from None
    _thread.device = device


class _LastingBuffers(cuda_launch.KernelBuffers):
    """KernelBuffers that keep every buffer they hand out, and allocate none
    during CUDA graph capture (a captured zero-fill would run only at replay,
    and the memory would come from the graph's pool)."""

    def __init__(self, kernel: str) -> None:
        super().__init__()
        self._kernel = kernel
        self._held: dict[tuple[torch.device, str], torch.Tensor] = {}
        self._retired: list[torch.Tensor] = []

    def get(self, device: torch.device, name: str, nbytes: int) -> torch.Tensor:
        held = self._held.get((device, name))
        if (held is None or held.numel() < nbytes) and capturing():
            raise CaptureError(f"kernel '{self._kernel}' needs a new {nbytes}-byte "
                               f"{name} buffer, which cannot be allocated during CUDA "
                               f"graph capture: call it once with this shape before "
                               f"capturing")
        buf = super().get(device, name, nbytes)
        if buf is not held:
            if held is not None:
                self._retired.append(held)
            self._held[device, name] = buf
        return buf


class Launcher(cuda_launch.LoadedKernel):
    """One bundle's kernel, loaded, launched for tensors already checked."""

    def __init__(self, bundle: Bundle, layout: str) -> None:
        if capturing():
            raise CaptureError(f"kernel '{bundle.kernel}' is loaded on its first call, "
                               f"which cannot happen during CUDA graph capture: call it "
                               f"once before capturing")
        try:
            super().__init__(bundle)
        except DriverError as e:
            raise CudaError(str(e)) from None
        self.buffers = _LastingBuffers(bundle.kernel)
        self.layout = layout
        self._lru: collections.OrderedDict[tuple, Any] = collections.OrderedDict()
        self._streams: dict[int, driver.CUstream] = {}

    def launch(self, key: tuple, a: Tensor, b: Tensor, c: Tensor, stream: int) -> None:
        """Launches c = a @ b on `stream`; `key` is (a, b, c pointers, M, N, K)."""
        entry = self._lru.get(key)
        try:
            if entry is None:
                # The operands were checked (checks.py) for this layout.
                entry = self._lru[key] = self._prepare(a, b, c, self.layout)
                if len(self._lru) > MAX_LAUNCHES:
                    self._lru.popitem(last=False)
            else:
                self._lru.move_to_end(key)
            handle = self._streams.get(stream)
            if handle is None:
                handle = self._streams[stream] = driver.CUstream(stream)
            self.run(entry, handle)
        except DriverError as e:
            raise CudaError(str(e)) from None
        except BundleError as e:  # the manifest refuses the shape
            raise UnsupportedShapeError(str(e)) from None
