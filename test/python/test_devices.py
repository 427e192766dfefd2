"""tile_opt on several GPUs of one process, without a GPU: the per-device
bookkeeping of Kernel and tile_opt.matmul with a stand-in runtime (tensors
on cuda:0 ... cuda:3, each thread with its own current device as torch
keeps it) and a stand-in tile-opt.

A kernel is compiled once and loaded once per device, on that device's
first call, even when threads race; every launch runs on the tensors'
device, with it current, and the caller's current device is put back; the
C++ path's table holds each device's launcher at that device's index; a
device whose compute capability the kernel's chip cannot run is refused in
one line, the others still served. The runtime binding's own guard (a
launcher launches only on the device it was loaded on) is checked through
its C entry point. test_devices_gpu.py runs the same paths on real GPUs.
"""
import ctypes
import os
from pathlib import Path
import subprocess
import threading
import time
import types

import pytest
import tile_runtime

from concurrency import run_together
# The stand-in tile-opt, stand-in tensors and the one-line check.
from test_tile_opt import (FakeTensor, fresh_families, one_line_error,  # noqa: F401
                           standin)

import tile_opt
from tile_opt import _torch_op, kernel as kernel_module, ops
from tile_bench.bundle import load_manifest


class DeviceRuntime:
    """tile_opt._launch as Kernel uses it, for GPUs 0 to 3 (`gpus`: name
    and compute capability by index). Torch's current device is per thread
    (0 in a new thread); ready() and restore() change it as torch's device
    guard would. Launchers record their device (the current one when made)
    and every launch: the current device then, the stream, the sizes."""
    Tensor = FakeTensor
    TORCH_DTYPES = {"f16": "torch.float16", "bf16": "torch.bfloat16", "f32": "torch.float32"}
    tile_runtime = tile_runtime

    def __init__(self):
        self.gpus = {d: ("NVIDIA H200", (9, 0)) for d in range(4)}
        self._current = threading.local()
        self.launchers = []  # every Launcher made, in order
        self.readied = []    # the devices ready() was asked for
        self.load_delay = 0.0
        rt = self

        class Launcher:
            def __init__(self, entry, layout, tune=0, record=None):
                time.sleep(rt.load_delay)  # a window for racing threads
                self.bundle, self.layout, self.tune, self.record = entry, layout, tune, record
                self.device = rt.current()
                self.launches = []
                self.planned = set()
                self.launcher = types.SimpleNamespace(address=lambda: 0x1000 * (self.device + 1))
                rt.launchers.append(self)

            def fast(self, m, n, k, pa, pb, pc, stream, lda, ldb, ldc):
                if (m, n, k) not in self.planned:
                    return False
                self.launches.append((rt.current(), stream, (m, n, k)))
                return True

            def launch(self, m, n, k, a, b, out, stream, lds):
                self.planned.add((m, n, k))
                self.launches.append((rt.current(), stream, (m, n, k)))

        self.Launcher = Launcher
        self.torch = types.SimpleNamespace(empty=self._empty, zeros=self._empty)

    def current(self):
        return getattr(self._current, "device", 0)

    def set_current(self, device):
        self._current.device = device

    @staticmethod
    def _empty(shape, dtype, device):
        return FakeTensor(shape, dtype=dtype, device=str(device), ptr=0x900000)

    def gpu(self, device):
        return self.gpus[device]

    def gpu_kind(self, device):
        name, cc = self.gpus[device]
        return {"name": name, "cc": list(cc), "sms": 132}

    def ready(self, device):
        self.readied.append(device)
        previous = self.current()
        self.set_current(device)
        return None if previous == device else previous

    def restore(self, previous):
        if previous is not None:
            self.set_current(previous)

    @staticmethod
    def current_stream(device):
        return 0x5000 + device

    def on(self, device):
        """The launchers made for `device`."""
        return [launcher for launcher in self.launchers if launcher.device == device]


