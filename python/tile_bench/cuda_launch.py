"""Launches tile-opt bundles on PyTorch CUDA tensors through the runtime
(the `tile_runtime` binding: module loading, plans, staging copies, TMA
descriptors, argument packing and the launch, as tile-run does them), on
torch's current stream in torch's (primary) context. What is left here is
what the runtime leaves to its caller: the device memory (torch's
allocator: each kernel's split-K / Stream-K workspace, zeroed once, and the
padded copies of staged problems) and, through cuda-python, the device's
figures and the Triton kernels' resources for tile-bench's report.
"""
from __future__ import annotations

import functools
import threading
from typing import Any, Optional, Union

import torch

import tile_runtime as rt

from . import stats
from .bundle import Bundle, BundleError, Dispatch

TORCH_DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}


class CudaError(RuntimeError):
    """A failed driver call, in one line."""


@functools.cache
def _driver() -> Any:
    """cuda-python's driver module: only tile-bench's device figures and
    Triton's kernel resources need it, never a launch."""
    from cuda.bindings import driver
    return driver


def _error_text(err: Any) -> str:
    driver = _driver()
    name = driver.cuGetErrorName(err)[1]
    text = driver.cuGetErrorString(err)[1]
    decode = (lambda b: b.decode() if isinstance(b, bytes) else str(b))
    return f"{decode(name)} ({decode(text)})"


def cu(call: str, *args: Any) -> Any:
    """Calls driver.<call>(*args); cuda.bindings returns (CUresult, *values).

    Returns the single value (or the tuple of them, or None); raises
    CudaError naming the call on any error.
    """
    driver = _driver()
    err, *values = getattr(driver, call)(*args)
    if err != driver.CUresult.CUDA_SUCCESS:
        raise CudaError(f"{call} failed: {_error_text(err)}")
    if not values:
        return None
    return values[0] if len(values) == 1 else tuple(values)


@functools.cache
def ensure_context() -> Any:
    """Makes torch's primary context current; returns its device.

    torch works in the device's primary context; retaining that context and
    making it current lets modules and launches share torch's memory and
    streams. Done once per process: the harness launches from one thread.
    """
    if not torch.cuda.is_available():
        raise CudaError("no CUDA GPU visible to PyTorch")
    torch.cuda.init()
    torch.empty(1, device="cuda")  # torch creates its context lazily
    try:
        cu("cuInit", 0)
    except CudaError:
        raise
    except Exception as e:  # cuda.bindings raises when it cannot load libcuda
        raise CudaError(f"cannot load the CUDA driver: {e}") from None
    dev = cu("cuDeviceGet", torch.cuda.current_device())
    cu("cuCtxSetCurrent", cu("cuDevicePrimaryCtxRetain", dev))
    return dev


def device_attribute(name: str) -> int:
    """A CU_DEVICE_ATTRIBUTE_<name> of the current device."""
    attr = getattr(_driver().CUdevice_attribute, "CU_DEVICE_ATTRIBUTE_" + name)
    return cu("cuDeviceGetAttribute", attr, ensure_context())


def device_info() -> dict:
    """Name, SM count, driver version and PCI bus id of the current device."""
    dev = ensure_context()
    bus_id = cu("cuDeviceGetPCIBusId", 32, dev)
    if isinstance(bus_id, bytes):
        bus_id = bus_id.split(b"\0", 1)[0].decode()
    return {"name": torch.cuda.get_device_name(),
            "sm_count": device_attribute("MULTIPROCESSOR_COUNT"),
            "driver": cu("cuDriverGetVersion"),
            "pci_bus_id": bus_id}


def function_resources(func: Any) -> dict:
    """Registers per thread, local (spill) bytes per thread and static shared
    memory of a loaded kernel, as the driver reports them."""
    attr = _driver().CUfunction_attribute
    get = (lambda a: cu("cuFuncGetAttribute", a, func))
    return {"regs": get(attr.CU_FUNC_ATTRIBUTE_NUM_REGS),
            "spill_bytes": get(attr.CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES),
            "static_smem": get(attr.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES),
            "max_threads": get(attr.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)}


