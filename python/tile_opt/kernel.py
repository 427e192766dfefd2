"""`compile()` and `Kernel`: a compiled bundle, callable on PyTorch tensors."""
from __future__ import annotations

import collections
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Optional, Union

from tile_bench.bundle import (MAX_SIZE, Bundle, BundleError, Dispatch, Staging, TmaView,
                               load_manifest, staging_of, tma_views)

from . import _torch_op, checks, compiler, tuned
from .errors import CacheError, DependencyError, InputError, OptionError, TileOptError
from .errors import CudaError, UnsupportedShapeError
from .ir import IN_TYPES, LAYOUTS, OUT_TYPES, kernel_name, matmul_ir, type_name

if TYPE_CHECKING:
    import torch

__all__ = ["compile", "Kernel", "LaunchPlan"]

# Per kernel: shapes whose member is remembered (dynamic shapes can be many).
MAX_SHAPES = 4096


def _runtime() -> Any:
    """tile_opt._launch, or DependencyError naming what is missing."""
    try:
        from . import _launch
    except ImportError as e:
        name = (e.name or "").split(".")[0]
        what = {"torch": "PyTorch (pip install torch)"}.get(name)
        if what is None:
            raise DependencyError(f"cannot launch: {e}") from None
        raise DependencyError(f"launching tile_opt kernels needs {what}; compiling "
                              f"does not") from None
    return _launch


def _as_tensors(rt: Any, *xs: Any) -> tuple[Any, ...]:
    """__cuda_array_interface__ objects viewed as tensors in place."""
    return tuple(x if x is None or isinstance(x, rt.Tensor)
                 else rt.torch.as_tensor(x, device="cuda") for x in xs)


def _empty_product(rt: Any, a: Any, m: int, n: int, c_dtype: str, out: Any) -> Any:
    """C of a checked product with M, N or K = 0, as torch.matmul gives it,
    without a launch: empty, or zero for K = 0 (`out` zero-filled)."""
    if out is None:
        return rt.torch.zeros((m, n), dtype=rt.TORCH_DTYPES[c_dtype], device=a.device)
    return out.zero_()


def _counts(**values: Any) -> None:
    """pick's and plan's sizes and GPU figures: integers of at least 1 (an
    empty product launches nothing, so it has no plan), sizes at most 2^31 - 1
    (the kernels' 32-bit index arithmetic); leading dimensions (lda, ldb,
    ldc) at least 0 (dense), the runtime checking the rest."""
    for name, v in values.items():
        if isinstance(v, bool) or not isinstance(v, int):
            raise InputError(f"{name} is {v!r}; expected an integer")
        size, lead = name in ("m", "n", "k"), name.startswith("ld")
        if v < (0 if lead else 1) or (size and v > MAX_SIZE):
            what = "an empty product launches nothing" if size and v == 0 else f"got {v}"
            limit = f"1 to {MAX_SIZE}" if size else f"at least {0 if lead else 1}"
            raise InputError(f"{name} must be {limit}; {what}")


@dataclass(frozen=True)
class LaunchPlan:
    """How a kernel runs an M x N x K problem: the member bundle the rule
    picks (and why), each kernel parameter's value in the manifest's order,
    the staging, the grid, the split-K workspace and the programs per tile.

    A parameter's value is an int (sizes, strides, workspace bytes), the
    operand a pointer points at ('a', 'b', 'out', or 'padded a' ... for an
    operand the staging copies), or for a TMA descriptor the TmaView it
    encodes.
    """
    bundle: Bundle = field(repr=False)
    kernel: str  # the member's PTX entry
    why: str
    params: tuple[tuple[str, str, Union[int, str, TmaView]], ...]
    staging: Staging
    grid: int
    workspace_bytes: int
    splits: int = 1  # programs per tile: a split-K member's, as the model chose

    def value(self, name: str) -> Union[int, str, TmaView]:
        return next(v for n, _, v in self.params if n == name)


