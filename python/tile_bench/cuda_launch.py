"""Launches tile-opt bundles on PyTorch CUDA tensors through the CUDA driver
API (cuda-python's `cuda.bindings.driver`), the way tile-run does: module
from the PTX, dynamic shared memory opt-in, occupancy-sized persistent grids,
TMA descriptors encoded like tile-run's encodeTensorMap, a split-K
workspace per kernel zeroed once, launches on torch's current stream in
torch's (primary) context.
"""
from __future__ import annotations

import ctypes
import functools
from typing import Any

import torch
from cuda.bindings import driver

from .bundle import (ELEM_BYTES, TENSOR_MAPS, WORKSPACE, Bundle, BundleError,
                     pack_args)

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


def encode_tensor_map(bundle: Bundle, dtype: str, base: int, rows: int, cols: int,
                      box: tuple[int, int]) -> driver.CUtensorMap:
    """The TMA descriptor of a dense row-major rows x cols matrix of `dtype` at
    `base`: dimensions innermost first, 128-byte swizzle as the wgmma
    descriptors and the C staging expect, 256-byte L2 promotion, zero fill
    outside the matrix (OOB fill "none" writes zeros; stores there are
    dropped). Same arguments as tile-run's encodeTensorMap."""
    types = driver.CUtensorMapDataType
    u64, u32 = driver.cuuint64_t, driver.cuuint32_t
    data_type = {"f16": types.CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
                 "bf16": types.CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
                 "f32": types.CU_TENSOR_MAP_DATA_TYPE_FLOAT32}[dtype]
    try:
        return cu("cuTensorMapEncodeTiled", data_type,
                  2, base, [u64(cols), u64(rows)], [u64(cols * ELEM_BYTES[dtype])],
                  [u32(box[0]), u32(box[1])], [u32(1), u32(1)],
                  driver.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE,
                  driver.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_128B,
                  driver.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                  driver.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)
    except CudaError as e:
        raise CudaError(f"kernel '{bundle.kernel}': {rows}x{cols} operand, box "
                        f"{box[1]}x{box[0]}: {e}") from None


class Workspaces:
    """One split-K kernel's workspaces, one per device. The workspace must be
    zero before the kernel's first launch, and the kernel leaves it ready
    for its next (it resets its per-tile counters), so one buffer zeroed
    once serves all its launches that fit; a larger shape gets a larger one
    (launches prepared earlier keep theirs alive). Kernels do not share
    one: the partial sums one leaves behind, another kernel's tile layout
    would misread."""

    def __init__(self) -> None:
        self._buffers: dict[torch.device, torch.Tensor] = {}

    def get(self, device: torch.device, nbytes: int) -> torch.Tensor:
        """A uint8 buffer of at least `nbytes` on `device`, zero when new."""
        buf = self._buffers.get(device)
        if buf is None or buf.numel() < nbytes:
            buf = self._buffers[device] = torch.zeros(nbytes, dtype=torch.uint8,
                                                      device=device)
        return buf


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
        self._launches: dict[tuple, tuple[int, ctypes.Array, list]] = {}
        self.workspaces = Workspaces()

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

    def _prepare(self, a: torch.Tensor, b: torch.Tensor,
                 c: torch.Tensor) -> tuple[int, ctypes.Array, list]:
        bundle = self.bundle
        want = {"a": (a, bundle.a_type), "b": (b, bundle.a_type), "c": (c, bundle.c_type)}
        for label, (t, type_name) in want.items():
            if not t.is_cuda or t.dim() != 2 or not t.is_contiguous():
                raise BundleError(f"{bundle.manifest_path}: {label} must be a contiguous "
                                  f"2-D CUDA tensor")
            if t.dtype != TORCH_DTYPES[type_name]:
                raise BundleError(f"{bundle.manifest_path}: {label} is {t.dtype}; the "
                                  f"kernel takes {type_name}")
        (m, k), n = a.shape, b.shape[1]
        if b.shape[0] != k or tuple(c.shape) != (m, n):
            raise BundleError(f"{bundle.manifest_path}: shapes {tuple(a.shape)} @ "
                              f"{tuple(b.shape)} -> {tuple(c.shape)} do not agree")
        bundle.check_shape(m, n, k, "nn")
        values = {"A": a.data_ptr(), "B": b.data_ptr(), "C": c.data_ptr(),
                  **bundle.scalar_args(m, n, k, "nn")}
        if bundle.uses_tma:
            # pack_args copies each descriptor's 128 bytes out of these objects.
            maps = [encode_tensor_map(bundle, bundle.a_type, a.data_ptr(), m, k,
                                      bundle.tma_box_a),
                    encode_tensor_map(bundle, bundle.a_type, b.data_ptr(), k, n,
                                      bundle.tma_box_b),
                    encode_tensor_map(bundle, bundle.c_type, c.data_ptr(), m, n,
                                      bundle.tma_box_c)]
            for name, tensor_map in zip(TENSOR_MAPS, maps):
                values[name] = tensor_map.getPtr()
        held = []
        if bundle.split_k > 1:
            held.append(self.workspaces.get(c.device, bundle.workspace_bytes(m, n)))
            values[WORKSPACE] = held[0].data_ptr()
        array, keepalive = pack_args(bundle, values)
        keepalive += held  # the workspace lives as long as these arguments
        grid = bundle.grid(m, n, k, self.sm_count, self.blocks_per_sm,
                           self.max_clusters)
        if bundle.cluster_m > 1:
            keepalive.append(self._launch_config(grid, None))
        return grid, array, keepalive

    def __call__(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> None:
        key = tuple((t.data_ptr(), tuple(t.shape), t.stride(), t.dtype, t.device)
                    for t in (a, b, c))
        launch = self._launches.get(key)
        if launch is None:
            launch = self._launches[key] = self._prepare(a, b, c)
        grid, array, keepalive = launch
        stream = driver.CUstream(torch.cuda.current_stream().cuda_stream)
        if self.bundle.cluster_m > 1:
            config = keepalive[-1]
            config.hStream = stream
            cu("cuLaunchKernelEx", config, self.function, ctypes.addressof(array), 0)
            return
        cu("cuLaunchKernel", self.function, grid, 1, 1, self.bundle.threads_per_block,
           1, 1, self.bundle.dynamic_smem, stream, ctypes.addressof(array), 0)
