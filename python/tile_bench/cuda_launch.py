"""Launches tile-opt bundles on PyTorch CUDA tensors through the CUDA driver
API (cuda-python's `cuda.bindings.driver`), the way tile-run does: module
from the PTX, dynamic shared memory opt-in, occupancy-sized persistent grids,
TMA descriptors encoded like tile-run's encodeTensorMap, a split-K
workspace per kernel zeroed once, staged problems run on padded copies of
A, B and C (cuMemcpy2DAsync in and out around every launch), launches on
torch's current stream in torch's (primary) context.
"""
from __future__ import annotations

import ctypes
import dataclasses
import functools
from typing import Any, Optional

import torch
from cuda.bindings import driver

from .bundle import (ELEM_BYTES, TENSOR_MAPS, WORKSPACE, Bundle, BundleError,
                     Staging, TmaView, pack_args)

TORCH_DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}


class CudaError(RuntimeError):
    """A failed driver call, in one line."""


def _error_text(err: driver.CUresult) -> str:
    name = driver.cuGetErrorName(err)[1]
    text = driver.cuGetErrorString(err)[1]
    decode = (lambda b: b.decode() if isinstance(b, bytes) else str(b))
    return f"{decode(name)} ({decode(text)})"


def cu(call: str, *args: Any) -> Any:
    """Calls driver.<call>(*args); cuda.bindings returns (CUresult, *values).

    Returns the single value (or the tuple of them, or None); raises
    CudaError naming the call on any error.
    """
    err, *values = getattr(driver, call)(*args)
    if err != driver.CUresult.CUDA_SUCCESS:
        raise CudaError(f"{call} failed: {_error_text(err)}")
    if not values:
        return None
    return values[0] if len(values) == 1 else tuple(values)


@functools.cache
def ensure_context() -> driver.CUdevice:
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
    attr = getattr(driver.CUdevice_attribute, "CU_DEVICE_ATTRIBUTE_" + name)
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


def function_resources(func: driver.CUfunction) -> dict:
    """Registers per thread, local (spill) bytes per thread and static shared
    memory of a loaded kernel, as the driver reports them."""
    attr = driver.CUfunction_attribute
    get = (lambda a: cu("cuFuncGetAttribute", a, func))
    return {"regs": get(attr.CU_FUNC_ATTRIBUTE_NUM_REGS),
            "spill_bytes": get(attr.CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES),
            "static_smem": get(attr.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES),
            "max_threads": get(attr.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)}


def encode_tensor_map(bundle: Bundle, view: TmaView, base: int) -> driver.CUtensorMap:
    """The TMA descriptor of `view` (a row-major matrix whose rows lie
    view.pitch elements apart) at `base`: dimensions innermost first,
    128-byte swizzle as the wgmma descriptors and the C staging expect,
    256-byte L2 promotion, zero fill outside the matrix (OOB fill "none"
    writes zeros; stores there are dropped). Same arguments as tile-run's
    encodeTensorMap."""
    types = driver.CUtensorMapDataType
    u64, u32 = driver.cuuint64_t, driver.cuuint32_t
    data_type = {"f16": types.CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
                 "bf16": types.CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
                 "f32": types.CU_TENSOR_MAP_DATA_TYPE_FLOAT32}[view.dtype]
    try:
        return cu("cuTensorMapEncodeTiled", data_type,
                  2, base, [u64(d) for d in view.dims], [u64(view.row_bytes)],
                  [u32(view.box[0]), u32(view.box[1])], [u32(1), u32(1)],
                  driver.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE,
                  driver.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_128B,
                  driver.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                  driver.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)
    except CudaError as e:
        raise CudaError(f"kernel '{bundle.kernel}': {view.rows}x{view.cols} operand "
                        f"{view.operand}, box {view.box[1]}x{view.box[0]}: {e}") from None


class KernelBuffers:
    """One kernel's own device buffers, by name and device, zeroed when new
    and reallocated only when a shape needs more (launches prepared earlier
    keep theirs alive): its split-K workspace, which must be zero before the
    kernel's first launch and which the kernel leaves ready for its next (it
    resets its per-tile counters), so one buffer zeroed once serves all its
    launches that fit, and which another kernel's tile layout would misread
    (kernels do not share one); and the padded copies of A, B and C that a
    staged problem runs on."""

    def __init__(self) -> None:
        self._buffers: dict[tuple[torch.device, str], torch.Tensor] = {}

    def get(self, device: torch.device, name: str, nbytes: int) -> torch.Tensor:
        """A uint8 buffer of at least `nbytes` on `device`, zero when new."""
        buf = self._buffers.get((device, name))
        if buf is None or buf.numel() < nbytes:
            buf = self._buffers[device, name] = torch.zeros(nbytes, dtype=torch.uint8,
                                                            device=device)
        return buf


