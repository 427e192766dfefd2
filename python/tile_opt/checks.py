"""What a kernel takes, checked without torch or a GPU.

An `Operand` is what a call needs to know of a tensor: shape, strides in
elements, element type, device and data pointer. It is read from a PyTorch
tensor, from any object with `__cuda_array_interface__` (CUDA memory) or
`__array_interface__` (host memory, e.g. numpy), so the same checks, and
their messages, serve every caller and every test. Which layout a 2-D view
has is the runtime's rule (`storage`), the one torch_op.cpp's calls use too;
whether a TMA kernel takes an operand's data pointer (16-byte aligned where
it reads or writes the operand in place) is the runtime's check alone, made
when it packs a launch's arguments (Kernel passes its refusal on).
"""
from __future__ import annotations

import re
from typing import Any, NamedTuple, Optional

import tile_runtime

from .errors import InputError

__all__ = ["Operand", "Problem", "operand", "dense_strides", "storage", "check_operands",
           "check_chip"]

_TORCH_TYPES = {"torch.float16": "f16", "torch.bfloat16": "bf16", "torch.float32": "f32"}
_TYPESTRS = {"<f2": "f16", "<f4": "f32"}  # array-interface type strings (no bf16 one)
# A PTX target: sm_90 is compute capability 9.0; an "a" marks code of that
# chip alone (wgmma, setmaxnreg), which no later chip runs.
_CHIP = re.compile(r"sm_(\d+)(\d)(a?)")


class Operand(NamedTuple):
    name: str  # a, b or out
    shape: tuple[int, ...]
    strides: tuple[int, ...]  # elements
    dtype: str  # f16, bf16, f32, or the type's own name
    device: str  # cpu, cuda, cuda:N, meta, ...
    ptr: int


