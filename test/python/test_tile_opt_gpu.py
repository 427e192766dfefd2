"""GPU tests of the tile_opt package: numerics against torch.matmul,
layouts, staging, split-K, errors that need real tensors, torch.compile,
CUDA graph capture and replay, streams, threads and the host overhead.

They skip, with the reason, without torch, cuda-python, tile-opt (TILE_OPT
or build/bin/tile-opt) or a Hopper GPU (sm_90: the config=auto family is
TMA + wgmma). Every result is checked as tile-bench checks it
(tile_bench.cli.check_output): no NaN/Inf, relative Frobenius error within
the bound for the types, every element within tol * (|A| @ |B|) + 1e-6, on
fresh random inputs and, where the test passes `out`, a NaN-filled output.
"""
import json
import os
import sys
import threading
import zlib

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))

import tile_opt  # noqa: E402
from tile_bench.cli import check_output  # noqa: E402


def _skip_reason():
    try:
        import torch
        from cuda.bindings import driver  # noqa: F401  (launching needs it)
    except ImportError as e:
        return f"needs torch and cuda-python ({e})"
    if not torch.cuda.is_available():
        return "needs a CUDA GPU"
    if torch.cuda.get_device_capability() != (9, 0):
        return "needs a Hopper GPU (sm_90a: the config=auto family is TMA + wgmma)"
    try:
        tile_opt.find_tile_opt()
    except tile_opt.TileOptError as e:
        return f"needs tile-opt ({e})"
    return None


REASON = _skip_reason()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")
if REASON is None:
    import torch

    NAMES = {torch.float16: "f16", torch.bfloat16: "bf16", torch.float32: "f32"}


@pytest.fixture(scope="module", autouse=True)
def private_cache(tmp_path_factory):
    """Kernels compiled for these tests only."""
    old = os.environ.get("TILE_OPT_CACHE")
    os.environ["TILE_OPT_CACHE"] = str(tmp_path_factory.mktemp("tile_opt_cache"))
    yield
    if old is None:
        del os.environ["TILE_OPT_CACHE"]
    else:
        os.environ["TILE_OPT_CACHE"] = old


@pytest.fixture(autouse=True)
def fresh_families():
    """tile_opt.matmul's kernels compiled here, not those of other tests."""
    tile_opt.ops._families.clear()
    yield


