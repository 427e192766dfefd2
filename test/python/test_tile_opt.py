"""Tests of the tile_opt package (python/tile_opt) that need no GPU.

Compiling, the cache, the manifest/ABI mapping and every argument check run
on a CPU without torch: kernels are compiled with the real tile-opt (TILE_OPT,
else build/bin/tile-opt; skipped without one) or with a stand-in script that
writes a small valid bundle and logs its runs; tensors are stand-ins that
have what tile_opt reads of a tensor. The tests that need torch skip
without it. test_tile_opt_gpu.py has the GPU tests.
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap
import time
import traceback
import types
from pathlib import Path

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PYTHON_DIR = os.path.join(ROOT, "python")
sys.path.insert(0, PYTHON_DIR)

import tile_opt  # noqa: E402
from tile_opt import checks, compiler, kernel as kernel_module, ops  # noqa: E402
from tile_opt.ir import matmul_ir  # noqa: E402
from tile_bench.bundle import Dispatch, load_manifest  # noqa: E402
from tile_bench import tools  # noqa: E402


from real_tools import REAL_TILE_OPT, needs_tile_opt  # noqa: E402

try:
    import torch
except ImportError:
    torch = None
needs_torch = pytest.mark.skipif(torch is None, reason="needs torch")

# ---------------------------------------------------------------------------
# A stand-in tile-opt: prints a version ($STANDIN_VERSION) and a --help laid
# out as MLIR's (STANDIN_OPTIONS under --tile-to-ptx, plus
# $STANDIN_HELP_EXTRA), logs each compile to $STANDIN_LOG, waits
# $STANDIN_DELAY seconds, fails with $STANDIN_FAIL, and otherwise writes a
# small mma.sync bundle whose PTX declares the manifest's parameters (which
# is all tile_bench checks of it), for the chip $STANDIN_CHIP if set.

STANDIN_OPTIONS = {
    "block-k": "<long>", "block-m": "<long>", "block-n": "<long>", "calibration": "<string>",
    "chip": ["sm_80", "sm_90a"],
    "cluster-m": "<long>", "config": ["manual", "auto"], "group-m": "<long>", "l2-promotion": "<long>",
    "index-bitwidth": "<uint>", "min-blocks-per-sm": "<uint>", "mma": ["sync", "wgmma"],
    "num-stages": "<long>", "num-warps": "<long>", "order": ["linear", "grouped"],
    "schedule": ["tiled", "persistent"], "serialize": "", "split-k": "<long>", "swap-ab": "<long>",
    "tune-cache": "<string>", "warp-specialize": ["none", "cooperative"]}

# The block options, as tile-opt's config option names them.
STANDIN_BLOCK = ["schedule", "block-m", "block-n", "block-k", "num-warps", "num-stages", "order",
                 "group-m", "mma", "warp-specialize", "cluster-m", "split-k", "swap-ab",
                 "l2-promotion", "chip"]

STANDIN = (f"#!{sys.executable}\nOPTIONS = {STANDIN_OPTIONS!r}\nBLOCK = {STANDIN_BLOCK!r}\n"
           + r'''
import json, os, re, sys, time
args = sys.argv[1:]
if args == ["--version"]:
    print(os.environ.get("STANDIN_VERSION", "stand-in tile-opt 1"))
    sys.exit(0)
if args == ["--help"]:
    def line(text, desc):
        print(f"{text:<50} - {desc}")
    print("OVERVIEW: stand-in tile-opt\n\nOPTIONS:\n\nGeneral options:\n")
    line("  --allow-unregistered-dialect", "Allow operation with no registered dialects")
    print("  Compiler passes to run\n    Passes:")
    line("      --tile-tiling", "  Tile tile.matmul (run --tile-to-ptx instead)")
    line("        --tiling-only=<long>", "An option of another pass")
    print("    Pass Pipelines:")
    line("      --tile-to-ptx", "  Compile tile.matmul kernels to PTX")
    extra = os.environ.get("STANDIN_HELP_EXTRA")
    for name, kind in sorted({**OPTIONS, **({extra: "<long>"} if extra else {})}.items()):
        if name == "config":
            line(f"        --{name}=<value>", "Block configuration: manual (the block options: "
                 + ", ".join(BLOCK) + ") or auto (a family; it refuses the block options and "
                 "reads the file options: tune-cache, calibration)")
            for value in kind:
                line(f"    ={value}", "  A value")
        elif isinstance(kind, list):
            line(f"        --{name}=<value>", "An enum")
            for value in kind:
                line(f"    ={value}", "  A value")
        else:
            line(f"        --{name}" + (f"={kind}" if kind else ""), "An option")
    line("  --tile-bundle=<string>", "Write a bundle")
    sys.exit(0)
log = os.environ.get("STANDIN_LOG")
if log:
    with open(log, "a") as f:
        f.write(json.dumps({"argv": args, "cwd": os.getcwd(), "pid": os.getpid()}) + "\n")
time.sleep(float(os.environ.get("STANDIN_DELAY", "0")))
if os.environ.get("STANDIN_FAIL"):
    print(args[0] + ":3:1: error: " + os.environ["STANDIN_FAIL"], file=sys.stderr)
    print("note: a second line", file=sys.stderr)
    sys.exit(1)
text = open(args[0]).read()
name = re.search(r"func\.func @(\w+)", text).group(1)
types = re.findall(r"%[ABC]: memref<\?x\?x(\w+)(, strided<\[1, \?\]>)?>", text)
layout = "".join("t" if t[1] else "n" for t in types[:2])
out = next(a.split("=", 1)[1] for a in args if a.startswith("--tile-bundle="))
os.makedirs(out)
names = ["A", "B", "C", "M", "N", "K", "stride_am", "stride_ak", "stride_bk",
         "stride_bn", "stride_cm", "stride_cn"]
params = [{"name": n, "type": "ptr" if n in "ABC" else "i64"} for n in names]
decls = ",\n".join(f"\t.param .u64 {name}_param_{i}" for i in range(len(names)))
with open(os.path.join(out, name + ".ptx"), "w") as f:
    f.write(f".version 8.0\n.target sm_90\n.address_size 64\n"
            f".visible .entry {name}(\n{decls}\n)\n{{\n\tret;\n}}\n")
manifest = {"kernel": name, "ptx": name + ".ptx", "schedule": "tiled", "block_m": 128,
            "block_n": 64, "block_k": 32, "threads_per_block": 128,
            "dynamic_shared_memory_bytes": 0, "a_type": types[0][0],
            "b_type": types[1][0], "c_type": types[2][0], "layouts": [layout],
            "params": params, "mma": "sync", "index_bitwidth": 32}
if os.environ.get("STANDIN_CHIP"):
    manifest["chip"] = os.environ["STANDIN_CHIP"]
with open(os.path.join(out, name + ".json"), "w") as f:
    json.dump(manifest, f)
''')


class Standin:
    def __init__(self, folder):
        self.path = os.path.join(folder, "bin", "tile-opt")
        self.log = os.path.join(folder, "standin.log")
        os.makedirs(os.path.dirname(self.path))
        with open(self.path, "w") as f:
            f.write(STANDIN)
        os.chmod(self.path, 0o755)

    def runs(self):
        """The compiles it was asked for ('--version' is not logged)."""
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            return [json.loads(line) for line in f]


@pytest.fixture
def standin(tmp_path, monkeypatch):
    s = Standin(str(tmp_path / "standin"))
    monkeypatch.setenv("TILE_OPT", s.path)
    monkeypatch.setenv("STANDIN_LOG", s.log)
    monkeypatch.setenv("TILE_OPT_CACHE", str(tmp_path / "cache"))
    for var in ("STANDIN_VERSION", "STANDIN_DELAY", "STANDIN_FAIL", "STANDIN_HELP_EXTRA",
                "STANDIN_CHIP"):
        monkeypatch.delenv(var, raising=False)
    return s


@pytest.fixture(autouse=True)
def fresh_families():
    """tile_opt.matmul's per-process kernels must not outlive a test's cache."""
    ops._families.clear()
    yield
    ops._families.clear()


@pytest.fixture
def cache(tmp_path):
    return str(tmp_path / "real-cache")


def one_line_error(error_type, fn, *args, **kwargs):
    """Calls fn, expecting `error_type`: one line, no chained exception, and
    no frame inside the package but the public function called."""
    with pytest.raises(error_type) as info:
        fn(*args, **kwargs)
    e = info.value
    assert isinstance(e, tile_opt.TileOptError)
    assert "\n" not in str(e) and str(e)
    assert e.__cause__ is None and e.__suppress_context__
    package = os.path.join(PYTHON_DIR, "tile_opt")
    inside = [f for f in traceback.extract_tb(e.__traceback__) if f.filename.startswith(package)]
    assert len(inside) <= 1, inside
    return str(e)


def run_python(code, env=None, cwd=None):
    """Runs `code` in a fresh interpreter with python/ on the path."""
    full = dict(os.environ if env is None else env)
    full["PYTHONPATH"] = PYTHON_DIR
    full["PYTHONDONTWRITEBYTECODE"] = "1"
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=full,
                          cwd=cwd, capture_output=True, text=True, timeout=300)


# ---------------------------------------------------------------------------
# The input IR


def test_ir_matches_the_examples():
    with open(os.path.join(ROOT, "examples", "matmul_f16.mlir")) as f:
        example = f.read()
    text = matmul_ir("f16", "f16", "nn")

    def code(t):  # without comments, whitespace collapsed
        return " ".join(" ".join(line for line in t.splitlines()
                                 if not line.lstrip().startswith("//")).split())
    assert code(text).replace("@matmul_f16_f16_nn", "@matmul_f16") == code(example)
    assert "@matmul_f16_f16_nn(%A: memref<?x?xf16>, %B: memref<?x?xf16>, " \
           "%C: memref<?x?xf16>)" in text
    nt = matmul_ir("bf16", "f32", "nt")
    assert "%B: memref<?x?xbf16, strided<[1, ?]>>" in nt
    assert "%A: memref<?x?xbf16>," in nt and "%C: memref<?x?xf32>" in nt
    assert "%A: memref<?x?xf16, strided<[1, ?]>>" in matmul_ir("f16", "f16", "tn")


@needs_tile_opt
@pytest.mark.parametrize("dtype,c_dtype,layout", [
    ("f16", "f16", "nn"), ("f16", "f32", "nn"), ("f16", "bf16", "nn"), ("bf16", "bf16", "nn"),
    ("bf16", "f32", "nn"), ("bf16", "f16", "nn"), ("f16", "f16", "nt"), ("bf16", "f32", "tn"),
    ("f16", "f32", "tt")])
def test_real_tile_opt_compiles_every_type_and_layout(cache, dtype, c_dtype, layout):
    k = tile_opt.compile(dtype, c_dtype, layout, config="manual", cache_dir=cache,
                         tool=REAL_TILE_OPT)
    (b,) = k.members
    assert (b.a_type, b.c_type, b.layouts, b.mma) == (dtype, c_dtype, (layout,), "sync")
    assert b.kernel == f"matmul_{dtype}_{c_dtype}_{layout}"


@needs_tile_opt
def test_config_auto_compiles_the_family(cache):
    k = tile_opt.compile("bf16", "f32", cache_dir=cache, tool=REAL_TILE_OPT)
    assert isinstance(k.entry, Dispatch) and k.options == "config=auto"
    assert len(k.members) >= 4
    assert all((b.a_type, b.c_type, b.mma, b.layouts) == ("bf16", "f32", "wgmma", ("nn",))
               for b in k.members)


def test_argument_errors_before_any_compile(standin):
    cases = [
        (dict(dtype="f32"), "dtype is 'f32'"),
        (dict(dtype="int8"), "expected one of f16, bf16"),
        (dict(c_dtype="f64"), "c_dtype is 'f64'"),
        (dict(layout="nx"), "layout is 'nx'"),
        (dict(config="fast"), "config is 'fast'"),
        (dict(block_m=64, config="auto"), "would ignore block_m"),
        (dict(config="manual", block_m="6 4"), "values are letters"),
        (dict(config="manual", **{"Block-M": 64}), "Block-M is not a --tile-to-ptx option"),
    ]
    for kwargs, text in cases:
        assert text in one_line_error(tile_opt.OptionError, tile_opt.compile, **kwargs)
    assert standin.runs() == []


def test_types_may_be_given_as_torch_names(standin):
    k = tile_opt.compile("torch.bfloat16", "float32", config="manual")
    assert (k.dtype, k.c_dtype) == ("bf16", "f32")


# ---------------------------------------------------------------------------
# Options: tile-opt's own, as its --help lists them


def test_pass_options_come_from_tile_opt_help(standin, monkeypatch):
    names = compiler.pass_options(standin.path)
    assert names == set(STANDIN_OPTIONS)  # not another pass's, nor tile-opt's own
    block = compiler.block_options(standin.path)
    assert block == {n.replace("-", "_") for n in STANDIN_BLOCK}
    assert compiler.file_options(standin.path) == {"tune_cache", "calibration"}
    # Read once per build of the binary.
    monkeypatch.setenv("STANDIN_HELP_EXTRA", "new-option")
    assert compiler.pass_options(standin.path) == names
    msg = one_line_error(tile_opt.OptionError, tile_opt.compile, config="manual", new_option=1)
    assert msg.startswith("new_option is not a --tile-to-ptx option; tile-opt takes block-k, ")
    with open(standin.path, "a") as f:
        f.write("# rebuilt\n")
    assert compiler.pass_options(standin.path) == names | {"new-option"}
    tile_opt.compile(config="manual", new_option=1)
    assert standin.runs()[-1]["argv"][1] == "--tile-to-ptx=new-option=1"


_NO_PIPELINE = "lists no --tile-to-ptx options"
_NO_BLOCK = "names no block options under --config"
_PIPELINE = "    Pass Pipelines:\n      --tile-to-ptx  -   none\n        --block-m=<long> - Rows\n"


@pytest.mark.parametrize("help_text, why", [
    ("", _NO_PIPELINE), ("OPTIONS:\n  --tile-to-ptx=<string> - a file\n", _NO_PIPELINE),
    ("    Pass Pipelines:\n      --tile-to-ptx  -   none\n  --tile-bundle=<string> - x\n",
     _NO_PIPELINE),
    (_PIPELINE, _NO_BLOCK),
    (_PIPELINE + "        --config=<value> - Block configuration\n", _NO_BLOCK),
    (_PIPELINE + "        --config=<value> - (the block options: )\n", _NO_BLOCK),
    (_PIPELINE + "        --config=<value> - (the block options: mma)\n",
     "names no file options under --config")])
def test_a_help_without_the_pipeline_options(tmp_path, help_text, why):
    tool = tmp_path / "tile-opt"
    tool.write_text(f"#!{sys.executable}\nimport sys\n"
                    f"print('v1' if sys.argv[1] == '--version' else {help_text!r})\n")
    tool.chmod(0o755)
    msg = one_line_error(tile_opt.CompileError, tile_opt.compile, config="manual",
                         cache_dir=tmp_path / "cache", tool=str(tool))
    assert msg == f"{tool} --help {why}"


@needs_tile_opt
def test_real_tile_opt_lists_its_options():
    names = compiler.pass_options(REAL_TILE_OPT)
    block = compiler.block_options(REAL_TILE_OPT)
    assert {"block_m", "schedule", "split_k", "chip"} <= block
    assert not block & {"config", "tune_cache", "calibration", "index_bitwidth", "serialize"}
    files = compiler.file_options(REAL_TILE_OPT)
    assert files == {"tune_cache", "calibration"}
    assert {n.replace("_", "-") for n in block | files} <= names
    assert {"config", "index-bitwidth", "serialize"} <= names
    assert not names & {"tile-to-ptx", "tile-bundle", "tool", "cache-dir"}


@pytest.fixture
def trap(tmp_path):
    """A script that must never run: it leaves a file when it does."""
    path = tmp_path / "trap.sh"
    path.write_text(f"#!/bin/sh\ntouch {tmp_path / 'trap-ran'}\n")
    path.chmod(0o755)
    return path


@pytest.mark.parametrize("word", ["tool={trap}", "cache_dir={tmp}/moved", "cache-dir={tmp}/moved",
                                  "dtype=f32", "layout=nt", "c_dtype=f32", "timeout=1",
                                  "out_dtype=f32", "options=x"])
def test_config_text_is_only_tile_opt_options(standin, no_runtime, trap, tmp_path, word):
    word = word.format(trap=trap, tmp=tmp_path)
    name = word.split("=")[0]
    for config in (f"mma=sync {word}", f"{word} block-m=64", f"config=auto {word}"):
        msg = one_line_error(tile_opt.OptionError, tile_opt.family, "f16", config=config)
        assert msg.startswith(f"{name} is not a --tile-to-ptx option; tile-opt takes ")
        msg = one_line_error(tile_opt.OptionError, tile_opt.matmul, FakeTensor((64, 32)),
                             FakeTensor((32, 16), ptr=0x40000), config=config)
        assert msg.startswith(f"{name} is not a --tile-to-ptx option")
    assert not (tmp_path / "trap-ran").exists() and not (tmp_path / "moved").exists()
    assert standin.runs() == []


def test_config_text_takes_either_spelling(standin):
    tile_opt.family("f16", config="mma=sync block_m=64 num-warps=4")
    tile_opt.family("bf16", config="config=manual split_k=2")
    assert [r["argv"][1] for r in standin.runs()] == [
        "--tile-to-ptx=block-m=64 mma=sync num-warps=4", "--tile-to-ptx=split-k=2"]


@pytest.mark.parametrize("kwargs", [dict(bogus=1), dict(tile_to_ptx=1), dict(tool_path="x"),
                                    {"Block-M": 64}, {"block m": 64}, dict(tiling_only=2)])
def test_unknown_options_are_named(standin, kwargs):
    (name,) = kwargs
    msg = one_line_error(tile_opt.OptionError, tile_opt.compile, config="manual", **kwargs)
    assert msg.startswith(f"{name} is not a --tile-to-ptx option; tile-opt takes block-k, ")
    assert standin.runs() == []


# ---------------------------------------------------------------------------
# File options: regular files, bounded, as absolute paths


def _compile_in_child(tune_cache):
    """compile(tune_cache=...) in a fresh interpreter with 1 GiB of address
    space and 60 s, so that a read without end or a blocked open fails the
    test instead of the test run: what it raised, as 'Type: message'."""
    code = f"""
        import tile_opt
        try:
            tile_opt.compile(config="auto", tune_cache={tune_cache!r})
            print("compiled")
        except Exception as e:
            print(f"{{type(e).__name__}}: {{e}}")
        """
    env = dict(os.environ, PYTHONPATH=PYTHON_DIR, PYTHONDONTWRITEBYTECODE="1")

    def limit():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    try:
        r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                           preexec_fn=limit, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("compile() blocked on the tune cache")
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "directory", "too-large", "socket"])
def test_a_tune_cache_must_be_a_small_regular_file(standin, tmp_path, kind):
    path = tmp_path / "tune"
    if kind == "dev-zero":
        path = "/dev/zero"
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as server:  # the path stays a socket
            server.bind(str(path))
    else:
        with open(path, "wb") as f:  # sparse: no disk needed
            f.truncate(16 * 1024 * 1024 + 1)
    what = "larger than 16777216 bytes" if kind == "too-large" else "not a regular file"
    assert _compile_in_child(str(path)) == f"OptionError: option tune_cache={path}: {what}"
    assert standin.runs() == []
    # In this process too: one line, no traceback into the package.
    assert one_line_error(tile_opt.OptionError, tile_opt.compile, config="auto",
                          tune_cache=str(path)).endswith(what)


def test_a_tune_cache_at_the_limit(standin, tmp_path):
    path = tmp_path / "tune.json"
    with open(path, "wb") as f:
        f.truncate(16 * 1024 * 1024)
    tile_opt.compile(config="auto", tune_cache=str(path))
    assert len(standin.runs()) == 1


@pytest.mark.parametrize("relative", ["cache.json", "tune/cache.json", "./tune/../cache.json"])
def test_a_relative_tune_cache_is_the_callers(standin, tmp_path, monkeypatch, relative):
    work = tmp_path / "work"
    (work / "tune").mkdir(parents=True)
    monkeypatch.chdir(work)
    absolute = os.path.abspath(relative)
    with open(absolute, "w") as f:
        f.write("{}")
    first = tile_opt.compile(config="auto", tune_cache=relative)
    assert [r["argv"][1] for r in standin.runs()] == [
        f"--tile-to-ptx=config=auto tune-cache={absolute}"]
    # Config text too: the same options, so the same key.
    family = tile_opt.family("f16", config=f"config=auto tune-cache={relative}")
    assert family.key == first.key and family.options == f"config=auto tune-cache={absolute}"
    # The file hashed is the file tile-opt reads.
    with open(absolute, "w") as f:
        f.write('{"winners": []}')
    assert tile_opt.compile(config="auto", tune_cache=relative).key != first.key
    os.remove(absolute)
    msg = one_line_error(tile_opt.OptionError, tile_opt.compile, config="auto",
                         tune_cache=relative)
    assert msg == f"option tune_cache={absolute}: No such file or directory"


# ---------------------------------------------------------------------------
# A time limit on tile-opt


def _running(pid):
    """Whether process `pid` exists and is not a zombie (Linux)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _stops(pid):
    """Whether process `pid` stops running within 5 s (a SIGKILL is not
    synchronous)."""
    for _ in range(100):
        if not _running(pid):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("timeout", [0.5, 1, 0.25])