@pytest.fixture
def rt(monkeypatch):
    runtime = DeviceRuntime()
    monkeypatch.setattr(kernel_module, "_runtime", lambda: runtime)
    monkeypatch.setattr(_torch_op, "get", lambda: None)  # the Python path
    return runtime


def operands(device, m=64, n=16, k=32, dtype="torch.float16"):
    return (FakeTensor((m, k), dtype=dtype, device=device),
            FakeTensor((k, n), dtype=dtype, device=device, ptr=0x40000))


def test_a_launcher_per_device_on_its_first_call(standin, rt):
    kernel = tile_opt.compile("f16", config="manual")
    for device in (0, 1, 0, 1, 3, 1):
        c = kernel(*operands(f"cuda:{device}"))
        assert str(c.device) == f"cuda:{device}"
        assert rt.current() == 0  # put back
    assert sorted(kernel._launchers) == [0, 1, 3]
    assert [launcher.device for launcher in rt.launchers] == [0, 1, 3]  # once each
    assert len(standin.runs()) == 1  # compiled once for all of them
    # The first device loads the kernel's bundle; the others their own copy
    # of the same compiled files.
    first, second, third = (kernel._launchers[d].bundle for d in (0, 1, 3))
    assert first is kernel.entry
    assert second is not first and third is not first and second is not third
    assert {b.manifest_path for b in (first, second, third)} == {kernel.manifest_path}
    # Every launch on its tensors' device, with it current, on its stream.
    for device, launcher in kernel._launchers.items():
        assert launcher.launches
        assert all(on == device and stream == 0x5000 + device
                   for on, stream, _ in launcher.launches)
    assert len(kernel._launchers[1].launches) == 3


def test_alternating_devices_puts_the_current_one_back(standin, rt):
    kernel = tile_opt.compile("f16", config="manual")
    for current in (0, 2, 1):
        rt.set_current(current)
        for device in (0, 1, 2, 1, 0):
            kernel(*operands(f"cuda:{device}"), out=FakeTensor(
                (64, 16), device=f"cuda:{device}", ptr=0x80000))
            assert rt.current() == current
    assert sorted(kernel._launchers) == [0, 1, 2]
    assert all(on == device for device, launcher in kernel._launchers.items()
               for on, _, _ in launcher.launches)


def test_the_current_device_is_put_back_after_an_error(standin, rt):
    kernel = tile_opt.compile("f16", config="manual")

    def refuse(*args):
        raise tile_runtime.CudaError("the launch failed")

    kernel(*operands("cuda:1"))
    kernel._launchers[1].fast = refuse
    rt.set_current(2)
    assert one_line_error(tile_opt.CudaError, kernel, *operands("cuda:1")) == \
        "the launch failed"
    assert rt.current() == 2


def test_threads_on_several_devices(standin, rt):
    kernel = tile_opt.compile("f16", config="manual")
    rt.load_delay = 0.05  # so that first calls on one device overlap

    def work(i):
        own = i % 3  # each thread's own current device
        rt.set_current(own)
        for j in range(20):
            device = (i + j) % 4
            c = kernel(*operands(f"cuda:{device}", m=64 + device))
            assert str(c.device) == f"cuda:{device}" and c.shape == (64 + device, 16)
            assert rt.current() == own

    errors = run_together(work, 12)
    assert not errors, errors
    assert sorted(kernel._launchers) == [0, 1, 2, 3]
    assert sorted(launcher.device for launcher in rt.launchers) == [0, 1, 2, 3]
    assert sum(len(launcher.launches) for launcher in rt.launchers) == 12 * 20
    for device, launcher in kernel._launchers.items():
        assert all(on == device and shape == (64 + device, 16, 32)
                   for on, _, shape in launcher.launches)