class KernelBuffers:
    """One kernel's own device buffers, by name and device, zeroed when new
    and reallocated only when a shape needs more (outgrown buffers are kept:
    plans bound to them launch on them): its split-K workspace, which must be zero before the
    kernel's first launch and which the kernel leaves ready for its next (it
    resets its per-tile counters), so one buffer zeroed once serves all its
    launches that fit, and which another kernel's tile layout would misread
    (kernels do not share one); and the padded copies of A, B and C that a
    staged problem runs on. C's copy starts as NaN (all bits set), so that an
    output the kernel skips cannot pass with a value left there."""

    def __init__(self) -> None:
        self._buffers: dict[tuple[torch.device, Any], torch.Tensor] = {}
        # Outgrown buffers: plans bound to them may launch again.
        self._retired: list[torch.Tensor] = []

    def get(self, device: torch.device, name: Any, nbytes: int,
            fill: int = 0) -> torch.Tensor:
        """A uint8 buffer of at least `nbytes` on `device`, of bytes `fill`
        when new."""
        buf = self._buffers.get((device, name))
        if buf is None or buf.numel() < nbytes:
            if buf is not None:
                self._retired.append(buf)
            buf = self._buffers[device, name] = torch.full((nbytes,), fill,
                                                           dtype=torch.uint8, device=device)
        return buf