def rand(*shape, dtype, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    return torch.randn(*shape, device="cuda", dtype=dtype, generator=g)


def check(c, a, b):
    """c = a @ b within tile-bench's bounds."""
    torch.cuda.synchronize()
    assert c.shape == (a.shape[0], b.shape[1])
    ref = a.float() @ b.float()
    abs_prod = a.float().abs() @ b.float().abs()
    result = check_output(c, ref, abs_prod, NAMES[a.dtype], NAMES[c.dtype], a.shape[1])
    assert result["pass"], result


def nan_out(m, n, dtype):
    return torch.full((m, n), float("nan"), device="cuda", dtype=dtype)


# (shape, the config=auto member the built-in cost model picks for it and
# the programs per tile it runs, for every type pair here): each member the
# model picks, each split-K one (its splits in a cluster) at the splits it
# runs, 2, 4 or 8.
SHAPES = [((8192, 2048, 8192), "big", 1), ((2304, 2304, 8192), "w192", 1),
          ((4096, 4096, 4096), "midws", 1), ((128, 14336, 2048), "mid", 1),
          ((1000, 1000, 1000), "mid", 1), ((1, 9216, 3072), "m64", 1),
          ((16, 57344, 8192), "m64w", 1), ((200, 4608, 36864), "m64n192", 1),
          ((192, 8192, 8192), "m64n192", 1),
          ((256, 256, 16384), "m64k", 8), ((1, 2048, 4096), "m64k", 4),
          ((32, 2048, 4096), "m64k", 4), ((16, 2560, 10240), "m64k", 4),
          ((48, 1536, 8960), "m64k", 8), ((16, 8192, 28672), "m64k", 2),
          ((1, 4096, 14336), "m64wk", 4), ((1, 10240, 8192), "m64wk", 2),
          ((1, 5120, 13824), "m64wk", 4),
          ((384, 384, 32768), "midk", 8), ((64, 128, 8192), "midk", 8),
          ((128, 5120, 13824), "n192k", 4), ((512, 1024, 16384), "n192k", 4),
          ((128, 4096, 14336), "n192k", 4), ((512, 512, 512), "small", 1),
          ((100, 200, 300), "small", 1), ((77, 333, 129), "mid", 1), ((1, 1, 1), "mid", 1)]
SPLIT_MEMBERS = ("split", "m64k", "m64wk", "midk", "n192k")
TYPES = [("f16", None), ("bf16", None), ("f16", "f32"), ("bf16", "f32"), ("f16", "bf16")]


def test_model_counts_the_blocks_the_driver_holds():
    """The cost model's programs per SM of each config=auto member (its
    rule's blocks_per_sm, from the member's shared memory and registers) are
    the driver's (cuOccupancyMaxActiveBlocksPerMultiprocessor), for every
    member of the nt family (which holds all of them)."""
    import tile_runtime
    kernel = tile_opt.family(torch.float16, layout="nt")
    torch.zeros(1, device="cuda")  # the primary context, current
    d = tile_runtime.load(kernel.manifest_path)
    members = d.members()
    counts = {}
    for rule in d.rules():
        info = members[rule["member"]].load_kernel()
        assert info["blocks_per_sm"] == rule["blocks_per_sm"], rule["bundle"]
        counts[rule["blocks_per_sm"]] = counts.get(rule["blocks_per_sm"], 0) + 1
    assert counts.get(2)  # (s16 and s32)


@pytest.mark.parametrize("dtype,out_dtype", TYPES)
@pytest.mark.parametrize("shape,member,splits", SHAPES)
def test_auto_matches_torch(dtype, out_dtype, shape, member, splits):
    m, n, k = shape
    tdtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype]
    tout = {None: tdtype, "f32": torch.float32, "bf16": torch.bfloat16}[out_dtype]
    kernel = tile_opt.family(tdtype, tout if out_dtype else None)
    plan = kernel.plan(m, n, k)
    assert plan.kernel.endswith("__" + member) and plan.splits == splits
    seed = zlib.crc32(repr((shape, dtype, out_dtype)).encode())
    a, b = rand(m, k, dtype=tdtype, seed=seed), rand(k, n, dtype=tdtype, seed=seed + 1)
    c = nan_out(m, n, tout)
    assert kernel(a, b, out=c) is c
    check(c, a, b)
    # Fresh inputs (new pointers: a new prepared launch) through matmul.
    a2, b2 = rand(m, k, dtype=tdtype, seed=seed + 2), rand(k, n, dtype=tdtype, seed=seed + 3)
    c2 = tile_opt.matmul(a2, b2, out_dtype=tout if out_dtype else None)
    assert c2.dtype == tout
    check(c2, a2, b2)
    # The first inputs again: the prepared launch is reused.
    c.fill_(float("nan"))
    kernel(a, b, out=c)
    check(c, a, b)


@pytest.mark.parametrize("shape,member,splits", [s for s in SHAPES if s[1] in SPLIT_MEMBERS])
def test_split_k_sums_are_deterministic(shape, member, splits):
    """The last program of a tile adds the partial sums in slot order, so a
    split-K result is the same bits on every call."""
    m, n, k = shape
    kernel = tile_opt.family(torch.float16)
    plan = kernel.plan(m, n, k)
    assert plan.kernel.endswith("__" + member) and plan.splits == splits
    a, b = rand(m, k, dtype=torch.float16, seed=7), rand(k, n, dtype=torch.float16, seed=8)
    first = kernel(a, b, out=nan_out(m, n, torch.float16))
    for _ in range(5):
        assert torch.equal(kernel(a, b, out=nan_out(m, n, torch.float16)), first)


def test_repeated_calls_with_new_tensors_stay_right():
    # More pointer sets than the prepared-launch cache holds (kept alive, so
    # the allocator cannot hand the same addresses out again); the first
    # sets then come back after their launches were evicted.
    kept = []
    for i in list(range(80)) + list(range(8)):
        if i == len(kept):
            kept.append((rand(96, 200, dtype=torch.float16, seed=i),
                         rand(200, 136, dtype=torch.float16, seed=1000 + i)))
        a, b = kept[i]
        check(tile_opt.matmul(a, b), a, b)


