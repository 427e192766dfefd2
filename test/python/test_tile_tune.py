"""What tile-tune finds in --out and did not write: a folder of the user's
where a bundle goes, a link leading out of --out, a damaged cache or run
file. Each is refused in one line and left as it was. tile-opt compiles
(skipped without one); test/tile-tune's stand-in tile-run times. No GPU is
needed.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
INPUT = os.path.join(ROOT, "examples", "matmul_f16.mlir")
FAKE_TILE_RUN = os.path.join(ROOT, "test", "tile-tune", "Inputs", "fake-tile-run.py")

from real_tools import REAL_TILE_OPT, needs_tile_opt  # noqa: E402

pytestmark = needs_tile_opt

LOWERING = "c:schedule=tiled block-m=128 block-n=128 block-k=32 num-warps=8 num-stages=4"


def tile_tune(out, *args):
    """tile-tune on one lowering and the shape 64x64x64 into `out`."""
    env = dict(os.environ, FAKE_CALLS=os.path.join(os.path.dirname(out), "calls"),
               PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, os.path.join(ROOT, "python", "tile_tune.py"), INPUT,
                           "--out", str(out), "--shape", "64x64x64", "--lowering", LOWERING,
                           "--tile-opt", REAL_TILE_OPT, *args],
                          env=env, capture_output=True, text=True, timeout=300)


def assert_refused(r, words):
    assert (r.returncode, r.stderr.count("\n")) == (1, 1), r.stderr
    assert r.stderr.startswith("tile-tune: ") and words in r.stderr, r.stderr


def contents(folder):
    """{path: bytes} of the files below folder."""
    return {os.path.relpath(os.path.join(d, f), folder): Path(d, f).read_bytes()
            for d, _, names in os.walk(folder) for f in names}


@pytest.fixture(scope="module")
def tile_run(tmp_path_factory):
    path = tmp_path_factory.mktemp("tools") / "tile-run"
    shutil.copy(FAKE_TILE_RUN, path)
    path.chmod(0o755)
    return str(path)


@pytest.fixture(scope="module")
def tuned(tmp_path_factory, tile_run):
    """An --out tuned once: its bundle, run file and cache."""
    out = tmp_path_factory.mktemp("tuned") / "out"
    r = tile_tune(out, "--tile-run", tile_run)
    assert r.returncode == 0, r.stderr
    return out


@pytest.fixture
def out(tmp_path, tuned):
    """A copy of `tuned`, which tile-tune resumes without compiling or timing."""
    shutil.copytree(tuned, tmp_path / "out")
    return tmp_path / "out"


@pytest.mark.parametrize("names", [["notes.txt"], ["sub/"], ["c.json", "notes.txt"]])
def test_a_folder_of_the_users_is_not_replaced(tmp_path, names):
    mine = tmp_path / "out" / "bundles" / "c"
    mine.mkdir(parents=True)
    for name in names:
        if name.endswith("/"):
            (mine / name).mkdir()
        else:
            (mine / name).write_text("precious\n")
    before = sorted(os.listdir(mine)), contents(mine)
    r = tile_tune(tmp_path / "out", "--dry-run")
    assert_refused(r, f"{mine} exists and is not a bundle folder; remove it or choose "
                      f"another --out")
    assert (sorted(os.listdir(mine)), contents(mine)) == before


def test_a_bundle_of_another_input_is_replaced(out):
    """A folder tile-tune made (its stamp names another input) is compiled
    again."""
    (out / "bundles" / "c" / "tile-tune.stamp").write_text("another input\n")
    r = tile_tune(out, "--dry-run")
    assert r.returncode == 0, r.stderr
    assert (out / "bundles" / "c" / "tile-tune.stamp").read_text() != "another input\n"


@pytest.mark.parametrize("link", ["bundles/c", "bundles", "runs"])
@pytest.mark.parametrize("holds", ["nothing", "what tile-tune wrote"])
def test_links_out_of_out_are_not_followed(tmp_path, tuned, tile_run, link, holds):
    elsewhere = tmp_path / "elsewhere"
    if holds == "nothing":
        elsewhere.mkdir()
    else:
        shutil.copytree(tuned / link, elsewhere)
    before = contents(elsewhere)
    (tmp_path / "out" / link).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / "out" / link).symlink_to(elsewhere)
    r = tile_tune(tmp_path / "out", "--tile-run", tile_run)
    assert_refused(r, str(tmp_path / "out" / link))
    assert contents(elsewhere) == before


def test_tile_compare_does_not_follow_a_link_either(tmp_path):
    """--compile-only DIR/NAME: the same check as tile-tune's."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "c").symlink_to(elsewhere)
    r = subprocess.run([sys.executable, os.path.join(ROOT, "python", "tile_compare.py"),
                        "--tile-opt", REAL_TILE_OPT, "--compile-only", str(tmp_path / "out"),
                        INPUT, "--lowering", LOWERING], capture_output=True, text=True,
                       timeout=300)
    assert (r.returncode, r.stderr) == (1, f"tile-compare: {tmp_path / 'out' / 'c'} exists and "
                                           f"is not a bundle folder; remove it or choose "
                                           f"another --compile-only folder\n")
    assert os.listdir(elsewhere) == []


