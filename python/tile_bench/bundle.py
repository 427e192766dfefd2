"""A tile-opt bundle: its launch manifest, checked, and the PTX it names.

The rules are those of the runtime's manifest reader (runtime/src/manifest.cpp,
which tile-run uses), with the same messages, the check of the manifest's
parameters against the kernel's signature in the PTX included: a launch with a
wrong argument list reads garbage instead of failing. This copy goes once
Python binds the runtime.

Pure Python: nothing here needs torch, cuda-python or a GPU.
"""
from __future__ import annotations

import ctypes
import errno
import json
import math
import os
import re
import stat
from dataclasses import dataclass, replace
from typing import Any, Mapping, Optional

# Parameter names in the order of the kernel ABI
# (include/tile/Conversion/KernelParams.def): the TMA descriptors only for
# mma=wgmma kernels, the workspace last and only for split-K and Stream-K.
PARAM_NAMES = ("A", "B", "C", "M", "N", "K", "stride_am", "stride_ak",
               "stride_bk", "stride_bn", "stride_cm", "stride_cn", "tma_a",
               "tma_b", "tma_c", "workspace")
POINTERS = ("A", "B", "C")
TENSOR_MAPS = ("tma_a", "tma_b", "tma_c")
# A split-K kernel's device buffer of workspace_tile_bytes per tile of C.
WORKSPACE = "workspace"
MAX_SPLIT_K = 128  # tile-opt's largest split-k
LAYOUTS = ("nn", "nt", "tn", "tt")
ELEM_BYTES = {"f16": 2, "bf16": 2, "f32": 4}

# A CUtensorMap is 128 bytes with 64-byte alignment (cuda.h: alignas(64)).
TENSORMAP_BYTES = 128
TENSORMAP_ALIGN = 64
# Bytes each parameter type occupies in the kernel's parameter space.
PARAM_BYTES = {"ptr": 8, "i64": 8, "i32": 4, "tensormap": TENSORMAP_BYTES}

# Real manifests are ~2 KB and PTX files ~100 KB; the limits only keep a
# wrong path (a log, a device file) from being read whole.
MAX_MANIFEST_BYTES = 1 << 20
MAX_PTX_BYTES = 64 << 20

INT32_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1  # also the largest workspace, in bytes
# tile-run reads JSON numbers as doubles; integers beyond this are refused.
_MAX_JSON_INT = 9.0e15
_MISSING = object()


class BundleError(Exception):
    """A bundle that cannot be used, or a shape it cannot serve; one line."""

    def __init__(self, message: str) -> None:
        # Names and values come from files; keep the message on one line.
        super().__init__("".join(c if c.isprintable() else repr(c)[1:-1]
                                 for c in message))


@dataclass(frozen=True)
class Param:
    name: str
    type: str  # ptr, i64, i32 or tensormap


STRIDES = ("stride_am", "stride_ak", "stride_bk", "stride_bn", "stride_cm", "stride_cn")


@dataclass(frozen=True)
class Staging:
    """How a kernel's operands are laid out for an M x N x K problem
    (tile-run's Staging): as the problem stores them (dense), unless a TMA
    kernel is asked for an N or K that is not a multiple of its n_multiple or
    k_multiple, whose rows TMA cannot address (they must start on 16 bytes).
    The problem is then staged: the kernel runs on copies of A (M x kp),
    B (K x np) and C (M x np) whose rows are padded to those multiples, with
    sizes still M, N and K, so TMA zero-fills and clips at K and N and the
    pad columns are never read or written. Every launch copies A and B in
    and C back."""
    m: int
    n: int
    k: int
    kp: int  # the rows of A: K unless staged
    np: int  # the rows of B and C: N unless staged
    n_multiple: int = 1
    k_multiple: int = 1

    @property
    def staged(self) -> bool:
        return (self.kp, self.np) != (self.k, self.n)

    def elements(self) -> dict[str, int]:
        """Elements of the buffers the kernel reads and writes."""
        return {"A": self.m * self.kp, "B": self.k * self.np, "C": self.m * self.np}

    def line(self, manifest_path: str) -> str:
        """What tile-run prints for it: "staging: MxNxK on PATH: why; how"."""
        off = [(d, size, padded, mult) for d, size, padded, mult in
               (("N", self.n, self.np, self.n_multiple), ("K", self.k, self.kp, self.k_multiple))
               if size != padded]
        if len(off) == 2 and off[0][3] == off[1][3]:
            why = f"N={self.n} and K={self.k} are not multiples of {off[0][3]}"
        else:
            why = " and ".join(f"{d}={size} is not a multiple of {mult}"
                               for d, size, _, mult in off)
        # K first: A's rows, then B's and C's.
        pads = ", ".join(f"{d} {size} -> {padded}" for d, size, padded, _ in reversed(off))
        return (f"staging: {self.m}x{self.n}x{self.k} on {manifest_path}: {why}; A, B and C "
                f"go through 16-byte-aligned copies ({pads}), which every timed launch "
                f"includes")