def test_a_hung_tile_opt_is_killed(standin, monkeypatch, timeout):
    monkeypatch.setenv("STANDIN_DELAY", "30")
    start = time.monotonic()
    msg = one_line_error(tile_opt.CompileError, tile_opt.compile, config="manual",
                         timeout=timeout)
    assert time.monotonic() - start < 10
    assert msg == f"tile-opt did not finish within {timeout:g} s"
    (run,) = standin.runs()
    assert _stops(run["pid"])
    assert os.listdir(os.environ["TILE_OPT_CACHE"]) == []  # its temporary folder too


def test_what_a_hung_tile_opt_started_is_killed_too(standin, tmp_path):
    # A tool that leaves a child of its own behind, which must not outlive it.
    tool = tmp_path / "wrapper"
    pid_file = tmp_path / "child.pid"
    tool.write_text(f"#!/bin/sh\ncase \"$1\" in --*) exec {standin.path} \"$@\";; esac\n"
                    f"sleep 30 &\necho $! > {pid_file}\nwait\n")
    tool.chmod(0o755)
    msg = one_line_error(tile_opt.CompileError, tile_opt.compile, config="manual",
                         timeout=1, tool=str(tool))
    assert msg == "tile-opt did not finish within 1 s"
    assert _stops(int(pid_file.read_text()))
    assert os.listdir(os.environ["TILE_OPT_CACHE"]) == []


@pytest.mark.parametrize("timeout", [True, False, "10", None, 0, -1, -0.5, float("nan"),
                                     float("inf"), [5],
                                     pytest.param(10**400, id="int-past-float")])
def test_bad_timeouts(standin, timeout):
    msg = one_line_error(tile_opt.OptionError, tile_opt.compile, config="manual",
                         timeout=timeout)
    assert msg == f"timeout is {timeout!r}; expected a positive number of seconds"
    assert standin.runs() == []


@pytest.mark.parametrize("folder", ["", b"cache", 123])
def test_bad_cache_dirs(standin, folder):
    """An empty name would write to the default folder, not the one named."""
    msg = one_line_error(tile_opt.OptionError, tile_opt.compile, config="manual",
                         cache_dir=folder)
    assert msg == f"cache_dir is {folder!r}; expected the path of a folder"
    assert standin.runs() == []


def test_one_option_named_twice(standin):
    msg = one_line_error(tile_opt.OptionError, tile_opt.compile, config="manual",
                         **{"block-m": 64, "block_m": 128})
    assert msg == "options block-m, block_m name one option twice"
    assert standin.runs() == []


def test_a_timeout_long_enough(standin, monkeypatch):
    monkeypatch.setenv("STANDIN_DELAY", "0.2")
    assert not tile_opt.compile(config="manual", timeout=30).cached
    assert kernel_module.compile.__kwdefaults__["timeout"] == compiler.COMPILE_TIMEOUT == 600


# ---------------------------------------------------------------------------
# Finding tile-opt


def test_tile_opt_from_the_environment(standin):
    tile_opt.compile(config="manual")
    assert len(standin.runs()) == 1


def _other_standin(tmp_path, name):
    """A second stand-in, for telling which one ran."""
    return Standin(str(tmp_path / name))


def test_the_tool_argument_beats_the_environment(standin, tmp_path, monkeypatch):
    other = _other_standin(tmp_path, "explicit")
    monkeypatch.setenv("STANDIN_LOG", other.log)
    tile_opt.compile(config="manual", tool=other.path)
    assert compiler.find_tile_opt(other.path) == other.path
    assert len(other.runs()) == 1 and standin.runs() == []


# (An empty TILE_OPT is unset: test_an_empty_tile_opt_is_unset.)
@pytest.mark.parametrize("source,what", [
    (source, what) for source in ("TILE_OPT", "tool")
    for what in ("empty file", "folder", "absent", "name not on PATH")] + [("tool", "")])