ENTRY = {"chip": "sm_90a", "dtype": "f16", "c_type": "f16", "layout": "nn",
         "class": "m2^6-n2^6-k2^6"}


def test_a_lone_surrogate_keys_as_tile_opt_reads_it():
    """A lone surrogate in a key is U+FFFD, as in tile-opt's JSON reader, so
    that "x\ud800" and "x?" stay two entries."""
    import tile_runtime
    assert tile_runtime.tune_cache_key(dict(ENTRY, chip="x\ud800"))[0] == "x\ufffd"
    assert tile_runtime.tune_cache_key(dict(ENTRY, chip="x?"))[0] == "x?"
    assert tile_runtime.tune_cache_key(dict(ENTRY, chip="sm_90a\u00e9"))[0] == "sm_90a\u00e9"


@pytest.mark.parametrize("doc, words", [
    ([], 'expected an object with an "entries" array'),
    ({"entries": {"a": 1}}, 'expected an object with an "entries" array'),
    ({"entries": "ab"}, 'expected an object with an "entries" array'),
    ({"entries": [1]}, "entry 1 is not an object"),
    ({"entries": [ENTRY, {}]}, 'entry 2: "dtype" must be "f16" or "bf16"'),
    ({"entries": [dict(ENTRY, **{"class": [1]})]},
     'entry 1: "class" must be a one-line string: a shape class such as m2^12-n2^12-k2^13'),
    ({"entries": [dict(ENTRY, **{"class": "m2^1\nSECOND"})]},
     'entry 1: "class" must be a one-line string: a shape class such as m2^12-n2^12-k2^13'),
    ({"entries": [dict(ENTRY, dtype="f1\ud800")]}, 'entry 1: "dtype" must be "f16" or "bf16"'),
    ({"entries": [dict(ENTRY, **{"class": "m2^6-n2^6"})]},
     'entry 1: "class" must be a shape class such as m2^12-n2^12-k2^13 or '
     "m2^0-n2^3-k2^7-unaligned, not 'm2^6-n2^6'"),
    ({"entries": [dict(ENTRY, layout=None)]},
     'entry 1: "layout" must be "nn", "nt", "tn" or "tt"'),
    ({"entries": [dict(ENTRY, c_type="f8")]}, 'entry 1: "c_type" must be "f32", "f16" or "bf16"'),
    ({"entries": [dict(ENTRY, chip=7)]}, 'entry 1: "chip" must be a non-empty one-line string or null'),
    ({"entries": [dict(ENTRY, chip="sm\n90a")]},
     'entry 1: "chip" must be a non-empty one-line string or null'),
], ids=["list", "entries-object", "entries-string", "entry-number", "entry-empty",
        "class-list", "class-line", "dtype-surrogate", "class-short", "layout-null", "c-type", "chip-number", "chip-line"])
def test_a_damaged_cache_is_refused_and_kept(out, tile_run, doc, words):
    """A cache entry's key is read as tile-opt's config=auto reads it
    (tile_runtime.tune_cache_key, TuneCache.h): what tile-opt would refuse
    stops tile-tune before it times or writes anything."""
    cache = out / "cache.json"
    cache.write_text(json.dumps(doc))
    r = tile_tune(out, "--tile-run", tile_run)
    assert_refused(r, f"cannot read the cache {cache}: {words}")
    assert json.loads(cache.read_text()) == doc