@pytest.mark.parametrize("layout", ["nn", "nt", "tn", "tt"])
def test_manual_layouts(layout):
    kernel = tile_opt.compile("f16", "f32", layout, config="manual", block_m=64, block_n=64)
    m, n, k = 300, 200, 100
    a = rand(m, k, dtype=torch.float16, seed=1) if layout[0] == "n" else \
        rand(k, m, dtype=torch.float16, seed=1).T
    b = rand(k, n, dtype=torch.float16, seed=2) if layout[1] == "n" else \
        rand(n, k, dtype=torch.float16, seed=2).T
    c = nan_out(m, n, torch.float32)
    check(kernel(a, b, out=c), a, b)
    if layout != "nn":
        with pytest.raises(tile_opt.InputError, match="use .contiguous"):
            kernel(a.contiguous(), b.contiguous())


def test_manual_wgmma_kernels():
    for options in (dict(mma="wgmma", schedule="persistent", block_m=128, block_n=256,
                         block_k=64, num_warps=8, num_stages=4, order="grouped"),
                    dict(mma="wgmma", block_m=64, block_n=64, block_k=64, num_warps=4,
                         split_k=4)):
        kernel = tile_opt.compile("bf16", config="manual", **options)
        for m, n, k in ((1000, 1000, 1000), (333, 257, 4099)):
            a, b = rand(m, k, dtype=torch.bfloat16, seed=m), rand(k, n, dtype=torch.bfloat16,
                                                                  seed=n)
            check(kernel(a, b, out=nan_out(m, n, torch.bfloat16)), a, b)


EMPTY_SHAPES = [(0, 32, 64), (64, 0, 32), (64, 16, 0), (0, 0, 64), (0, 16, 0), (0, 0, 0),
                (1, 1, 0), (333, 257, 0)]


@pytest.mark.parametrize("dtype,out_dtype", TYPES)
@pytest.mark.parametrize("m,n,k", EMPTY_SHAPES)
def test_empty_products_are_torchs(dtype, out_dtype, m, n, k):
    tdtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype]
    tout = {None: tdtype, "f32": torch.float32, "bf16": torch.bfloat16}[out_dtype]
    a, b = rand(m, k, dtype=tdtype, seed=1), rand(k, n, dtype=tdtype, seed=2)
    want = torch.matmul(a, b).to(tout)
    c = tile_opt.matmul(a, b, out_dtype=tout if out_dtype else None)
    # Nothing compiled for it: tile_opt.matmul's family is not made.
    assert tile_opt.ops._families == {}
    assert (c.shape, c.dtype, c.device) == (want.shape, want.dtype, want.device)
    assert torch.equal(c, want)
    # A compiled kernel launches nothing either; `out` is zero-filled (K = 0).
    kernel = tile_opt.family(tdtype, tout if out_dtype else None)
    assert torch.equal(kernel(a, b), want)
    c = nan_out(m, n, tout)
    assert kernel(a, b, out=c) is c and torch.equal(c, want)
    # During CUDA graph capture, as torch.matmul.
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        c = tile_opt.matmul(a, b, out_dtype=tout if out_dtype else None)
    g.replay()
    torch.cuda.synchronize()
    assert torch.equal(c, want)


def test_empty_products_under_torch_compile():
    # (an f32 C: c + 1 - 1 in f16 rounds c to 1's ulp, past c's own bound)
    f = torch.compile(lambda a, b: tile_opt.matmul(a, b, out_dtype=torch.float32) + 1,
                      fullgraph=True, backend=_compile_backend())
    for m, n, k in EMPTY_SHAPES + [(64, 48, 32)]:
        a, b = rand(m, k, dtype=torch.float16, seed=3), rand(k, n, dtype=torch.float16, seed=4)
        got = f(a, b)
        torch.cuda.synchronize()
        assert got.shape == (m, n) and got.dtype == torch.float32
        if 0 in (m, n, k):
            assert torch.equal(got, torch.matmul(a.float(), b.float()) + 1)
        else:
            check(got - 1, a, b)


