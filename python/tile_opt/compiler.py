"""Running tile-opt and the on-disk bundle cache.

A bundle is compiled once per key: the sha256 of the `--tile-to-ptx` options,
the input IR, `tile-opt --version` and the binary's own sha256 (its version
line names only the LLVM it was built with, so a rebuilt compiler would
otherwise serve stale kernels). The cache folder holds one folder per key,
written complete: tile-opt runs in a temporary folder inside the cache
folder, which is then renamed into place. Processes racing on one key each
compile, one rename wins and the others use its folder.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Optional

from .errors import CacheError, CompileError, OptionError, ToolNotFoundError

__all__ = ["REPO_TILE_OPT", "find_tile_opt", "cache_dir", "format_options",
           "Compiled", "compile_bundle"]

# The repository's build, when the package runs from its source tree.
REPO_TILE_OPT = Path(__file__).resolve().parents[2] / "build" / "bin" / "tile-opt"
DEFAULT_CACHE = Path("~/.cache/tile_opt")
# Bumped when the cache folder's layout changes.
CACHE_FORMAT = 1
# Temporary folders older than this were left by a process that died.
STALE_TMP_SECONDS = 24 * 3600

# Options that config=auto ignores (it picks the block itself).
BLOCK_OPTIONS = frozenset({
    "schedule", "block_m", "block_n", "block_k", "num_warps", "num_stages", "order",
    "group_m", "mma", "warp_specialize", "cluster_m", "split_k", "chip"})
# Options naming a file whose contents shape the kernels.
FILE_OPTIONS = frozenset({"tune_cache"})

_KEY = re.compile(r"[a-z][a-z0-9_]*\Z")
_VALUE = re.compile(r"[A-Za-z0-9_.:/+-]+\Z")


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_tile_opt(explicit: Optional[str] = None) -> str:
    """The tile-opt binary: `explicit`, else $TILE_OPT, else the repository's
    build/bin/tile-opt, else the one on PATH."""
    for source, path in (("tool=", explicit), ("TILE_OPT=", os.environ.get("TILE_OPT"))):
        if path:
            if not _executable(path):
                raise ToolNotFoundError(f"{source}{path} is not an executable file")
            return os.path.abspath(path)
    if _executable(str(REPO_TILE_OPT)):
        return str(REPO_TILE_OPT)
    found = shutil.which("tile-opt")
    if found:
        return os.path.abspath(found)
    raise ToolNotFoundError("cannot find tile-opt: set TILE_OPT to the binary, build it "
                            "(scripts/setup.sh), or put it on PATH")


def cache_dir(explicit: Optional[str | os.PathLike] = None) -> Path:
    """`explicit`, else $TILE_OPT_CACHE, else ~/.cache/tile_opt."""
    folder = explicit or os.environ.get("TILE_OPT_CACHE") or DEFAULT_CACHE
    return Path(folder).expanduser().absolute()


def format_options(config: str, options: Mapping[str, Any]) -> str:
    """The `--tile-to-ptx` text: config=auto (if asked) and `key=value` per
    option, key's underscores as dashes, sorted (tile-opt ignores the order,
    the cache key does not)."""
    parts = ["config=auto"] if config == "auto" else []
    for key in sorted(options):
        value = options[key]
        if not _KEY.match(key):
            raise OptionError(f"option name {key!r} is not a tile-opt option")
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        if not _VALUE.match(text):
            raise OptionError(f"option {key}={text!r}: values are letters, digits and . _ : / + -")
        parts.append(f"{key.replace('_', '-')}={text}")
    return " ".join(parts)


_identities: dict[tuple, tuple[str, str]] = {}


def tool_identity(tool: str) -> tuple[str, str]:
    """`tool --version` and the sha256 of the binary, once per build."""
    st = os.stat(tool)
    memo = (tool, st.st_ino, st.st_size, st.st_mtime_ns)
    if memo not in _identities:
        try:
            run = subprocess.run([tool, "--version"], capture_output=True, text=True,
                                 errors="replace", timeout=120, check=False)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise ToolNotFoundError(f"cannot run {tool} --version: {e}") from None
        if run.returncode != 0:
            raise CompileError(f"{tool} --version failed (exit {run.returncode}): "
                               f"{_first_error(run.stderr or run.stdout)}")
        digest = hashlib.sha256()
        with open(tool, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
        _identities[memo] = (run.stdout.strip(), digest.hexdigest())
    return _identities[memo]


def _file_digest(key: str, path: str) -> str:
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError as e:
        raise OptionError(f"option {key}={path}: {e.strerror or e}") from None


def cache_key(ir: str, options: str, tool: str,
              file_options: Optional[Mapping[str, str]] = None) -> str:
    """sha256 over everything that shapes the bundle."""
    version, binary = tool_identity(tool)
    material = {"format": CACHE_FORMAT, "options": options, "ir": ir,
                "tool_version": version, "tool_sha256": binary,
                "files": {k: _file_digest(k, p) for k, p in sorted((file_options or {}).items())}}
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()


def _first_error(text: str) -> str:
    """The line of tile-opt's output that says what went wrong."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for line in lines:
        if "error" in line.lower():
            # Drop the location prefix ("input.mlir:3:1: ", "<unknown>:0: ").
            return re.sub(r"^\S*:\d+(:\d+)?: ", "", line)
    return lines[0] if lines else "no output"