def _from_interface(name: str, iface: dict, device: str) -> Operand:
    shape = tuple(int(s) for s in iface["shape"])
    typestr = str(iface["typestr"])
    itemsize = int(typestr[2:]) if typestr[2:].isdigit() else 1
    strides = iface.get("strides")
    if strides is None:  # C-contiguous
        strides, step = [], 1
        for size in reversed(shape):
            strides.insert(0, step)
            step *= max(size, 1)
    elif any(s % itemsize for s in strides):
        raise InputError(f"{name} has strides of {tuple(strides)} bytes, not whole elements")
    else:
        strides = [s // itemsize for s in strides]
    return Operand(name, shape, tuple(int(s) for s in strides),
                   _TYPESTRS.get(typestr, typestr), device, int(iface["data"][0]))


def operand(name: str, x: Any) -> Operand:
    """The Operand of a torch tensor or an array-interface object."""
    if hasattr(x, "data_ptr") and hasattr(x, "stride") and hasattr(x, "device"):
        device = x.device
        text = str(device)
        if getattr(device, "type", None) == "cuda" and device.index is None:
            text = "cuda:0"
        return Operand(name, tuple(int(s) for s in x.shape), tuple(x.stride()),
                       _TORCH_TYPES.get(str(x.dtype), str(x.dtype)), text, int(x.data_ptr()))
    cai = getattr(x, "__cuda_array_interface__", None)
    if cai is not None:
        return _from_interface(name, cai, "cuda")
    host = getattr(x, "__array_interface__", None)
    if host is not None:
        return _from_interface(name, host, "cpu")
    raise InputError(f"{name} is a {type(x).__name__}, not a tensor")


class Problem(NamedTuple):
    """C = A . B as checked: M x N x K and the leading dimensions (elements
    between A's, B's and C's stored rows)."""
    m: int
    n: int
    k: int
    lda: int
    ldb: int
    ldc: int


def dense_strides(rows: int, cols: int, transposed: bool) -> tuple[int, int]:
    """Strides of a rows x cols matrix stored row-major, or as its transpose."""
    return (1, rows) if transposed else (cols, 1)


def storage(rows: int, cols: int, strides: tuple[int, ...],
            transposed: Optional[bool] = None) -> tuple[bool, int]:
    """(transposed, leading dimension) of a rows x cols view with `strides`
    (elements), by the runtime's rule (tile_rt_operand_layout): row-major
    when strides[1] is 1 and strides[0] at least cols, transposed when
    strides[0] is 1 and strides[1] at least rows; a size-1 dimension's
    stride is ignored. `transposed` asks for one orientation, None for
    either (row-major first). Raises tile_runtime.UnsupportedError, one
    line, when the view has none of them."""
    return tile_runtime.operand_layout(rows, cols, strides[0], strides[1], transposed)


def _span(op: Operand) -> tuple[int, int]:
    """[first, last) bytes the operand's elements occupy."""
    last = sum((size - 1) * stride for size, stride in zip(op.shape, op.strides))
    return op.ptr, op.ptr + (last + 1) * tile_runtime.dtype_bytes(op.dtype)


def _target(chip: Optional[str]) -> Optional[tuple[tuple[int, int], bool]]:
    """The compute capability PTX for `chip` needs, and whether it runs on
    that one alone; None for a chip not named sm_XY (tile-run checks no
    other either)."""
    m = _CHIP.fullmatch(chip or "")
    return ((int(m[1]), int(m[2])), bool(m[3])) if m else None


def _needs(target: tuple[tuple[int, int], bool]) -> str:
    (major, minor), alone = target
    return f"a GPU of compute capability {major}.{minor}" + ("" if alone else " or later")


def check_chip(chip: Optional[str], device: str, gpu: str,
               capability: tuple[int, int]) -> None:
    """InputError when the operands' GPU (`device`, named `gpu`, of compute
    `capability`) cannot run PTX for `chip`: the driver compiles sm_XY for
    X.Y and later chips, sm_XYa for X.Y alone."""
    target = _target(chip)
    if target is None or capability == target[0] or (not target[1] and capability > target[0]):
        return
    raise InputError(f"the operands are on {device} ({gpu}, compute capability "
                     f"{capability[0]}.{capability[1]}); this kernel is {chip} code, which "
                     f"needs {_needs(target)}")


def check_operands(a: Operand, b: Operand, out: Optional[Operand], dtype: str,
                   c_dtype: str, layout: str, chip: Optional[str] = None) -> Problem:
    """The Problem of C = A . B, or InputError saying what does not fit a
    kernel of these types, layout (layout[0] for A, layout[1] for B; C is
    row-major) and chip (its manifest's; None when not known). Views with a
    larger leading dimension fit (a C allocated for `out` None is dense);
    whether the kernel reads them in place is the runtime's plan's to say (a
    TMA kernel copies an operand whose rows are not 16 bytes apart)."""
    ops = [a, b] if out is None else [a, b, out]
    for op in ops:
        if not op.device.startswith("cuda"):
            where = "the CPU" if op.device == "cpu" else op.device
            target = _target(chip)
            raise InputError(f"{op.name} is on {where}; " + (
                f"this kernel is {chip} code, which needs CUDA tensors on {_needs(target)}"
                if target else "tile_opt kernels take CUDA tensors"))
    for op in ops[1:]:
        if op.device != a.device and "cuda" not in (a.device, op.device):
            raise InputError(f"a is on {a.device} but {op.name} is on {op.device}; "
                             f"all operands must be on one GPU")
    for op in ops:
        if len(op.shape) != 2:
            raise InputError(f"{op.name} has {len(op.shape)} dimensions (shape "
                             f"{op.shape}); tile_opt multiplies 2-D matrices")
    if a.dtype != b.dtype:
        raise InputError(f"a is {a.dtype} but b is {b.dtype}; A and B must have one type")
    if a.dtype != dtype:
        raise InputError(f"a and b are {a.dtype}; this kernel takes {dtype}")
    (m, k), (kb, n) = a.shape, b.shape
    if k != kb:
        raise InputError(f"a is {m}x{k} but b is {kb}x{n}: a's columns must equal b's rows")
    if out is not None:
        if out.shape != (m, n):
            raise InputError(f"out is {'x'.join(map(str, out.shape))}; a @ b is {m}x{n}")
        if out.dtype != c_dtype:
            raise InputError(f"out is {out.dtype}; this kernel writes {c_dtype}")
    lds = [0, 0, n]  # a C allocated for `out` None is dense
    layouts: tuple[tuple[Optional[Operand], int, int], ...] = ((a, m, k), (b, k, n), (out, m, n))
    for i, (x, rows, cols) in enumerate(layouts):
        if x is None:
            continue
        transposed = i < 2 and layout[i] == "t"
        try:
            lds[i] = storage(rows, cols, x.strides, transposed)[1]
            continue
        except tile_runtime.UnsupportedError as e:
            why = str(e)
        hint = ""
        if i < 2:
            flipped = layout[:i] + ("n" if transposed else "t") + layout[i + 1:]
            try:
                storage(rows, cols, x.strides, not transposed)
                hint = f", or compile with layout='{flipped}'"
            except tile_runtime.UnsupportedError:
                pass
        raise InputError(f"{x.name}: {why}; this kernel (layout {layout}) takes {x.name} "
                         f"{'transposed' if transposed else 'row-major'} "
                         f"(use .contiguous(){hint})")
    if out is not None and m and n and k:
        lo, hi = _span(out)
        for op in (a, b):
            op_lo, op_hi = _span(op)
            if lo < op_hi and op_lo < hi:
                raise InputError(f"out overlaps {op.name}; C must not share memory with "
                                 f"A or B")
    return Problem(m, n, k, *lds)

