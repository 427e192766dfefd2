"""GPU tests of tile_opt's per-device state: tensors on cuda:0 named
explicitly and through the current device ('cuda'), torch's current device
changed between calls, calls from several threads (fresh ones among them,
whose first CUDA work is tile_opt's), on the Python path and the C++ one;
and, where torch sees two GPUs or more, cuda:0 and cuda:1 alternating in one
thread and from several threads, each device with its own loaded kernels,
the compile shared. Results are checked as test_tile_opt_gpu.py checks
them; these tests skip where its tests do, for its reason, and the two-GPU
ones where torch sees fewer than two GPUs.

    pytest -q -rs test/python/test_devices_gpu.py
"""
import threading

import pytest

from concurrency import run_together
# The GPU tests' skip reason, private cache, fresh families and checks.
from test_tile_opt_gpu import REASON, check, fresh_families, private_cache  # noqa: F401

import tile_opt
from tile_opt import _torch_op, ops

pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")
if REASON is None:
    import torch


def _two_gpus_reason():
    if REASON is not None:
        return REASON
    count = torch.cuda.device_count()
    if count < 2:
        return f"needs two GPUs (torch sees {count})"
    if torch.cuda.get_device_capability(1) != (9, 0):
        return "needs a second Hopper GPU (sm_90a)"
    return None


TWO_GPUS = _two_gpus_reason()
two_gpus = pytest.mark.skipif(TWO_GPUS is not None, reason=TWO_GPUS or "")


def rand_on(device, *shape, dtype=None, seed):
    """Random values on `device` (any spelling torch takes: "cuda:0",
    "cuda", a torch.device, an index), made on its GPU."""
    dtype = dtype or torch.float16
    where = torch.device("cuda", device) if isinstance(device, int) else torch.device(device)
    if where.index is None:
        where = torch.device("cuda", torch.cuda.current_device())
    g = torch.Generator(device=where).manual_seed(seed)
    return torch.randn(*shape, device=device, dtype=dtype, generator=g)


def loaded_on(kernel):
    """The devices a kernel is loaded on, each launcher's own device."""
    for device, launcher in kernel._launchers.items():
        assert launcher.launcher.device == device
    return sorted(kernel._launchers)


def test_cuda0_named_and_current():
    kernel = tile_opt.family(torch.float16)
    for device in ("cuda:0", "cuda", torch.device("cuda", 0), torch.device("cuda"), 0):
        a, b = rand_on(device, 200, 136, seed=1), rand_on(device, 136, 72, seed=2)
        assert a.get_device() == 0
        check(tile_opt.matmul(a, b), a, b)
        out = torch.full((200, 72), float("nan"), device=device, dtype=torch.float16)
        assert kernel(a, b, out=out) is out
        check(out, a, b)
        assert torch.cuda.current_device() == 0
    assert loaded_on(kernel) == [0]


def test_current_device_changes_between_calls():
    """torch's device guards change the driver's current context; each call
    makes its own device's current and leaves torch's as it was."""
    a, b = rand_on("cuda:0", 256, 128, seed=3), rand_on("cuda", 128, 384, seed=4)
    kernel = tile_opt.family(torch.float16)
    for i in range(6):
        if i % 2:
            with torch.cuda.device(0):
                c = tile_opt.matmul(a, b)
                assert torch.cuda.current_device() == 0
        else:
            torch.cuda.set_device("cuda:0")
            c = kernel(a, b)
        torch.empty(1, device="cuda")  # torch's own work in between
        check(c, a, b)
        assert torch.cuda.current_device() == 0


@pytest.mark.parametrize("cpp", [True, False], ids=["cpp-path", "python-path"])
def test_threads_on_cuda0(cpp, monkeypatch):
    if not cpp:
        monkeypatch.setattr(_torch_op, "get", lambda: None)
        monkeypatch.setattr(ops, "_cpp_families", set())
        monkeypatch.setattr(ops, "_offered", {})
    elif _torch_op.get() is None:
        pytest.skip(f"no C++ path here: {_torch_op.error}")
    # Every thread's first call of each family races the others' (compile,
    # load); all launch on the default stream of cuda:0, one after another.
    shapes = [(64 + 8 * i, 136, 72 + 8 * i) for i in range(8)]
    inputs = [(rand_on("cuda:0", m, k, seed=10 + i), rand_on("cuda:0", k, n, seed=20 + i))
              for i, (m, n, k) in enumerate(shapes)]
    kernel = tile_opt.compile("f16", config="manual", block_m=64, block_n=64)
    results = {}

    def work(i):
        a, b = inputs[i]
        for j in range(10):
            results[i, j, "matmul"] = tile_opt.matmul(a, b, out_dtype=torch.float32)
            results[i, j, "kernel"] = kernel(a, b)

    errors = run_together(work, len(inputs))
    assert not errors, errors
    for (i, _, _), c in results.items():
        check(c, *inputs[i])
    family = tile_opt.family(torch.float16, torch.float32)
    assert loaded_on(family) == [0] and loaded_on(kernel) == [0]
    if cpp:
        assert kernel._cpp[1] == (kernel._launchers[0].launcher.address(),)