def test_a_gpu_the_chip_cannot_run(monkeypatch):
    from tile_opt import _launch
    assert _launch.gpu(torch.cuda.current_device()) == (torch.cuda.get_device_name(),
                                                        torch.cuda.get_device_capability())
    a, b = rand(64, 32, dtype=torch.float16, seed=5), rand(32, 16, dtype=torch.float16, seed=6)
    # As if on other GPUs: each new Kernel checks its GPU on its first launch.
    for gpu, capability, chips_refused in (("NVIDIA A100-SXM4-80GB", (8, 0), ("sm_90a", "sm_90")),
                                           ("NVIDIA B200", (10, 0), ("sm_90a",))):
        monkeypatch.setattr(_launch, "gpu", lambda device: (gpu, capability))
        for kernel in (tile_opt.compile("f16"), tile_opt.compile("f16", config="manual")):
            if kernel.chip not in chips_refused:
                check(kernel(a, b), a, b)  # on the H200, which it runs on too
                continue
            needs = "9.0" + ("" if kernel.chip.endswith("a") else " or later")
            with pytest.raises(tile_opt.InputError) as info:
                kernel(a, b)
            assert str(info.value) == (
                f"the operands are on cuda:{a.get_device()} ({gpu}, compute capability "
                f"{capability[0]}.{capability[1]}); this kernel is {kernel.chip} code, which "
                f"needs a GPU of compute capability {needs}")
            # An empty product runs nothing, so it runs anywhere.
            assert kernel(a[:0], b).shape == (0, 16)


def test_unaligned_pointers():
    kernel = tile_opt.family(torch.float16)
    m, n, k = 128, 128, 64
    buf = torch.randn(m * k + 8, device="cuda", dtype=torch.float16)
    b = rand(k, n, dtype=torch.float16, seed=3)
    a = buf[1:1 + m * k].view(m, k)  # 2 bytes in: refused by the runtime's pack
    with pytest.raises(tile_opt.InputError) as info:
        kernel(a, b)
    assert type(info.value) is tile_opt.InputError
    assert str(info.value).startswith("kernel '")
    assert str(info.value).endswith(
        f": A's data pointer {a.data_ptr():#x} is not 16-byte aligned, which TMA needs "
        f"(a view into another tensor? use .clone())")
    a = buf[8:8 + m * k].view(m, k)  # 16 bytes in: aligned
    check(kernel(a, b), a, b)
    # Staged shapes (K = 60) run on aligned copies, from any pointer.
    a = buf[1:1 + m * 60].view(m, 60)
    b = rand(60, n, dtype=torch.float16, seed=4)
    check(kernel(a, b, out=nan_out(m, n, torch.float16)), a, b)


def test_tensor_errors():
    kernel = tile_opt.family(torch.float16)
    a = rand(64, 32, dtype=torch.float16, seed=5)
    with pytest.raises(tile_opt.InputError, match="b is on the CPU"):
        kernel(a, torch.zeros(32, 16, dtype=torch.float16))
    with pytest.raises(tile_opt.InputError, match="a is f16 but b is bf16"):
        kernel(a, torch.zeros(32, 16, device="cuda", dtype=torch.bfloat16))
    with pytest.raises(tile_opt.InputError, match=r"b: a 32x16 view with strides \(1, 32\) is not row-major"):
        kernel(a, rand(16, 32, dtype=torch.float16, seed=6).T)
    with pytest.raises(tile_opt.InputError, match="out overlaps a"):
        kernel(a, rand(32, 32, dtype=torch.float16, seed=7), out=a)
    with pytest.raises(tile_opt.InputError, match="3 dimensions"):
        tile_opt.matmul(a[None], a)
    if torch.cuda.device_count() > 1:
        with pytest.raises(tile_opt.InputError, match="all operands must be on one GPU"):
            kernel(a, torch.zeros(32, 16, device="cuda:1", dtype=torch.float16))


def test_side_stream_and_other_thread():
    a, b = rand(512, 256, dtype=torch.float16, seed=8), rand(256, 384, dtype=torch.float16,
                                                            seed=9)
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        c = tile_opt.matmul(a, b)
    s.synchronize()
    check(c, a, b)
    results = []
    thread = threading.Thread(target=lambda: results.append(tile_opt.matmul(a, b)))
    thread.start()
    thread.join()
    check(results[0], a, b)


def _compile_backend():
    try:
        import triton  # noqa: F401
        return "inductor"
    except ImportError:
        return "aot_eager"


def test_torch_compile_fullgraph():
    f = torch.compile(lambda a, b: torch.relu(tile_opt.matmul(a, b)) * 2, fullgraph=True,
                      backend=_compile_backend())
    for m, n, k in ((256, 512, 128), (100, 200, 300), (256, 256, 16384)):
        a, b = rand(m, k, dtype=torch.float16, seed=m), rand(k, n, dtype=torch.float16,
                                                             seed=k)
        got = f(a, b)
        want = torch.relu(tile_opt.matmul(a, b)) * 2
        torch.cuda.synchronize()
        assert torch.equal(got, want)  # the same kernels, deterministic split-K
        check(tile_opt.matmul(a, b), a, b)