def test_matmul_compiles_once_for_every_device_and_thread(standin, rt, monkeypatch):
    monkeypatch.setenv("STANDIN_DELAY", "0.3")  # first calls overlap the compile
    config = "config=manual block-m=64"

    def work(i):
        for device in (i % 4, (i + 1) % 4):
            c = tile_opt.matmul(*operands(f"cuda:{device}"), config=config)
            assert str(c.device) == f"cuda:{device}"

    errors = run_together(work, 8)
    assert not errors, errors
    assert len(standin.runs()) == 1
    kernel, = ops._families.values()
    assert sorted(kernel._launchers) == [0, 1, 2, 3]
    assert len(rt.launchers) == 4


def test_a_device_the_chip_cannot_run(standin, rt, monkeypatch):
    monkeypatch.setenv("STANDIN_CHIP", "sm_90a")
    kernel = tile_opt.compile("f16", config="manual")
    rt.gpus[1] = ("NVIDIA A100-SXM4-80GB", (8, 0))
    rt.gpus[2] = ("NVIDIA B200", (10, 0))
    kernel(*operands("cuda:0"))
    for device, (name, (major, minor)) in ((1, rt.gpus[1]), (2, rt.gpus[2]), (1, rt.gpus[1])):
        msg = one_line_error(tile_opt.InputError, kernel, *operands(f"cuda:{device}"))
        assert msg == (f"the operands are on cuda:{device} ({name}, compute capability "
                       f"{major}.{minor}); this kernel is sm_90a code, which needs a GPU of "
                       f"compute capability 9.0")
        assert rt.current() == 0
    assert sorted(kernel._launchers) == [0]  # nothing loaded where it cannot run
    assert 1 not in rt.readied and 2 not in rt.readied
    kernel(*operands("cuda:3"))  # the other GPUs are still served
    assert sorted(kernel._launchers) == [0, 3]
    one_line_error(tile_opt.InputError, tile_opt.matmul, *operands("cuda:1"),
                   config="config=manual")
    # An empty product runs nothing, so it runs anywhere.
    assert kernel(FakeTensor((0, 32), device="cuda:1"),
                  FakeTensor((32, 16), device="cuda:1")).shape == (0, 16)


def test_operands_on_two_devices_are_refused(standin, rt):
    kernel = tile_opt.compile("f16", config="manual")
    a, _ = operands("cuda:0")
    _, b = operands("cuda:1")
    assert one_line_error(tile_opt.InputError, kernel, a, b) == \
        "a is on cuda:0 but b is on cuda:1; all operands must be on one GPU"
    out = FakeTensor((64, 16), device="cuda:2", ptr=0x80000)
    assert "all operands must be on one GPU" in one_line_error(
        tile_opt.InputError, kernel, *operands("cuda:0"), out=out)
    assert rt.launchers == []


class FakeCpp:
    """tile_opt._torch_op's module: `call` sends every call to Python (as
    the C++ path does for a device it has no launcher for) and records the
    launcher table it was given; `add_family` records what the op serves."""

    def __init__(self):
        self.tables, self.families = [], []

    def call(self, launchers, a, b, out, layout, in_type, out_type):
        self.tables.append(launchers)
        return None

    def add_family(self, dtype, out_dtype, config, layout, device, launcher):
        self.families.append((dtype, out_dtype, config, layout, device, launcher.address()))

    def matmul(self, a, b, config, out_dtype):
        return ops._op(a, b, config, out_dtype)


def test_the_cpp_path_gets_each_devices_launcher(standin, rt, monkeypatch):
    cpp = FakeCpp()
    monkeypatch.setattr(_torch_op, "get", lambda: cpp)
    kernel = tile_opt.compile("f16", config="manual")
    kernel(*operands("cuda:2"))
    assert kernel._cpp[1] == (0, 0, 0x3000)  # by device index, 0 where none
    kernel(*operands("cuda:0"))
    assert cpp.tables == [(0, 0, 0x3000)]
    assert kernel._cpp[1] == (0x1000, 0, 0x3000)
    kernel(*operands("cuda:1"))
    assert cpp.tables[-1] == (0x1000, 0, 0x3000) and kernel._cpp[1] == (0x1000, 0x2000, 0x3000)
    assert len(rt.launchers) == 3


