"""GPU tests of operands that are views with a larger leading dimension:
sub-matrices (x[:, :k], w[:n].t(), `out` a column slice of a larger
buffer), in every layout and both input types, through tile_opt.matmul and
Kernel(a, b, out=c) on the Python path and on the C++ one (torch_op.cpp),
checked against torch on odd shapes as test_tile_opt_gpu.py checks (`out`
NaN-filled, and the buffer around it still NaN after the call: written
nowhere else); and the views a kernel copies (rows not 16 bytes apart) or
refuses, in one line. They skip where test_tile_opt_gpu.py's do, for its
reason.
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

    TYPES = {"f16": torch.float16, "bf16": torch.bfloat16}


def padded(cols):
    """A leading dimension past `cols`, a multiple of 8 (16 bytes of f16 or
    bf16, as TMA needs), at least 8 more."""
    return -(-cols // 8) * 8 + 8


def view(rows, cols, transposed, dtype, seed, lead=None, offset=8):
    """A rows x cols operand that is a view into a larger tensor, `offset`
    elements (16 bytes for 8) into its rows: x[:, o:o + cols] of a row-major
    x whose rows are `lead` long, or, transposed, w[:, o:o + rows].t() of a
    cols x lead w (w[:n].t() of nn.Linear's weight is one such)."""
    inner = rows if transposed else cols
    lead = lead or padded(inner + offset)
    big = rand(cols if transposed else rows, lead, dtype=dtype, seed=seed)
    v = big[:, offset:offset + inner]
    return v.t() if transposed else v


def out_view(m, n, dtype, offset=8):
    """`out` as a column slice of a NaN-filled buffer; the buffer too."""
    big = nan_out(m + 2, padded(n + offset), dtype)
    return big[1:1 + m, offset:offset + n], big


def check_out(c, big, a, b):
    """c = a @ b, and every element of `big` outside c still NaN."""
    check(c, a, b)
    mask = torch.ones_like(big, dtype=torch.bool)
    offset = (c.data_ptr() - big.data_ptr()) // c.element_size()
    r0, c0 = divmod(offset, big.stride(0))
    mask[r0:r0 + c.shape[0], c0:c0 + c.shape[1]] = False
    assert torch.isnan(big[mask].float()).all()


# Per layout: odd shapes whose rows the TMA kernels address in place (each
# operand's contiguous size a multiple of 8), and a staged nn shape (staging
# in every layout: test_staging_gpu.py).
SHAPES = {"nn": [(77, 200, 136), (133, 203, 131)], "nt": [(77, 200, 136)],
          "tn": [(136, 200, 77)], "tt": [(136, 200, 72)]}
CASES = [(layout, shape, dtype) for layout, shapes in SHAPES.items() for shape in shapes
         for dtype in ("f16", "bf16")]


@pytest.mark.parametrize("layout,shape,dtype", CASES)
def test_views_in_every_layout(layout, shape, dtype):
    m, n, k = shape
    tdtype = TYPES[dtype]
    seed = zlib.crc32(repr((layout, shape, dtype)).encode())
    a = view(m, k, layout[0] == "t", tdtype, seed)
    b = view(k, n, layout[1] == "t", tdtype, seed + 1)
    assert a.stride() != ((1, m) if layout[0] == "t" else (k, 1))
    # tile_opt.matmul: the family of the layout the strides give, no copy.
    c = tile_opt.matmul(a, b)
    assert c.is_contiguous()
    check(c, a, b)
    kernel = tile_opt.family(tdtype, layout=layout)
    assert all(x.uses_tma and x.layouts == (layout,) for x in kernel.members)
    c, big = out_view(m, n, tdtype)
    assert kernel(a, b, out=c) is c
    check_out(c, big, a, b)
    # Again, planned: the C++ path where there is one (the Python one
    # otherwise), on other views of the same problem.
    a2 = view(m, k, layout[0] == "t", tdtype, seed + 2)
    b2 = view(k, n, layout[1] == "t", tdtype, seed + 3)
    c2, big2 = out_view(m, n, tdtype)
    assert kernel(a2, b2, out=c2) is c2
    check_out(c2, big2, a2, b2)
    check(tile_opt.matmul(a2, b2), a2, b2)


@pytest.mark.parametrize("layout", ["nn", "nt", "tn", "tt"])
def test_cpp_path_serves_views(layout, monkeypatch):
    if _torch_op.get() is None:
        pytest.skip(f"no C++ path here: {_torch_op.error}")
    m, n, k = 96, 200, 136
    a = view(m, k, layout[0] == "t", torch.float16, 1)
    b = view(k, n, layout[1] == "t", torch.float16, 2)
    kernel = tile_opt.family(torch.float16, layout=layout)
    c, big = out_view(m, n, torch.float16)
    check_out(kernel(a, b, out=c), big, a, b)  # Python: plans the problem
    check(tile_opt.matmul(a, b), a, b)
    # Now without Python: a call that reached it would fail.
    def no_python(*args):
        raise AssertionError("the Python path ran")
    monkeypatch.setattr(type(kernel), "_call", no_python)
    monkeypatch.setattr(ops, "_matmul", no_python)
    c, big = out_view(m, n, torch.float16)
    assert kernel(a, b, out=c) is c
    check_out(c, big, a, b)
    check(kernel(a, b), a, b)
    check(tile_opt.matmul(a, b), a, b)


@pytest.mark.parametrize("layout", ["nn", "nt", "tn", "tt"])
def test_sync_kernels_take_any_leading_dimension(layout):
    """mma.sync kernels read through their stride parameters: leading
    dimensions of any size, not only 16-byte multiples."""
    kernel = tile_opt.compile("bf16", "f32", layout, config="manual", block_m=64, block_n=64)
    assert not any(x.uses_tma for x in kernel.members)
    m, n, k = 123, 77, 101
    a = view(m, k, layout[0] == "t", torch.bfloat16, 3, lead=(m if layout[0] == "t" else k) + 3,
             offset=1)
    b = view(k, n, layout[1] == "t", torch.bfloat16, 4, lead=(k if layout[1] == "t" else n) + 5,
             offset=3)
    big = nan_out(m, n + 7, torch.float32)
    c = big[:, 2:2 + n]
    assert kernel(a, b, out=c) is c
    check_out(c, big, a, b)


def test_a_row_of_a_larger_matrix():
    """M = 1: the row's stride is ignored (the rule's size-1 dimension)."""
    x = rand(8, 264, dtype=torch.float16, seed=5)
    a = x[3:4, 8:136]
    b = view(128, 200, False, torch.float16, 6)
    check(tile_opt.matmul(a, b), a, b)


def test_views_a_kernel_copies_or_refuses():
    kernel = tile_opt.family(torch.float16)
    m, n, k = 128, 128, 64
    b = rand(k, n, dtype=torch.float16, seed=7)
    # TMA reads rows 16 bytes apart: others are copied, that operand alone.
    a = rand(m, k + 4, dtype=torch.float16, seed=8)[:, :k]
    assert kernel.plan(m, n, k, lda=k + 4).staging.why.startswith(
        f"lda={k + 4} is not a multiple of 8; A goes through a padded copy")
    check(kernel(a, b), a, b)
    check(tile_opt.matmul(a, b), a, b)
    big = nan_out(m, n + 4, torch.float16)
    c = big[:, :n]
    a = rand(m, k, dtype=torch.float16, seed=9)
    check_out(kernel(a, b, out=c), big, a, b)
    # A staged shape (K = 60) copies A into an aligned copy: served.
    a = rand(m, 63, dtype=torch.float16, seed=10)[:, :60]
    b60 = rand(60, n, dtype=torch.float16, seed=11)
    check(kernel(a, b60), a, b60)
    # Neither row-major nor transposed: refused, whatever the kernel.
    x = rand(m, 2 * k, dtype=torch.float16, seed=12)
    with pytest.raises(tile_opt.InputError) as info:
        kernel(x[:, ::2], b)
    assert str(info.value).startswith(
        f"a: a {m}x{k} view with strides ({2 * k}, 2) is not row-major")
    with pytest.raises(tile_opt.InputError, match="is not row-major"):
        tile_opt.matmul(x[:, ::2], b)