def test_a_named_tile_opt_that_is_not_a_program(standin, tmp_path, monkeypatch, what, source):
    value = {"empty file": str(tmp_path / "not-a-binary"), "folder": str(tmp_path),
             "absent": str(tmp_path / "absent"), "name not on PATH": "no-such-tile-opt",
             "": ""}[what]
    (tmp_path / "not-a-binary").write_text("")
    kwargs = {}
    if source == "TILE_OPT":
        monkeypatch.setenv("TILE_OPT", value)
    else:
        kwargs["tool"] = value
    msg = one_line_error(tile_opt.ToolNotFoundError, tile_opt.compile, **kwargs)
    assert msg == f"{source} '{value}' is not an executable program"
    assert standin.runs() == []


@pytest.mark.parametrize("tool", [5, ["tile-opt"], b"tile-opt"])
def test_a_tool_that_is_not_a_path(standin, tool):
    msg = one_line_error(tile_opt.ToolNotFoundError, tile_opt.compile, tool=tool)
    assert msg == f"tool is {tool!r}; expected a path or a name"


def test_tile_opt_by_name_on_path(standin, monkeypatch):
    monkeypatch.setenv("PATH", os.path.dirname(standin.path))
    for name in ("tile-opt", os.path.relpath(standin.path)):
        monkeypatch.setenv("TILE_OPT", name)
        assert compiler.find_tile_opt() == standin.path
        assert compiler.find_tile_opt(name) == standin.path


@pytest.fixture
def no_build(monkeypatch, tmp_path):
    """A build folder without tools, and TILE_OPT unset."""
    monkeypatch.delenv("TILE_OPT")
    monkeypatch.setattr(tools, "REPO_BIN", tmp_path / "no-build")
    return tmp_path / "no-build"


def test_an_empty_tile_opt_is_unset(standin, no_build, monkeypatch):
    monkeypatch.setenv("TILE_OPT", "")
    monkeypatch.setenv("PATH", os.path.dirname(standin.path))
    assert compiler.find_tile_opt() == standin.path