def test_the_op_is_offered_each_devices_launcher(standin, rt, monkeypatch):
    cpp = FakeCpp()
    monkeypatch.setattr(_torch_op, "get", lambda: cpp)
    monkeypatch.setattr(_torch_op, "_module", cpp)
    # torch as tile_opt.matmul reads it: the FakeTensors' dtypes are names.
    fake_torch = types.SimpleNamespace(dtype=str, compiler=types.SimpleNamespace(
        is_compiling=lambda: False))
    monkeypatch.setattr(ops, "_torch", fake_torch)
    monkeypatch.setattr(ops, "_offered", {})
    monkeypatch.setattr(ops, "_cpp_families", set())
    config = "config=manual"
    for device in (1, 1, 0, 1, 0, 3):
        tile_opt.matmul(*operands(f"cuda:{device}"), config=config)
    families = [(d, address) for *_, d, address in cpp.families]
    # Offered once per new device, with every device's launcher each time.
    assert families == [(1, 0x2000), (1, 0x2000), (0, 0x1000), (1, 0x2000), (0, 0x1000),
                        (3, 0x4000)]
    assert {f[:4] for f in cpp.families} == {("torch.float16", None, config, 0)}
    assert ("torch.float16", None, config) in ops._cpp_families


# ---------------------------------------------------------------------------
# The binding's guard, without a GPU


def _bundle(standin):
    return load_manifest(tile_opt.compile("f16", config="manual").manifest_path)


def test_a_launcher_serves_no_device_before_its_first_prepare(standin):
    launcher = tile_runtime.Launcher(_bundle(standin).handle, "nn", "f16", "f16")
    assert launcher.device is None and len(launcher) == 0
    # tile_runtime_launch, as the C++ path calls it: not launched (1) on any
    # device, so the caller takes the Python path.
    proto = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int, *[ctypes.c_int64] * 6,
                             *[ctypes.c_uint64] * 3, ctypes.c_void_p)
    launch = proto(tile_runtime.launch_function())
    for device in (0, 1, -1):
        assert launch(launcher.address(), device, 64, 16, 32, 0, 0, 0, 0x10000, 0x40000,
                      0x80000, None) == 1
    assert launcher.launch(64, 16, 32, 0x10000, 0x40000, 0x80000, 0) is False


def test_planning_without_a_context_is_one_line(standin):
    launcher = tile_runtime.Launcher(_bundle(standin).handle, "nn", "f16", "f16")
    try:
        launcher.prepare(64, 16, 32)
    except tile_runtime.CudaError as e:
        # No driver here, or a driver and no current context.
        assert "\n" not in str(e)
        assert str(e).startswith("no CUDA driver (") or \
            str(e) == "no current CUDA context to load the kernels into", str(e)
    else:
        pytest.skip("a CUDA context is current in this process")
    assert launcher.device is None and len(launcher) == 0


def test_autotune_reaches_every_devices_launcher(standin, rt, monkeypatch):
    monkeypatch.delenv("TILE_OPT_AUTOTUNE", raising=False)
    kernel = tile_opt.compile("f16", autotune=4)
    for device in (0, 2):
        kernel(*operands(f"cuda:{device}"))
    assert [launcher.tune for launcher in rt.launchers] == [4, 4]
    assert tile_opt.compile("f16").autotune == 0  # off unless asked
    monkeypatch.setenv("TILE_OPT_AUTOTUNE", " 3 ")
    assert tile_opt.compile("f16").autotune == 3
    assert tile_opt.compile("f16", autotune=0).autotune == 0  # the argument wins