def test_a_fresh_thread_on_the_cpp_path():
    """A thread whose first CUDA work is tile_opt's, on a family the C++
    path serves already (no context current in it yet: the Python path
    makes it current, then C++ serves)."""
    a, b = rand_on("cuda:0", 200, 136, seed=5), rand_on("cuda:0", 136, 72, seed=6)
    check(tile_opt.matmul(a, b), a, b)
    results = []
    for _ in range(3):
        t = threading.Thread(target=lambda: results.append(
            (tile_opt.matmul(a, b), torch.ops.tile_opt.matmul(a, b, "auto", None))))
        t.start()
        t.join()
    assert len(results) == 3
    for c, d in results:
        check(c, a, b)
        check(d, a, b)


# ---------------------------------------------------------------------------
# Two GPUs of one process


@two_gpus
def test_two_gpus_alternating_in_one_thread():
    a0, b0 = rand_on("cuda:0", 300, 200, seed=7), rand_on("cuda:0", 200, 136, seed=8)
    a1, b1 = rand_on("cuda:1", 300, 200, seed=9), rand_on("cuda:1", 200, 136, seed=10)
    kernel = tile_opt.family(torch.float16)
    for current in (0, 1):
        torch.cuda.set_device(current)
        for i in range(4):
            for a, b in ((a0, b0), (a1, b1)):
                c = tile_opt.matmul(a, b) if i % 2 else kernel(a, b)
                assert c.device == a.device
                check(c, a, b)
                out = torch.full_like(c, float("nan"))
                assert kernel(a, b, out=out) is out
                check(out, a, b)
                assert torch.cuda.current_device() == current
    torch.cuda.set_device(0)
    assert loaded_on(kernel) == [0, 1]
    # One compile: the launchers of the two devices load the same files.
    assert kernel._launchers[1].bundle.manifest_path == kernel.manifest_path
    if _torch_op.get() is not None:
        assert kernel._cpp[1] == tuple(kernel._launchers[d].launcher.address() for d in (0, 1))
    with pytest.raises(tile_opt.InputError, match="all operands must be on one GPU"):
        kernel(a0, b1)


@two_gpus
def test_two_gpus_from_several_threads():
    inputs = {d: (rand_on(f"cuda:{d}", 512, 256, seed=11 + d),
                  rand_on(f"cuda:{d}", 256, 384, seed=13 + d)) for d in (0, 1)}
    results = []

    def work(i):
        torch.cuda.set_device(i % 2)  # each thread's own current device
        for j in range(10):
            d = (i + j) % 2
            results.append((d, tile_opt.matmul(*inputs[d])))
            assert torch.cuda.current_device() == i % 2

    errors = run_together(work, 8)
    assert not errors, errors
    assert len(results) == 80
    for d, c in results:
        assert c.get_device() == d
        check(c, *inputs[d])
    assert loaded_on(tile_opt.family(torch.float16)) == [0, 1]


@two_gpus
def test_a_stream_of_the_other_gpu():
    """A call on cuda:1 tensors while cuda:0 is current launches on
    cuda:1's current stream."""
    a, b = rand_on("cuda:1", 256, 128, seed=15), rand_on("cuda:1", 128, 256, seed=16)
    s = torch.cuda.Stream(device=1)
    s.wait_stream(torch.cuda.current_stream(1))
    with torch.cuda.stream(s):  # cuda:1's current stream (and device)
        torch.cuda.set_device(0)
        c = tile_opt.matmul(a, b)
        assert torch.cuda.current_device() == 0
    s.synchronize()
    check(c, a, b)
    assert torch.cuda.current_device() == 0
