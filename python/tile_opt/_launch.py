"""Launching, on top of tile_bench.cuda_launch.LoadedKernel (the project's
one launch path: the runtime's plans and launches, torch's memory for the
buffers the runtime leaves to its caller); this module adds what a library
call needs around it:

* the hot path: the runtime launcher's own `launch` method, which takes the
  sizes, the three pointers, the stream and the leading dimensions and
  returns False for a problem it has not planned yet;
* buffers (workspace, staging copies) kept for the kernel's lifetime, so a
  CUDA graph that captured a launch never points into freed memory, and
  never allocated, nor a shape planned, during capture;
* the tensors' device made current for the launch (torch's current device
  and the driver's context, both put back after), in any thread;
* the runtime's errors as tile_opt's.

Importing this module imports torch; tile_opt imports it only to launch.
"""
from __future__ import annotations

import threading
from typing import Any, Optional, Union

import tile_runtime
import torch
from tile_bench import cuda_launch
from tile_bench.bundle import Bundle, Dispatch

from .errors import CaptureError, CudaError, UnsupportedShapeError

Tensor = torch.Tensor
TORCH_DTYPES = cuda_launch.TORCH_DTYPES
DriverError = cuda_launch.CudaError

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


def gpu_kind(device: int) -> dict:
    """What an autotune record is kept for: GPU `device`'s name, compute
    capability and SMs."""
    name, cc = gpu(device)
    return {"name": name, "cc": list(cc),
            "sms": torch.cuda.get_device_properties(device).multi_processor_count}


_lock = threading.Lock()
_devices: set[int] = set()  # those whose context torch has created
_get_device = getattr(torch._C, "_cuda_getDevice", None) or torch.cuda.current_device


def ready(device: int) -> Optional[int]:
    """GPU `device` current in this thread for a launch: torch's current
    device, and its primary context (torch's) the driver's current context.
    Returns the device to put back with restore() after the launch, or None
    when `device` was current already.

    A kernel's modules live in one device's context (tile_opt loads them
    once per device); the driver's current context is per thread, and
    torch's device guards change it, so it is made current on every launch
    from Python (the C++ path uses torch's device guard, the runtime
    refusing a launcher of another device).
    """
    if device not in _devices:
        with _lock:
            if not torch.cuda.is_available():
                raise CudaError("no CUDA GPU visible to PyTorch (no GPU, or no driver)")
            try:
                torch.empty(1, device=f"cuda:{device}")  # torch creates its context lazily
            except RuntimeError as e:
                raise CudaError(" ".join(str(e).split())) from None
            _devices.add(device)
    previous = _get_device()
    if previous != device:
        torch.cuda.set_device(device)
    else:
        previous = None
    try:
        tile_runtime.use_primary_context(device)
    except tile_runtime.CudaError as e:
        restore(previous)
        raise CudaError(str(e)) from None
    return previous


def restore(previous: Optional[int]) -> None:
    """Puts back torch's current device that ready() changed (and with it
    the driver's context)."""
    if previous is not None:
        torch.cuda.set_device(previous)


class _LastingBuffers(cuda_launch.KernelBuffers):
    """KernelBuffers that allocate none during CUDA graph capture (a captured
    zero-fill would run only at replay, and the memory would come from the
    graph's pool)."""

    def __init__(self, kernel: str) -> None:
        super().__init__()
        self._kernel = kernel

    def get(self, device: torch.device, name: Any, nbytes: int,
            fill: int = 0) -> torch.Tensor:
        held = self._buffers.get((device, name))
        if (held is None or held.numel() < nbytes) and capturing():
            raise CaptureError(f"kernel '{self._kernel}' needs a new {nbytes}-byte "
                               f"{name[-1]} buffer, which cannot be allocated during CUDA "
                               f"graph capture: call it once with this shape before "
                               f"capturing")
        return super().get(device, name, nbytes, fill)


class Launcher(cuda_launch.LoadedKernel):
    """A bundle (a kernel or a config=auto family) loaded, launched for
    tensors already checked. `fast(m, n, k, a_ptr, b_ptr, c_ptr, stream,
    lda, ldb, ldc)` launches a problem planned before and returns False
    otherwise; `launch` plans it first."""

    def __init__(self, entry: Union[Bundle, Dispatch], layout: str, tune: int = 0,
                 record: Any = None) -> None:
        if capturing():
            raise CaptureError(f"kernel '{entry.kernel}' is loaded on its first call, "
                               f"which cannot happen during CUDA graph capture: call it "
                               f"once before capturing")
        try:
            super().__init__(entry, layout, tune=tune, record=record)
        except (DriverError, tile_runtime.CudaError) as e:
            raise CudaError(str(e)) from None
        self.refusals = (UnsupportedShapeError,)
        self.buffers = _LastingBuffers(entry.kernel)
        self.fast = self.launcher.launch

    def prepare(self, m: int, n: int, k: int, device: torch.device,
                lds: tuple[int, int, int] = (0, 0, 0),
                chosen: Optional[tuple[Any, int, str]] = None) -> dict:
        """LoadedKernel.prepare, refused during capture (planning loads
        modules and allocates); the plan's refusal of the problem is
        UnsupportedShapeError (a launch's own refusals, of the operands'
        pointers, stay tile_runtime.UnsupportedError)."""
        if capturing():
            raise CaptureError(f"kernel '{self.bundle.kernel}' meets shape {m}x{n}x{k} "
                               f"for the first time, which cannot happen during CUDA "
                               f"graph capture: call it once with this shape before "
                               f"capturing")
        try:
            return super().prepare(m, n, k, device, lds, chosen)
        except tile_runtime.UnsupportedError as e:
            raise UnsupportedShapeError(str(e)) from None