def test_torch_compile_reduce_overhead():
    f = torch.compile(lambda a, b: tile_opt.matmul(a, b, out_dtype=torch.float32) + 1,
                      mode="reduce-overhead", fullgraph=True)
    a = rand(512, 512, dtype=torch.bfloat16, seed=10)
    b = rand(512, 512, dtype=torch.bfloat16, seed=11)
    for i in range(4):  # warm-up, record, replays
        a.copy_(rand(512, 512, dtype=torch.bfloat16, seed=20 + i))
        got = f(a, b).clone()
        torch.cuda.synchronize()
        ref = tile_opt.matmul(a, b, out_dtype=torch.float32)
        check(ref, a, b)
        assert torch.equal(got, ref + 1)


@pytest.mark.parametrize("shape", [(512, 512, 512), (100, 200, 300), (256, 256, 16384)])
def test_cuda_graph_capture_and_replay(shape):
    m, n, k = shape
    a, b = rand(m, k, dtype=torch.float16, seed=12), rand(k, n, dtype=torch.float16, seed=13)
    tile_opt.matmul(a, b)  # the first call for the shape, outside capture
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        c = tile_opt.matmul(a, b)
    for i in range(3):
        a.copy_(rand(m, k, dtype=torch.float16, seed=30 + i))
        b.copy_(rand(k, n, dtype=torch.float16, seed=40 + i))
        c.fill_(float("nan"))
        g.replay()
        check(c, a, b)


def refused_in_capture_then_right(kernel, a, b):
    """kernel(a, b) refused during CUDA graph capture (a shape's first call
    plans, and may time), then right outside it."""
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        with pytest.raises(tile_opt.CaptureError, match="before capturing"):
            kernel(a, b)
    check(kernel(a, b), a, b)


def test_first_call_during_capture_is_refused():
    a, b = rand(256, 256, dtype=torch.float16, seed=14), rand(256, 256, dtype=torch.float16,
                                                             seed=15)
    tile_opt.matmul(a, b)
    kernel = tile_opt.compile("f16", config="manual", mma="wgmma", block_m=128, block_n=128,
                              block_k=64, num_warps=4)
    refused_in_capture_then_right(kernel, a, b)


def test_host_overhead():
    result = tile_opt.measure_overhead(batches=4, batch=50)
    assert set(result) == {"runtime launch alone", "tile_opt Kernel(a, b, out=c)",
                           "tile_opt Kernel(a, b)",
                           "tile_opt.matmul(a, b)", "torch.matmul(a, b, out=c)",
                           "torch.matmul(a, b)"}
    assert all(0 < r["q1"] <= r["median"] <= r["q3"] < 1000 and r["batches"] == 4
               for r in result.values()), result


def test_cpp_path_serves_plain_calls():
    from tile_opt import _torch_op, ops
    if _torch_op.get() is None:
        pytest.skip(f"no C++ path here: {_torch_op.error}")
    a, b = rand(200, 136, dtype=torch.float16, seed=21), rand(136, 72, dtype=torch.float16,
                                                              seed=22)
    check(tile_opt.matmul(a, b), a, b)
    assert (torch.float16, None, "auto") in ops._cpp_families
    # Now in C++: the op, and Kernel(a, b, out=c) on a planned shape.
    check(torch.ops.tile_opt.matmul(a, b, "auto", None), a, b)
    kernel = tile_opt.family(torch.float16)
    c = nan_out(200, 72, torch.float16)
    assert kernel(a, b, out=c) is c
    check(c, a, b)
    # What C++ does not take goes to Python, which says what is wrong.
    with pytest.raises(tile_opt.InputError, match="3 dimensions"):
        tile_opt.matmul(a[None], a)
    x = rand(72, 72, dtype=torch.float16, seed=23)
    kernel(x, x, out=nan_out(72, 72, torch.float16))  # planned, so C++ would launch
    with pytest.raises(tile_opt.InputError, match="out overlaps a"):
        kernel(x, x.clone(), out=x)


def stored(rows, cols, transposed, dtype, seed):
    """A rows x cols operand as a model holds it: row-major, or the .t() view
    of a row-major cols x rows tensor (nn.Linear's weight in x @ w.t())."""
    if transposed:
        return rand(cols, rows, dtype=dtype, seed=seed).t()
    return rand(rows, cols, dtype=dtype, seed=seed)