@dataclass(frozen=True)
class _Member:
    """The bundle serving one shape, why the dispatch rule picked it, and
    the splits per tile it runs (0: its split_k)."""
    bundle: Bundle
    why: str
    splits: int = 0
    line_copies: int = 1  # tile_rt_line_copies: 1 none, 2 onto whole L2 lines


class Kernel:
    """A compiled tile-opt bundle (one kernel, or a config=auto family with
    its dispatch rule), callable on PyTorch CUDA tensors:

        c = kernel(a, b)            # a: M x K, b: K x N -> c: M x N
        kernel(a, b, out=c)

    A and B are of `dtype`, C of `c_dtype`; `layout` says how A and B are
    stored ('n' row-major, 't' transposed), C is row-major; each may be a
    view with a larger leading dimension (x[:, :k], w[:n].t(), out a column
    slice), without a copy unless a TMA kernel needs one (rows not a multiple of 16
    bytes). Launches go to torch's current stream of the tensors' device,
    any GPU of the process: the bundle is loaded once per device, on that
    device's first call (from any thread), the compiled files shared. Made
    by `compile()`, or from a bundle's manifest: Kernel(path, dtype,
    c_dtype, layout).
    """

    def __init__(self, manifest: Union[str, os.PathLike], dtype: Any, c_dtype: Any,
                 layout: str = "nn", options: str = "", key: str = "",
                 cached: bool = False, folder: Optional[Union[str, os.PathLike]] = None,
                 autotune: Optional[int] = None) -> None:
        """A Kernel of the bundle whose manifest is `manifest` (compile()
        makes them; a bundle compiled elsewhere works too), for A and B of
        `dtype`, C of `c_dtype`, in `layout`; `autotune` as compile() says."""
        self.manifest_path = str(manifest)
        try:
            self.autotune = compiler.check_autotune(autotune)
        except TileOptError as e:
            raise e.with_traceback(None) from None
        self.options, self.key, self.cached = options, key, cached
        self.folder = Path(folder) if folder else Path(self.manifest_path).parent
        try:
            self.dtype = type_name(dtype, "dtype", IN_TYPES)
            self.c_dtype = type_name(c_dtype, "c_dtype", OUT_TYPES)
            if layout not in LAYOUTS:
                raise OptionError(f"layout is {layout!r}; expected one of {', '.join(LAYOUTS)}")
            self.layout = layout
            self.entry: Union[Bundle, Dispatch] = self._load()
        except TileOptError as e:
            raise e.with_traceback(None) from None
        chips = {b.chip for b in self.members}
        # The manifests' PTX target (sm_90a, ...); None if they name none or differ.
        self.chip: Optional[str] = chips.pop() if len(chips) == 1 else None
        self._gpus: set[int] = set()  # the GPUs found able to run the chip
        # By M, N, K, lda, ldb, ldc.
        self._members: dict[tuple[int, ...], _Member] = {}
        # tile_opt._launch.Launcher by device index, each loaded on its
        # device's first call (under _lock); replaced whole when one is added.
        self._launchers: dict[int, Any] = {}
        self._lock = threading.Lock()
        # Kernel(a, b[, out=c]) in C++ (tile_opt._torch_op), once loaded:
        # (its call, the launchers' addresses by device index (0: none), the
        # layout's index in LAYOUTS, A's and C's torch dtypes).
        self._cpp: Optional[tuple] = None
        self._rt: Any = None  # tile_opt._launch once loaded
        self._torch_dtypes: tuple[Any, Any] = (None, None)

    def _load(self) -> Union[Bundle, Dispatch]:
        try:
            entry = load_manifest(self.manifest_path)
        except BundleError as e:
            hint = f" (delete {self.folder} to recompile)" if self.key else ""
            raise CacheError(f"{e}{hint}") from None
        members = entry.members if isinstance(entry, Dispatch) else (entry,)
        for b in members:
            if (b.a_type, b.c_type) != (self.dtype, self.c_dtype) or self.layout not in b.layouts:
                raise CacheError(f"bundle {b.manifest_path} is {b.a_type} -> {b.c_type}, "
                                 f"layouts {', '.join(b.layouts)}; expected {self.dtype} -> "
                                 f"{self.c_dtype}, layout {self.layout}")
        return entry

    @property
    def members(self) -> tuple[Bundle, ...]:
        """The kernels: one, or the config=auto family."""
        return self.entry.members if isinstance(self.entry, Dispatch) else (self.entry,)

    def __repr__(self) -> str:
        return (f"<tile_opt.Kernel {self.dtype}->{self.c_dtype} {self.layout} "
                f"\"{self.options}\": {len(self.members)} kernel(s) in {self.folder}>")

    # -- what runs a shape (pure Python) -----------------------------------

    def _member(self, m: int, n: int, k: int, lda: int = 0, ldb: int = 0,
                ldc: int = 0) -> _Member:
        """The bundle of M x N x K, the problem checked by the runtime with
        these leading dimensions (0: dense)."""
        key = (m, n, k, lda, ldb, ldc)
        member = self._members.get(key)
        if member is None:
            try:
                if isinstance(self.entry, Dispatch):
                    bundle, why, splits, lines = self.entry.choose(m, n, k, self.layout,
                                                                   lda, ldb)
                else:
                    bundle, why, splits, lines = self.entry, "the only kernel", 0, 1
                bundle.plan(m, n, k, self.layout, lda=lda, ldb=ldb, ldc=ldc, splits=splits,
                            line_copies=lines)
            except BundleError as e:
                raise UnsupportedShapeError(str(e)) from None
            member = _Member(bundle, why, splits, lines)
            if len(self._members) >= MAX_SHAPES:
                self._members.clear()
            self._members[key] = member
        return member

    def pick(self, m: int, n: int, k: int) -> tuple[Bundle, str]:
        """The bundle that runs M x N x K and why (the dispatch rule)."""
        try:
            _counts(m=m, n=n, k=k)
            member = self._member(m, n, k)
        except TileOptError as e:
            raise e.with_traceback(None) from None
        return member.bundle, member.why

    def autotuned(self, m: int, n: int, k: int,
                  device: Optional[int] = None) -> Optional[tuple[Bundle, str]]:
        """The bundle autotune kept for M x N x K on GPU `device` (default:
        torch's current one) and why (every candidate's time), or None where
        it has not timed the shape there; pick() and plan() give the model's
        choice, which needs no GPU."""
        if device is None:
            device = self._rt.torch.cuda.current_device() if self._rt else 0
        launcher = self._launchers.get(device)
        for key, plan in (getattr(launcher, "tuned", None) or {}).items():
            if key[:3] == (m, n, k):
                # (each device's launcher holds its own copy of the bundle)
                return launcher.bundle.member(plan["kernel"]), plan["why"]
        return None

    def plan(self, m: int, n: int, k: int, sm_count: int = 132,
             blocks_per_sm: int = 1, *, lda: int = 0, ldb: int = 0,
             ldc: int = 0) -> LaunchPlan:
        """How an M x N x K call is launched (no GPU needed), on operands
        whose rows lie lda, ldb and ldc elements apart (0: dense). A
        persistent kernel's grid depends on the GPU: given here for
        `sm_count` SMs with `blocks_per_sm` resident blocks."""
        try:
            _counts(m=m, n=n, k=k, sm_count=sm_count, blocks_per_sm=blocks_per_sm, lda=lda,
                    ldb=ldb, ldc=ldc)
            member = self._member(m, n, k, lda, ldb, ldc)
        except TileOptError as e:
            raise e.with_traceback(None) from None
        bundle, why = member.bundle, member.why
        try:
            plan = bundle.plan(m, n, k, self.layout, sm_count, blocks_per_sm, lda=lda, ldb=ldb,
                               ldc=ldc, splits=member.splits, line_copies=member.line_copies)
        except BundleError as e:
            raise UnsupportedShapeError(str(e)) from None
        info = plan.info()
        staging = staging_of(plan, m, n, k)
        views = tma_views(plan) if bundle.uses_tma else {}
        copied = {x: info[x.lower() + "_copy_bytes"] > 0 for x in "ABC"}
        params: list[tuple[str, str, Union[int, str, TmaView]]] = []
        for name, type_, value in plan.params():
            if name in ("A", "B", "C"):
                value = ("padded " if copied[name] else "") + {"A": "a", "B": "b",
                                                               "C": "out"}[name]
            elif name in views:
                value = views[name]
            elif name == "workspace":
                value = info["workspace_bytes"]
            params.append((name, type_, value))
        return LaunchPlan(bundle, bundle.kernel, why, tuple(params), staging, info["grid"],
                          info["workspace_bytes"], info["splits"])

    # -- calls ---------------------------------------------------------------

    def __call__(self, a: "torch.Tensor", b: "torch.Tensor",
                 out: Optional["torch.Tensor"] = None) -> "torch.Tensor":
        """C = A . B on torch's current stream; returns `out` (allocated when
        None). M, N or K = 0 launch nothing: C is empty, or zero for K = 0.
        Raises InputError (and its UnsupportedShapeError),
        DependencyError, CudaError or CaptureError, each one line."""
        cpp = self._cpp
        if cpp is not None:
            try:
                c = cpp[0](cpp[1], a, b, out, cpp[2], cpp[3], cpp[4])
                if c is not None:
                    return c
            except TypeError:  # not tensors: the checks below say so
                pass
        try:
            return self._call(a, b, out)
        except TileOptError as e:
            raise e.with_traceback(None) from None

    def _fast_shape(self, a: Any, b: Any, out: Any) -> Optional[tuple[int, ...]]:
        """M, N, K, lda, ldb, ldc when a, b (and out) are dense torch tensors
        that fit the kernel as they usually do; None sends the call to the
        full checks, which accept everything this does (views too) and name
        what is wrong."""
        tensor = self._rt.Tensor
        in_t, out_t = self._torch_dtypes
        if not (type(a) is tensor and type(b) is tensor and a.is_cuda and b.is_cuda
                and a.dtype is in_t and b.dtype is in_t and a.dim() == 2 and b.dim() == 2):
            return None
        (m, k), (kb, n) = a.shape, b.shape
        if k != kb or a.get_device() != b.get_device():
            return None
        ta, tb = self.layout[0] == "t", self.layout[1] == "t"
        if self.layout == "nn":
            if a.stride() != (k, 1) or b.stride() != (n, 1):
                return None
        elif (a.stride() != checks.dense_strides(m, k, ta)
              or b.stride() != checks.dense_strides(k, n, tb)):
            return None
        if out is not None:
            if not (type(out) is tensor and out.is_cuda and out.dtype is out_t
                    and out.shape == (m, n) and out.stride() == (n, 1)
                    and out.get_device() == a.get_device()):
                return None
            # Disjoint from A and B (dense, so spans are sizes).
            pc, c_end = out.data_ptr(), out.data_ptr() + m * n * out.element_size()
            for t, size in ((a, m * k), (b, k * n)):
                p = t.data_ptr()
                if pc < p + size * t.element_size() and p < c_end:
                    return None
        return m, n, k, m if ta else k, k if tb else n, n

    @staticmethod
    def _operands(a: Any, b: Any, out: Any) -> tuple[checks.Operand, ...]:
        return (checks.operand("a", a), checks.operand("b", b),
                *(() if out is None else (checks.operand("out", out),)))

    def _load_runtime(self) -> Any:
        rt = _runtime()
        self._torch_dtypes = (rt.TORCH_DTYPES[self.dtype], rt.TORCH_DTYPES[self.c_dtype])
        self._rt = rt
        return rt

    def _load_launcher(self, device: int) -> Any:
        """The launcher of GPU `device` (current), loaded on its first call
        there, once even when threads race. The first device's loads
        `entry`; each other one a copy of the same compiled files (a
        runtime bundle's modules live in one context)."""
        with self._lock:
            launcher = self._launchers.get(device)
            if launcher is not None:
                return launcher
            taken = any(held.bundle is self.entry for held in self._launchers.values())
            entry = self._load() if taken else self.entry
            record = None
            if self.key and self.autotune > 1 and isinstance(entry, Dispatch):
                # Beside the compiled bundles: the cache folder compile() used.
                record = tuned.record(self.folder.parent / "autotune", self.key,
                                      self._rt.gpu_kind(device), self.autotune)
            launcher = self._rt.Launcher(entry, self.layout, tune=self.autotune, record=record)
            self._launchers = {**self._launchers, device: launcher}
            cpp = _torch_op.get()
            if cpp is not None:
                addresses = [0] * (max(self._launchers) + 1)
                for d, held in self._launchers.items():
                    addresses[d] = held.launcher.address()
                self._cpp = (cpp.call, tuple(addresses), LAYOUTS.index(self.layout),
                             *self._torch_dtypes)
        return launcher

    def _checked(self, a: Any, b: Any, out: Any) -> tuple[Any, Any, Any, tuple[int, ...]]:
        """Every check, on any tensor-like objects, then the objects as
        tensors: the path of a first call, of anything unusual and of
        every error."""
        ops = self._operands(a, b, out)
        problem = checks.check_operands(ops[0], ops[1], ops[2] if out is not None else None,
                                        self.dtype, self.c_dtype, self.layout, self.chip)
        if 0 not in problem[:3]:
            self._member(*problem)  # the shape, against the kernel's plan
        rt = self._rt or self._load_runtime()
        a, b, out = _as_tensors(rt, a, b, out)
        return a, b, out, problem

    def _check_gpu(self, device: int) -> None:
        """InputError unless GPU `device` runs the kernel's chip; once a
        device it runs on."""
        checks.check_chip(self.chip, f"cuda:{device}", *self._rt.gpu(device))
        self._gpus.add(device)

    def _call(self, a: Any, b: Any, out: Any) -> Any:
        rt = self._rt
        problem = None if rt is None else self._fast_shape(a, b, out)
        if problem is None:
            a, b, out, problem = self._checked(a, b, out)
            rt = self._rt
        m, n, k, lda, ldb, ldc = problem
        if 0 in (m, n, k):
            return _empty_product(rt, a, m, n, self.c_dtype, out)
        device = a.get_device()
        if device not in self._gpus:
            self._check_gpu(device)
        previous = rt.ready(device)
        try:
            if out is None:
                out = rt.torch.empty((m, n), dtype=self._torch_dtypes[1], device=a.device)
            launcher = self._launchers.get(device) or self._load_launcher(device)
            stream = rt.current_stream(device)
            if not launcher.fast(m, n, k, a.data_ptr(), b.data_ptr(), out.data_ptr(), stream,
                                 lda, ldb, ldc):
                launcher.launch(m, n, k, a, b, out, stream, (lda, ldb, ldc))
        except rt.tile_runtime.UnsupportedError as e:
            # Past planning (whose refusals Launcher.prepare raises as
            # UnsupportedShapeError), the runtime refuses only the operands'
            # memory: a data pointer TMA cannot take (not 16-byte aligned),
            # in one line naming the operand, the pointer and the fix.
            raise InputError(str(e)) from None
        except (rt.tile_runtime.BundleError, rt.tile_runtime.CudaError) as e:
            raise CudaError(str(e)) from None
        finally:
            rt.restore(previous)
        return out


