"""A tile-opt bundle as the runtime reads it: its manifest, checked, the PTX
it names, and what it makes of a problem.

Every rule of the bundle contract (manifest fields and their ranges, the
PTX's entry signature, dispatch rules, a problem's checks, staging, grids,
workspaces, TMA views, argument packing) is the runtime's
(runtime/include/tile_runtime.h), reached through its binding, the
extension module `tile_runtime` that `pip install ./python` builds. This
module only gives its answers Python names.

Nothing here needs torch, cuda-python or a GPU.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Optional, Union

import tile_runtime as rt

# The runtime's errors, each one line: a manifest or PTX refused, and (a
# BundleError too) a problem a kernel cannot run.
BundleError = rt.BundleError
UnsupportedError = rt.UnsupportedError

LAYOUTS = ("nn", "nt", "tn", "tt")
# The largest M, N or K the runtime accepts (2^31 - 1).
MAX_SIZE = rt.MAX_SIZE


@dataclass(frozen=True)
class Param:
    name: str
    type: str  # ptr, i64 or tensormap


@dataclass(frozen=True)
class TmaView:
    """What one TMA descriptor describes: a row-major rows x cols matrix of
    `dtype` whose rows lie `pitch` elements apart, moved in boxes of `box`
    ((inner, outer) elements)."""
    operand: str  # A, B or C
    dtype: str
    rows: int
    cols: int
    pitch: int
    box: tuple[int, int]


@dataclass(frozen=True)
class Staging:
    """How a kernel's operands are laid out for an M x N x K problem: as the
    problem stores them, or (staged) with each operand whose rows TMA cannot
    address on a copy whose rows are padded to the multiples TMA needs (A
    M x kp or K x mp, B K x np or N x kp, C M x np; mp = M, kp = K, np = N
    where no copy pads them); `why` says which are copied, and where the
    kernel's threads store C in place (a plan that copies nothing may say
    that alone)."""
    m: int
    n: int
    k: int
    kp: int
    np: int
    why: str = ""  # the runtime's account of the copies and of C's stores
    mp: int = 0  # M's padded length (a transposed A's copy); M when unpadded
    staged: bool = False  # whether any operand is copied

    def line(self, manifest_path: str) -> str:
        """What tile-run prints for it: "staging: MxNxK on PATH: why"."""
        return f"staging: {self.m}x{self.n}x{self.k} on {manifest_path}: {self.why}"


class Bundle:
    """A kernel bundle the runtime loaded: the manifest's fields as
    attributes, and the runtime's plan of a problem."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle
        info = handle.info()
        self.info = info
        self.manifest_path: str = info["path"]
        self.ptx_path: str = info["ptx_path"]
        self.kernel: str = info["kernel"]
        self.layouts = tuple(info["layouts"].split(", "))
        self.params = tuple(Param(n, t) for n, t in handle.params())
        for key in ("schedule", "mma", "a_type", "c_type", "block_m",
                    "block_n", "block_k", "threads_per_block", "group_m", "num_warps",
                    "num_stages", "cluster_m", "split_k", "swap_ab", "workspace_tile_bytes",
                    "index_bitwidth", "m_multiple", "n_multiple", "k_multiple",
                    "uses_tma", "uses_workspace", "persistent", "warp_specialize",
                    "tma_box_a", "tma_box_b", "tma_box_c", "tma_box_a_tail"):
            setattr(self, key, info[key])
        self.dynamic_smem: int = info["dynamic_shared_bytes"]
        # Optional names the manifest may leave out.
        self.chip: Optional[str] = info["chip"] or None
        self.order: Optional[str] = info["order"] or None

    @property
    def name(self) -> str:
        """The manifest's folder name: bundles are one per folder."""
        return os.path.basename(os.path.dirname(os.path.abspath(self.manifest_path)))

    def static(self, param: str) -> Optional[int]:
        """The value the kernel's types fix for a parameter, if any."""
        return self.handle.static(param)

    def plan(self, m: int, n: int, k: int, layout: str = "nn", sm_count: int = 0,
             programs_per_sm: int = 0, max_clusters: int = 0, *, lda: int = 0, ldb: int = 0,
             ldc: int = 0, splits: int = 0, line_copies: int = 0) -> Any:
        """The runtime's plan of the problem (tile_runtime.Plan); a
        persistent grid needs sm_count and programs_per_sm; lda, ldb and
        ldc are the operands' leading dimensions (0: dense); splits a
        split-K kernel's programs per tile (0: split_k); line_copies 2
        copies A's and B's rows that start inside L2 lines onto whole ones
        (as a dispatch manifest's pick may choose). Raises
        UnsupportedError when the kernel cannot run it."""
        return self.handle.plan(m, n, k, layout, self.a_type, self.c_type, sm_count,
                                programs_per_sm, max_clusters, lda, ldb, ldc, splits,
                                line_copies)

    def check_shape(self, m: int, n: int, k: int, layout: str = "nn") -> None:
        """Raises BundleError when this bundle cannot run the problem."""
        self.plan(m, n, k, layout)

    def staging(self, m: int, n: int, k: int, layout: str = "nn") -> Staging:
        return staging_of(self.plan(m, n, k, layout), m, n, k)