def test_tile_opt_missing_everywhere(standin, tmp_path, no_build, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    msg = one_line_error(tile_opt.ToolNotFoundError, tile_opt.compile)
    assert msg == ("cannot find tile-opt: pass it as tool, set TILE_OPT, build it "
                   "(scripts/setup.sh) or put it on PATH")


def test_tile_opt_from_path(standin, no_build, monkeypatch):
    monkeypatch.setenv("PATH", os.path.dirname(standin.path))
    assert compiler.find_tile_opt() == standin.path
    tile_opt.compile(config="manual")
    assert len(standin.runs()) == 1


def test_the_build_folder_beats_path(standin, tmp_path, no_build, monkeypatch):
    built = _other_standin(tmp_path, "build")
    monkeypatch.setattr(tools, "REPO_BIN", Path(built.path).parent)
    monkeypatch.setenv("PATH", os.path.dirname(standin.path))
    assert compiler.find_tile_opt() == built.path
    # A build folder's file that is not executable is passed over.
    os.chmod(built.path, 0o644)
    assert compiler.find_tile_opt() == standin.path


def test_tile_run_by_the_same_rule(tmp_path, no_build, monkeypatch):
    tool = _other_standin(tmp_path, "run").path
    monkeypatch.setenv("TILE_RUN", tool)
    assert compiler.find_tool("tile-run") == tool
    monkeypatch.delenv("TILE_RUN")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(tile_opt.ToolNotFoundError) as info:
        compiler.find_tool("tile-run", argument="--tile-run")
    assert str(info.value) == ("cannot find tile-run: pass it as --tile-run, set TILE_RUN, "
                               "build it (scripts/setup.sh) or put it on PATH")


@needs_tile_opt
def test_tile_opt_from_the_build_folder(monkeypatch):
    monkeypatch.delenv("TILE_OPT", raising=False)
    if not os.path.exists(tools.REPO_BIN / "tile-opt"):
        pytest.skip("no build/bin/tile-opt")
    assert compiler.find_tile_opt() == str(tools.REPO_BIN / "tile-opt")


# ---------------------------------------------------------------------------
# The cache


def test_second_compile_is_a_cache_hit(standin, tmp_path):
    first = tile_opt.compile(config="manual", block_m=64)
    second = tile_opt.compile(config="manual", block_m=64)
    assert len(standin.runs()) == 1
    assert (first.cached, second.cached) == (False, True)
    assert first.manifest_path == second.manifest_path
    assert first.folder.parent == tmp_path / "cache"
    assert standin.runs()[0]["argv"] == [
        "matmul_f16_f16_nn.mlir", "--tile-to-ptx=block-m=64", "--tile-bundle=bundle", "-o",
        os.devnull]
    # tile-opt ran inside the cache folder, in a temporary folder renamed since.
    cwd = standin.runs()[0]["cwd"]
    assert os.path.dirname(cwd) == str(tmp_path / "cache") and not os.path.exists(cwd)
    assert sorted(os.listdir(first.folder)) == ["bundle", "digest.json", "key.json",
                                                "matmul_f16_f16_nn.mlir"]
    # Another process finds it on disk.
    r = run_python("import tile_opt; print(tile_opt.compile(config='manual', block_m=64).cached)")
    assert r.returncode == 0 and r.stdout.strip() == "True", r.stderr
    assert len(standin.runs()) == 1


def test_what_changes_the_key(standin, monkeypatch):
    base = tile_opt.compile(config="manual", block_m=64, block_n=64)
    keys = {base.key}
    # Option order does not matter; option values do.
    assert tile_opt.compile(config="manual", block_n=64, block_m=64).key == base.key
    variants = [dict(block_m=128, block_n=64), dict(block_m=64, block_n=64, num_stages=4),
                dict(dtype="bf16", block_m=64, block_n=64),
                dict(c_dtype="f32", block_m=64, block_n=64),
                dict(layout="nt", block_m=64, block_n=64)]
    for kwargs in variants:
        keys.add(tile_opt.compile(config="manual", **kwargs).key)
    assert len(keys) == 1 + len(variants)
    # The tile-opt version (read once per build of the binary), and the binary.
    monkeypatch.setenv("STANDIN_VERSION", "stand-in tile-opt 2")
    compiler._identities.clear()
    keys.add(tile_opt.compile(config="manual", block_m=64, block_n=64).key)
    with open(standin.path, "a") as f:
        f.write("# rebuilt\n")
    keys.add(tile_opt.compile(config="manual", block_m=64, block_n=64).key)
    assert len(keys) == 3 + len(variants)
    assert len(standin.runs()) == len(keys)


def test_the_input_ir_is_in_the_key(standin):
    key = compiler.cache_key(matmul_ir("f16", "f16", "nn"), "", standin.path)
    assert key == compiler.cache_key(matmul_ir("f16", "f16", "nn"), "", standin.path)
    assert key != compiler.cache_key(matmul_ir("f16", "f16", "nn") + "\n", "", standin.path)
    assert key != compiler.cache_key(matmul_ir("f16", "f16", "nn"), "block-m=64", standin.path)


def test_a_calibration_table_is_a_file_option(standin, tmp_path, monkeypatch):
    """config=auto's calibration=FILE, as tune-cache: the caller's relative
    path made absolute (tile-opt runs elsewhere), its contents in the key."""
    monkeypatch.chdir(tmp_path)
    table = tmp_path / "table.json"
    table.write_text('{"chip": "sm_90a"}')
    first = tile_opt.compile(config="auto", calibration="table.json")
    assert standin.runs()[0]["argv"][1] == f"--tile-to-ptx=config=auto calibration={table}"
    table.write_text('{"chip": "sm_90a", "sms": 132}')
    assert tile_opt.compile(config="auto", calibration="table.json").key != first.key


def test_a_tune_cache_file_is_in_the_key(standin, tmp_path):
    tune = tmp_path / "cache.json"
    tune.write_text("{}")
    first = tile_opt.compile(config="auto", tune_cache=str(tune))
    tune.write_text('{"winners": []}')
    second = tile_opt.compile(config="auto", tune_cache=str(tune))
    assert first.key != second.key and len(standin.runs()) == 2
    assert "tune-cache=" + str(tune) in standin.runs()[0]["argv"][1]
    tune.unlink()
    assert "cache.json" in one_line_error(tile_opt.OptionError, tile_opt.compile,
                                          config="auto", tune_cache=str(tune))


def test_cache_folder_from_the_argument(standin, tmp_path):
    k = tile_opt.compile(config="manual", cache_dir=tmp_path / "elsewhere")
    assert k.folder.parent == tmp_path / "elsewhere"
    assert not (tmp_path / "cache").exists()


def test_nothing_is_written_outside_the_cache(standin, tmp_path):
    home, tmp, cwd = (tmp_path / d for d in ("home", "tmp", "cwd"))
    for d in (home, tmp, cwd):
        d.mkdir()
    env = dict(os.environ, HOME=str(home), TMPDIR=str(tmp))
    del env["TILE_OPT_CACHE"]
    r = run_python("import tile_opt; print(tile_opt.compile(config='manual').folder)",
                   env=env, cwd=str(cwd))
    assert r.returncode == 0, r.stderr
    folder = r.stdout.strip()
    # The default cache folder, and nothing else anywhere.
    assert os.path.dirname(folder) == str(home / ".cache" / "tile_opt")
    assert os.listdir(home / ".cache" / "tile_opt") == [os.path.basename(folder)]
    assert os.listdir(home) == [".cache"] and os.listdir(home / ".cache") == ["tile_opt"]
    assert os.listdir(tmp) == [] and os.listdir(cwd) == []


def test_two_processes_compiling_one_key(standin, monkeypatch):
    # Both start before either finishes, so both compile; one rename wins.
    monkeypatch.setenv("STANDIN_DELAY", "1.5")
    code = "import tile_opt; k = tile_opt.compile(config='manual'); print(k.folder, len(k.members))"
    env = dict(os.environ, PYTHONPATH=PYTHON_DIR, PYTHONDONTWRITEBYTECODE="1")
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert outs[0][0] == outs[1][0] and outs[0][0].endswith(" 1\n")
    assert len(standin.runs()) == 2
    cache = os.environ["TILE_OPT_CACHE"]
    assert os.listdir(cache) == [os.path.basename(outs[0][0].split()[0])]
    assert load_manifest(os.path.join(outs[0][0].split()[0], "bundle",
                                      "matmul_f16_f16_nn.json")).kernel == "matmul_f16_f16_nn"


def test_a_failed_compile_leaves_nothing(standin, monkeypatch):
    monkeypatch.setenv("STANDIN_FAIL", "tile-tiling: block-m must be a multiple of 16")
    msg = one_line_error(tile_opt.CompileError, tile_opt.compile, config="manual", block_m=100)
    assert msg == ('tile-opt refused --tile-to-ptx="block-m=100": error: tile-tiling: '
                   'block-m must be a multiple of 16')
    assert os.listdir(os.environ["TILE_OPT_CACHE"]) == []


def _dead_pid():
    """The pid of a process that has exited (and been reaped)."""
    p = subprocess.Popen([sys.executable, "-c", ""])
    p.wait()
    return p.pid


def _our_tmp(cache, pid, suffix, host=None, age=0, marker_pid=None):
    """A temporary folder as compile() makes one, `age` seconds old."""
    folder = os.path.join(cache, f"{compiler.TMP_PREFIX}{pid}-{suffix}")
    os.makedirs(folder)
    marker = os.path.join(folder, compiler.TMP_MARKER)
    with open(marker, "w") as f:
        json.dump({"host": host or socket.gethostname(),
                   "pid": pid if marker_pid is None else marker_pid}, f)
    with open(os.path.join(folder, "matmul_f16_f16_nn.mlir"), "w") as f:
        f.write("// left by a compile\n")
    then = time.time() - age
    for path in (marker, folder):
        os.utime(path, (then, then))
    return folder


def test_folders_tile_opt_did_not_make_survive(standin, tmp_path):
    cache = os.environ["TILE_OPT_CACHE"]
    os.makedirs(cache)
    old = time.time() - 2 * 24 * 3600
    dead = _dead_pid()
    # Other programs' folders, old ones, whatever their names: ours too, or
    # ours without the marker.
    kept = []
    for name in (".tmp-foreign-dir", ".tmp-old", ".tmp-", f".tile_opt-tmp-{dead}-nomarker",
                 f".tile_opt-tmp-{dead}-x.y", "tile_opt-tmp-1-abc"):
        folder = os.path.join(cache, name)
        os.makedirs(os.path.join(folder, "sub"))
        with open(os.path.join(folder, "sub", "theirs.txt"), "w") as f:
            f.write("keep me\n")
        os.utime(folder, (old, old))
        kept.append(name)
    # A link named as ours, to a folder with files: neither is touched.
    target = tmp_path / "elsewhere"
    (target / "sub").mkdir(parents=True)
    (target / "sub" / "theirs.txt").write_text("keep me\n")
    link = f".tile_opt-tmp-{dead}-symlink1"
    os.symlink(target, os.path.join(cache, link))
    kept.append(link)
    k = tile_opt.compile(config="manual")
    assert sorted(os.listdir(cache)) == sorted(kept + [k.key])
    for name in kept:
        assert os.listdir(os.path.join(cache, name, "sub")) == ["theirs.txt"]
    assert os.listdir(target / "sub") == ["theirs.txt"]


def test_our_stale_temporary_folders_are_removed(standin, tmp_path):
    cache = os.environ["TILE_OPT_CACHE"]
    os.makedirs(cache)
    old = compiler.STALE_TMP_SECONDS + 60
    dead = _dead_pid()
    removed = [
        _our_tmp(cache, dead, "died0001"),                              # its process is gone
        _our_tmp(cache, dead, "died0002", host="elsewhere", age=old),  # another host's, old
        _our_tmp(cache, os.getpid(), "old00003", age=old),             # older than the limit
    ]
    kept = [
        _our_tmp(cache, os.getpid(), "running1"),                 # this process's, running
        _our_tmp(cache, os.getppid(), "running2"),                # another live process's
        _our_tmp(cache, dead, "remote01", host="elsewhere"),      # another host's, recent
        _our_tmp(cache, dead, "otherpid", marker_pid=dead + 1),   # name and marker disagree
    ]
    # A link named as ours, to a stale folder of ours elsewhere: a link is
    # never ours, and what it points at is not in the cache.
    target = _our_tmp(str(tmp_path / "elsewhere"), dead, "target01")
    link = os.path.join(cache, f"{compiler.TMP_PREFIX}{dead}-symlink1")
    os.symlink(target, link)
    kept.append(link)
    # A marker that is a link is not a marker.
    linked = os.path.join(cache, f"{compiler.TMP_PREFIX}{dead}-linkmark")
    os.makedirs(linked)
    real_marker = tmp_path / "marker.json"
    real_marker.write_text(json.dumps({"host": socket.gethostname(), "pid": dead}))
    os.symlink(real_marker, os.path.join(linked, compiler.TMP_MARKER))
    kept.append(linked)
    # A marker nested past the parser's depth is not ours either.
    deep = _our_tmp(cache, dead, "deepmark")
    with open(os.path.join(deep, compiler.TMP_MARKER), "w") as f:
        f.write("[" * 2000 + "]" * 2000)
    kept.append(deep)
    k = tile_opt.compile(config="manual")
    assert sorted(os.listdir(cache)) == sorted([os.path.basename(f) for f in kept] + [k.key])
    assert not any(os.path.exists(f) for f in removed) and real_marker.exists()
    assert sorted(os.listdir(target)) == [compiler.TMP_MARKER, "matmul_f16_f16_nn.mlir"]


def test_temporary_folders_are_named_and_marked(standin, monkeypatch):
    seen = []
    run = compiler._run_compile

    def spy(argv, cwd, timeout):
        with open(cwd / compiler.TMP_MARKER) as f:
            seen.append((cwd.name, json.load(f)))
        return run(argv, cwd, timeout)
    monkeypatch.setattr(compiler, "_run_compile", spy)
    k = tile_opt.compile(config="manual")
    ((name, owner),) = seen
    assert name.startswith(f"{compiler.TMP_PREFIX}{os.getpid()}-")
    assert owner == {"host": socket.gethostname(), "pid": os.getpid()}
    # The key's folder is no temporary folder: it carries no marker.
    assert compiler.TMP_MARKER not in os.listdir(k.folder)


def _cut_ptx(bundle):
    ptx = bundle / "matmul_f16_f16_nn.ptx"
    ptx.write_bytes(ptx.read_bytes()[: ptx.stat().st_size // 2])


def _swap_ptx(bundle):
    (bundle / "matmul_f16_f16_nn.ptx").write_text(".visible .entry other()\n{\n\tret;\n}\n")


def _edit_manifest(bundle):
    path = bundle / "matmul_f16_f16_nn.json"
    manifest = json.loads(path.read_text())
    manifest["block_m"], manifest["schedule"] = 64, "persistent"
    path.write_text(json.dumps(manifest))


def _link_ptx(bundle):
    # To a file outside the cache, which must survive the rebuild.
    ptx, outside = bundle / "matmul_f16_f16_nn.ptx", bundle.parents[2] / "elsewhere.ptx"
    ptx.rename(outside)
    ptx.symlink_to(outside)


DAMAGE = {
    "ptx cut in half": _cut_ptx,
    "ptx of another kernel": _swap_ptx,
    "manifest edited": _edit_manifest,
    "ptx removed": lambda b: (b / "matmul_f16_f16_nn.ptx").unlink(),
    "a file added": lambda b: (b / "extra.ptx").write_text("x"),
    "ptx a link": _link_ptx,
    "digest garbled": lambda b: (b.parent / "digest.json").write_text("{not json"),
    "digest empty": lambda b: (b.parent / "digest.json").write_text("{}"),
    "digest removed": lambda b: (b.parent / "digest.json").unlink(),
    "digest nested deep": lambda b: (b.parent / "digest.json").write_text("[" * 5000 + "]" * 5000),
    "entry emptied": lambda b: shutil.rmtree(b),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_cache_entry_is_rebuilt(standin, damage):
    k = tile_opt.compile(config="manual")
    bundle = k.folder / "bundle"
    good = {p.name: p.read_bytes() for p in bundle.iterdir()}
    DAMAGE[damage](bundle)
    again = tile_opt.compile(config="manual")
    assert not again.cached and again.folder == k.folder and len(standin.runs()) == 2
    assert {p.name: p.read_bytes() for p in bundle.iterdir()} == good
    assert not bundle.joinpath("matmul_f16_f16_nn.ptx").is_symlink()
    # Rebuilt once: the next call is a hit again, and nothing is left over.
    assert tile_opt.compile(config="manual").cached and len(standin.runs()) == 2
    assert os.listdir(k.folder.parent) == [k.folder.name]
    assert (damage != "ptx a link") or (k.folder.parents[1] / "elsewhere.ptx").is_file()


def test_a_link_in_place_of_an_entry_is_replaced_not_followed(standin, tmp_path):
    k = tile_opt.compile(config="manual")
    shutil.rmtree(k.folder)
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "keep").write_text("mine")
    k.folder.symlink_to(theirs)
    again = tile_opt.compile(config="manual")
    assert not again.cached and not again.folder.is_symlink()
    assert (theirs / "keep").read_text() == "mine"


def test_a_kernel_of_a_bundle_compiled_elsewhere(standin, tmp_path):
    source = tile_opt.compile("bf16", "f32", layout="tn", config="manual")
    copy = tmp_path / "mine"
    shutil.copytree(source.folder / "bundle", copy)
    k = tile_opt.Kernel(copy / "matmul_bf16_f32_tn.json", "bf16", "f32", "tn")
    assert k.folder == copy and not k.cached and k.members[0].layouts == ("tn",)
    msg = one_line_error(tile_opt.CacheError, tile_opt.Kernel, copy / "matmul_bf16_f32_tn.json",
                         "f16", "f16")
    assert msg.endswith("is bf16 -> f32, layouts tn; expected f16 -> f16, layout nn")
    msg = one_line_error(tile_opt.CacheError, tile_opt.Kernel, copy / "none.json", "f16", "f16")
    assert msg.startswith("manifest ") and "to recompile" not in msg


def test_an_unusable_cache_folder(standin, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    msg = one_line_error(tile_opt.CacheError, tile_opt.compile, config="manual",
                         cache_dir=blocker / "cache")
    assert msg.startswith(f"cannot use the cache folder {blocker / 'cache'}")


def test_real_tile_opt_errors_are_one_line(cache):
    if REAL_TILE_OPT is None:
        pytest.skip("needs tile-opt")
    msg = one_line_error(tile_opt.CompileError, tile_opt.compile, config="manual",
                         mma="wgmma", block_m=96, cache_dir=cache, tool=REAL_TILE_OPT)
    assert "mma=wgmma needs block-k = 64" in msg
    msg = one_line_error(tile_opt.OptionError, tile_opt.compile, config="manual",
                         bogus=1, cache_dir=cache, tool=REAL_TILE_OPT)
    assert msg.startswith("bogus is not a --tile-to-ptx option; tile-opt takes ")
    assert os.listdir(cache) == []


# ---------------------------------------------------------------------------
# Autotune's record of kept choices (tile_opt.tuned; its use on a GPU:
# test_tile_opt_gpu.py)

H200 = {"name": "NVIDIA H200", "cc": [9, 0], "sms": 132}


def _record(folder, gpu=H200, count=4):
    from tile_opt import tuned
    return tuned.TunedRecord(Path(folder), "k" * 64, gpu, count)


def test_a_record_keeps_choices_across_processes(tmp_path):
    """A choice written is read back by another record of the same bundle,
    GPU and count (a later process), whole and with nothing else left in
    the folder; another count or GPU has a file of its own."""
    first = _record(tmp_path / "autotune")
    assert first.get((1, 2, 3, 3, 3, 2)) is None  # no folder yet: nothing kept
    first.put((1, 2, 3, 3, 3, 2), 7, 4, "rule 7@4, fastest of 4 timed here")
    first.put((5, 6, 7, 7, 7, 6), 2, 0, "rule 2")
    later = _record(tmp_path / "autotune")
    assert later.get((1, 2, 3, 3, 3, 2)) == {"rule": 7, "splits": 4,
                                             "why": "rule 7@4, fastest of 4 timed here"}
    assert later.get((5, 6, 7, 7, 7, 6))["rule"] == 2
    assert later.get((1, 2, 3, 0, 0, 0)) is None  # other leading dimensions
    assert os.listdir(tmp_path / "autotune") == [first.path.name]
    assert first.path.name.startswith("k" * 64 + "-") and first.path.name.endswith("-4.json")
    assert _record(tmp_path / "autotune", count=8).path != first.path
    assert _record(tmp_path / "autotune", gpu={**H200, "sms": 114}).path != first.path


def test_a_record_merges_what_another_process_wrote(tmp_path):
    one, two = _record(tmp_path), _record(tmp_path)
    assert one.get((1, 1, 1, 1, 1, 1)) is None and two.get((1, 1, 1, 1, 1, 1)) is None
    one.put((1, 1, 1, 1, 1, 1), 1, 0, "one")
    two.put((2, 2, 2, 2, 2, 2), 2, 0, "two")  # reads the file again before writing
    assert {k: v["why"] for k, v in json.loads(two.path.read_text())["shapes"].items()} == \
        {"1,1,1,1,1,1": "one", "2,2,2,2,2,2": "two"}


def test_a_record_drops_its_oldest_choices_at_the_limit(tmp_path, monkeypatch):
    from tile_opt import tuned
    monkeypatch.setattr(tuned, "MAX_SHAPES", 3)
    record = _record(tmp_path)
    for m in range(1, 6):
        record.put((m, 1, 1, 1, 1, 1), 0, 0, "x" * (tuned.MAX_WHY + 5))
    shapes = json.loads(record.path.read_text())["shapes"]
    assert list(shapes) == ["3,1,1,1,1,1", "4,1,1,1,1,1", "5,1,1,1,1,1"]
    assert all(len(v["why"]) == tuned.MAX_WHY for v in shapes.values())


def _good_doc(**change):
    doc = {"format": 1, "gpu": H200, "count": 4,
           "shapes": {"1,2,3,3,3,2": {"rule": 1, "splits": 0, "why": "w"}}}
    doc.update(change)
    return doc


@pytest.mark.parametrize("content, why", [
    ("{", "not JSON"),
    ("[" * 100000, "not JSON (nested too deeply)"),
    (b"\xff\xfe", "not JSON"),
    ("[]", "not an autotune record of format 1"),
    (_good_doc(format=2), "not an autotune record of format 1"),
    (_good_doc(gpu={**H200, "name": "NVIDIA H100 80GB HBM3"}), "recorded on "),
    (_good_doc(count=8), "the fastest of 8 candidates, not 4"),
    (_good_doc(shapes=[]), "'shapes' is not an object"),
    (_good_doc(shapes={"1,2,3": {"rule": 1, "splits": 0, "why": "w"}}), "problem '1,2,3'"),
    (_good_doc(shapes={"1,2,3,3,3,2": {"rule": -1, "splits": 0, "why": "w"}}), "problem "),
    (_good_doc(shapes={"1,2,3,3,3,2": {"rule": True, "splits": 0, "why": "w"}}), "problem "),
    (_good_doc(shapes={"1,2,3,3,3,2": {"rule": 1, "splits": 0.5, "why": "w"}}), "problem "),
    (_good_doc(shapes={"1,2,3,3,3,2": {"rule": 1, "splits": 0}}), "problem "),
    (_good_doc(shapes={"1,2,3,3,3,2": {"rule": 1, "splits": 0, "why": 3}}), "problem "),
    (_good_doc(shapes={"1,2,3,3,3,2": {"rule": 1, "splits": 0, "why": "\ud800"}}), "problem "),
    (_good_doc(shapes={"1,2,3,3,3,2": {"rule": 1, "splits": 0, "why": "a\nb"}}), "problem "),
    (_good_doc(gpu="x" * 100000), "recorded on 'xxx"),
])
def test_a_record_not_ours_is_ignored_in_one_warning_then_replaced(tmp_path, content, why):
    record = _record(tmp_path)
    record.path.parent.mkdir(exist_ok=True)
    if isinstance(content, bytes):
        record.path.write_bytes(content)
    else:
        record.path.write_text(content if isinstance(content, str) else json.dumps(content))
    with pytest.warns(UserWarning) as caught:
        assert record.get((1, 2, 3, 3, 3, 2)) is None
        assert record.get((1, 2, 3, 3, 3, 2)) is None  # read once
    [w] = caught
    text = str(w.message)
    assert len(text) < 400, text  # the file's values cut short
    assert "\n" not in text and text.startswith(f"tile_opt: autotune record {record.path}: "
                                                 f"ignored: ") and why in text, text
    record.put((4, 4, 4, 4, 4, 4), 3, 2, "kept")  # the next choice replaces it
    assert _record(tmp_path).get((4, 4, 4, 4, 4, 4))["rule"] == 3


@pytest.mark.parametrize("kind", ["fifo", "folder", "large"])
def test_a_record_must_be_a_small_regular_file(tmp_path, kind, monkeypatch):
    from tile_opt import tuned
    record = _record(tmp_path)
    if kind == "fifo":
        os.mkfifo(record.path)  # never blocked on
    elif kind == "folder":
        record.path.mkdir()
    else:
        monkeypatch.setattr(tuned, "MAX_BYTES", 100)
        record.path.write_text(json.dumps(_good_doc(shapes={
            f"{m},2,3,3,3,2": {"rule": 1, "splits": 0, "why": "w"} for m in range(9)})))
    with pytest.warns(UserWarning, match="ignored: (not a regular file|larger than 100 bytes)"):
        assert record.get((1, 2, 3, 3, 3, 2)) is None


def test_a_record_stays_within_its_size(tmp_path, monkeypatch):
    """The oldest choices go first when the file would pass MAX_BYTES, so a
    full record is never read back as too large and lost."""
    from tile_opt import tuned
    monkeypatch.setattr(tuned, "MAX_BYTES", 4000)
    record = _record(tmp_path)
    for m in range(1, 200):
        record.put((m, 1, 1, 1, 1, 1), 0, 0, "w" * 300)
    assert record.path.stat().st_size <= 4000
    later = _record(tmp_path)
    assert later.get((199, 1, 1, 1, 1, 1))["why"] == "w" * 300  # the newest kept
    assert later.get((1, 1, 1, 1, 1, 1)) is None


def test_a_process_shares_one_record_per_file(tmp_path):
    from tile_opt import tuned
    one = tuned.record(tmp_path, "k" * 64, H200, 4)
    assert tuned.record(tmp_path, "k" * 64, dict(H200), 4) is one  # a second GPU alike
    assert tuned.record(tmp_path, "k" * 64, H200, 8) is not one


def test_a_record_is_not_written_through_a_linked_folder(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / "autotune").symlink_to(outside)
    record = _record(tmp_path / "autotune")
    with pytest.warns(UserWarning, match="not written: .* is a link"):
        record.put((1, 1, 1, 1, 1, 1), 1, 0, "a")
    assert os.listdir(outside) == []


def test_a_record_that_cannot_be_written_warns_once(tmp_path):
    blocker = tmp_path / "autotune"
    blocker.write_text("a file where the folder would be")
    record = _record(blocker)
    with pytest.warns(UserWarning, match="not written: ") as caught:
        record.put((1, 1, 1, 1, 1, 1), 1, 0, "a")
        record.put((2, 1, 1, 1, 1, 1), 1, 0, "b")
    assert len(caught) == 1
    assert record.get((2, 1, 1, 1, 1, 1))["why"] == "b"  # kept in this process
    assert blocker.read_text() == "a file where the folder would be"


def test_a_record_link_is_replaced_not_written_through(tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps(_good_doc()))
    record = _record(tmp_path / "autotune")
    record.path.parent.mkdir()
    record.path.symlink_to(outside)
    assert record.get((1, 2, 3, 3, 3, 2))["why"] == "w"  # read as the file it names
    record.put((9, 9, 9, 9, 9, 9), 1, 0, "new")
    assert json.loads(outside.read_text()) == _good_doc()  # untouched
    assert not record.path.is_symlink() and "9,9,9,9,9,9" in record.path.read_text()


# ---------------------------------------------------------------------------
# The manifest and the kernel ABI


@pytest.fixture(scope="module")
def auto_f16(tmp_path_factory):
    if REAL_TILE_OPT is None:
        pytest.skip("needs tile-opt")
    return tile_opt.compile("f16", cache_dir=str(tmp_path_factory.mktemp("auto")),
                            tool=REAL_TILE_OPT)


def _boxes(b):
    return {"tma_a": b.tma_box_a, "tma_b": b.tma_box_b, "tma_c": b.tma_box_c,
            "tma_a_tail": b.tma_box_a_tail}


@pytest.mark.parametrize("shape,member,splits", [
    ((4096, 4096, 4096), "midws", 1), ((2304, 2304, 8192), "w192", 1),
    ((1000, 1000, 1000), "mid", 1), ((1, 9216, 3072), "m64", 1),
    ((256, 256, 16384), "m64k", 8), ((1, 4096, 14336), "m64wk", 4),
    ((384, 384, 32768), "midk", 8), ((128, 4096, 14336), "n192k", 4)])
def test_plan_follows_the_dispatch_rule(auto_f16, shape, member, splits):
    m, n, k = shape
    plan = auto_f16.plan(m, n, k)
    bundle, why = auto_f16.entry.pick(m, n, k)
    assert plan.bundle is bundle and plan.why == why
    assert plan.kernel == f"matmul_f16_f16_nn__{member}" and plan.splits == splits
    names = [p[0] for p in plan.params]
    assert names == [p.name for p in bundle.params]
    # include/tile/Conversion/KernelParams.def's order.
    abi = ["A", "B", "C", "M", "N", "K", "stride_am", "stride_ak", "stride_bk", "stride_bn",
           "stride_cm", "stride_cn", "tma_a", "tma_b", "tma_c", "tma_a_tail"]
    # Split-K members add their splits in a cluster: no workspace.
    assert names == abi
    assert [p[1] for p in plan.params] == [p.type for p in bundle.params]
    kp, np_ = -(-k // 8) * 8, -(-n // 8) * 8  # TMA rows: multiples of 8 elements
    assert plan.staging.staged == ((kp, np_) != (k, n))
    want = {"M": m, "N": n, "K": k, "stride_am": kp, "stride_ak": 1, "stride_bk": np_,
            "stride_bn": 1, "stride_cm": np_, "stride_cn": 1}
    assert {name: plan.value(name) for name in want} == want
    # Only the operands whose rows are unaligned run on copies: A's rows are
    # K long, B's and C's N.
    padded = ["padded " if x else "" for x in (kp != k, np_ != n, np_ != n)]
    assert [plan.value(x) for x in "ABC"] == [padded[0] + "a", padded[1] + "b",
                                              padded[2] + "out"]
    maps = ("tma_a", "tma_b", "tma_c", "tma_a_tail")
    views = [plan.value(x) for x in maps]
    assert [(v.operand, v.rows, v.cols, v.pitch) for v in views] == [
        ("A", m, k, kp), ("B", k, n, np_), ("C", m, n, np_), ("A", m, k, kp)]
    assert {name: v.box for name, v in zip(maps, views)} == _boxes(bundle)
    tiles = -(-m // bundle.block_m) * -(-n // bundle.block_n)
    if bundle.split_k > 1:
        # The model's splits per tile, each tile's in a cluster: no
        # workspace.
        assert plan.grid == tiles * splits and plan.workspace_bytes == 0
    else:
        assert plan.workspace_bytes == 0
        assert plan.grid == (min(132, tiles) if bundle.persistent else tiles)


def test_pick_reads_the_views_rows(auto_f16):
    """The model reads A's and B's rows as the launch does: a view whose rows
    start 16 bytes past an L2 line (lda 4104) costs the 128x128 member's K
    steps their lines, and the pick moves to the 128x256 one; rows on whole
    lines (lda 4160) keep the dense pick. plan() and pick() agree."""
    dense = auto_f16.plan(4096, 4096, 4096)
    off = auto_f16.plan(4096, 4096, 4096, lda=4104)
    whole = auto_f16.plan(4096, 4096, 4096, lda=4160)
    assert [p.kernel.split("__")[1] for p in (dense, off, whole)] == ["midws", "big", "midws"]
    assert auto_f16.pick(4096, 4096, 4096) == (dense.bundle, dense.why)


def test_plan_of_a_transposed_layout(cache):
    if REAL_TILE_OPT is None:
        pytest.skip("needs tile-opt")
    sync = tile_opt.compile("f16", layout="nt", config="manual", cache_dir=cache,
                            tool=REAL_TILE_OPT)
    plan = sync.plan(100, 200, 300)
    assert not plan.bundle.uses_tma and not plan.staging.staged
    assert [p[2] for p in plan.params] == ["a", "b", "out", 100, 200, 300,
                                           300, 1, 1, 300, 200, 1]
    # config=auto: TMA + wgmma kernels that read B as stored (N x K), no copy.
    nt = tile_opt.compile("f16", layout="nt", cache_dir=cache, tool=REAL_TILE_OPT)
    plan = nt.plan(96, 200, 304)
    assert plan.bundle.uses_tma and plan.bundle.layouts == ("nt",)
    assert [p[2] for p in plan.params][3:12] == [96, 200, 304, 304, 1, 1, 304, 200, 1]
    a, b = plan.value("tma_a"), plan.value("tma_b")
    assert (a.rows, a.cols, a.pitch, b.rows, b.cols, b.pitch) == (96, 304, 304, 200, 304, 304)
    # TMA rows of A and B hold K: K = 300 copies both into rows of 320, whole
    # 128-byte lines (C's rows of N = 200 are read in place).
    plan = nt.plan(100, 200, 300)
    assert plan.staging.staged and plan.staging.kp == 320
    assert [plan.value(x) for x in "ABC"] == ["padded a", "padded b", "out"]
    assert [p[2] for p in plan.params][3:12] == [100, 200, 300, 320, 1, 1, 320, 200, 1]
    a, b = plan.value("tma_a"), plan.value("tma_b")
    assert (a.rows, a.cols, a.pitch, b.rows, b.cols, b.pitch) == (100, 300, 320, 200, 300, 320)
    assert plan.staging.why.startswith("K=300 is not a multiple of 8; A and B go through ")
    tn = tile_opt.compile("f16", layout="tn", cache_dir=cache, tool=REAL_TILE_OPT)
    plan = tn.plan(96, 200, 300)
    assert [p[2] for p in plan.params][6:12] == [1, 96, 200, 1, 200, 1]
    a = plan.value("tma_a")
    assert (a.rows, a.cols, a.pitch, a.box) == (300, 96, 96, (64, 64))
    # tn: A's rows hold M; M = 7 copies A alone, as K x 16 (a 32-byte row).
    plan = tn.plan(7, 200, 300)
    assert [plan.value(x) for x in "ABC"] == ["padded a", "b", "out"]
    assert [p[2] for p in plan.params][6:12] == [1, 16, 200, 1, 200, 1]
    assert plan.value("tma_a").pitch == 16
    assert plan.staging.why.startswith("M=7 is not a multiple of 8; A goes through ")


def test_shapes_a_kernel_cannot_serve(auto_f16):
    # 32-bit indices: C would have more than 2^31 elements.
    msg = one_line_error(tile_opt.UnsupportedShapeError, auto_f16.plan, 50000, 50000, 64)
    assert "index-bitwidth=64" in msg
    msg = one_line_error(tile_opt.UnsupportedShapeError, auto_f16.pick, 50000, 50000, 64)


# ---------------------------------------------------------------------------
# Argument checks, on stand-in tensors


class FakeDevice:
    def __init__(self, text):
        self.type, _, index = text.partition(":")
        self.index = int(index) if index else None
        self.text = text

    def __str__(self):
        return self.text


class FakeTensor:
    """What tile_opt reads of a torch tensor; dtype is torch's name."""

    def __init__(self, shape, strides=None, dtype="torch.float16", device="cuda:0",
                 ptr=0x10000):
        self.shape = tuple(shape)
        if strides is None:
            strides = (shape[1], 1) if len(shape) == 2 else tuple(
                int(__import__("math").prod(shape[i + 1:])) for i in range(len(shape)))
        self._strides, self.dtype, self.device = tuple(strides), dtype, FakeDevice(device)
        self._ptr = ptr
        self.is_cuda = device.startswith("cuda")

    def stride(self):
        return self._strides

    def data_ptr(self):
        return self._ptr

    def dim(self):
        return len(self.shape)

    def element_size(self):
        return {"torch.float16": 2, "torch.bfloat16": 2, "torch.float32": 4}[self.dtype]

    def get_device(self):
        return self.device.index if self.is_cuda else -1

    def zero_(self):
        self.zeroed = True
        return self


class CudaArray:
    """An object with __cuda_array_interface__ (as CuPy or Numba arrays have)."""

    def __init__(self, shape, typestr="<f2", strides=None, ptr=0x20000):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr, "strides": strides,
                                         "data": (ptr, False), "version": 3}


@pytest.fixture
def no_runtime(monkeypatch):
    """Calls that pass every check stop where launching would start."""
    def missing():
        raise tile_opt.DependencyError("launching is stubbed out in this test")
    monkeypatch.setattr(kernel_module, "_runtime", missing)


@pytest.fixture
def nn_kernel(standin):
    return tile_opt.compile("f16", config="manual")


def test_operands_of_tensors_and_array_interfaces():
    op = checks.operand("a", FakeTensor((4, 8), dtype="torch.bfloat16", ptr=0x40))
    assert op == checks.Operand("a", (4, 8), (8, 1), "bf16", "cuda:0", 0x40)
    op = checks.operand("b", CudaArray((3, 5)))
    assert op == checks.Operand("b", (3, 5), (5, 1), "f16", "cuda", 0x20000)
    op = checks.operand("b", CudaArray((3, 5), "<f4", strides=(4, 12)))
    assert (op.strides, op.dtype) == ((1, 3), "f32")
    np = pytest.importorskip("numpy")
    op = checks.operand("a", np.zeros((2, 3), dtype=np.float16))
    assert (op.device, op.dtype, op.strides) == ("cpu", "f16", (3, 1))


def test_errors_of_each_kind(nn_kernel, no_runtime):
    k = nn_kernel
    a, b = FakeTensor((64, 32)), FakeTensor((32, 16), ptr=0x20000)
    cases = [
        ((FakeTensor((64, 32), device="cpu"), b), "a is on the CPU; tile_opt kernels take "
                                                  "CUDA tensors"),
        ((a, FakeTensor((32, 16), device="meta")), "b is on meta; tile_opt kernels take CUDA "
                                                   "tensors"),
        ((a, FakeTensor((32, 16), device="cuda:1")), "a is on cuda:0 but b is on cuda:1; all "
                                                     "operands must be on one GPU"),
        ((FakeTensor((2, 64, 32)), b), "a has 3 dimensions (shape (2, 64, 32)); tile_opt "
                                       "multiplies 2-D matrices"),
        ((a, FakeTensor((32, 16), dtype="torch.bfloat16")),
         "a is f16 but b is bf16; A and B must have one type"),
        ((FakeTensor((64, 32), dtype="torch.float32"), FakeTensor((32, 16), dtype="torch.float32")),
         "a and b are f32; this kernel takes f16"),
        ((a, FakeTensor((31, 16))), "a is 64x32 but b is 31x16: a's columns must equal b's rows"),
        ((a, FakeTensor((32, 16), strides=(1, 32))),
         "b: a 32x16 view with strides (1, 32) is not row-major (strides (>= 16, 1)); this "
         "kernel (layout nn) takes b row-major (use .contiguous(), or compile with "
         "layout='nt')"),
        ((FakeTensor((64, 32), strides=(64, 2)), b),
         "a: a 64x32 view with strides (64, 2) is not row-major (strides (>= 32, 1)); this "
         "kernel (layout nn) takes a row-major (use .contiguous())"),
        (("not a tensor", b), "a is a str, not a tensor"),
    ]
    for args, text in cases:
        assert one_line_error(tile_opt.InputError, k, *args) == text
    outs = [
        (FakeTensor((64, 8)), "out is 64x8; a @ b is 64x16"),
        (FakeTensor((64, 16), dtype="torch.float32"), "out is f32; this kernel writes f16"),
        (FakeTensor((64, 16), strides=(1, 64)),
         "out: a 64x16 view with strides (1, 64) is not row-major (strides (>= 16, 1)); this "
         "kernel (layout nn) takes out row-major (use .contiguous())"),
        (FakeTensor((64, 16), ptr=0x10000 + 64 * 32 * 2 - 2),
         "out overlaps a; C must not share memory with A or B"),
        (FakeTensor((64, 16), device="cpu"), "out is on the CPU; tile_opt kernels take CUDA "
                                             "tensors"),
    ]
    for out, text in outs:
        assert one_line_error(tile_opt.InputError, k, a, b, out=out) == text
    # Right next to A is fine; size-1 dimensions may have any stride.
    assert "stubbed" in one_line_error(tile_opt.DependencyError, k, a, b,
                                       out=FakeTensor((64, 16), ptr=0x10000 + 64 * 32 * 2))
    one_line_error(tile_opt.DependencyError, k, FakeTensor((1, 32), strides=(7, 1)),
                   FakeTensor((32, 1), strides=(1, 5)))
    one_line_error(tile_opt.DependencyError, k, CudaArray((64, 32)), CudaArray((32, 16)))


def test_transposed_layouts_take_transposed_strides(standin, no_runtime):
    k = tile_opt.compile("f16", layout="tn", config="manual")
    a_t = FakeTensor((64, 32), strides=(1, 64))  # A stored K x M
    one_line_error(tile_opt.DependencyError, k, a_t, FakeTensor((32, 16)))
    msg = one_line_error(tile_opt.InputError, k, FakeTensor((64, 32)), FakeTensor((32, 16)))
    assert msg == ("a: a 64x32 view with strides (32, 1) is not transposed (strides (1, >= "
                   "64)); this kernel (layout tn) takes a transposed (use .contiguous(), or "
                   "compile with layout='nn')")


def test_tma_pointers_are_the_runtimes_to_check(auto_f16, no_runtime):
    """Whether a TMA kernel takes an operand's data pointer (16-byte aligned
    where it reads or writes the operand in place) is checked by the runtime
    alone, when it packs a launch (runtime-test asserts its line): the
    checks here pass any pointer on to it."""
    a, b = FakeTensor((128, 64)), FakeTensor((64, 128), ptr=0x40000)
    one_line_error(tile_opt.DependencyError, auto_f16, a, b)
    one_line_error(tile_opt.DependencyError, auto_f16, FakeTensor((128, 64), ptr=0x10002), b)
    one_line_error(tile_opt.DependencyError, auto_f16, a, FakeTensor((64, 128), ptr=0x40008))
    one_line_error(tile_opt.DependencyError, auto_f16, a, b,
                   out=FakeTensor((128, 128), ptr=0x80004))
    # Shapes are checked against the kernel before launching.
    one_line_error(tile_opt.UnsupportedShapeError, auto_f16, FakeTensor((50000, 64)),
                   FakeTensor((64, 50000)))


# ---------------------------------------------------------------------------
# Views with a larger leading dimension: the runtime's layout rule


@pytest.mark.parametrize("shape,strides,want,got", [
    ((64, 32), (32, 1), None, (False, 32)),
    ((64, 32), (40, 1), None, (False, 40)),   # x[:, :32] of a 64 x 40 x
    ((64, 32), (1, 64), None, (True, 64)),    # w.t() of a 32 x 64 w
    ((64, 32), (1, 72), None, (True, 72)),    # w[:32].t() of a 40 x 72 w
    ((64, 32), (1, 72), True, (True, 72)),
    ((1, 32), (7, 1), None, (False, 32)),     # a size-1 dimension's stride is ignored
    ((1, 32), (7, 1), True, (True, 1)),
    ((32, 1), (1, 5), None, (False, 1)),
    ((32, 1), (1, 5), True, (True, 32)),
    ((0, 8), (0, 0), None, (False, 8)),
])
def test_the_layout_rule(shape, strides, want, got):
    assert checks.storage(*shape, strides, want) == got
    if want is None:  # tile_opt.matmul picks its family's layout by the same rule
        assert ops._storage(FakeTensor(shape, strides)) == ("t" if got[0] else "n")


@pytest.mark.parametrize("shape,strides,want,line", [
    ((64, 32), (64, 2), None, "a 64x32 view with strides (64, 2) is neither row-major "
                              "(strides (>= 32, 1)) nor transposed (strides (1, >= 64))"),
    ((64, 32), (16, 1), None, "a 64x32 view with strides (16, 1) is neither row-major "
                              "(strides (>= 32, 1)) nor transposed (strides (1, >= 64))"),
    ((64, 32), (0, 1), False, "a 64x32 view with strides (0, 1) is not row-major (strides "
                              "(>= 32, 1))"),
    ((64, 32), (40, 1), True, "a 64x32 view with strides (40, 1) is not transposed (strides "
                              "(1, >= 64))"),
    ((1, 32), (7, 2), False, "a 1x32 view with strides (7, 2) is not row-major (strides "
                             "(any, 1))"),
])
def test_the_layout_rule_refuses_in_one_line(shape, strides, want, line):
    import tile_runtime
    with pytest.raises(tile_runtime.UnsupportedError) as info:
        checks.storage(*shape, strides, want)
    assert str(info.value) == line
    if want is None:  # the kernel's checks then say what is wrong
        assert ops._storage(FakeTensor(shape, strides)) == "n"


def test_views_pass_their_leading_dimensions(standin, no_runtime):
    """Checked as any operand; the problem the runtime plans has the views'
    leading dimensions (C allocated dense when `out` is None)."""
    nn = tile_opt.compile("f16", config="manual")
    a = FakeTensor((64, 32), strides=(40, 1))                  # x[:, :32]
    b = FakeTensor((32, 16), strides=(24, 1), ptr=0x40000)     # y[:, :16]
    out = FakeTensor((64, 16), strides=(20, 1), ptr=0x80000)   # z[:, :16]
    given = (checks.operand("a", a), checks.operand("b", b), checks.operand("out", out))
    assert checks.check_operands(*given, "f16", "f16", "nn") == (64, 16, 32, 40, 24, 20)
    assert checks.check_operands(*given[:2], None, "f16", "f16", "nn") == \
        (64, 16, 32, 40, 24, 16)
    one_line_error(tile_opt.DependencyError, nn, a, b, out=out)
    assert (64, 16, 32, 40, 24, 20) in nn._members
    # Transposed views: A stored K x M, B N x K.
    tt = tile_opt.compile("f16", layout="tt", config="manual")
    a_t = FakeTensor((64, 32), strides=(1, 72))                # w[:32].t()
    b_t = FakeTensor((32, 16), strides=(1, 40), ptr=0x40000)   # v[:16].t()
    one_line_error(tile_opt.DependencyError, tt, a_t, b_t)
    assert (64, 16, 32, 72, 40, 16) in tt._members
    # Rows that overlap are refused, whatever the kernel.
    msg = one_line_error(tile_opt.InputError, nn, FakeTensor((64, 32), strides=(16, 1)), b)
    assert msg.startswith("a: a 64x32 view with strides (16, 1) is not row-major")


def test_a_kernels_strides_are_the_leading_dimensions(standin):
    nt = tile_opt.compile("f16", layout="nt", config="manual")
    plan = nt.plan(100, 60, 30, lda=40, ldb=48, ldc=64)
    assert [p[2] for p in plan.params][3:] == [100, 60, 30, 40, 1, 1, 48, 64, 1]
    assert one_line_error(tile_opt.UnsupportedShapeError, nt.plan, 100, 60, 30, ldb=29) == \
        "ldb=29 is less than K=30, the length of B's rows in layout nt"
    assert one_line_error(tile_opt.InputError, nt.plan, 100, 60, 30, lda=-1) == \
        "lda must be at least 0; got -1"


def test_tma_kernels_copy_what_they_cannot_address(auto_f16, no_runtime):
    plan = auto_f16.plan(128, 256, 4096, lda=4104, ldb=264, ldc=272)
    assert not plan.staging.staged
    assert [plan.value(x) for x in ("stride_am", "stride_bk", "stride_cm")] == [4104, 264, 272]
    assert [plan.value(x).pitch for x in ("tma_a", "tma_b", "tma_c")] == [4104, 264, 272]
    # Others are staged: that operand alone is copied into aligned rows.
    plan = auto_f16.plan(128, 256, 4096, lda=4100)
    assert plan.staging.staged
    assert plan.staging.why == ("lda=4100 is not a multiple of 8; A goes through a padded "
                                "copy (lda 4100 -> 4096), which every timed launch includes")
    assert [plan.value(x) for x in "ABC"] == ["padded a", "b", "out"]
    assert plan.value("stride_am") == plan.value("tma_a").pitch == 4096
    # Rows TMA reads in place but off whole L2 lines (B's N = 5000 here) are
    # copied onto whole lines where the dispatch's model finds it pays: the
    # plan says so, as the launch runs it.
    plan = auto_f16.plan(8192, 5000, 4096)
    assert "; B copied onto whole L2 lines first (" in plan.why
    assert plan.staging.why.startswith("rows of N=5000 start inside 128-byte L2 lines; B goes")
    assert [plan.value(x) for x in "ABC"] == ["a", "padded b", "out"]
    assert plan.value("stride_bk") == plan.value("tma_b").pitch == 5056
    assert not auto_f16.plan(512, 5000, 512).staging.staged
    # A call with such a view reaches the runtime (which copies it), as an
    # aligned one does.
    b = FakeTensor((64, 128), ptr=0x40000)
    one_line_error(tile_opt.DependencyError, auto_f16, FakeTensor((128, 64), strides=(68, 1)), b)
    one_line_error(tile_opt.DependencyError, auto_f16, FakeTensor((128, 64), strides=(72, 1)), b)
    # Staged (K = 60): the kernel reads aligned copies; any leading dimension will do.
    one_line_error(tile_opt.DependencyError, auto_f16, FakeTensor((128, 60), strides=(61, 1)),
                   FakeTensor((60, 128), strides=(131, 1), ptr=0x40000))


def test_matmul_checks_and_compiles_once(standin, no_runtime):
    a, b = FakeTensor((64, 32)), FakeTensor((32, 16), ptr=0x40000)
    for _ in range(2):
        one_line_error(tile_opt.DependencyError, tile_opt.matmul, a, b)
    assert len(standin.runs()) == 1 and "config=auto" in standin.runs()[0]["argv"][1]
    one_line_error(tile_opt.DependencyError, tile_opt.matmul, a, b, out_dtype="f32")
    one_line_error(tile_opt.DependencyError, tile_opt.matmul, a, b,
                   config="mma=sync block-m=64")
    assert [r["argv"][1] for r in standin.runs()[1:]] == [
        "--tile-to-ptx=config=auto", "--tile-to-ptx=block-m=64 mma=sync"]
    f32 = FakeTensor((64, 32), dtype="torch.float32")
    assert one_line_error(tile_opt.InputError, tile_opt.matmul, f32, b) == \
        "a is f32; tile_opt.matmul takes f16 or bf16"
    assert "is not key=value" in one_line_error(tile_opt.OptionError, tile_opt.matmul,
                                                a, b, config="mma")
    assert "a is on the CPU" in one_line_error(
        tile_opt.InputError, tile_opt.matmul, FakeTensor((64, 32), device="cpu"), b)


# ---------------------------------------------------------------------------
# Empty products and the GPU a kernel's chip runs on, with a stand-in runtime


class FakeRuntime:
    """tile_opt._launch as Kernel uses it, without torch or a GPU: tensors
    are FakeTensors, every GPU is `gpu_name` of `capability`, and a launch
    stops at ready() with DependencyError, after every check."""
    Tensor = FakeTensor
    TORCH_DTYPES = {"f16": "torch.float16", "bf16": "torch.bfloat16", "f32": "torch.float32"}

    def __init__(self):
        self.gpu_name, self.capability = "NVIDIA H200", (9, 0)
        self.torch = types.SimpleNamespace(zeros=self._zeros, as_tensor=self._as_tensor)
        self.made = []  # what torch.zeros allocated

    def _zeros(self, shape, dtype, device):
        t = FakeTensor(shape, dtype=dtype, device=str(device))
        t.zeroed = True
        self.made.append(t)
        return t

    @staticmethod
    def _as_tensor(x, device):
        cai = x.__cuda_array_interface__
        return FakeTensor(cai["shape"], ptr=cai["data"][0],
                          dtype={"<f2": "torch.float16", "<f4": "torch.float32"}[cai["typestr"]])

    def gpu(self, device):
        return self.gpu_name, self.capability

    def ready(self, device):
        raise tile_opt.DependencyError("launching is stubbed out in this test")


@pytest.fixture
def fake_runtime(monkeypatch):
    rt = FakeRuntime()
    monkeypatch.setattr(kernel_module, "_runtime", lambda: rt)
    return rt


EMPTY_SHAPES = [(0, 32, 64), (64, 0, 32), (64, 16, 0), (0, 0, 64), (0, 16, 0), (64, 0, 0),
                (0, 0, 0), (1, 1, 0)]


@pytest.mark.parametrize("m,n,k", EMPTY_SHAPES)
@pytest.mark.parametrize("c_dtype", ["f16", "f32"])
def test_empty_products_launch_nothing(standin, fake_runtime, m, n, k, c_dtype):
    kernel = tile_opt.compile("f16", c_dtype, config="manual")
    a, b = FakeTensor((m, k)), FakeTensor((k, n), ptr=0x40000)
    c = kernel(a, b)
    assert (c.shape, c.dtype, str(c.device)) == ((m, n), FakeRuntime.TORCH_DTYPES[c_dtype],
                                                 "cuda:0")
    assert c.zeroed and fake_runtime.made == [c]
    # Into `out`: zero-filled (K = 0) or, empty, returned as it is.
    out = FakeTensor((m, n), dtype=c.dtype, ptr=0x80000)
    assert kernel(a, b, out=out) is out and out.zeroed
    assert fake_runtime.made == [c]
    # Empty operands are checked as any others.
    msg = one_line_error(tile_opt.InputError, kernel, a, FakeTensor((k + 1, n)))
    assert msg == f"a is {m}x{k} but b is {k + 1}x{n}: a's columns must equal b's rows"
    msg = one_line_error(tile_opt.InputError, kernel, a, b, out=FakeTensor((m, n + 1)))
    assert msg == f"out is {m}x{n + 1}; a @ b is {m}x{n}"


@pytest.mark.parametrize("m,n,k", EMPTY_SHAPES)
@pytest.mark.parametrize("dtype,out_dtype,c_type", [
    ("torch.float16", None, "torch.float16"), ("torch.bfloat16", None, "torch.bfloat16"),
    ("torch.float16", "f32", "torch.float32"), ("torch.bfloat16", "bf16", "torch.bfloat16")])
def test_matmul_of_empty_operands_compiles_nothing(standin, fake_runtime, m, n, k, dtype,
                                                   out_dtype, c_type):
    a, b = FakeTensor((m, k), dtype=dtype), FakeTensor((k, n), dtype=dtype, ptr=0x40000)
    c = tile_opt.matmul(a, b, out_dtype=out_dtype)
    assert (c.shape, c.dtype, c.zeroed) == ((m, n), c_type, True)
    assert standin.runs() == [] and ops._families == {}


def test_matmul_checks_empty_operands(standin, fake_runtime):
    a, b = FakeTensor((0, 32)), FakeTensor((32, 16), ptr=0x40000)
    cases = [
        ((a, FakeTensor((31, 16))), {}, tile_opt.InputError,
         "a is 0x32 but b is 31x16: a's columns must equal b's rows"),
        ((FakeTensor((0, 32), device="cpu"), b), {}, tile_opt.InputError,
         "a is on the CPU; tile_opt kernels take CUDA tensors"),
        ((a, FakeTensor((32, 0), device="cuda:1")), {}, tile_opt.InputError,
         "a is on cuda:0 but b is on cuda:1; all operands must be on one GPU"),
        ((a, FakeTensor((32, 16), dtype="torch.bfloat16")), {}, tile_opt.InputError,
         "a is f16 but b is bf16; A and B must have one type"),
        ((FakeTensor((0, 32), dtype="torch.float32"), b), {}, tile_opt.InputError,
         "a is f32; tile_opt.matmul takes f16 or bf16"),
        ((a, b), {"out_dtype": "f64"}, tile_opt.OptionError, None),
        ((a, b), {"config": "mma"}, tile_opt.OptionError, "is not key=value"),
    ]
    for args, kwargs, error, text in cases:
        msg = one_line_error(error, tile_opt.matmul, *args, **kwargs)
        assert text is None or text in msg, msg
    # An array-interface object is viewed as a tensor, as for a launch.
    c = tile_opt.matmul(CudaArray((0, 8)), CudaArray((8, 5), ptr=0x40000))
    assert (c.shape, c.dtype) == ((0, 5), "torch.float16")
    assert standin.runs() == [] and fake_runtime.made == [c]


def test_a_compiled_family_serves_empty_operands_too(standin, fake_runtime):
    a, b = FakeTensor((64, 32)), FakeTensor((32, 16), ptr=0x40000)
    one_line_error(tile_opt.DependencyError, tile_opt.matmul, a, b)
    assert len(standin.runs()) == 1
    c = tile_opt.matmul(FakeTensor((64, 0)), FakeTensor((0, 16), ptr=0x40000))
    assert (c.shape, c.zeroed) == ((64, 16), True) and len(standin.runs()) == 1


@pytest.mark.parametrize("chip,capability,runs", [
    ("sm_90a", (9, 0), True), ("sm_90a", (8, 0), False), ("sm_90a", (10, 0), False),
    ("sm_90a", (9, 1), False), ("sm_90", (9, 0), True), ("sm_90", (10, 0), True),
    ("sm_90", (12, 1), True), ("sm_90", (8, 9), False), ("sm_80", (8, 6), True),
    ("sm_80", (7, 5), False), ("sm_100a", (10, 0), True), ("sm_100a", (9, 0), False),
    (None, (7, 0), True), ("unknown", (7, 0), True), ("sm_9x", (7, 0), True)])
def test_which_gpus_run_a_chip(chip, capability, runs):
    if runs:
        checks.check_chip(chip, "cuda:0", "GPU", capability)
        return
    with pytest.raises(tile_opt.InputError) as info:
        checks.check_chip(chip, "cuda:3", "NVIDIA X", capability)
    m = __import__("re").fullmatch(r"sm_(\d+)(\d)(a?)", chip)
    needs = f"{m[1]}.{m[2]}" + ("" if m[3] else " or later")
    assert str(info.value) == (f"the operands are on cuda:3 (NVIDIA X, compute capability "
                               f"{capability[0]}.{capability[1]}); this kernel is {chip} code, "
                               f"which needs a GPU of compute capability {needs}")


@pytest.mark.parametrize("chip,capability,refused", [
    ("sm_90a", (8, 0), "9.0"), ("sm_90a", (10, 0), "9.0"), ("sm_90", (8, 6), "9.0 or later"),
    ("sm_90", (10, 0), None), ("sm_90a", (9, 0), None), (None, (7, 5), None)])
def test_a_gpu_the_kernels_chip_cannot_run(standin, fake_runtime, monkeypatch, chip,
                                           capability, refused):
    if chip:
        monkeypatch.setenv("STANDIN_CHIP", chip)
    kernel = tile_opt.compile("f16", config="manual")
    assert kernel.chip == chip
    fake_runtime.gpu_name, fake_runtime.capability = "NVIDIA A100-SXM4-80GB", capability
    a, b = FakeTensor((64, 32)), FakeTensor((32, 16), ptr=0x40000)
    # An empty product runs nothing, on any GPU; it checks nothing of the chip.
    assert kernel(FakeTensor((0, 32)), b).shape == (0, 16)
    for _ in range(2):  # the first call and those after it
        if refused is None:
            one_line_error(tile_opt.DependencyError, kernel, a, b)
            continue
        msg = one_line_error(tile_opt.InputError, kernel, a, b)
        assert msg == (f"the operands are on cuda:0 (NVIDIA A100-SXM4-80GB, compute capability "
                       f"{capability[0]}.{capability[1]}); this kernel is {chip} code, which "
                       f"needs a GPU of compute capability {refused}")
    msg = one_line_error(tile_opt.InputError, kernel, FakeTensor((64, 32), device="cpu"), b)
    if chip:
        assert msg == (f"a is on the CPU; this kernel is {chip} code, which needs CUDA tensors "
                       f"on a GPU of compute capability {chip[3]}.{chip[4]}"
                       + ("" if chip.endswith("a") else " or later"))
    else:
        assert msg == "a is on the CPU; tile_opt kernels take CUDA tensors"


def test_the_family_names_its_chip(auto_f16):
    assert auto_f16.chip == "sm_90a"
    msg = one_line_error(tile_opt.InputError, auto_f16, FakeTensor((64, 32)),
                         FakeTensor((32, 16), device="meta"))
    assert msg == ("b is on meta; this kernel is sm_90a code, which needs CUDA tensors on a "
                   "GPU of compute capability 9.0")


def test_the_runtimes_refusals_reach_the_caller(standin, fake_runtime, monkeypatch):
    """A launch's refusal is the runtime's own line: of an operand's data
    pointer (its pack, the one check of the pointers TMA takes; runtime-test
    asserts the line) InputError, as the tensor checks' refusals are; of the
    problem (its plan, which Launcher.prepare raises) UnsupportedShapeError;
    on a problem's first launch, which plans it, and on later ones."""
    import tile_runtime
    pointer = ("kernel 'k' (/cache/k.json): A's data pointer 0x10002 is not 16-byte aligned, "
               "which TMA needs (a view into another tensor? use .clone())")
    raised = []  # what the stand-in launcher raises

    class Launcher:
        def __init__(self, entry, layout, tune=0, record=None):
            self.launcher, self.planned = None, False

        def fast(self, *args):  # the runtime's launch, of a planned problem
            if not self.planned:
                return False
            raise raised[0]

        def launch(self, *args):  # plans (Launcher.prepare), then launches
            self.planned = True
            raise raised[0]

    monkeypatch.setattr(kernel_module._torch_op, "get", lambda: None)
    monkeypatch.setattr(fake_runtime, "tile_runtime", tile_runtime, raising=False)
    monkeypatch.setattr(fake_runtime, "Launcher", Launcher, raising=False)
    monkeypatch.setattr(fake_runtime, "ready", lambda device: None)
    monkeypatch.setattr(fake_runtime, "restore", lambda previous: None, raising=False)
    monkeypatch.setattr(fake_runtime, "current_stream", lambda device: 0, raising=False)
    a, b = FakeTensor((64, 32), ptr=0x10002), FakeTensor((32, 16), ptr=0x40000)
    out = FakeTensor((64, 16), ptr=0x80000)
    raised[:] = [tile_runtime.UnsupportedError(pointer)]
    kernel = tile_opt.compile("f16", config="manual")
    for _ in range(2):
        assert one_line_error(tile_opt.InputError, kernel, a, b, out=out) == pointer
        with pytest.raises(tile_opt.InputError) as info:
            kernel(a, b, out=out)
        assert type(info.value) is tile_opt.InputError
    shape = "kernel 'k' (/cache/k.json): not one cluster of 2 blocks is resident at once"
    raised[:] = [tile_opt.UnsupportedShapeError(shape)]
    kernel = tile_opt.compile("f16", config="manual")  # a new Kernel: nothing planned
    assert one_line_error(tile_opt.UnsupportedShapeError, kernel, a, b, out=out) == shape


# ---------------------------------------------------------------------------
# Missing dependencies, in fresh interpreters


def test_without_torch(standin):
    r = run_python("""
        import sys
        sys.modules["torch"] = None  # as if not installed
        import tile_opt
        from tile_opt import ops
        assert ops._torch is None
        k = tile_opt.compile(config="manual")
        class A:
            def __init__(self, shape, ptr):
                self.__cuda_array_interface__ = {"shape": shape, "typestr": "<f2",
                    "strides": None, "data": (ptr, False), "version": 3}
        for call in (lambda: k(A((8, 8), 0x100), A((8, 8), 0x200)),
                     lambda: tile_opt.matmul(A((8, 8), 0x100), A((8, 8), 0x200))):
            try:
                call()
            except tile_opt.DependencyError as e:
                print(e)
        assert not ops.register_custom_op()
        print(ops.registration_error)
        """)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[:2] == ["launching tile_opt kernels needs PyTorch (pip install torch); "
                         "compiling does not"] * 2
    assert lines[2].startswith("ImportError") or lines[2].startswith("ModuleNotFoundError")


def test_launching_needs_no_cuda_python():
    """The launch path is the runtime's: cuda-python is only tile-bench's
    (device figures, Triton's kernel resources)."""
    pytest.importorskip("torch")
    r = run_python("""
        import sys
        sys.modules["cuda"] = None  # no cuda-python
        from tile_opt import _launch
        from tile_bench import cuda_launch
        print(_launch.Launcher.__mro__[1] is cuda_launch.LoadedKernel)
        """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "True"


def _overhead(*args, cwd=None):
    env = dict(os.environ, PYTHONPATH=PYTHON_DIR, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-m", "tile_opt.overhead", *args], env=env,
                          cwd=cwd, capture_output=True, text=True, timeout=300)


def test_overhead_script_without_a_gpu():
    if torch is not None and torch.cuda.is_available():
        pytest.skip("a GPU is present: test_tile_opt_gpu.py measures")
    r = _overhead("--batches", "4")
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("tile_opt.overhead: ")
    assert "needs PyTorch" in r.stderr or "needs a CUDA GPU" in r.stderr


@pytest.mark.parametrize("flag, shape", [
    ("--shape", "\uff16\uff14x64x64"), ("--shape", "1_000x64x64"), ("--shape", "2147483648x1x1"),
    ("--shape", "64x64"), ("--mlp", "0x64x64"), ("--mlp", "")])
def test_overhead_shapes_are_tile_benchs(flag, shape):
    """One shape parser (tile_bench.bundle.parse_shape): int() reads
    full-width digits and underscores, and has no upper bound."""
    r = _overhead(flag, shape)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr.splitlines()[-1] == (
        f"python -m tile_opt.overhead: error: {flag}: bad shape '{shape}': expected MxNxK, "
        f"three sizes from 1 to 2147483647 in ASCII digits")


@pytest.mark.parametrize("target, why", [
    ("", "it names no file"), ("new/", "it names no file"), ("folder", "it is a folder"),
    ("absent/out.json", "folder 'absent' is missing or not writable")])
def test_overhead_refuses_a_json_target_before_measuring(tmp_path, target, why):
    (tmp_path / "folder").mkdir()
    r = _overhead("--json", target, cwd=tmp_path)
    assert (r.returncode, r.stdout) == (1, "")
    assert r.stderr == f"tile_opt.overhead: cannot write --json file '{target}': {why}\n"
    assert os.listdir(tmp_path) == ["folder"]


def test_overhead_batches_visit_the_cases_in_the_runtimes_order():
    from tile_opt.overhead import _interleaved
    calls = []

    class FakeCuda:
        @staticmethod
        def synchronize():
            pass

    class FakeTorch:
        cuda = FakeCuda

    cases = {name: (lambda name=name: calls.append(name)) for name in "abc"}
    result = _interleaved(FakeTorch, cases, batches=2, batch=1)
    # 1 warm-up call each, then batch 0 in order a, b, c and batch 1 reversed.
    assert "".join(calls) == "abc" "abc" "cba"
    assert {name: r["batches"] for name, r in result.items()} == {"a": 2, "b": 2, "c": 2}


@needs_torch
def test_no_gpu_is_one_line():
    if torch.cuda.is_available():
        pytest.skip("a GPU is present")
    pytest.importorskip("cuda.bindings")
    from tile_opt import _launch
    with pytest.raises(tile_opt.CudaError) as info:
        _launch.ready(0)
    assert str(info.value).startswith("no CUDA GPU visible to PyTorch")


@needs_torch
def test_cpu_tensors_are_refused(nn_kernel):
    a, b = torch.zeros(8, 8, dtype=torch.float16), torch.zeros(8, 8, dtype=torch.float16)
    assert one_line_error(tile_opt.InputError, nn_kernel, a, b) == \
        "a is on the CPU; tile_opt kernels take CUDA tensors"
    assert one_line_error(tile_opt.InputError, tile_opt.matmul, a, b) == \
        "a is on the CPU; tile_opt kernels take CUDA tensors"
    # Empty ones too, though torch.matmul would take them.
    empty = torch.zeros(0, 8, dtype=torch.float16)
    assert one_line_error(tile_opt.InputError, tile_opt.matmul, empty, b) == \
        "a is on the CPU; tile_opt kernels take CUDA tensors"


# ---------------------------------------------------------------------------
# The custom op (where torch is installed)


@needs_torch
def test_custom_op_is_registered_with_a_fake_implementation():
    from torch._subclasses.fake_tensor import FakeTensorMode
    assert ops.register_custom_op() and ops.registration_error is None
    with FakeTensorMode():
        a = torch.empty(64, 32, dtype=torch.bfloat16, device="cuda")
        b = torch.empty(32, 16, dtype=torch.bfloat16, device="cuda")
        c = torch.ops.tile_opt.matmul(a, b)
        assert (c.shape, c.dtype, c.device.type) == ((64, 16), torch.bfloat16, "cuda")
        c = torch.ops.tile_opt.matmul(a, b, "auto", torch.float32)
        assert c.dtype == torch.float32
        with pytest.raises(Exception, match="tile_opt::matmul"):
            torch.ops.tile_opt.matmul(a, a)
        for m, n, k in EMPTY_SHAPES:  # as torch.matmul's
            a = torch.empty(m, k, dtype=torch.float16, device="cuda")
            b = torch.empty(k, n, dtype=torch.float16, device="cuda")
            for out_dtype in (None, torch.float32):
                c = torch.ops.tile_opt.matmul(a, b, "auto", out_dtype)
                assert (c.shape, c.dtype) == ((m, n), out_dtype or torch.float16)


@needs_torch
def test_torch_compile_traces_the_op_whole():
    # fullgraph: a graph break would fail here; the CPU tensors then reach
    # the real implementation, which refuses them.
    f = torch.compile(lambda a, b: tile_opt.matmul(a, b) * 2, fullgraph=True, backend="eager")
    a = torch.zeros(8, 8, dtype=torch.float16)
    with pytest.raises(tile_opt.InputError, match="a is on the CPU"):
        f(a, a)


# ---------------------------------------------------------------------------
# Installing


def test_pip_installs_both_packages(tmp_path):
    setuptools = pytest.importorskip("setuptools")
    version = tuple(int(v) for v in setuptools.__version__.split(".")[:2])
    if version < (61, 0):
        pytest.skip(f"needs setuptools 61 or later (pyproject.toml), not {version}")
    if version < (70, 1):  # before 70.1, building a wheel takes the wheel package
        pytest.importorskip("wheel")
    if subprocess.run([sys.executable, "-m", "pip", "--version"],
                      capture_output=True).returncode != 0:
        pytest.skip("needs pip")
    src = tmp_path / "src"  # a copy: building writes into the source folder
    shutil.copytree(PYTHON_DIR, src, ignore=shutil.ignore_patterns(
        "__pycache__", "build", "*.egg-info"))
    target = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                        "--no-build-isolation", "--no-index", "--target", str(target),
                        str(src)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    code = ("import tile_opt, tile_bench.bundle, os; "
            "print(tile_opt.__version__, os.path.dirname(tile_opt.__file__))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=str(tmp_path), env=dict(os.environ, PYTHONPATH=str(target)))
    assert r.returncode == 0, r.stderr
    version, where = r.stdout.split()
    assert version == tile_opt.__version__ and where == str(target / "tile_opt")
    assert (target / "tile_opt" / "py.typed").exists()
    assert (target / "tile_bench" / "cuda_launch.py").exists()


@pytest.mark.parametrize("args, kwargs, words", [
    ((0, 64, 64), {}, "m must be 1 to 2147483647; an empty product launches nothing"),
    ((64, 0, 64), {}, "n must be 1 to 2147483647; an empty product launches nothing"),
    (("64", 64, 64), {}, "m is '64'; expected an integer"),
    ((64.0, 64, 64), {}, "m is 64.0; expected an integer"),
    ((True, 64, 64), {}, "m is True; expected an integer"),
    ((64, 64, -1), {}, "k must be 1 to 2147483647; got -1"),
    ((2**31, 64, 64), {}, "m must be 1 to 2147483647; got 2147483648"),
    ((64, 64, 64), {"sm_count": -5}, "sm_count must be at least 1; got -5"),
    ((64, 64, 64), {"blocks_per_sm": 0}, "blocks_per_sm must be at least 1; got 0"),
    ((64, 64, 64), {"sm_count": 132.0}, "sm_count is 132.0; expected an integer"),
], ids=["m0", "n0", "str", "float", "bool", "negative", "2^31", "sm_count", "blocks", "sm-float"])
def test_plan_and_pick_take_counts(standin, args, kwargs, words):
    k = tile_opt.compile(config="manual")
    assert one_line_error(tile_opt.InputError, k.plan, *args, **kwargs) == words
    if not kwargs:
        assert one_line_error(tile_opt.InputError, k.pick, *args) == words