@pytest.mark.parametrize("layout,dtype,out_dtype", [
    ("nt", "f16", None), ("tn", "f16", None), ("tt", "f16", None), ("nt", "bf16", None),
    ("tn", "f16", "f32")])
def test_every_layout_through_tma_wgmma(layout, dtype, out_dtype):
    tdtype = {"f16": torch.float16, "bf16": torch.bfloat16}[dtype]
    tout = torch.float32 if out_dtype else None
    kernel = tile_opt.family(tdtype, tout, layout=layout)
    assert all(b.uses_tma and b.layouts == (layout,) for b in kernel.members)
    for i, (m, n, k) in enumerate([(512, 384, 1024), (8, 4096, 4096), (256, 256, 16384),
                                   (136, 200, 72), (2048, 2048, 512)]):
        seed = zlib.crc32(repr((layout, dtype, out_dtype, i)).encode())
        a = stored(m, k, layout[0] == "t", tdtype, seed)
        b = stored(k, n, layout[1] == "t", tdtype, seed + 1)
        c = tile_opt.matmul(a, b, out_dtype=tout)  # the layout from the strides
        assert c.dtype == (tout or tdtype) and c.is_contiguous()
        check(c, a, b)
        out = nan_out(m, n, tout or tdtype)
        assert kernel(a, b, out=out) is out
        check(out, a, b)


def test_linear_forward_and_backward():
    import tile_opt.nn
    for dtype in (torch.float16, torch.bfloat16):
        ref = torch.nn.Linear(512, 768, device="cuda", dtype=dtype)
        lin = tile_opt.nn.Linear(512, 768, device="cuda", dtype=dtype)
        lin.load_state_dict(ref.state_dict())
        x = rand(4, 33, 512, dtype=dtype, seed=31).requires_grad_()
        y = lin(x)
        assert y.shape == (4, 33, 768)
        x2 = x.detach().reshape(-1, 512)
        # The product within its bound, and the bias torch's own add (y - b
        # would round y's sum at y's ulp, past the product's bound).
        product = tile_opt.matmul(x2, lin.weight.detach().t())
        check(product, x2, lin.weight.detach().t())
        assert torch.equal(y.detach().reshape(-1, 768), product + lin.bias.detach())
        grad = rand(4, 33, 768, dtype=dtype, seed=32)
        y.backward(grad)
        g2 = grad.reshape(-1, 768)
        check(x.grad.reshape(-1, 512), g2, lin.weight.detach())       # dX = dY W (nn)
        check(lin.weight.grad, g2.t(), x2)                            # dW = dY^T X (tn)
        torch.testing.assert_close(lin.bias.grad.float(), g2.float().sum(0), rtol=2e-2,
                                   atol=2e-1)
    # What tile_opt does not take runs torch's forward.
    cpu = tile_opt.nn.Linear(8, 8)
    assert cpu(torch.ones(2, 8)).shape == (2, 8)


def test_patch_a_model():
    import tile_opt.nn
    model = torch.nn.Sequential(torch.nn.Linear(256, 1024), torch.nn.GELU(),
                                torch.nn.Linear(1024, 256)).cuda().half()
    x = rand(64, 256, dtype=torch.float16, seed=33)
    want = model(x)
    assert tile_opt.nn.patch(model) is model
    assert all(type(m) is tile_opt.nn.Linear for m in (model[0], model[2]))
    got = model(x)
    err = ((got.float() - want.float()).norm() / want.float().norm()).item()
    assert err < 1e-2, err