def compile(dtype: Any = "f16", c_dtype: Any = None, layout: str = "nn",
            config: Optional[str] = None, *, cache_dir: Optional[Union[str, os.PathLike]] = None,
            tool: Optional[str] = None, timeout: float = compiler.COMPILE_TIMEOUT,
            autotune: Optional[int] = None, **options: Any) -> Kernel:
    """Compiles C = A . B with tile-opt (or takes it from the cache) and
    returns the Kernel.

    dtype: A's and B's type, 'f16' or 'bf16' (or torch.float16/bfloat16).
    c_dtype: C's type, 'f16', 'bf16' or 'f32'; default: dtype.
    layout: 'nn', 'nt', 'tn' or 'tt' (A's and B's storage, 't' = transposed:
        A stored K x M, B stored N x K, as x @ w.t() in nn.Linear); every
        kernel, config='auto' among them, serves the one layout it was
        compiled for.
    config: 'auto' (a family of TMA + wgmma kernels and a cost model that picks
        one per shape), 'manual' (the options, tile-opt's defaults for the
        rest), or None: 'auto' without block options,
        'manual' otherwise.
    cache_dir: the cache folder; default $TILE_OPT_CACHE, else ~/.cache/tile_opt.
    tool: the tile-opt binary; default $TILE_OPT, the repository's
        build/bin/tile-opt, then PATH.
    timeout: seconds tile-opt may take (default 600); past them it is
        killed and CompileError raised.
    autotune: config='auto' only: on each shape's first call (outside CUDA
        graph capture) time this many of the model's best candidates on
        the call's own operands and keep the fastest for the shape; 0 or 1:
        the model's pick, untimed. Default $TILE_OPT_AUTOTUNE, else 0.
    options: --tile-to-ptx options as keywords, e.g. block_m=128 for
        block-m=128 (the names `tile-opt --help` lists); a file option
        (tune_cache) is a path relative to the current folder.
    """
    try:
        return _compile(dtype, c_dtype, layout, config, options, cache_dir=cache_dir,
                        tool=tool, timeout=timeout, autotune=autotune)
    except TileOptError as e:
        raise e.with_traceback(None) from None


