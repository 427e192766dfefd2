"""GPU tests of staging in every layout: a TMA kernel runs an operand whose
rows it cannot address (a row length, or a view's leading dimension, that
is not a multiple of 16 bytes) on a padded copy of that operand alone, in
its own orientation (A K x Mp when transposed, B N x Kp), copied in before
and C copied out after the kernel, or C stored in place where the
kernel stores it at any alignment. Through tile_opt.matmul and
Kernel(a, b, out=c), on the Python path and on the C++ one (torch_op.cpp),
in f16 and bf16 with f16/bf16 and f32 output, each result checked
element-wise against an fp32 reference as test_tile_opt_gpu.py checks it
(`out` NaN-filled, and the buffer around a sliced `out` still NaN after the
call). They skip where test_tile_opt_gpu.py's do, for its reason.
"""
import zlib

import pytest

# The GPU tests' skip reason, private cache, fresh families and checks.
from test_tile_opt_gpu import (REASON, check, fresh_families, nan_out,  # noqa: F401
                               private_cache, rand)

import tile_opt
from tile_opt import _torch_op, ops

pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")
if REASON is None:
    import torch

    from test_views_gpu import check_out

    TYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}

LAYOUTS = ["nn", "nt", "tn", "tt"]
# Sizes that are no multiples of 8: K and N (100x4100x4099), M = 7 with K
# off 8 (7x3000x1001: tn and tt copy A as K x 16), odd M and N (257x255x136).
SHAPES = [(100, 4100, 4099), (7, 3000, 1001), (257, 255, 136)]
TYPE_PAIRS = [("f16", "f16"), ("bf16", "bf16"), ("f16", "f32"), ("bf16", "f32")]


def stored(rows, cols, transposed, dtype, seed):
    """A dense rows x cols operand: row-major, or the transposed view of a
    row-major cols x rows tensor."""
    if transposed:
        return rand(cols, rows, dtype=dtype, seed=seed).t()
    return rand(rows, cols, dtype=dtype, seed=seed)


def strided(rows, cols, transposed, dtype, seed, extra, offset):
    """A rows x cols view `offset` elements into the rows of a larger tensor
    whose rows are `offset` + `extra` elements longer than the view's (its
    leading dimension)."""
    inner = rows if transposed else cols
    big = rand(cols if transposed else rows, inner + offset + extra, dtype=dtype, seed=seed)
    v = big[:, offset:offset + inner]
    return v.t() if transposed else v


def sliced_out(m, n, dtype, extra, offset):
    """`out` as a column slice of a NaN-filled buffer whose rows are `extra`
    elements longer; the buffer too."""
    big = nan_out(m + 2, n + offset + extra, dtype)
    return big[1:1 + m, offset:offset + n], big


def is_split(kernel, m, n, k):
    """Whether the member serving the shape splits K (its partial sums may
    be added in another order from one launch to the next)."""
    bundle, _ = kernel.pick(m, n, k)
    return bundle.split_k > 1 or bundle.schedule == "stream_k"


def same(c1, c2, exact):
    torch.cuda.synchronize()
    if exact:
        assert torch.equal(c1, c2)


@pytest.mark.parametrize("dtype,out", TYPE_PAIRS)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("layout", LAYOUTS)
def test_unaligned_sizes(layout, shape, dtype, out):
    m, n, k = shape
    tin, tout = TYPES[dtype], TYPES[out]
    seed = zlib.crc32(repr((layout, shape, dtype, out)).encode())
    a = stored(m, k, layout[0] == "t", tin, seed)
    b = stored(k, n, layout[1] == "t", tin, seed + 1)
    kernel = tile_opt.family(tin, tout, layout=layout)
    assert all(x.uses_tma and x.layouts == (layout,) for x in kernel.members)
    plan = kernel.plan(m, n, k)
    # Each shape is off 16 bytes somewhere: an operand copied, or C (which
    # the kernels store at any alignment) stored in place.
    assert plan.staging.staged or "in place" in plan.staging.why, plan.staging
    # Kernel(a, b, out=c), `out` NaN-filled: the Python path plans it.
    c1 = nan_out(m, n, tout)
    assert kernel(a, b, out=c1) is c1
    check(c1, a, b)
    # Again: a planned problem, on the C++ path where there is one, with the
    # result of the first call.
    c2 = nan_out(m, n, tout)
    assert kernel(a, b, out=c2) is c2
    check(c2, a, b)
    same(c1, c2, not is_split(kernel, m, n, k))
    # tile_opt.matmul: the family of the layout the strides give.
    c = tile_opt.matmul(a, b, out_dtype=tout)
    assert c.dtype == tout and c.is_contiguous()
    check(c, a, b)