def test_autotune_keeps_its_choices_in_the_cache_per_kind_of_gpu(rt, tmp_path, monkeypatch):
    """compile(autotune=N)'s launchers keep their choices in a record beside
    the compiled bundles, one per kind of GPU and count; none without a
    count, for a single kernel, or for a bundle compile() did not make."""
    monkeypatch.delenv("TILE_OPT_AUTOTUNE", raising=False)
    rt.gpus[3] = ("NVIDIA H100 80GB HBM3", (9, 0))
    monkeypatch.setenv("TILE_OPT_CACHE", str(tmp_path / "cache"))
    kernel = tile_opt.compile("f16", config="auto", autotune=4)
    for device in (0, 2, 3):
        kernel(*operands(f"cuda:{device}"))
    paths = [launcher.record.path for launcher in rt.launchers]
    assert paths[0] == paths[1] != paths[2]  # two H200s share a record, the H100 its own
    cache = Path(os.environ["TILE_OPT_CACHE"]).absolute()
    assert {p.parent for p in paths} == {kernel.folder.parent / "autotune"}
    assert kernel.folder.parent == cache and paths[0].name.startswith(kernel.key + "-")
    assert rt.launchers[0].record.count == 4 and rt.launchers[2].record.gpu == {
        "name": "NVIDIA H100 80GB HBM3", "cc": [9, 0], "sms": 132}
    rt.launchers.clear()
    for make in (lambda: tile_opt.compile("f16", config="auto", autotune=1),
                 lambda: tile_opt.compile("f16", config="manual", autotune=4),
                 lambda: tile_opt.Kernel(kernel.manifest_path, "f16", "f16", autotune=4)):
        make()(*operands("cuda:0"))
    assert [launcher.record for launcher in rt.launchers] == [None] * 3
    assert not (cache / "autotune").exists()  # nothing written before a GPU times


@pytest.mark.parametrize("value, source", [
    (-1, "autotune is -1"), (65, "autotune is 65"), (2.0, "autotune is 2.0"),
    (True, "autotune is True"), ("3", "autotune is '3'")])
def test_autotune_refuses_what_is_not_a_count(standin, rt, monkeypatch, value, source):
    monkeypatch.delenv("TILE_OPT_AUTOTUNE", raising=False)
    with pytest.raises(tile_opt.OptionError) as e:
        tile_opt.compile("f16", autotune=value)
    assert str(e.value) == (f"{source}; expected a whole number of candidates "
                            f"from 0 to 64")
    assert standin.runs() == []  # refused before compiling


@pytest.mark.parametrize("text", ["three", "-2", "1e3"])
def test_autotune_environment_refused_in_one_line(standin, rt, monkeypatch, text):
    monkeypatch.setenv("TILE_OPT_AUTOTUNE", text)
    with pytest.raises(tile_opt.OptionError) as e:
        tile_opt.compile("f16")
    assert str(e.value).startswith("TILE_OPT_AUTOTUNE is ")



def test_autotuned_reports_what_a_devices_launcher_kept(rt, tmp_path):
    """Kernel.autotuned: the member a device's launcher kept for a shape
    (any leading dimensions) and why; None where it timed none."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    subprocess.run([tile_opt.find_tile_opt(), os.path.join(root, "examples", "matmul_f16.mlir"),
                    "--tile-to-ptx=config=auto", f"--tile-bundle={tmp_path}", "-o",
                    os.devnull], check=True)
    kernel = tile_opt.Kernel(tmp_path / "matmul_f16.json", "f16", "f16", autotune=4)
    assert kernel.autotuned(64, 16, 32, device=0) is None  # nothing loaded yet
    kernel(*operands("cuda:1"))
    assert kernel.autotuned(64, 16, 32, device=1) is None  # loaded, not timed
    kernel(*operands("cuda:2"))  # a second device: a copy of the bundle
    chosen = kernel._launchers[2].bundle.members[-1]
    assert chosen.kernel == kernel.entry.members[-1].kernel and chosen is not \
        kernel.entry.members[-1]
    kernel._launchers[2].tuned = {(64, 16, 32, 32, 16, 16): {"kernel": chosen.handle,
                                                             "why": "rule 9, fastest of 4"}}
    assert kernel.autotuned(64, 16, 32, device=2) == (chosen, "rule 9, fastest of 4")
    assert kernel.autotuned(64, 16, 33, device=2) is None
    assert kernel.autotuned(64, 16, 32, device=1) is None  # another device's