@pytest.mark.parametrize("which", ["cache.json", "runs/64x64x64.json"])
def test_a_fifo_is_refused_not_waited_on(out, tile_run, which):
    path = out / which
    path.unlink()
    os.mkfifo(path)
    r = tile_tune(out, "--tile-run", tile_run)
    assert_refused(r, f"{path}: not a regular file")


def test_a_stamp_not_utf8_is_compiled_again(out, tile_run):
    stamp = out / "bundles" / "c" / "tile-tune.stamp"
    kept = stamp.read_bytes()
    stamp.write_bytes(b"\xff")
    r = tile_tune(out, "--tile-run", tile_run)
    assert r.returncode == 0, r.stderr
    assert stamp.read_bytes() == kept


def test_cache_entries_are_merged_by_key(out, tile_run):
    """One entry per (chip, dtype, c_type, layout, class): a null chip
    (tile-run's where a manifest names none) is a key of its own, an entry
    without a layout was timed in nn."""
    cache = out / "cache.json"
    [ours] = json.loads(cache.read_text())["entries"]
    null_chip = dict(ours, chip=None)
    older = dict({k: v for k, v in ours.items() if k != "layout"}, lowering="older")
    cache.write_text(json.dumps({"version": 1, "entries": [null_chip, older]}))
    r = tile_tune(out, "--tile-run", tile_run)
    assert r.returncode == 0, r.stderr
    assert json.loads(cache.read_text())["entries"] == [null_chip, ours]


KERNEL = {"chip": "sm_90a", "ms": 1.0, "ms_q25": 0.9, "ms_q75": 1.1, "pct_cublas": 50.0,
          "pass": True}


@pytest.mark.parametrize("doc, words", [
    (5, "TypeError"),
    ({"runs": []}, "IndexError"),
    ({"kernels": "abc"}, 'expected an object with a "kernels" array of 1 objects'),
    ({"kernels": [KERNEL, KERNEL]}, 'expected an object with a "kernels" array of 1 objects'),
    ({"kernels": [1]}, 'expected an object with a "kernels" array of 1 objects'),
    ({"kernels": [KERNEL]}, '"dtype" and "c_type" must be strings'),
    ({"dtype": "f16", "c_type": "f16", "kernels": [{"pass": True}]},
     "kernel 1 passed without positive ms, ms_q25, ms_q75, pct_cublas"),
    ({"dtype": "f16", "c_type": "f16", "kernels": [dict(KERNEL, ms="1")]},
     "kernel 1 passed without positive"),
    ({"dtype": "f16", "c_type": "f16", "kernels": [dict(KERNEL, ms_q25=0)]},
     "kernel 1 passed without positive"),
    ({"dtype": "f16", "c_type": "f16", "kernels": [dict(KERNEL, pct_cublas=None)]},
     "kernel 1 passed without positive"),
    ({"dtype": "f16", "c_type": "f16", "kernels": [dict(KERNEL, ms=10**400)]},
     "kernel 1 passed without positive"),
    ({"dtype": "f16", "c_type": "f16", "kernels": [dict(KERNEL, chip=[1])]},
     'kernel 1: "chip" must be a non-empty one-line string or null'),
    # (what the cache's key refuses: tile_runtime.tune_cache_key)
    ({"dtype": "f32", "c_type": "f16", "kernels": [KERNEL]}, '"dtype" must be "f16" or "bf16"'),
    ({"dtype": "f16", "c_type": "f16", "kernels": [dict(KERNEL, chip="")]},
     'kernel 1: "chip" must be a non-empty one-line string or null'),
], ids=["number", "no-runs", "kernels-string", "two-kernels", "kernel-number", "no-dtype",
        "no-times", "ms-string", "q25-zero", "pct-null", "ms-huge", "chip-list", "dtype-f32",
        "chip-empty"])
def test_a_damaged_run_file_is_refused(out, tile_run, doc, words):
    run, cache = out / "runs" / "64x64x64.json", out / "cache.json"
    text = json.dumps(doc)
    run.write_text(text)
    before = cache.read_text()
    r = tile_tune(out, "--tile-run", tile_run)
    assert_refused(r, f"cannot read {run}: {words}")
    assert (run.read_text(), cache.read_text()) == (text, before)
