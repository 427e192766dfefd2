"""How tile-compare and tile-tune find tile-opt and tile-run: tile_opt's
one rule (tile_bench.tools.find_tool): the --tile-opt/--tile-run flag,
then $TILE_OPT/$TILE_RUN, then the repository's build/bin, then PATH.

Each script runs from a copy of python/ whose build folder the test fills,
with logging wrappers of the real tile-opt (skipped without one) in each
place, so the log says which was used. No GPU is needed.
"""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
INPUT = os.path.join(ROOT, "examples", "matmul_f16.mlir")
sys.path.insert(0, os.path.join(ROOT, "python"))


from real_tools import REAL_TILE_OPT, needs_tile_opt  # noqa: E402

# What each script is run with: a compile that needs nothing but tile-opt.
SCRIPTS = {
    "tile-compare": ["tile_compare.py", "--compile-only", "{tmp}/out", INPUT,
                     "--lowering", "t:block-k=32"],
    "tile-tune": ["tile_tune.py", INPUT, "--out", "{tmp}/tune", "--shape", "64x64x64",
                  "--lowering", "t:block-k=32", "--dry-run"],
}


class Places:
    """A copy of python/ and a wrapper of a tool in each place it may be
    found; each wrapper logs its place's name, then runs `body`."""

    def __init__(self, tmp, tool, body):
        self.tmp, self.tool, self.log = tmp, tool, tmp / "used.log"
        shutil.copytree(os.path.join(ROOT, "python"), tmp / "python", ignore=shutil.ignore_patterns(
            "__pycache__", "build", "*.egg-info", ".mypy_cache"))
        self.dirs = {"flag": tmp / "flag", "env": tmp / "env", "build": tmp / "build" / "bin",
                     "path": tmp / "path"}
        for place, folder in self.dirs.items():
            self._wrapper(folder / tool, place, body)
        # A second name on PATH, for a variable that names a program.
        self._wrapper(self.dirs["path"] / f"{tool}-named", "named", body)

    def _wrapper(self, path, place, body):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"#!/bin/sh\necho {place} >> {self.log}\n{body}\n")
        path.chmod(0o755)

    def run(self, args, env=None, flag=None):
        """The script's result and the places whose tool it ran."""
        if self.log.exists():
            self.log.unlink()
        script, *rest = [a.format(tmp=self.tmp) for a in args]
        if flag is not None:
            rest += [f"--{self.tool}", flag]
        # This environment (a carried tile-opt's LD_LIBRARY_PATH, say) but
        # for the variables and PATH under test.
        full = {k: v for k, v in os.environ.items() if k not in ("TILE_OPT", "TILE_RUN")}
        full.update(PATH=str(self.dirs["path"]), PYTHONDONTWRITEBYTECODE="1", **(env or {}))
        r = subprocess.run([sys.executable, str(self.tmp / "python" / script), *rest], env=full,
                           capture_output=True, text=True, timeout=300)
        used = self.log.read_text().split() if self.log.exists() else []
        return r, used


@pytest.fixture
def tile_opts(tmp_path):
    return Places(tmp_path, "tile-opt", f'exec {REAL_TILE_OPT} "$@"')


def env_var(places, value):
    return {"TILE_OPT": {"env": str(places.dirs["env"] / "tile-opt"),
                         "named": "tile-opt-named", "": ""}[value]}


@needs_tile_opt
@pytest.mark.parametrize("script", sorted(SCRIPTS))
@pytest.mark.parametrize("variable,flag,build,used", [
    ("env", None, True, "env"),        # TILE_OPT before the build folder
    ("env", "flag", True, "flag"),     # the flag before TILE_OPT
    ("named", None, True, "named"),    # TILE_OPT as a name on PATH
    (None, None, True, "build"),       # the build folder before PATH
    ("", None, True, "build"),         # an empty TILE_OPT is unset
    (None, None, False, "path"),
    (None, "tile-opt-named", True, "named"),  # the flag as a name on PATH
])
def test_which_tile_opt_runs(tile_opts, script, variable, flag, build, used):
    if not build:
        shutil.rmtree(tile_opts.dirs["build"])
    if flag == "flag":
        flag = str(tile_opts.dirs["flag"] / "tile-opt")
    r, ran = tile_opts.run(SCRIPTS[script], env_var(tile_opts, variable) if variable is not None
                           else None, flag)
    assert r.returncode == 0, r.stderr
    assert ran and set(ran) == {used}


@pytest.mark.parametrize("script", sorted(SCRIPTS))
@pytest.mark.parametrize("how", ["variable", "flag"])
@pytest.mark.parametrize("what", ["not executable", "folder", "absent", "name"])
def test_a_named_tile_opt_that_is_not_a_program(tmp_path, script, how, what):
    places = Places(tmp_path, "tile-opt", "exit 1")
    value = {"not executable": str(tmp_path / "plain"), "folder": str(tmp_path),
             "absent": str(tmp_path / "absent"), "name": "no-such-tile-opt"}[what]
    (tmp_path / "plain").write_text("")
    if how == "variable":
        r, ran = places.run(SCRIPTS[script], {"TILE_OPT": value})
        source = "TILE_OPT"
    else:
        r, ran = places.run(SCRIPTS[script], flag=value)
        source = "--tile-opt"
    assert (r.returncode, r.stdout, ran) == (1, "", [])
    assert r.stderr == f"{script}: {source} '{value}' is not an executable program\n"


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_no_tile_opt_anywhere(tmp_path, script):
    places = Places(tmp_path, "tile-opt", "exit 1")
    shutil.rmtree(places.dirs["build"])
    shutil.rmtree(places.dirs["path"])
    r, _ = places.run(SCRIPTS[script])
    assert (r.returncode, r.stdout) == (1, "")
    assert r.stderr == (f"{script}: cannot find tile-opt: pass it as --tile-opt, set TILE_OPT, "
                        f"build it (scripts/setup.sh) or put it on PATH\n")


# tile-compare --bundles runs only tile-run: a fake one that fails says
# which ran (tile-tune finds tile-run the same way, past its compile).
BUNDLES = ["tile_compare.py", "--bundles", "{tmp}/bundles", "--shape", "64x64x64"]


@pytest.mark.parametrize("variable,flag,build,used", [
    (True, None, True, "env"), (True, "flag", True, "flag"), (None, None, True, "build"),
    (None, None, False, "path")])
def test_which_tile_run_runs(tmp_path, variable, flag, build, used):
    places = Places(tmp_path, "tile-run", "echo fake tile-run >&2; exit 1")
    (tmp_path / "bundles" / "t").mkdir(parents=True)
    (tmp_path / "bundles" / "t" / "t.json").write_text("{}")
    if not build:
        shutil.rmtree(places.dirs["build"])
    env = {"TILE_RUN": str(places.dirs["env"] / "tile-run")} if variable else None
    r, ran = places.run(BUNDLES, env, str(places.dirs["flag"] / "tile-run") if flag else None)
    assert r.returncode == 1 and ran == [used]
    assert r.stderr == "tile-compare: tile-run failed (1): fake tile-run\n"
    shutil.rmtree(places.dirs["path"])
    shutil.rmtree(places.dirs["build"], ignore_errors=True)
    r, ran = places.run(BUNDLES)
    assert r.stderr == ("tile-compare: cannot find tile-run: pass it as --tile-run, set "
                        "TILE_RUN, build it (scripts/setup.sh) or put it on PATH\n")
