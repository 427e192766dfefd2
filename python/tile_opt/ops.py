"""`tile_opt.matmul` and the `tile_opt::matmul` PyTorch custom op."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, Optional

import tile_runtime

from . import _torch_op, checks, kernel as kernel_mod
from .errors import InputError, OptionError, TileOptError
from .ir import IN_TYPES, LAYOUTS, OUT_TYPES, type_name
from .kernel import Kernel, _compile

if TYPE_CHECKING:
    import torch

__all__ = ["matmul", "register_custom_op", "family", "OP_SCHEMA"]

OP_NAME = "tile_opt::matmul"
OP_SCHEMA = "(Tensor a, Tensor b, str config=\"auto\", ScalarType? out_dtype=None) -> Tensor"

# (A's dtype, out_dtype, config, layout) -> Kernel, as the caller spelled
# them: one per process, serving every device.
_families: dict[tuple[Any, Any, str, str], Kernel] = {}
# A lock per key, so that threads compile a family once.
_compiling: dict[tuple[Any, Any, str, str], threading.Lock] = {}
_torch: Any = None  # torch, once tile_opt::matmul is registered
registration_error: Optional[str] = None  # why it is not, when it is not


def _config_args(config: str) -> tuple[Optional[str], dict[str, str]]:
    """compile()'s config and --tile-to-ptx options for matmul's `config`:
    'auto', or tile-opt options as text ('mma=wgmma block-m=128 ...'). The
    words are only ever tile-opt options, never compile()'s own arguments."""
    if not isinstance(config, str):
        raise OptionError(f"config is {config!r}; expected 'auto' or tile-opt options "
                          f"as text, e.g. 'mma=wgmma block-m=128 block-n=256'")
    if config.strip() == "auto":
        return "auto", {}
    options: dict[str, str] = {}
    for token in config.split():
        key, sep, value = token.partition("=")
        if not (sep and key and value):
            raise OptionError(f"config {config!r}: {token!r} is not key=value")
        options[key] = value
    mode = options.pop("config", None)
    return mode, options


def family(dtype: Any, out_dtype: Any = None, config: str = "auto",
           layout: str = "nn") -> Kernel:
    """The Kernel tile_opt.matmul uses for A and B of `dtype` stored as
    `layout` says (compiled once per process and cached on disk)."""
    try:
        return _family(dtype, out_dtype, config, layout)
    except TileOptError as e:
        raise e.with_traceback(None) from None


def _family(dtype: Any, out_dtype: Any, config: str, layout: str) -> Kernel:
    key = (dtype, out_dtype, config, layout)
    kernel = _families.get(key)
    if kernel is None:
        with _compiling.setdefault(key, threading.Lock()):
            kernel = _families.get(key)
            if kernel is None:
                a_type = type_name(dtype, "dtype", IN_TYPES)
                c_type = a_type if out_dtype is None else type_name(out_dtype, "out_dtype",
                                                                    OUT_TYPES)
                mode, options = _config_args(config)
                kernel = _families[key] = _compile(a_type, c_type, layout, mode, options)
    return kernel


def _storage(x: Any) -> str:
    """'t' for a 2-D view stored transposed (w.t(), w[:n].t()), else 'n', by
    the runtime's rule, row-major first, as the C++ path decides; a view of
    neither layout is refused by the kernel's checks."""
    try:
        (rows, cols), strides = x.shape, tuple(x.stride())
        return "t" if checks.storage(rows, cols, strides)[0] else "n"
    except (AttributeError, TypeError, ValueError, tile_runtime.UnsupportedError):
        return "n"


# The (dtype, out_dtype, config) the C++ path of tile_opt::matmul serves in
# some layout (tile_opt._torch_op), and the kernel last offered to it for
# each family (dtype, out_dtype, config, layout) with its launchers then
# (one per device).
_cpp_families: set[tuple[Any, Any, str]] = set()
_offered: dict[tuple[Any, Any, str, str], tuple[Kernel, dict]] = {}


def _matmul(a: Any, b: Any, config: str, out_dtype: Any) -> Any:
    dtype = getattr(a, "dtype", None)
    layout = _storage(a) + _storage(b)
    key = (dtype, out_dtype, config, layout)
    kernel = _families.get(key)
    if kernel is None:
        op_a, op_b = checks.operand("a", a), checks.operand("b", b)
        name = op_a.dtype
        if name not in IN_TYPES:
            raise InputError(f"a is {name}; tile_opt.matmul takes f16 or bf16")
        if len(op_a.shape) == len(op_b.shape) == 2 and 0 in op_a.shape + op_b.shape:
            return _empty(op_a, op_b, a, config, out_dtype)
        kernel = _family(dtype if dtype is not None else name, out_dtype, config, layout)
        _families[key] = kernel
    c = kernel(a, b)
    offered = _offered.get(key)
    if kernel._launchers and (offered is None or offered[0] is not kernel
                              or offered[1] is not kernel._launchers):
        _serve_in_cpp(key, kernel)
    return c


def _serve_in_cpp(key: tuple[Any, Any, str, str], kernel: Kernel) -> None:
    """Hands a family's kernel, loaded on one device or more, to the C++
    path of the op, where there is one (torch dtypes only: the op's schema
    takes no names): each device's launcher for that device."""
    launchers = kernel._launchers
    _offered[key] = (kernel, launchers)
    cpp = _torch_op.get()
    dtype, out_dtype, config, layout = key
    if cpp is not None and _torch is not None and isinstance(dtype, _torch.dtype) and (
            out_dtype is None or isinstance(out_dtype, _torch.dtype)):
        for device, launcher in launchers.items():
            cpp.add_family(dtype, out_dtype, config, LAYOUTS.index(layout), device,
                           launcher.launcher)
        _cpp_families.add(key[:3])