def row_copy(src: int, src_pitch: int, dst: int, dst_pitch: int, rows: int, cols: int,
             elem_bytes: int) -> driver.CUDA_MEMCPY2D:
    """cuMemcpy2DAsync's copy of a rows x cols device matrix whose rows lie
    `src_pitch` elements apart into one whose rows lie `dst_pitch` apart
    (tile-run's rowCopy)."""
    copy = driver.CUDA_MEMCPY2D()
    copy.srcMemoryType = copy.dstMemoryType = driver.CUmemorytype.CU_MEMORYTYPE_DEVICE
    copy.srcDevice, copy.srcPitch = src, src_pitch * elem_bytes
    copy.dstDevice, copy.dstPitch = dst, dst_pitch * elem_bytes
    copy.WidthInBytes, copy.Height = cols * elem_bytes, rows
    return copy


@dataclasses.dataclass
class _Launch:
    """A prepared launch: its grid, packed arguments (and what they point
    into), cluster configuration, and the copies around the kernel of a
    staged problem."""
    grid: int
    array: ctypes.Array
    keepalive: list
    config: Optional[driver.CUlaunchConfig] = None
    before: tuple = ()
    after: tuple = ()


class LoadedKernel:
    """A bundle's kernel loaded into torch's context, callable on tensors.

    `kernel(a, b, c)` computes c = a @ b for row-major ('nn') contiguous
    tensors: a M x K and b K x N of the manifest's a_type, c M x N of its
    c_type. Launch arguments (TMA descriptors included) are built once per
    set of tensors and shape and reused, so repeated calls only launch.
    """

    def __init__(self, bundle: Bundle) -> None:
        self.bundle = bundle
        ensure_context()
        self._ptx = ctypes.create_string_buffer(bundle.ptx_text)  # NUL-terminated
        try:
            self.module = cu("cuModuleLoadData", ctypes.addressof(self._ptx))
        except CudaError as e:
            raise CudaError(f"the driver rejected {bundle.ptx_path}: {e} "
                            f"(ptxas on that file says more)") from None
        try:
            self.function = cu("cuModuleGetFunction", self.module, bundle.kernel.encode())
        except CudaError as e:
            raise CudaError(f"kernel '{bundle.kernel}' not found in {bundle.ptx_path}: "
                            f"{e}") from None
        res = function_resources(self.function)
        self.regs, self.spill_bytes = res["regs"], res["spill_bytes"]
        self.smem = res["static_smem"] + bundle.dynamic_smem
        where = f"kernel '{bundle.kernel}' ({bundle.manifest_path})"
        if bundle.threads_per_block > res["max_threads"]:
            raise CudaError(f"{where} can run at most {res['max_threads']} threads per "
                            f"block ({self.regs} registers per thread), but its "
                            f"manifest asks for {bundle.threads_per_block}")
        optin = device_attribute("MAX_SHARED_MEMORY_PER_BLOCK_OPTIN")
        if self.smem > optin:
            raise CudaError(f"{where} needs {self.smem} B of shared memory per block; "
                            f"this GPU allows at most {optin}")
        # Above 48 KiB in all a kernel must opt in; the static part counts
        # too, so opt in whenever there is dynamic shared memory.
        if bundle.dynamic_smem > 0:
            cu("cuFuncSetAttribute", self.function,
               driver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
               bundle.dynamic_smem)
        self.blocks_per_sm = cu("cuOccupancyMaxActiveBlocksPerMultiprocessor",
                                self.function, bundle.threads_per_block,
                                bundle.dynamic_smem)
        if self.blocks_per_sm < 1:
            raise CudaError(f"{where} cannot run: not one block fits on an SM")
        self.sm_count = device_attribute("MULTIPROCESSOR_COUNT")
        # Clusters must each fit in one GPC: fewer may be resident than
        # SMs / cluster_m.
        self.max_clusters = None
        if bundle.cluster_m > 1:
            self.max_clusters = cu("cuOccupancyMaxActiveClusters", self.function,
                                   self._launch_config(bundle.cluster_m, None))
            if self.max_clusters < 1:
                raise CudaError(f"{where} cannot run: not one cluster of "
                                f"{bundle.cluster_m} blocks fits on the GPU")
        self._launches: dict[tuple, _Launch] = {}
        self.buffers = KernelBuffers()

    def _launch_config(self, grid: int, stream) -> driver.CUlaunchConfig:
        """cuLaunchKernelEx's configuration: `grid` blocks in clusters of
        cluster_m along x."""
        config = driver.CUlaunchConfig()
        config.gridDimX, config.gridDimY, config.gridDimZ = grid, 1, 1
        config.blockDimX, config.blockDimY, config.blockDimZ = (
            self.bundle.threads_per_block, 1, 1)
        config.sharedMemBytes = self.bundle.dynamic_smem
        if stream is not None:
            config.hStream = stream
        attr = driver.CUlaunchAttribute()
        attr.id = driver.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attr.value.clusterDim.x = self.bundle.cluster_m
        attr.value.clusterDim.y = attr.value.clusterDim.z = 1
        config.attrs = [attr]
        config.numAttrs = 1
        return config

    def _staged(self, staging: Staging, a: torch.Tensor, b: torch.Tensor,
                c: torch.Tensor) -> tuple[dict[str, int], tuple, tuple, list]:
        """The padded copies of a staged problem: their addresses, the copies
        of A and B into them before the kernel and of C back after it, and
        the buffers to keep alive. C's copy is filled with NaN, so that an
        output the kernel skips cannot pass with a value left there."""
        m, n, k, kp, np = staging.m, staging.n, staging.k, staging.kp, staging.np
        ein, eout = ELEM_BYTES[self.bundle.a_type], ELEM_BYTES[self.bundle.c_type]
        bufs = {name: self.buffers.get(c.device, name, count * (eout if name == "C" else ein))
                for name, count in staging.elements().items()}
        bufs["C"][:m * np * eout].view(c.dtype).fill_(float("nan"))
        ptr = {name: t.data_ptr() for name, t in bufs.items()}
        before = (row_copy(a.data_ptr(), k, ptr["A"], kp, m, k, ein),
                  row_copy(b.data_ptr(), n, ptr["B"], np, k, n, ein))
        after = (row_copy(ptr["C"], np, c.data_ptr(), n, m, n, eout),)
        return ptr, before, after, list(bufs.values())

    def _check_tensors(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> None:
        """tile-bench's operands: contiguous (layout nn) 2-D CUDA tensors of
        the kernel's types."""
        bundle = self.bundle
        want = {"a": (a, bundle.a_type), "b": (b, bundle.a_type), "c": (c, bundle.c_type)}
        for label, (t, type_name) in want.items():
            if not t.is_cuda or t.dim() != 2 or not t.is_contiguous():
                raise BundleError(f"{bundle.manifest_path}: {label} must be a contiguous "
                                  f"2-D CUDA tensor")
            if t.dtype != TORCH_DTYPES[type_name]:
                raise BundleError(f"{bundle.manifest_path}: {label} is {t.dtype}; the "
                                  f"kernel takes {type_name}")

    def _prepare(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor,
                 layout: str = "nn") -> _Launch:
        """The launch of C = A B for these tensors, stored as `layout` says
        (checked by the caller)."""
        bundle = self.bundle
        (m, k), n = a.shape, b.shape[1]
        if b.shape[0] != k or tuple(c.shape) != (m, n):
            raise BundleError(f"{bundle.manifest_path}: shapes {tuple(a.shape)} @ "
                              f"{tuple(b.shape)} -> {tuple(c.shape)} do not agree")
        bundle.check_shape(m, n, k, layout)
        staging = bundle.staging(m, n, k, layout)
        # The buffers the kernel reads and writes: the tensors, or their
        # padded copies when staged.
        ptr = {"A": a.data_ptr(), "B": b.data_ptr(), "C": c.data_ptr()}
        before, after, held = (), (), []
        if staging.staged:
            ptr, before, after, held = self._staged(staging, a, b, c)
        values = {**ptr, **bundle.scalar_args(m, n, k, layout)}
        if bundle.uses_tma:
            # pack_args copies each descriptor's 128 bytes out of these objects.
            for name, view in zip(TENSOR_MAPS, bundle.tma_views(m, n, k)):
                tensor_map = encode_tensor_map(bundle, view, ptr[view.operand])
                held.append(tensor_map)
                values[name] = tensor_map.getPtr()
        if bundle.uses_workspace:
            held.append(self.buffers.get(c.device, WORKSPACE, bundle.workspace_bytes(m, n)))
            values[WORKSPACE] = held[-1].data_ptr()
        array, keepalive = pack_args(bundle, values)
        keepalive += held  # the buffers live as long as these arguments
        grid = bundle.grid(m, n, k, self.sm_count, self.blocks_per_sm,
                           self.max_clusters)
        config = self._launch_config(grid, None) if bundle.cluster_m > 1 else None
        return _Launch(grid, array, keepalive, config, before, after)

    def __call__(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> None:
        key = tuple((t.data_ptr(), tuple(t.shape), t.stride(), t.dtype, t.device)
                    for t in (a, b, c))
        launch = self._launches.get(key)
        if launch is None:
            self._check_tensors(a, b, c)
            launch = self._launches[key] = self._prepare(a, b, c)
        self.run(launch, driver.CUstream(torch.cuda.current_stream().cuda_stream))

    def run(self, launch: _Launch, stream: driver.CUstream) -> None:
        """Runs a prepared launch on `stream`: the staging copies in, the
        kernel, the copies out."""
        for copy in launch.before:
            cu("cuMemcpy2DAsync", copy, stream)
        if launch.config is not None:
            launch.config.hStream = stream
            cu("cuLaunchKernelEx", launch.config, self.function,
               ctypes.addressof(launch.array), 0)
        else:
            cu("cuLaunchKernel", self.function, launch.grid, 1, 1,
               self.bundle.threads_per_block, 1, 1, self.bundle.dynamic_smem, stream,
               ctypes.addressof(launch.array), 0)
        for copy in launch.after:
            cu("cuMemcpy2DAsync", copy, stream)