@pytest.mark.parametrize("layout", ["nn", "nt"])
def test_autotune_keeps_the_fastest_candidate_and_stays_right(layout):
    """compile(autotune=4): a shape's first call times the model's four best
    candidates on its own operands and keeps the fastest; every result is
    right (the timing launches write `out` before the last one), later calls
    reuse the tuned plan, a split-K pick stays deterministic, and a new shape
    during capture is refused as untuned ones are."""
    kernel = tile_opt.compile("f16", layout=layout, autotune=4)
    shapes = [(1, 4096, 14336), (64, 3584, 3584), (2000, 2000, 2000), (77, 333, 129),
              (384, 384, 32768), (1, 1, 1)]
    for i, (m, n, k) in enumerate(shapes):
        seed = zlib.crc32(repr((layout, "tune", i)).encode())
        a = stored(m, k, layout[0] == "t", torch.float16, seed)
        b = stored(k, n, layout[1] == "t", torch.float16, seed + 1)
        out = nan_out(m, n, torch.float16)
        assert kernel(a, b, out=out) is out
        check(out, a, b)
        first = out.clone()
        for _ in range(3):
            assert torch.equal(kernel(a, b, out=nan_out(m, n, torch.float16)), first)
    launcher = kernel._launchers[torch.cuda.current_device()]
    assert len(launcher.tuned) == len(shapes)  # once per shape
    for m, n, k in shapes:
        member, why = kernel.autotuned(m, n, k)
        assert member in kernel.members and "timed here" in why
    whys = [plan["why"] for plan in launcher.tuned.values()]
    assert all(" timed here (rule " in why and "the model's pick: rule " in why
               for why in whys), whys
    assert sum(why.count(" us") for why in whys) >= 3 * len(shapes)  # several timed
    a, b = rand(320, 96, dtype=torch.float16, seed=3), rand(96, 640, dtype=torch.float16,
                                                            seed=4)
    a = a.t().contiguous().t() if layout[0] == "t" else a
    b = b.t().contiguous().t() if layout[1] == "t" else b
    refused_in_capture_then_right(kernel, a, b)


def test_autotune_record_serves_a_later_kernel_untimed(tmp_path):
    """compile(autotune=3) keeps a timed shape's choice in the cache's record;
    a later Kernel of the same bundle in a later process (the process's
    records forgotten) plans it untimed and is right; a record naming a rule
    the model would not time warns once, and the shape is timed again and
    the record mended."""
    from tile_opt import tuned
    cache = tmp_path / "cache"
    m, n, k = 128, 3072, 3072
    a = stored(m, k, False, torch.float16, 51)
    b = stored(k, n, True, torch.float16, 52)
    first = tile_opt.compile("f16", layout="nt", autotune=3, cache_dir=cache)
    check(first(a, b, out=nan_out(m, n, torch.float16)), a, b)
    [path] = (cache / "autotune").iterdir()
    doc = json.loads(path.read_text())
    assert doc["count"] == 3 and doc["gpu"]["sms"] == \
        torch.cuda.get_device_properties(torch.cuda.current_device()).multi_processor_count
    [(key, kept)] = doc["shapes"].items()
    assert key.startswith(f"{m},{n},{k},") and "timed here" in kept["why"]
    tuned._records.clear()
    later = tile_opt.compile("f16", layout="nt", autotune=3, cache_dir=cache)
    assert later.key == first.key and later is not first
    check(later(a, b, out=nan_out(m, n, torch.float16)), a, b)
    member, why = later.autotuned(m, n, k)
    assert why == kept["why"] + "; kept from a record"
    assert member.kernel == first.autotuned(m, n, k)[0].kernel
    doc["shapes"][key]["rule"] = 10**6
    path.write_text(json.dumps(doc))
    tuned._records.clear()
    third = tile_opt.compile("f16", layout="nt", autotune=3, cache_dir=cache)
    with pytest.warns(UserWarning, match="is not among its 3 candidates; timed again"):
        check(third(a, b, out=nan_out(m, n, torch.float16)), a, b)
    assert "kept from a record" not in third.autotuned(m, n, k)[1]
    assert json.loads(path.read_text())["shapes"][key]["rule"] != 10**6


def test_autotune_from_several_threads_times_a_shape_once():
    """Threads meeting a new shape at once: one times it, the others plan
    what it kept; every result right."""
    kernel = tile_opt.compile("f16", layout="nt", autotune=3)
    a = rand(128, 3072, dtype=torch.float16, seed=41)
    b = rand(3072, 3072, dtype=torch.float16, seed=42).t().contiguous().t()
    results, errors = [None] * 6, []

    def work(i):
        try:
            results[i] = kernel(a, b)
        except Exception as e:  # reported below
            errors.append(e)

    kernel(rand(8, 64, dtype=torch.float16, seed=1),
           rand(64, 64, dtype=torch.float16, seed=2).t().contiguous().t())  # loaded
    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for c in results:
        check(c, a, b)
    launcher = kernel._launchers[torch.cuda.current_device()]
    assert len(launcher.tuned) == 2 and all("timed here" in p["why"]
                                            for p in launcher.tuned.values())