def _empty(op_a: checks.Operand, op_b: checks.Operand, a: Any, config: str,
           out_dtype: Any) -> Any:
    """An empty product before its kernel is compiled: checked as the kernel
    would check it (but for its chip, unknown yet), with nothing to compile."""
    c_type = op_a.dtype if out_dtype is None else type_name(out_dtype, "out_dtype", OUT_TYPES)
    _config_args(config)  # refused here as on any other call
    m, n = checks.check_operands(op_a, op_b, None, op_a.dtype, c_type, "nn")[:2]
    rt = kernel_mod._runtime()
    return kernel_mod._empty_product(rt, kernel_mod._as_tensors(rt, a)[0], m, n, c_type, None)


def matmul(a: "torch.Tensor", b: "torch.Tensor", config: str = "auto",
           out_dtype: Optional["torch.dtype"] = None) -> "torch.Tensor":
    """C = A . B for CUDA tensors A (M x K) and B (K x N) of float16 or
    bfloat16, each row-major or the transposed view of a row-major tensor
    (x @ w.t(), as nn.Linear calls it: the kernels read either orientation,
    with no copy), sub-matrix views too (x[:, :k], w[:n].t(): rows a larger
    leading dimension apart; the TMA kernels copy rows not a multiple of 16 bytes apart);
    C (M x N) is row-major, of `out_dtype` (default: A's; float32 too).

    config: 'auto' (the default): tile-opt's config=auto family of TMA +
        wgmma kernels (Hopper, sm_90a) and its rule, which picks one per
        shape (split-K for few tiles and a long K, 64-row tiles for small M,
        128x128 or 128x256 tiles by the waves they fill); or tile-opt options
        as text, e.g. 'mma=sync block-m=128 block-n=128 num-warps=8'.

    Compiled on first use (cached on disk), launched on torch's current
    stream. Under torch.compile it is the custom op tile_opt::matmul. M, N
    or K = 0 give what torch.matmul gives (an empty C, or a zero one for
    K = 0), with nothing compiled or launched.
    """
    if _torch is not None and _torch.compiler.is_compiling():
        return _torch.ops.tile_opt.matmul(a, b, config, out_dtype)
    try:
        if _torch is not None and (getattr(a, "dtype", None), out_dtype,
                                   config) in _cpp_families:
            try:  # the op's C++ kernel, without the dispatcher
                return _torch_op._module.matmul(a, b, config, out_dtype)
            except TypeError:  # not tensors: the checks say so
                pass
        return _matmul(a, b, config, out_dtype)
    except TileOptError as e:
        raise e.with_traceback(None) from None


# How tile_opt::matmul is registered: "define" (torch.library.define and
# impl: the dispatcher calls _op itself) or "custom_op"
# (torch.library.custom_op, whose wrapper costs more per call; measured by
# python -m tile_opt.overhead --mlp, docs/results/python.md).
REGISTRATION = "define"
_libraries: list = []  # torch.library.Library objects live as long as the op


def register_op(name: str, how: str = REGISTRATION) -> None:
    """Registers `name` ("ns::op") with OP_SCHEMA, implemented by _op, with
    the fake (meta) implementation _fake, the way `how` says."""
    import torch
    if how == "custom_op":
        op = torch.library.custom_op(name, _op, mutates_args=(), schema=OP_SCHEMA)
        op.register_fake(_fake)
        return
    if how != "define":
        raise OptionError(f"registration is {how!r}; expected 'define' or 'custom_op'")
    ns, op_name = name.split("::")
    lib = torch.library.Library(ns, "FRAGMENT")
    lib.define(op_name + OP_SCHEMA)
    # CompositeExplicitAutograd: one kernel for every device, so CPU tensors
    # reach _op's one-line refusal rather than the dispatcher's.
    lib.impl(op_name, _op, "CompositeExplicitAutograd")
    torch.library.register_fake(name, _fake, lib=lib)
    _libraries.append(lib)


def register_custom_op() -> bool:
    """Registers tile_opt::matmul with torch.library, once: its
    implementation is tile_opt.matmul, its fake (meta) implementation an
    empty M x N tensor, so torch.compile traces it (fullgraph too) without
    running it. False, with `registration_error` saying why, when torch
    (2.4 or later) cannot be imported."""
    global _torch, registration_error
    if _torch is not None:
        return True
    try:
        import torch
        if not hasattr(torch.library, "register_fake"):
            raise ImportError(f"torch {torch.__version__} has no torch.library.register_fake "
                              f"(2.4 or later)")
        if not hasattr(torch.ops.tile_opt, "matmul"):
            register_op(OP_NAME)
    except Exception as e:  # a broken torch must not break compiling
        registration_error = " ".join(f"{type(e).__name__}: {e}".split())
        return False
    _torch, registration_error = torch, None
    return True


def _op(a: "torch.Tensor", b: "torch.Tensor", config: str = "auto",
        out_dtype: Optional["torch.dtype"] = None) -> "torch.Tensor":
    try:
        return _matmul(a, b, config, out_dtype)
    except TileOptError as e:
        raise e.with_traceback(None) from None


def _fake(a: "torch.Tensor", b: "torch.Tensor", config: str = "auto",
          out_dtype: Optional["torch.dtype"] = None) -> "torch.Tensor":
    import torch
    torch._check(a.dim() == 2 and b.dim() == 2, lambda: "tile_opt::matmul takes 2-D a and b")
    torch._check(a.shape[1] == b.shape[0],
                 lambda: f"tile_opt::matmul: a is {tuple(a.shape)}, b is {tuple(b.shape)}")
    return a.new_empty((a.shape[0], b.shape[1]),
                       dtype=a.dtype if out_dtype is None else out_dtype)