@pytest.mark.parametrize("dtype,out", TYPE_PAIRS)
@pytest.mark.parametrize("layout", LAYOUTS)
def test_unaligned_leading_dimensions(layout, dtype, out):
    """Views whose rows are an odd number of elements apart (C's 202), at
    odd element offsets (pointers off 16 bytes): A and B are copied, C is
    stored in place by the kernel's threads (c_any_alignment), so any
    pointer will do; `out` a slice of a NaN buffer, written nowhere else."""
    m, n, k = 136, 200, 264  # aligned sizes: only the views are copied
    tin, tout = TYPES[dtype], TYPES[out]
    seed = zlib.crc32(repr(("views", layout, dtype, out)).encode())
    a = strided(m, k, layout[0] == "t", tin, seed, extra=2, offset=1)
    b = strided(k, n, layout[1] == "t", tin, seed + 1, extra=2, offset=3)
    assert a.data_ptr() % 16 and b.data_ptr() % 16
    kernel = tile_opt.family(tin, tout, layout=layout)
    lda = a.stride(1) if layout[0] == "t" else a.stride(0)
    ldb = b.stride(1) if layout[1] == "t" else b.stride(0)
    c, big = sliced_out(m, n, tout, extra=1, offset=1)
    plan = kernel.plan(m, n, k, lda=lda, ldb=ldb, ldc=c.stride(0))
    assert lda % 2 and ldb % 2 and c.stride(0) == 202
    assert [plan.value(x) for x in "ABC"] == ["padded a", "padded b", "out"]
    why = plan.staging.why
    assert all(f"{x}={v}" in why for x, v in (("lda", lda), ("ldb", ldb)))
    assert "; A and B go through padded copies (" in why and why.endswith(
        f"C's rows (ldc=202, not a multiple of {16 // c.element_size()}) are stored in "
        "place by the kernel's threads, not TMA")
    assert kernel(a, b, out=c) is c
    check_out(c, big, a, b)
    check(tile_opt.matmul(a, b, out_dtype=tout), a, b)
    # A view whose leading dimension TMA takes, next to one it does not:
    # only the latter is copied.
    a2 = strided(m, k, layout[0] == "t", tin, seed + 2, extra=8, offset=8)
    plan = kernel.plan(m, n, k, lda=a2.stride(1) if layout[0] == "t" else a2.stride(0),
                       ldb=ldb)
    assert [plan.value(x) for x in "ABC"] == ["a", "padded b", "out"]
    check(kernel(a2, b), a2, b)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_cpp_path_stages(layout, monkeypatch):
    """A planned staged problem runs in C++ alone, with the result of the
    Python path."""
    if _torch_op.get() is None:
        pytest.skip(f"no C++ path here: {_torch_op.error}")
    m, n, k = 7, 4100, 4099
    a = stored(m, k, layout[0] == "t", torch.float16, 11)
    b = strided(k, n, layout[1] == "t", torch.float16, 12, extra=2, offset=1)
    kernel = tile_opt.family(torch.float16, layout=layout)
    c, big = sliced_out(m, n, torch.float16, extra=2, offset=1)
    check_out(kernel(a, b, out=c), big, a, b)  # Python: plans the problem
    check(tile_opt.matmul(a, b), a, b)
    exact = not is_split(kernel, m, n, k)

    def no_python(*args):
        raise AssertionError("the Python path ran")
    monkeypatch.setattr(type(kernel), "_call", no_python)
    monkeypatch.setattr(ops, "_matmul", no_python)
    c2, big2 = sliced_out(m, n, torch.float16, extra=2, offset=1)
    assert kernel(a, b, out=c2) is c2
    check_out(c2, big2, a, b)
    same(c, c2, exact)
    check(kernel(a, b), a, b)
    check(tile_opt.matmul(a, b), a, b)


def test_what_is_still_refused():
    """An operand TMA reads in place needs a 16-byte-aligned pointer: a view
    whose rows are 16 bytes apart but which starts off 16 bytes is refused
    by the runtime (its pack) in one line, InputError, the same on the C++
    path (which falls back to the Python one when the runtime refuses the
    pointer of a planned problem)."""
    kernel = tile_opt.family(torch.float16, layout="nt")
    m, n, k = 128, 128, 64
    b = rand(n, k, dtype=torch.float16, seed=14).t()
    x = rand(m, k + 8, dtype=torch.float16, seed=13)
    check(kernel(x[:, :k], b), x[:, :k], b)  # lda = 72: planned, read in place
    check(tile_opt.matmul(x[:, :k], b), x[:, :k], b)
    a = x[:, 1:1 + k]  # the same leading dimension, 2 bytes in
    for _ in range(2):
        for call in (lambda: kernel(a, b), lambda: tile_opt.matmul(a, b)):
            with pytest.raises(tile_opt.InputError) as info:
                call()
            assert type(info.value) is tile_opt.InputError
            assert str(info.value).startswith("kernel '")
            assert str(info.value).endswith(
                f": A's data pointer {a.data_ptr():#x} is not 16-byte aligned, which TMA "
                f"needs (a view into another tensor? use .clone())")
    # The same view with an odd leading dimension is copied: served.
    a = rand(m, k + 7, dtype=torch.float16, seed=15)[:, 1:1 + k]
    check(kernel(a, b), a, b)
    # C, which the kernel's threads store where TMA cannot, at any pointer.
    c, big = sliced_out(m, n, torch.float16, extra=0, offset=1)
    assert c.data_ptr() % 16 and kernel(x[:, :k], b, out=c) is c
    check_out(c, big, x[:, :k], b)