def _values(s: Staging, layout: str) -> dict[str, int]:
    """Sizes and strides the kernel is passed: A is M x K, stored row-major
    ('n') or as its K x M transpose ('t'); B likewise K x N or N x K; C is
    always row-major M x N. Rows are dense, or the padded copies' when
    staged."""
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout '{layout}'")
    a_t, b_t = layout[0] == "t", layout[1] == "t"
    return {"M": s.m, "N": s.n, "K": s.k,
            "stride_am": 1 if a_t else s.kp, "stride_ak": s.m if a_t else 1,
            "stride_bk": 1 if b_t else s.np, "stride_bn": s.k if b_t else 1,
            "stride_cm": s.np, "stride_cn": 1}


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

    @property
    def dims(self) -> tuple[int, int]:
        """cuTensorMapEncodeTiled's globalDim: innermost first."""
        return self.cols, self.rows

    @property
    def row_bytes(self) -> int:
        """cuTensorMapEncodeTiled's globalStrides[0]."""
        return self.pitch * ELEM_BYTES[self.dtype]


@dataclass(frozen=True)
class Bundle:
    """A validated manifest and its PTX (`ptx_text`, without a NUL)."""

    manifest_path: str
    ptx_path: str
    ptx_text: bytes
    kernel: str
    schedule: str
    block_m: int
    block_n: int
    block_k: int
    threads_per_block: int
    dynamic_smem: int
    a_type: str
    c_type: str
    layouts: tuple[str, ...]
    params: tuple[Param, ...]
    mma: str = "sync"
    index_bitwidth: int = 64
    static_m: Optional[int] = None
    static_n: Optional[int] = None
    static_k: Optional[int] = None
    # Strides ("stride_cm": 32, ...) and offsets ("a": 7, ...) that the
    # kernel's memref types fix; the manifest's static_stride_*/static_offset_*.
    static_strides: tuple[tuple[str, int], ...] = ()
    static_offsets: tuple[tuple[str, int], ...] = ()
    # What the kernel needs M, N and K to be multiples of (the manifest's
    # m_multiple, n_multiple, k_multiple; mma=wgmma manifests state N's and
    # K's, which give TMA its 16-byte rows, and run other N and K staged).
    m_multiple: int = 1
    n_multiple: int = 1
    k_multiple: int = 1
    tma_box_a: Optional[tuple[int, int]] = None  # (inner, outer) elements
    tma_box_b: Optional[tuple[int, int]] = None
    tma_box_c: Optional[tuple[int, int]] = None
    chip: Optional[str] = None
    order: Optional[str] = None
    group_m: Optional[int] = None
    num_warps: Optional[int] = None
    num_stages: Optional[int] = None
    # Blocks per thread-block cluster along M: the grid is launched in
    # clusters of this many blocks.
    cluster_m: int = 1
    # Programs per tile of C (tiled wgmma kernels): each adds its share of
    # K through a workspace of workspace_tile_bytes per tile (the parameter
    # "workspace"), zero before the kernel's first launch.
    split_k: int = 1
    workspace_tile_bytes: int = 0

    @property
    def name(self) -> str:
        """The manifest's folder name: bundles are one per folder."""
        return os.path.basename(os.path.dirname(os.path.abspath(self.manifest_path)))

    @property
    def persistent(self) -> bool:
        """Whether the grid is sized to the GPU (Stream-K's is too)."""
        return self.schedule in ("persistent", "stream_k")

    @property
    def uses_workspace(self) -> bool:
        """Split-K and Stream-K kernels take the workspace."""
        return self.split_k > 1 or self.schedule == "stream_k"

    @property
    def uses_tma(self) -> bool:
        return self.tma_box_a is not None

    def tiles(self, m: int, n: int) -> int:
        """Number of C tiles: ceil(M/block_m) * ceil(N/block_n), tile rows
        rounded up to whole clusters."""
        rows = -(-m // self.block_m)
        return -(-rows // self.cluster_m) * self.cluster_m * -(-n // self.block_n)

    def workspace_bytes(self, m: int, n: int) -> int:
        """Bytes of workspace an M x N output needs (0 without)."""
        return self.tiles(m, n) * self.workspace_tile_bytes if self.uses_workspace else 0

    def grid(self, m: int, n: int, k: int, sm_count: int, blocks_per_sm: int,
             max_clusters: Optional[int] = None) -> int:
        """Programs to launch: one per tile (split_k per tile for a split-K
        kernel), or for a persistent kernel one per resident block slot
        (with clusters, per block of a resident cluster), never more than
        there are tiles."""
        del k  # the grid covers C only
        tiles = self.tiles(m, n)
        if not self.persistent:
            return tiles * self.split_k
        slots = sm_count * blocks_per_sm
        if self.cluster_m > 1 and max_clusters is not None:
            slots = min(slots // self.cluster_m, max_clusters) * self.cluster_m
        return min(slots, tiles)

    def staging(self, m: int, n: int, k: int, layout: str = "nn") -> Staging:
        """How the kernel's operands are laid out for the problem: staged
        through padded copies when a TMA kernel's N or K misses its multiple.
        A manifest that pins a row stride (static_stride_am, _bk, _cm) to
        another value than the padded one is not staged, and its multiples
        refuse the shape as before."""
        dense = Staging(m, n, k, k, n, self.n_multiple, self.k_multiple)
        # TMA kernels serve layout nn only; M never matters (C's rows are N long).
        if (not self.uses_tma or layout != "nn"
                or (n % self.n_multiple == 0 and k % self.k_multiple == 0)):
            return dense
        padded = replace(dense, kp=-(-k // self.k_multiple) * self.k_multiple,
                         np=-(-n // self.n_multiple) * self.n_multiple)
        values = _values(padded, layout)
        if any(values[name] != fixed for name, fixed in self.static_strides
               if name in ("stride_am", "stride_bk", "stride_cm")):
            return dense
        return padded

    def scalar_args(self, m: int, n: int, k: int, layout: str = "nn") -> dict[str, int]:
        """Values of the manifest's integer parameters, in its order.

        A is M x K, stored row-major ('n') or as its K x M transpose ('t');
        B likewise K x N or N x K; C is always row-major M x N. The row
        strides are those of the padded copies when the problem is staged.
        """
        value = _values(self.staging(m, n, k, layout), layout)
        return {p.name: value[p.name] for p in self.params if p.name in value}

    def tma_views(self, m: int, n: int, k: int) -> tuple[TmaView, TmaView, TmaView]:
        """What tma_a, tma_b and tma_c describe for the problem (layout nn):
        A, B and C, or their padded copies when staged."""
        s = self.staging(m, n, k, "nn")
        return (TmaView("A", self.a_type, m, k, s.kp, self.tma_box_a),
                TmaView("B", self.a_type, k, n, s.np, self.tma_box_b),
                TmaView("C", self.c_type, m, n, s.np, self.tma_box_c))

    def check_shape(self, m: int, n: int, k: int, layout: str = "nn") -> None:
        """Raises BundleError when this bundle cannot run the problem."""
        if min(m, n, k) < 1:
            raise ValueError(f"shape {m}x{n}x{k} has a size below 1")
        where = f"bundle {self.manifest_path}"
        if layout not in self.layouts:
            raise BundleError(f"{where} cannot serve layout {layout} "
                              f"(it serves: {', '.join(self.layouts)})")
        for dim, fixed, given in (("M", self.static_m, m), ("N", self.static_n, n),
                                  ("K", self.static_k, k)):
            if fixed is not None and fixed != given:
                raise BundleError(f"{where} was compiled for {dim}={fixed}; "
                                  f"the shape asks for {given}")
        staging = self.staging(m, n, k, layout)
        passed = _values(staging, layout)
        for name, fixed in self.static_strides:
            if fixed != passed[name]:
                raise BundleError(f"{where} was compiled for {name}={fixed}; dense "
                                  f"operands give {passed[name]} for {m}x{n}x{k} {layout}")
        for operand, offset in self.static_offsets:
            if offset:
                raise BundleError(f"{where} reads {operand.upper()} {offset} elements "
                                  f"past the pointer it is given (static offset); "
                                  f"tile-bench passes tensors' own pointers")
        scalars = self.scalar_args(m, n, k, layout)
        for p in self.params:
            if p.type == "i32" and scalars[p.name] > INT32_MAX:
                raise BundleError(f"{where}: parameter '{p.name}' is i32 but this "
                                  f"shape needs {scalars[p.name]}")
        # Operands are dense or padded copies, so the largest offset is an
        # element count - 1.
        limit = INT64_MAX if self.index_bitwidth >= 64 else 1 << (self.index_bitwidth - 1)
        if max(staging.elements().values()) > limit:
            raise BundleError(f"{where} indexes with {self.index_bitwidth}-bit offsets; "
                              f"shape {m}x{n}x{k} needs more"
                              f"{' in its padded copies' if staging.staged else ''} "
                              f"(recompile with index-bitwidth=64)")
        # A staged kernel sees N and K only through the padded rows.
        multiples = (("M", self.m_multiple, m),) + (() if staging.staged else (
            ("N", self.n_multiple, n), ("K", self.k_multiple, k)))
        for dim, multiple, size in multiples:
            if size % multiple:
                raise BundleError(f"{where} needs {dim} to be a multiple of {multiple} "
                                  f"(\"{dim.lower()}_multiple\"); the shape asks for {size}")
        # Neither the grid (split_k blocks per tile) nor the workspace
        # (workspace_tile_bytes per tile) may overflow.
        tiles = self.tiles(m, n)
        splits = f" in {self.split_k} splits each" if self.split_k > 1 else ""
        if tiles * self.split_k > INT32_MAX:
            raise BundleError(f"{where}: shape {m}x{n} needs {tiles} tiles of "
                              f"{self.block_m}x{self.block_n}{splits}, more than one "
                              f"grid can hold")
        if self.workspace_bytes(m, n) > INT64_MAX:
            raise BundleError(f"{where}: shape {m}x{n} needs {tiles} tiles of "
                              f"{self.workspace_tile_bytes} workspace bytes, more than "
                              f"2^63 bytes")
        # The kernel indexes the workspace as f32 elements, with its offsets.
        if self.workspace_bytes(m, n) // 4 > limit:
            raise BundleError(f"{where} indexes with {self.index_bitwidth}-bit offsets; "
                              f"shape {m}x{n} needs a workspace of "
                              f"{self.workspace_bytes(m, n)} B, more (recompile with "
                              f"index-bitwidth=64)")


def pack_args(bundle: Bundle, values: Mapping[str, int]) -> tuple[ctypes.Array, list]:
    """The `kernelParams` array for cuLaunchKernel: one void* per parameter,
    in the manifest's order, pointing at the value.

    `values` maps every parameter name to an integer: the device address of
    a pointer (A, B, C, the split-K workspace), the value of an i64/i32, or
    for a tensormap the host address of its 128 bytes, which are copied here
    into a 64-byte aligned buffer.
    The second result keeps that storage alive; hold it as long as the array.
    """
    array = (ctypes.c_void_p * len(bundle.params))()
    keepalive: list = [array]
    for i, p in enumerate(bundle.params):
        if p.name not in values:
            raise BundleError(f"manifest {bundle.manifest_path}: no value for "
                              f"parameter '{p.name}'")
        v = int(values[p.name])
        if p.type == "tensormap":
            raw = (ctypes.c_ubyte * (TENSORMAP_BYTES + TENSORMAP_ALIGN - 1))()
            offset = -ctypes.addressof(raw) % TENSORMAP_ALIGN
            slot = (ctypes.c_ubyte * TENSORMAP_BYTES).from_buffer(raw, offset)
            ctypes.memmove(slot, v, TENSORMAP_BYTES)
            keepalive.append(raw)
        else:
            ctype, lo, hi = {"ptr": (ctypes.c_uint64, 0, 2**64 - 1),
                             "i64": (ctypes.c_int64, -2**63, INT64_MAX),
                             "i32": (ctypes.c_int32, -2**31, INT32_MAX)}[p.type]
            if not lo <= v <= hi:
                raise BundleError(f"manifest {bundle.manifest_path}: parameter "
                                  f"'{p.name}' ({p.type}) cannot hold {v}")
            slot = ctype(v)
        keepalive.append(slot)
        array[i] = ctypes.addressof(slot)
    return array, keepalive


def load_bundle(manifest_path: str) -> Bundle:
    """Reads and validates a manifest and the PTX file it names.

    Raises BundleError("manifest PATH: ...") naming the field at fault.
    """
    entry = load_manifest(manifest_path)
    if isinstance(entry, Dispatch):
        raise BundleError(f"manifest {manifest_path}: a dispatch manifest (config=auto) "
                          f"holds no kernel of its own; load it with load_manifest")
    return entry


# MxNxK in ASCII digits (int() would take "６４"), sizes 1 to 2^31 - 1 as
# the kernels' 32-bit index arithmetic and the runtime require.
_SHAPE = re.compile(r"([1-9][0-9]{0,9})x([1-9][0-9]{0,9})x([1-9][0-9]{0,9})")
MAX_SIZE = 2**31 - 1


def parse_shape(text: str) -> tuple[int, int, int]:
    """M, N, K from "MxNxK": the one shape parser of tile-bench and
    tile-tune; BundleError for anything else."""
    match = _SHAPE.fullmatch(text) if isinstance(text, str) else None
    sizes = tuple(int(g) for g in match.groups()) if match else ()
    if not sizes or max(sizes) > MAX_SIZE:
        raise BundleError(f"bad shape {text!r}: expected MxNxK, three sizes from 1 to "
                          f"{MAX_SIZE} in ASCII digits")
    return sizes  # type: ignore[return-value]


def shape_class(m: int, n: int, k: int) -> str:
    """tile-tune's class of a shape: each size's power-of-two bucket, and
    whether N and K are multiples of 8 (what TMA rows need)."""
    cls = "-".join(f"{d}2^{max(0, (v - 1).bit_length())}" for d, v in zip("mnk", (m, n, k)))
    return cls if n % 8 == 0 and k % 8 == 0 else cls + "-unaligned"


@dataclass(frozen=True)
class DispatchRule:
    """Run `bundle` when every condition given holds: M <= max_m;
    ceil(M / bm) * ceil(N / bn) < tiles for max_tiles = (bm, bn, tiles);
    K >= min_k;
    shape_class(M, N, K) == shape_class (a tile-tune winner)."""
    bundle: Bundle
    max_m: Optional[int]
    max_tiles: Optional[tuple[int, int, int]]
    why: str
    shape_class: Optional[str] = None
    min_k: Optional[int] = None


@dataclass(frozen=True)
class Dispatch:
    """A dispatch manifest of tile-opt's config=auto: ordered rules, the
    first that matches a shape names the member bundle to run (tile-run's
    rules and messages)."""
    manifest_path: str
    kernel: str
    rules: tuple[DispatchRule, ...]

    @property
    def name(self) -> str:
        return os.path.basename(os.path.dirname(os.path.abspath(self.manifest_path)))

    @property
    def members(self) -> tuple[Bundle, ...]:
        return tuple(r.bundle for r in self.rules)

    def pick(self, m: int, n: int, k: int) -> tuple[Bundle, str]:
        """The member for an M x N x K problem and why (rule and numbers)."""
        for i, r in enumerate(self.rules):
            if r.max_m is not None and m > r.max_m:
                continue
            if r.min_k is not None and k < r.min_k:
                continue
            if r.shape_class is not None and r.shape_class != shape_class(m, n, k):
                continue
            why = f"rule {i}"
            if r.shape_class is not None:
                why += f", class {r.shape_class}"
            if r.max_m is not None:
                why += f", M {m} <= {r.max_m}"
            if r.max_tiles is not None:
                bm, bn, limit = r.max_tiles
                tiles = -(-m // bm) * -(-n // bn)
                if tiles >= limit:
                    continue
                why += f", {tiles} tiles of {bm}x{bn} < {limit}"
            if r.min_k is not None:
                why += f", K {k} >= {r.min_k}"
            return r.bundle, f"{why}: {r.why}"
        raise BundleError(f"manifest {self.manifest_path}: no dispatch rule matches "
                          f"shape {m}x{n}x{k}")


def load_manifest(manifest_path: str) -> Bundle | Dispatch:
    """A bundle's manifest, or a dispatch manifest with its members loaded.

    Raises BundleError("manifest PATH: ...") naming the field at fault.
    """
    try:
        root = _read_root(manifest_path)
        if "dispatch" in root:
            return _load_dispatch(manifest_path, root)
        return _load(manifest_path, root)
    except _Invalid as e:
        raise BundleError(f"manifest {manifest_path}: {e}") from None


def _load_dispatch(path: str, root: dict[str, Any]) -> Dispatch:
    """Rules over member manifests named by plain file names next to `path`."""
    f = _Fields(root)
    kernel = f.string("kernel", required=True)
    rules = root["dispatch"]
    if not isinstance(rules, list) or not rules:
        raise _Invalid('field "dispatch" must be a non-empty array of rules')
    out = []
    for i, r in enumerate(rules):
        where = f"dispatch[{i}]"
        if not isinstance(r, dict):
            raise _Invalid(f"{where} must be an object")
        try:
            rf = _Fields(r)
            name = rf.string("bundle", required=True)
            why = rf.string("why", required=True)
            max_m = rf.integer("max_m", 1)
            min_k = rf.integer("min_k", 1)
            cls = rf.string("class")
        except _Invalid as e:
            raise _Invalid(f"{where}: {e}") from None
        if not name or "/" in name or name.startswith("."):
            raise _Invalid(f'{where}: "bundle" must name a manifest in the same '
                           f"directory, not '{name}'")
        max_tiles = r.get("max_tiles")
        if max_tiles is not None:
            max_tiles = _sizes(max_tiles, 3, 10**9)
            if max_tiles is None:
                raise _Invalid(f'{where}: "max_tiles" must be [block_m, block_n, tiles], '
                               f"three integers from 1 to 1e9")
        member_path = os.path.join(os.path.dirname(path), name)
        try:
            member_root = _read_root(member_path)
            # Refused before it is followed: dispatch manifests naming each
            # other must not recurse.
            member = (None if "dispatch" in member_root
                      else _load(member_path, member_root))
        except _Invalid as e:
            raise _Invalid(f"{where}: bundle '{name}': {e}") from None
        if member is None:
            raise _Invalid(f"{where}: bundle '{name}' is itself a dispatch manifest")
        if out and (member.a_type, member.c_type) != (out[0].bundle.a_type,
                                                      out[0].bundle.c_type):
            raise _Invalid(f"{where}: bundle '{name}' has other types than the first rule's")
        out.append(DispatchRule(member, max_m, max_tiles, why, cls, min_k))
    return Dispatch(path, kernel, tuple(out))


class _Invalid(Exception):
    """A manifest problem, before the manifest's path is put in front."""


def _read_regular(path: str, limit: int) -> bytes:
    """A regular file's bytes; OSError or _Invalid with the reason."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise _Invalid(os.strerror(errno.EISDIR))
        if not stat.S_ISREG(mode):
            raise _Invalid("not a regular file")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise _Invalid(f"larger than {limit} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def _read(path: str, what: str, limit: int) -> bytes:
    try:
        return _read_regular(path, limit)
    except OSError as e:
        raise _Invalid(f"{what}: {e.strerror or e}") from None
    except _Invalid as e:
        raise _Invalid(f"{what}: {e}") from None


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f'duplicate key "{key}"')
        seen[key] = value
    return seen


def _describe(v: Any) -> str:
    """JSON kind names as tile-run's messages use them."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "a string"
    return "an array" if isinstance(v, list) else "an object"


def _is_int(v: Any) -> bool:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    if isinstance(v, float) and not (math.isfinite(v) and v.is_integer()):
        return False
    return abs(v) <= _MAX_JSON_INT


class _Fields:
    """Field readers that turn a wrongly shaped field into one message."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root

    def string(self, key: str, required: bool = False) -> Optional[str]:
        v = self.root.get(key, _MISSING)
        if v is _MISSING:
            if required:
                raise _Invalid(f'missing required field "{key}"')
            return None
        if not isinstance(v, str):
            raise _Invalid(f'field "{key}" must be a string, not {_describe(v)}')
        if required and not v:
            raise _Invalid(f'field "{key}" is empty')
        return v

    def integer(self, key: str, minimum: int, required: bool = False) -> Optional[int]:
        v = self.root.get(key, _MISSING)
        if v is _MISSING:
            if required:
                raise _Invalid(f'missing required field "{key}"')
            return None
        if not _is_int(v):
            raise _Invalid(f'field "{key}" must be an integer, not {_describe(v)}')
        if int(v) < minimum:
            raise _Invalid(f'field "{key}" must be at least {minimum}, not {int(v)}')
        return int(v)


def _elem_type(field: str, text: str, allow_f32: bool) -> str:
    allowed = ("f32", "f16", "bf16") if allow_f32 else ("f16", "bf16")
    if text not in allowed:
        raise _Invalid(f"field \"{field}\" is '{text}'; expected "
                       f"{'f32, f16 or bf16' if allow_f32 else 'f16 or bf16'}")
    return text


def _layouts(root: dict[str, Any]) -> tuple[str, ...]:
    if "layouts" not in root:
        raise _Invalid('missing required field "layouts"')
    items = root["layouts"]
    if not isinstance(items, list) or not items or not all(isinstance(s, str) for s in items):
        raise _Invalid('field "layouts" must be a non-empty array of strings')
    out: list[str] = []
    for s in items:
        if s not in LAYOUTS:
            raise _Invalid(f"unknown layout '{s}' in \"layouts\" (expected nn, nt, tn or tt)")
        if s not in out:
            out.append(s)
    return tuple(out)


def _params(root: dict[str, Any]) -> tuple[Param, ...]:
    if "params" not in root:
        raise _Invalid('missing required field "params"')
    items = root["params"]
    if not isinstance(items, list):
        raise _Invalid(f'field "params" must be an array, not {_describe(items)}')
    params: list[Param] = []
    for i, p in enumerate(items):
        where = f"params[{i}]"
        if not isinstance(p, dict):
            raise _Invalid(f"{where} must be an object, not {_describe(p)}")
        name, ptype = p.get("name"), p.get("type")
        if not isinstance(name, str):
            raise _Invalid(f'{where} needs a string "name"')
        if not isinstance(ptype, str):
            raise _Invalid(f'{where} ({name}) needs a string "type"')
        if name not in PARAM_NAMES:
            raise _Invalid(f"unknown parameter '{name}' in {where} (expected one of "
                           f"{', '.join(PARAM_NAMES)})")
        if ptype not in PARAM_BYTES:
            raise _Invalid(f"parameter '{name}' has unknown type '{ptype}' "
                           f"(expected ptr, i64, i32 or tensormap)")
        expected = ("ptr" if name in POINTERS or name == WORKSPACE else
                    "tensormap" if name in TENSOR_MAPS else "i64 or i32")
        if ptype not in expected.split(" or "):
            raise _Invalid(f"parameter '{name}' must have type {expected}, not {ptype}")
        if any(seen.name == name for seen in params):
            raise _Invalid(f"parameter '{name}' appears twice")
        params.append(Param(name, ptype))
    # Without the three matrices there is nothing to check or time.
    for needed in POINTERS:
        if not any(p.name == needed for p in params):
            raise _Invalid(f"\"params\" lacks the pointer parameter '{needed}'")
    return tuple(params)


def _split_k(fields: _Fields, schedule: str, mma: str,
             params: tuple[Param, ...]) -> tuple[int, int]:
    """split_k (1 when absent) and workspace_tile_bytes (0 unless split_k >
    1), with tile-run's rules: only tiled wgmma kernels split, and exactly
    they take the workspace, as their last parameter."""
    split_k = fields.integer("split_k", 1) or 1
    if split_k == 1 and schedule == "stream_k":
        if params[-1].name != WORKSPACE:
            raise _Invalid(f"a stream_k kernel needs the parameter {WORKSPACE}, "
                           f"after the others")
        return 1, fields.integer("workspace_tile_bytes", 1, required=True)
    if split_k == 1:
        if any(p.name == WORKSPACE for p in params):
            raise _Invalid(f"parameter '{WORKSPACE}' needs \"split_k\" above 1 (only "
                           f"split-K and Stream-K kernels take it)")
        return 1, 0
    field = f'field "split_k" is {split_k}'
    if split_k > MAX_SPLIT_K:
        raise _Invalid(f"{field}; expected 1 to {MAX_SPLIT_K}")
    if schedule != "tiled":
        raise _Invalid(f"{field}; split-K kernels are tiled, not {schedule}")
    if mma != "wgmma":
        raise _Invalid(f"{field}; split-K kernels are mma=wgmma, not mma={mma}")
    if params[-1].name != WORKSPACE:
        raise _Invalid(f"a split_k={split_k} kernel needs the parameter {WORKSPACE}, "
                       f"after the others")
    return split_k, fields.integer("workspace_tile_bytes", 1, required=True)


def _sizes(v: Any, n: int, hi: int) -> Optional[tuple[int, ...]]:
    """`v` as `n` integers from 1 to `hi`, or None when it is not that."""
    if (not isinstance(v, list) or len(v) != n
            or not all(_is_int(e) and 1 <= e <= hi for e in v)):
        return None
    return tuple(int(e) for e in v)


def _box(root: dict[str, Any], field: str) -> tuple[int, int]:
    """Two sizes of 1 to 256 elements, TMA's box limit."""
    box = _sizes(root.get(field), 2, 256)
    if box is None:
        raise _Invalid(f'field "{field}" must be two sizes between 1 and 256')
    return box


def _tma(root: dict[str, Any], fields: _Fields, params: tuple[Param, ...],
         layouts: tuple[str, ...], c_type: str) -> tuple[str, Optional[tuple]]:
    """mma kind and TMA boxes (A, B, C); wgmma kernels read row-major A and B
    and write C through three descriptors with 128-byte swizzled boxes."""
    mma = fields.string("mma")
    mma = "sync" if mma is None else mma
    if mma not in ("sync", "wgmma"):
        raise _Invalid(f"field \"mma\" is '{mma}'; expected sync or wgmma")
    maps = sum(p.type == "tensormap" for p in params)
    if (mma == "wgmma") != (maps == len(TENSOR_MAPS)):
        raise _Invalid("an mma=wgmma kernel needs the parameters tma_a, tma_b and tma_c"
                       if mma == "wgmma" else
                       'parameters tma_a/tma_b/tma_c need "mma": "wgmma"')
    if mma != "wgmma":
        return mma, None
    boxes = tuple(_box(root, f"tma_box_{x}") for x in "abc")
    swizzle = fields.integer("tma_swizzle_bytes", 1, required=True)
    row_bytes = (2, 2, ELEM_BYTES[c_type])
    if swizzle != 128 or any(box[0] * e != 128 for box, e in zip(boxes, row_bytes)):
        raise _Invalid("TMA boxes must be 128-byte swizzled rows (tma_swizzle_bytes "
                       "128, tma_box_a/b/c [128 bytes of elements, rows])")
    if layouts != ("nn",):
        raise _Invalid("an mma=wgmma kernel serves only layout nn")
    for key in ("n_multiple", "k_multiple"):
        fields.integer(key, 1, required=True)
    return mma, boxes


# One declaration of an .entry's parameter list: its scalar type and, for a
# byte array (a tensor map), its length.
_PTX_PARAM = re.compile(rb"\.param\b.*?\.[bsuf](8|16|32|64)\b.*?(?:\[(\d+)\])?\s*$", re.S)


def _check_signature(kernel: str, ptx_path: str, ptx: bytes,
                     params: tuple[Param, ...]) -> None:
    """The kernel's parameters in the PTX, by size, against the manifest."""
    entry = re.search(rb"\.entry\s+" + re.escape(kernel.encode()) + rb"\s*\(([^)]*)\)", ptx)
    if not entry:
        raise _Invalid(f"ptx '{ptx_path}' has no kernel '{kernel}'")
    decls = [d for d in entry.group(1).split(b",") if d.strip()]
    if len(decls) != len(params):
        raise _Invalid(f"\"params\" lists {len(params)} parameters but kernel "
                       f"'{kernel}' in ptx '{ptx_path}' takes {len(decls)}")
    for i, (decl, p) in enumerate(zip(decls, params)):
        m = _PTX_PARAM.search(decl.strip())
        if not m:
            raise _Invalid(f"cannot read parameter {i} of kernel '{kernel}' "
                           f"in ptx '{ptx_path}'")
        size = int(m.group(1)) // 8 * int(m.group(2) or 1)
        if size != PARAM_BYTES[p.type]:
            raise _Invalid(f"parameter '{p.name}' is {p.type} ({PARAM_BYTES[p.type]} "
                           f"bytes) but parameter {i} of kernel '{kernel}' in ptx "
                           f"'{ptx_path}' has {size} bytes")


def _read_root(path: str) -> dict[str, Any]:
    """The manifest's JSON object."""
    text = _read(path, "cannot read", MAX_MANIFEST_BYTES)
    try:
        root = json.loads(text.decode("utf-8"), object_pairs_hook=_unique_keys,
                          parse_constant=_reject_constant)
    except UnicodeDecodeError as e:
        raise _Invalid(f"malformed JSON: not UTF-8 at byte {e.start}") from None
    except json.JSONDecodeError as e:
        raise _Invalid(f"malformed JSON at line {e.lineno}, column {e.colno}: "
                       f"{e.msg}") from None
    except ValueError as e:  # from the hooks above
        raise _Invalid(f"malformed JSON: {e}") from None
    except RecursionError:
        raise _Invalid("malformed JSON: nested too deeply") from None
    if not isinstance(root, dict):
        raise _Invalid(f"top level must be an object, not {_describe(root)}")
    return root


def _load(path: str, root: dict[str, Any]) -> Bundle:
    f = _Fields(root)
    kernel = f.string("kernel", required=True)
    ptx = f.string("ptx", required=True)
    schedule = f.string("schedule", required=True)
    block_m = f.integer("block_m", 1, required=True)
    block_n = f.integer("block_n", 1, required=True)
    block_k = f.integer("block_k", 1, required=True)
    threads = f.integer("threads_per_block", 1, required=True)
    smem = f.integer("dynamic_shared_memory_bytes", 0, required=True)
    a_type = f.string("a_type", required=True)
    b_type = f.string("b_type", required=True)
    c_type = f.string("c_type", required=True)
    chip, order = f.string("chip"), f.string("order")
    f.string("acc_type")  # informational; checked only for its type
    group_m = f.integer("group_m", 1)
    cluster_m = f.integer("cluster_m", 1)
    if cluster_m is not None and cluster_m > 2:
        raise _Invalid(f'field "cluster_m" is {cluster_m}; expected 1 or 2')
    num_warps = f.integer("num_warps", 1)
    num_stages = f.integer("num_stages", 1)
    index_bitwidth = f.integer("index_bitwidth", 32)
    static = [f.integer(key, 1) for key in ("static_m", "static_n", "static_k")]
    strides = tuple((name, v) for name in STRIDES
                    if (v := f.integer(f"static_{name}", 0)) is not None)
    offsets = tuple((o, v) for o in "abc"
                    if (v := f.integer(f"static_offset_{o}", -INT64_MAX)) is not None)

    if index_bitwidth is None:
        index_bitwidth = 64
    if index_bitwidth not in (32, 64):
        raise _Invalid(f'field "index_bitwidth" is {index_bitwidth}; expected 32 or 64')
    if schedule not in ("tiled", "persistent", "stream_k"):
        raise _Invalid(f"field \"schedule\" is '{schedule}'; expected tiled, persistent "
                       f"or stream_k")
    if threads > 1024:
        raise _Invalid(f'field "threads_per_block" is {threads}; a block holds at most 1024')
    # cuFuncSetAttribute takes the dynamic shared memory size as an int.
    if smem > INT32_MAX:
        raise _Invalid(f'field "dynamic_shared_memory_bytes" is {smem}; the driver '
                       f"takes at most {INT32_MAX}")
    _elem_type("a_type", a_type, False)
    _elem_type("b_type", b_type, False)
    _elem_type("c_type", c_type, True)
    if a_type != b_type:
        raise _Invalid(f"a_type ({a_type}) and b_type ({b_type}) differ; "
                       f"they must be equal")
    layouts = _layouts(root)
    params = _params(root)
    mma, boxes = _tma(root, f, params, layouts, c_type)
    box_a, box_b, box_c = boxes or (None, None, None)
    split_k, workspace_tile_bytes = _split_k(f, schedule, mma, params)
    multiples = [f.integer(f"{d}_multiple", 1) or 1 for d in "mnk"]

    # Relative to the manifest, not to the working directory (as tile-run).
    if ptx.startswith("/"):
        ptx_path = ptx
    else:
        slash = path.rfind("/")
        ptx_path = ptx if slash < 0 else path[:slash + 1] + ptx
    ptx_text = _read(ptx_path, f"cannot read ptx '{ptx_path}'", MAX_PTX_BYTES)
    if not ptx_text:
        raise _Invalid(f"ptx '{ptx_path}' is empty")
    # The driver reads PTX up to the first NUL; anything after would be lost.
    if b"\0" in ptx_text:
        raise _Invalid(f"ptx '{ptx_path}' contains a NUL byte")
    _check_signature(kernel, ptx_path, ptx_text, params)

    return Bundle(
        manifest_path=path, ptx_path=ptx_path, ptx_text=ptx_text, kernel=kernel,
        schedule=schedule, block_m=block_m, block_n=block_n, block_k=block_k,
        threads_per_block=threads, dynamic_smem=smem, a_type=a_type, c_type=c_type,
        layouts=layouts, params=params, mma=mma, index_bitwidth=index_bitwidth,
        static_m=static[0], static_n=static[1], static_k=static[2],
        static_strides=strides, static_offsets=offsets, m_multiple=multiples[0],
        n_multiple=multiples[1], k_multiple=multiples[2],
        tma_box_a=box_a, tma_box_b=box_b, tma_box_c=box_c, chip=chip, order=order, group_m=group_m,
        num_warps=num_warps, num_stages=num_stages, cluster_m=cluster_m or 1,
        split_k=split_k, workspace_tile_bytes=workspace_tile_bytes)