def staging_of(plan: Any, m: int, n: int, k: int) -> Staging:
    """A plan's Staging."""
    info = plan.info()
    return Staging(m, n, k, info["kp"], info["np"], plan.text(rt.Text.STAGING), info["mp"],
                   info["staged"])


def tma_views(plan: Any) -> dict[str, TmaView]:
    """What a TMA kernel's plan encodes in each of its tensormap parameters
    (by name, in the ABI's order)."""
    maps = [name for name, type_, _ in plan.params() if type_ == "tensormap"]
    if not maps:
        plan.tma(0)  # raises the runtime's refusal of a kernel without TMA
    views = {}
    for i, name in enumerate(maps):
        t = plan.tma(i)
        views[name] = TmaView(t["operand"], t["dtype"], t["rows"], t["cols"], t["pitch"],
                              tuple(t["box"]))
    return views


class Dispatch:
    """A dispatch manifest of tile-opt's config=auto: its rules name the
    member bundles, and the runtime picks one per shape (a tuned class
    first, else the least modelled time)."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle
        info = handle.info()
        self.manifest_path: str = info["path"]
        self.kernel: str = info["kernel"]
        self._members = tuple(Bundle(h) for h in handle.members())
        self.rules = tuple(handle.rules())

    @property
    def name(self) -> str:
        return os.path.basename(os.path.dirname(os.path.abspath(self.manifest_path)))

    @property
    def members(self) -> tuple[Bundle, ...]:
        """The distinct member bundles, in the order the rules first name them."""
        return self._members

    def member(self, handle: Any) -> Bundle:
        return next(b for b in self._members if b.handle.same(handle))

    def pick(self, m: int, n: int, k: int, layout: str = "", lda: int = 0,
             ldb: int = 0) -> tuple[Bundle, str]:
        """The member for an M x N x K problem and why (rule and numbers), in
        `layout` ("": the members' first), A's and B's rows lda and ldb
        elements apart (0: dense), which the model reads."""
        return self.choose(m, n, k, layout, lda, ldb)[:2]

    def choose(self, m: int, n: int, k: int, layout: str = "", lda: int = 0,
               ldb: int = 0) -> tuple[Bundle, str, int, int]:
        """pick's member and why, the splits per tile the model chose for a
        split-K member (0: its split_k) and its line copies (1 none, 2 A's
        and B's rows onto whole L2 lines), which a plan of it must run."""
        handle, why, splits, lines = self.handle.pick(m, n, k, layout, lda, ldb)
        return self.member(handle), why, splits, lines


def load_manifest(manifest_path: Union[str, os.PathLike]) -> Union[Bundle, Dispatch]:
    """A bundle's manifest, or a dispatch manifest with its members loaded.

    Raises BundleError("manifest PATH: ...") naming the field at fault.
    """
    handle = rt.load(os.fspath(manifest_path))
    return Dispatch(handle) if handle.info()["rule_count"] else Bundle(handle)


def load_bundle(manifest_path: Union[str, os.PathLike]) -> Bundle:
    """A kernel bundle's manifest; BundleError for a dispatch manifest."""
    entry = load_manifest(manifest_path)
    if isinstance(entry, Dispatch):
        raise BundleError(f"manifest {manifest_path}: a dispatch manifest (config=auto) "
                          f"holds no kernel of its own; load it with load_manifest")
    return entry


def parse_shape(text: str) -> tuple[int, int, int]:
    """M, N, K from "MxNxK", read by the runtime (tile_rt_parse_shape, as
    tile-run reads --shape) for tile-bench and tile-tune; BundleError for
    anything else."""
    try:
        return rt.parse_shape(text)
    except BundleError as e:
        raise BundleError(f"bad shape {text!r}: {e}") from None


def shape_class(m: int, n: int, k: int) -> str:
    """tile-tune's class of a shape, as dispatch rules name it (the
    runtime's): each size's power-of-two bucket, and whether N and K are
    multiples of 8 (what TMA rows need)."""
    return rt.shape_class(m, n, k)