class LoadedKernel:
    """A bundle (a kernel, or a dispatch manifest whose members are loaded as
    shapes pick them) in torch's context, callable on tensors.

    `kernel(a, b, c)` computes c = a @ b for contiguous tensors stored as
    `layout` says. The runtime keeps one plan per shape, bound to this
    object's buffers, and repacks the arguments only when the pointers
    change, so repeated calls only launch.
    """

    # Refusals of a problem by a plan, which tune() skips a candidate for.
    refusals: tuple = (rt.UnsupportedError,)

    def __init__(self, bundle: Union[Bundle, Dispatch], layout: str = "nn",
                 splits: int = 0, tune: int = 0, record: Any = None,
                 line_copies: int = 0) -> None:
        self.bundle = bundle
        self.layout = layout
        self.splits = splits  # a split-K kernel's programs per tile (0: split_k)
        # tile_rt_line_copies of every problem: 0 the model's choice (a
        # dispatch manifest's), 1 never, 2 always
        self.line_copies = line_copies
        # Candidates timed on a dispatch manifest's new shape (tune()); 0 or
        # 1: the model's pick, untimed.
        self.tune_count = tune
        self.tuned: dict[tuple, dict] = {}  # tune()'s plans, by problem
        # Choices kept by an earlier process (tile_opt.tuned.TunedRecord:
        # get, put, forget), or None.
        self.record = record
        self._tuning = threading.Lock()  # one problem timed at a time
        if not torch.cuda.is_available():
            raise CudaError("no CUDA GPU visible to PyTorch")
        torch.empty(1, device="cuda")  # torch creates its context lazily
        try:
            rt.use_primary_context(torch.cuda.current_device())
        except rt.CudaError as e:
            raise CudaError(str(e)) from None
        self.regs = self.spill_bytes = self.smem = self.blocks_per_sm = None
        self.device = (0, 0, 0)  # (SMs, programs per SM, clusters) a plan is sized for
        if isinstance(bundle, Bundle):
            try:
                info = bundle.handle.load_kernel()
            except rt.CudaError as e:
                raise CudaError(str(e)) from None
            self.regs, self.spill_bytes = info["regs"], info["local_bytes"]
            self.smem = info["static_shared"] + bundle.dynamic_smem
            self.blocks_per_sm = info["blocks_per_sm"]
            self.device = (info["sm_count"], info["blocks_per_sm"], info["max_active_clusters"])
        members = bundle.members if isinstance(bundle, Dispatch) else (bundle,)
        self.launcher = rt.Launcher(bundle.handle, layout, members[0].a_type,
                                    members[0].c_type, splits, line_copies)
        self.buffers = KernelBuffers()
        self._checked: set = set()

    def prepare(self, m: int, n: int, k: int, device: torch.device,
                lds: tuple[int, int, int] = (0, 0, 0),
                chosen: Optional[tuple[Any, int, str]] = None) -> dict:
        """Plans the problem (the shape, and the operands' leading dimensions
        lda, ldb, ldc; 0: dense) in the runtime and binds the buffers its
        kernel needs; returns the runtime's plan (a dict: the member picked,
        why, grid, workspace and copy sizes, the staging line). `chosen`:
        (member handle, splits, why), a candidate to plan instead of the
        bundle's pick."""
        plan = self.launcher.prepare(m, n, k, *lds, *(chosen or ()))
        name = plan["kernel"].info()["path"]  # buffers are the kernel's own

        def buffer(what: str, nbytes: int, fill: int = 0) -> int:
            return self.buffers.get(device, (name, what), nbytes, fill).data_ptr() \
                if nbytes else 0

        self.launcher.bind(m, n, k, buffer("workspace", plan["workspace_bytes"]),
                           buffer("A", plan["a_copy_bytes"]),
                           buffer("B", plan["b_copy_bytes"]),
                           buffer("C", plan["c_copy_bytes"], 0xFF), *lds)
        return plan

    def launch(self, m: int, n: int, k: int, a: torch.Tensor, b: torch.Tensor,
               c: torch.Tensor, stream: int, lds: tuple[int, int, int] = (0, 0, 0)) -> None:
        """c = a @ b on `stream` (a CUstream handle), the operands' rows
        `lds` apart (0: dense), preparing the problem on its first call."""
        pa, pb, pc = a.data_ptr(), b.data_ptr(), c.data_ptr()
        if not self.launcher.launch(m, n, k, pa, pb, pc, stream, *lds):
            if self.tune_count > 1 and isinstance(self.bundle, Dispatch):
                self.tune(m, n, k, a, b, c, stream, lds)
            else:
                self.prepare(m, n, k, c.device, lds)
            self.launcher.launch(m, n, k, pa, pb, pc, stream, *lds)

    def tune(self, m: int, n: int, k: int, a: torch.Tensor, b: torch.Tensor,
             c: torch.Tensor, stream: int, lds: tuple[int, int, int] = (0, 0, 0),
             rounds: int = 5) -> dict:
        """Plans the problem on the fastest of the dispatch manifest's first
        tune_count candidates (the model's pick, then its next estimates:
        tile_rt_bundle_candidates), each timed on these operands on `stream`
        in `rounds` rounds in the runtime's visit order, L2 flushed before
        every sample, by the median; the pick stays unless the fastest beats
        it by the quartiles (stats.fastest_apart); waits for the stream. Writes c (the caller's launch then
        writes the product). Returns the winner's plan, its `why` naming
        every time. Threads meeting a new problem at once time it once."""
        with self._tuning:
            kept = self.tuned.get((m, n, k, *lds))
            if kept is None:
                return self._tune(m, n, k, a, b, c, stream, lds, rounds)
            # Timed before (by another thread, or before the runtime's plans
            # were cleared): planned again as it was.
            return self.prepare(m, n, k, c.device, lds,
                                (kept["kernel"], kept["splits"], kept["why"]))

    def _tune(self, m: int, n: int, k: int, a: torch.Tensor, b: torch.Tensor,
              c: torch.Tensor, stream: int, lds: tuple[int, int, int], rounds: int) -> dict:
        cands = self.bundle.handle.candidates(m, n, k, self.tune_count, self.layout, *lds[:2])
        problem = (m, n, k, *lds)
        kept = self.record.get(problem) if self.record is not None else None
        if kept is not None:
            match = [cand for cand in cands if cand[1:3] == (kept["rule"], kept["splits"])]
            try:
                if match:
                    return self._keep(problem, self.prepare(
                        m, n, k, c.device, lds,
                        (match[0][0], kept["splits"], kept["why"] + "; kept from a record")))
                self.record.forget(problem, f"rule {kept['rule']} at {kept['splits']} "
                                   f"splits is not among its {len(cands)} candidates")
            except self.refusals as e:
                self.record.forget(problem, f"the kept plan is refused ({e})")
        plans = []
        for i, (handle, rule, splits, _) in enumerate(cands):
            try:
                self.prepare(m, n, k, c.device, lds, (handle, splits, ""))
            except self.refusals:
                if i == 0:
                    raise  # the pick's own refusal is the problem's
                continue
            plans.append((handle, rule, splits))
        if len(plans) == 1:
            return self.prepare(m, n, k, c.device, lds)
        current = torch.cuda.current_stream(c.device)
        torch_stream = (current if current.cuda_stream == stream else
                        torch.cuda.ExternalStream(stream, device=c.device))
        try:
            flush = torch.empty(256 << 20, dtype=torch.uint8, device=c.device)  # as do_bench
        except torch.cuda.OutOfMemoryError:
            flush = None  # a full GPU times on a warm L2 rather than fail the call
        pa, pb, pc = a.data_ptr(), b.data_ptr(), c.data_ptr()
        events = [[] for _ in plans]
        with torch.cuda.stream(torch_stream):
            for r in range(rounds + 1):  # round 0 warms up
                for i in rt.visit_order(r, len(plans)):
                    handle, _, splits = plans[i]
                    self.prepare(m, n, k, c.device, lds, (handle, splits, ""))
                    if flush is not None:
                        flush.zero_()
                    start, end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
                    start.record()
                    self.launcher.launch(m, n, k, pa, pb, pc, stream, *lds)
                    end.record()
                    if r:
                        events[i].append((start, end))
            torch_stream.synchronize()
        summaries = [stats.summarize([s.elapsed_time(e) * 1000 for s, e in ev])
                     for ev in events]
        best = stats.fastest_apart(summaries)  # the model's pick unless clearly beaten
        handle, rule, splits = plans[best]
        timed = ", ".join(f"rule {p[1]}{f'@{p[2]}' if p[2] else ''} {t['ms']:.1f} us"
                          for p, t in zip(plans, summaries))
        fastest = min(range(len(plans)), key=lambda i: summaries[i]["ms"])
        how = "fastest" if best == fastest else "kept, none faster by the quartiles,"
        why = (f"rule {rule}, {how} of {len(plans)} timed here ({timed}); "
               f"the model's pick: rule {cands[0][1]}")
        plan = self._keep(problem, self.prepare(m, n, k, c.device, lds, (handle, splits, why)))
        if self.record is not None:
            self.record.put(problem, rule, splits, why)
        return plan

    def _keep(self, problem: tuple, plan: dict) -> dict:
        if len(self.tuned) >= 4096:  # as the runtime's plans: dynamic shapes can be many
            self.tuned.clear()
        self.tuned[problem] = plan
        return plan

    def _check_tensors(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> None:
        """tile-bench's operands: contiguous 2-D CUDA tensors of the kernel's
        types whose shapes agree."""
        member = self.bundle.members[0] if isinstance(self.bundle, Dispatch) else self.bundle
        want = {"a": (a, member.a_type), "b": (b, member.a_type), "c": (c, member.c_type)}
        for label, (t, type_name) in want.items():
            if not t.is_cuda or t.dim() != 2 or not t.is_contiguous():
                raise BundleError(f"{self.bundle.manifest_path}: {label} must be a "
                                  f"contiguous 2-D CUDA tensor")
            if t.dtype != TORCH_DTYPES[type_name]:
                raise BundleError(f"{self.bundle.manifest_path}: {label} is {t.dtype}; "
                                  f"the kernel takes {type_name}")
        t_a, t_b = self.layout[0] == "t", self.layout[1] == "t"
        (m, k), (kb, n) = a.shape[::-1] if t_a else a.shape, b.shape[::-1] if t_b else b.shape
        if kb != k or tuple(c.shape) != (m, n):
            raise BundleError(f"{self.bundle.manifest_path}: shapes {tuple(a.shape)} @ "
                              f"{tuple(b.shape)} -> {tuple(c.shape)} do not agree")

    def __call__(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> None:
        key = tuple((t.data_ptr(), tuple(t.shape), t.stride(), t.dtype, t.device)
                    for t in (a, b, c))
        if key not in self._checked:
            self._check_tensors(a, b, c)
            self._checked.add(key)
        m, n = c.shape
        k = a.shape[0] if self.layout[0] == "t" else a.shape[1]
        self.launch(m, n, k, a, b, c, torch.cuda.current_stream().cuda_stream)