def _compile(dtype: Any, c_dtype: Any, layout: str, config: Optional[str],
             options: Mapping[str, Any], *,
             cache_dir: Optional[Union[str, os.PathLike]] = None, tool: Optional[str] = None,
             timeout: float = compiler.COMPILE_TIMEOUT,
             autotune: Optional[int] = None) -> Kernel:
    """compile(), its --tile-to-ptx options (underscores or dashes) apart
    from its own arguments, so no option can name one of those."""
    dtype = type_name(dtype, "dtype", IN_TYPES)
    c_dtype = dtype if c_dtype is None else type_name(c_dtype, "c_dtype", OUT_TYPES)
    if layout not in LAYOUTS:
        raise OptionError(f"layout is {layout!r}; expected one of {', '.join(LAYOUTS)}")
    timeout = compiler.check_timeout(timeout)
    autotune = compiler.check_autotune(autotune)
    spelled = collections.Counter(key.replace("-", "_") for key in options)
    twice = sorted(key for key in options if spelled[key.replace("-", "_")] > 1)
    if twice:
        raise OptionError(f"options {', '.join(twice)} name one option twice")
    named = {key.replace("-", "_"): value for key, value in options.items()}
    tool = compiler.find_tile_opt(tool)
    block = sorted(compiler.block_options(tool) & named.keys())
    if config is None:
        config = "manual" if block else "auto"
    if config not in ("auto", "manual"):
        raise OptionError(f"config is {config!r}; expected 'auto', 'manual' or None")
    if config == "auto" and block:
        raise OptionError(f"config='auto' picks the block itself and would ignore "
                          f"{', '.join(block)}; pass config='manual' to set them")
    compiler.check_names(options, tool)
    # tile-opt runs in a temporary folder: file options are made absolute
    # here, and hashed as the file tile-opt will read.
    files = {k: os.path.abspath(str(named[k]))
             for k in compiler.file_options(tool) & named.keys()}
    named.update(files)
    text = compiler.format_options(config, named)
    name = kernel_name(dtype, c_dtype, layout)
    done = compiler.compile_bundle(matmul_ir(dtype, c_dtype, layout), name, text, tool,
                                   compiler.cache_dir(cache_dir), files, timeout)
    return Kernel(done.manifest, dtype, c_dtype, layout, text, done.key, done.hit, done.folder,
                  autotune)