@dataclass(frozen=True)
class Compiled:
    """A bundle in the cache: its folder, manifest and whether it was there."""
    key: str
    folder: Path
    manifest: Path
    hit: bool


def _remove_stale(cache: Path) -> None:
    """Temporary folders of processes that died mid-compile."""
    now = time.time()
    for entry in cache.glob(".tmp-*"):
        try:
            if now - entry.stat().st_mtime > STALE_TMP_SECONDS:
                shutil.rmtree(entry, ignore_errors=True)
        except OSError:
            pass


def compile_bundle(ir: str, kernel: str, options: str, tool: str, cache: Path,
                   file_options: Optional[Mapping[str, str]] = None) -> Compiled:
    """The bundle of `ir` compiled with `--tile-to-ptx="<options>"`, from the
    cache or compiled into it. Nothing is written outside `cache`."""
    key = cache_key(ir, options, tool, file_options)
    final = cache / key
    manifest = final / "bundle" / f"{kernel}.json"
    if final.is_dir():
        return Compiled(key, final, manifest, True)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        _remove_stale(cache)
        tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=cache))
    except OSError as e:
        raise CacheError(f"cannot use the cache folder {cache}: {e.strerror or e}") from None
    try:
        (tmp / f"{kernel}.mlir").write_text(ir)
        (tmp / "key.json").write_text(json.dumps(
            {"options": options, "tool": tool, "tool_version": tool_identity(tool)[0]},
            indent=1) + "\n")
        # Relative names: tile-opt's messages name the kernel's file, and its
        # output stays in the temporary folder.
        try:
            run = subprocess.run(
                [tool, f"{kernel}.mlir", f"--tile-to-ptx={options}", "--tile-bundle=bundle",
                 "-o", os.devnull], cwd=tmp, capture_output=True, text=True,
                errors="replace", check=False)
        except OSError as e:
            raise ToolNotFoundError(f"cannot run {tool}: {e.strerror or e}") from None
        if run.returncode != 0:
            raise CompileError(f"tile-opt refused --tile-to-ptx=\"{options}\": "
                               f"{_first_error(run.stderr + run.stdout)}")
        if not (tmp / "bundle" / f"{kernel}.json").is_file():
            raise CompileError(f"tile-opt wrote no bundle/{kernel}.json for "
                               f"--tile-to-ptx=\"{options}\"")
        try:
            os.rename(tmp, final)
        except OSError as e:
            # Another process renamed the same key into place first.
            if e.errno not in (errno.EEXIST, errno.ENOTEMPTY) or not final.is_dir():
                raise CacheError(f"cannot move a compiled bundle to {final}: "
                                 f"{e.strerror or e}") from None
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Compiled(key, final, manifest, False)
