"""The input IR tile_opt compiles: one `tile.matmul` kernel for the requested
types and layout, written out rather than read from examples/."""
from __future__ import annotations

from typing import Any

from tile_bench.bundle import LAYOUTS

from .errors import OptionError

__all__ = ["IN_TYPES", "OUT_TYPES", "LAYOUTS", "type_name", "kernel_name", "matmul_ir"]

IN_TYPES = ("f16", "bf16")  # A and B
OUT_TYPES = ("f16", "bf16", "f32")  # C

# Other spellings of the element types, torch's among them (without torch).
_ALIASES = {"float16": "f16", "half": "f16", "fp16": "f16", "bfloat16": "bf16",
            "float32": "f32", "float": "f32", "fp32": "f32"}


def type_name(dtype: Any, what: str, allowed: tuple[str, ...]) -> str:
    """'f16', 'bf16' or 'f32' for a name or a torch dtype (torch.float16)."""
    text = str(dtype)
    text = text[len("torch."):] if text.startswith("torch.") else text
    name = _ALIASES.get(text, text)
    if name not in allowed:
        raise OptionError(f"{what} is {dtype!r}; expected one of {', '.join(allowed)}")
    return name


def kernel_name(dtype: str, c_dtype: str, layout: str) -> str:
    """The kernel's name, which names its PTX entry and the bundle's files."""
    return f"matmul_{dtype}_{c_dtype}_{layout}"


def _memref(elem: str, transposed: bool) -> str:
    # A transposed operand is a choice of strides: its rows are contiguous.
    return f"memref<?x?x{elem}, strided<[1, ?]>>" if transposed else f"memref<?x?x{elem}>"


def matmul_ir(dtype: str, c_dtype: str, layout: str) -> str:
    """C = A . B with A and B of `dtype`, C of `c_dtype`, sizes known only at
    run time; layout 'nn', 'nt', 'tn' or 'tt' says whether A (first letter)
    and B (second) are stored row-major ('n') or as their transpose ('t').
    C is always row-major."""
    if dtype not in IN_TYPES or c_dtype not in OUT_TYPES:
        raise OptionError(f"types {dtype} x {dtype} -> {c_dtype} are not supported")
    if layout not in LAYOUTS:
        raise OptionError(f"layout is {layout!r}; expected one of {', '.join(LAYOUTS)}")
    a, b = (_memref(dtype, layout[i] == "t") for i in range(2))
    c = _memref(c_dtype, False)
    name = kernel_name(dtype, c_dtype, layout)
    return (f"// C = A * B: {dtype} inputs (layout {layout}), {c_dtype} output, "
            f"f32 accumulation.\n"
            f"func.func @{name}(%A: {a}, %B: {b}, %C: {c}) {{\n"
            f"  tile.matmul %A, %B into %C : {a}, {b} into {c}\n"
            f"  return\n"
            f"}}\n")
