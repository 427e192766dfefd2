"""The project's Triton anchors: the matmuls tile-opt's kernels are compared
against, launched on PyTorch tensors.

  * "tiled": one program per C tile;
  * "persistent": num_sms * programs_per_sm programs, each striding over
    tiles, in linear or grouped (L2-friendly) order;
  * "tma-persistent": Triton's TMA-descriptor persistent matmul (TMA loads,
    TMA store epilogue, loops flattened so tiles pipeline into each other),
    the strongest of these on Hopper.

`ANCHORS` maps each configuration's name to a launcher(a, b, c) that
computes c = a @ b (a M x K, b K x N, c M x N) and returns Triton's compiled
kernel: the tiled and persistent kernels take any strides (a transposed
view such as w.t() included), the TMA one row-major a and b only (see
`unsupported`); `kernel_resources` reads that kernel's registers, spills and
shared memory.
"""
# No `from __future__ import annotations`: Triton reads the kernels'
# tl.constexpr annotations at run time.
import functools
from typing import Callable, Optional

import torch
import triton
import triton.language as tl
from cuda.bindings import driver

from .cuda_launch import function_resources


@triton.jit
def _tile_coords(tile, n_m, n_n, GROUP_M: tl.constexpr):
    """C tile `tile`'s row and column of tiles: row-major, or down GROUP_M
    rows of tiles before the next column (L2-friendly)."""
    if GROUP_M == 1:
        tm = tile // n_n
        tn = tile % n_n
    else:
        per_group = GROUP_M * n_n
        first_m = (tile // per_group) * GROUP_M
        rows = min(n_m - first_m, GROUP_M)
        tm = first_m + (tile % per_group) % rows
        tn = (tile % per_group) // rows
    return tm, tn


@triton.jit
def _matmul_tile(a_ptr, b_ptr, c_ptr, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn, tm, tn,
                 NUM_STAGES: tl.constexpr, BLOCK_M: tl.constexpr,
                 BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """C's tile (tm, tn) from strided A and B, masked at the edges."""
    om = tm * BLOCK_M + tl.arange(0, BLOCK_M)
    on = tn * BLOCK_N + tl.arange(0, BLOCK_N)
    mm = om[:, None] < M
    mn = on[None, :] < N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in tl.range(0, K, BLOCK_K, num_stages=NUM_STAGES):
        ok = k + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + om[:, None] * s_am + ok[None, :] * s_ak,
                    mask=mm & (ok[None, :] < K), other=0.0)
        b = tl.load(b_ptr + ok[:, None] * s_bk + on[None, :] * s_bn,
                    mask=mn & (ok[:, None] < K), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + om[:, None] * s_cm + on[None, :] * s_cn,
             acc.to(c_ptr.dtype.element_ty), mask=mm & mn)


@triton.jit
def tiled_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                 s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
                 NUM_STAGES: tl.constexpr, BLOCK_M: tl.constexpr,
                 BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                 GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    tm, tn = _tile_coords(pid, tl.cdiv(M, BLOCK_M), tl.cdiv(N, BLOCK_N), GROUP_M)
    _matmul_tile(a_ptr, b_ptr, c_ptr, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn, tm, tn,
                 NUM_STAGES, BLOCK_M, BLOCK_N, BLOCK_K)


@triton.jit
def persistent_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                      s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
                      NUM_PROGRAMS: tl.constexpr, NUM_STAGES: tl.constexpr,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                      BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    start = tl.program_id(0)
    n_m = tl.cdiv(M, BLOCK_M)
    n_n = tl.cdiv(N, BLOCK_N)
    for tile in tl.range(start, n_m * n_n, NUM_PROGRAMS):
        tm, tn = _tile_coords(tile, n_m, n_n, GROUP_M)
        _matmul_tile(a_ptr, b_ptr, c_ptr, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn, tm, tn,
                     NUM_STAGES, BLOCK_M, BLOCK_N, BLOCK_K)


@triton.jit
def tma_persistent_kernel(a_desc, b_desc, c_desc, M, N, K,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                          GROUP_M: tl.constexpr, NUM_PROGRAMS: tl.constexpr, NUM_STAGES: tl.constexpr):
    """Triton's TMA-descriptor persistent matmul (the pattern of its tutorial 09):
    TMA loads and a TMA store epilogue; flatten=True lets Triton pipeline across tiles."""
    start = tl.program_id(0)
    n_m = tl.cdiv(M, BLOCK_M)
    n_n = tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    n_tiles = n_m * n_n
    per_group = GROUP_M * n_n
    for tile in tl.range(start, n_tiles, NUM_PROGRAMS, flatten=True):
        idx = tile % per_group
        first_m = (tile // per_group) * GROUP_M
        rows = min(n_m - first_m, GROUP_M)
        om = (first_m + idx % rows) * BLOCK_M
        on = (idx // rows) * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ki in tl.range(k_tiles, num_stages=NUM_STAGES):
            a = a_desc.load([om, ki * BLOCK_K])
            b = b_desc.load([ki * BLOCK_K, on])
            acc = tl.dot(a, b, acc)
        c_desc.store([om, on], acc.to(c_desc.dtype))


# (block_m, block_n, block_k, stages, warps, group_m, programs_per_sm)
CONFIGS = {
    "seed-tiled": ("tiled", (128, 64, 32, 4, 4, 1, 0)),
    "seed-persistent-pps1": ("persistent", (128, 64, 32, 4, 4, 1, 1)),
    "seed-persistent-pps2": ("persistent", (128, 64, 32, 4, 4, 1, 2)),
    "tuned-tiled": ("tiled", (128, 256, 64, 3, 8, 8, 0)),
    "tuned-persistent": ("persistent", (128, 256, 64, 3, 8, 8, 1)),
    # The best of a 9-config sweep on the H200 (GROUP_M 16 beat 8; 4 stages
    # do not fit; warp_specialize: +-0.6%).
    "tma-persistent": ("tma", (128, 256, 64, 3, 8, 16, 1)),
}

# Host TMA descriptors per operand set and block, built once so that host
# work stays out of the timing.
_DESCS: dict[tuple, tuple] = {}


@functools.cache
def _sm_count(device: int) -> int:
    return torch.cuda.get_device_properties(device).multi_processor_count


def launch(kind: str, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor,
           cfg: tuple, num_sms: int):
    """c = a @ b with one anchor kernel; returns Triton's compiled kernel."""
    M, K = a.shape
    N = b.shape[1]
    bm, bn, bk, stages, warps, group, pps = cfg
    tiles = triton.cdiv(M, bm) * triton.cdiv(N, bn)
    if kind == "tma":
        from triton.tools.tensor_descriptor import TensorDescriptor
        key = (a.data_ptr(), b.data_ptr(), c.data_ptr(), M, N, K, bm, bn, bk)
        if key not in _DESCS:
            _DESCS[key] = (TensorDescriptor.from_tensor(a, [bm, bk]),
                           TensorDescriptor.from_tensor(b, [bk, bn]),
                           TensorDescriptor.from_tensor(c, [bm, bn]))
        progs = min(num_sms * pps, tiles)
        return tma_persistent_kernel[(progs,)](
            *_DESCS[key], M, N, K, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=group,
            NUM_PROGRAMS=progs, NUM_STAGES=stages, num_warps=warps)
    args = (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
            b.stride(1), c.stride(0), c.stride(1))
    if kind == "tiled":
        return tiled_kernel[(tiles,)](*args, NUM_STAGES=stages, BLOCK_M=bm,
                                      BLOCK_N=bn, BLOCK_K=bk, GROUP_M=group,
                                      num_warps=warps)
    progs = min(num_sms * pps, tiles)
    return persistent_kernel[(progs,)](*args, NUM_PROGRAMS=progs,
                                       NUM_STAGES=stages, BLOCK_M=bm,
                                       BLOCK_N=bn, BLOCK_K=bk, GROUP_M=group,
                                       num_warps=warps)


def _launcher(kind: str, cfg: tuple) -> Callable:
    def run(a: torch.Tensor, b: torch.Tensor, c: torch.Tensor):
        return launch(kind, a, b, c, cfg, _sm_count(a.device.index))
    return run


ANCHORS = {name: _launcher(kind, cfg) for name, (kind, cfg) in CONFIGS.items()}


def unsupported(name: str, m: int, n: int, k: int, elem_bytes: int,
                layout: str = "nn") -> Optional[str]:
    """Why anchor `name` cannot run this shape with A and B stored as
    `layout` says (tile-bench's --layout; the launcher gets their M x K and
    K x N views), or None."""
    if CONFIGS[name][0] != "tma":
        return None  # strided loads: any layout
    # Its descriptors are built on a and b as given: a transposed view has
    # no unit stride in its last dimension.
    if layout != "nn":
        return f"the TMA anchor takes row-major A and B only (layout nn), not {layout}"
    # Host-side TMA descriptors need rows of a multiple of 16 bytes.
    if n * elem_bytes % 16 or k * elem_bytes % 16:
        return "TMA needs N and K rows of a multiple of 16 bytes"
    return None


def kernel_resources(compiled) -> dict:
    """Registers, spill (local) bytes per thread and shared memory per block
    of a compiled Triton kernel, read from the driver like a bundle's."""
    res = function_resources(driver.CUfunction(compiled.function))
    return {"regs": res["regs"], "spill_bytes": res["spill_bytes"],
            "smem": res["static_smem"] + compiled.metadata.shared}
