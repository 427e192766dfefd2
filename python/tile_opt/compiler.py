"""Running tile-opt and the on-disk bundle cache.

A bundle is compiled once per key: the sha256 of the `--tile-to-ptx` options,
the input IR, `tile-opt --version` and the binary's own sha256 (its version
line names only the LLVM it was built with, so a rebuilt compiler would
otherwise serve stale kernels). The cache folder holds one folder per key,
written complete: tile-opt runs in a temporary folder inside the cache
folder, which is then renamed into place. Processes racing on one key each
compile, one rename wins and the others use its folder.

The temporary folders are named `.tile_opt-tmp-<pid>-…` and hold a marker
naming their host and pid: a folder is removed as stale only when both say
it is ours and its process is gone (or it is older than a day), so nothing
another program keeps in the cache folder is ever deleted.
"""
from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import math
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

import tile_runtime
from tile_bench import tools

from .errors import CacheError, CompileError, OptionError, ToolNotFoundError

__all__ = ["find_tool", "find_tile_opt", "cache_dir", "pass_options", "block_options",
           "file_options", "check_names",
           "check_timeout", "format_options", "Compiled", "compile_bundle"]

DEFAULT_CACHE = Path("~/.cache/tile_opt")
# Bumped when the cache folder's layout changes.
CACHE_FORMAT = 2
# In each entry: the sha256 of every file of its bundle, as written.
DIGEST = "digest.json"
# A bundle file above the runtime's limits is not one tile-opt wrote.
BUNDLE_FILE_MAX_BYTES = max(tile_runtime.MAX_MANIFEST_BYTES, tile_runtime.MAX_PTX_BYTES)
# Temporary folders older than this were left by a process that died.
STALE_TMP_SECONDS = 24 * 3600
# Our temporary folders: the name, and the marker written in each at creation.
TMP_PREFIX = ".tile_opt-tmp-"
_TMP_NAME = re.compile(re.escape(TMP_PREFIX) + r"(\d+)-[a-z0-9_]+\Z")
TMP_MARKER = ".tile_opt-owner.json"
# Seconds tile-opt may take to compile, unless compile() says otherwise.
COMPILE_TIMEOUT = 600.0
# The largest file option (a tune cache, a calibration table) read for the
# key; tile-opt's own readers enforce their limit (the same number).
FILE_OPTION_MAX_BYTES = 16 * 1024 * 1024

_VALUE = re.compile(r"[A-Za-z0-9_.:/+-]+\Z")


def find_tool(name: str, explicit: Optional[str] = None, argument: str = "tool") -> str:
    """tile_bench.tools.find_tool (the one lookup rule), raising
    ToolNotFoundError."""
    try:
        return tools.find_tool(name, explicit, argument)
    except tools.ToolNotFound as e:
        raise ToolNotFoundError(str(e)) from None


def find_tile_opt(explicit: Optional[str] = None) -> str:
    """The tile-opt binary (find_tool): `explicit`, else $TILE_OPT, else the
    repository's build/bin/tile-opt, else the one on PATH."""
    return find_tool("tile-opt", explicit)


def cache_dir(explicit: Optional[str | os.PathLike] = None) -> Path:
    """`explicit`, else $TILE_OPT_CACHE, else ~/.cache/tile_opt."""
    # An empty name is no folder: the default would be written instead.
    if explicit is not None and (not isinstance(explicit, (str, os.PathLike))
                                 or not os.fspath(explicit)):
        raise OptionError(f"cache_dir is {explicit!r}; expected the path of a folder")
    folder = explicit or os.environ.get("TILE_OPT_CACHE") or DEFAULT_CACHE
    return Path(folder).expanduser().absolute()


def check_timeout(timeout: Any) -> float:
    """`timeout` as seconds: a positive, finite number."""
    # (an int past float's range is no finite number of seconds either)
    if (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
            or not (abs(timeout) <= sys.float_info.max and math.isfinite(timeout)
                    and timeout > 0)):
        raise OptionError(f"timeout is {timeout!r}; expected a positive number of seconds")
    return float(timeout)


# Candidates an autotune may time per shape (the binding's limit).
MAX_AUTOTUNE = tile_runtime.max_candidates


def check_autotune(value: Any) -> int:
    """compile()'s `autotune`: candidates timed per new shape, 0 to
    MAX_AUTOTUNE; None: $TILE_OPT_AUTOTUNE, else 0."""
    source = "autotune"
    if value is None:
        text = os.environ.get("TILE_OPT_AUTOTUNE", "").strip()
        if not text:
            return 0
        source = "TILE_OPT_AUTOTUNE"
        try:
            value = int(text)
        except ValueError:
            value = text
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_AUTOTUNE:
        raise OptionError(f"{source} is {value!r}; expected a whole number of candidates "
                          f"from 0 to {MAX_AUTOTUNE}")
    return value


def format_options(config: str, options: Mapping[str, Any]) -> str:
    """The `--tile-to-ptx` text: config=auto (if asked) and `key=value` per
    option (names checked by check_names), key's underscores as dashes,
    sorted (tile-opt ignores the order, the cache key does not)."""
    parts = ["config=auto"] if config == "auto" else []
    for key in sorted(options):
        value = options[key]
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        if not _VALUE.match(text):
            raise OptionError(f"option {key}={text!r}: values are letters, digits and . _ : / + -")
        parts.append(f"{key.replace('_', '-')}={text}")
    return " ".join(parts)


def _memo(tool: str) -> tuple:
    """What tells one build of the binary from another, cheaply."""
    st = os.stat(tool)
    return (tool, st.st_ino, st.st_size, st.st_mtime_ns)


def _run_tool(tool: str, flag: str) -> str:
    """What `tool flag` prints (--version, --help)."""
    try:
        run = subprocess.run([tool, flag], capture_output=True, text=True,
                             errors="replace", timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ToolNotFoundError(f"cannot run {tool} {flag}: {e}") from None
    if run.returncode != 0:
        raise CompileError(f"{tool} {flag} failed (exit {run.returncode}): "
                           f"{_first_error(run.stderr or run.stdout)}")
    return run.stdout


_identities: dict[tuple, tuple[str, str]] = {}


def tool_identity(tool: str) -> tuple[str, str]:
    """`tool --version` and the sha256 of the binary, once per build."""
    memo = _memo(tool)
    if memo not in _identities:
        version = _run_tool(tool, "--version")
        digest = hashlib.sha256()
        with open(tool, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
        _identities[memo] = (version.strip(), digest.hexdigest())
    return _identities[memo]


_pass_options: dict[tuple, tuple[frozenset[str], ...]] = {}
_HELP_OPTION = re.compile(r"( *)--([a-z0-9]+(?:-[a-z0-9]+)*)")
# The lists config's help names: the block options, then the file options.
_HELP_LISTS = {kind: re.compile(rf"the {kind} options: ([a-z0-9]+(?:[-, ]+[a-z0-9]+)*)\)")
               for kind in ("block", "file")}


def _help_options(tool: str) -> tuple[frozenset[str], ...]:
    """The `--tile-to-ptx` option names `tool --help` lists, and the block
    and file options its config option names, once per build: tile-opt's
    option parser holds the one list of each. The help prints a pipeline's
    options indented below it, and an enum option's values as `=value`
    lines (at an indent of their own)."""
    memo = _memo(tool)
    if memo not in _pass_options:
        names: set[str] = set()
        lists: dict[str, frozenset[str]] = {}
        base: Optional[int] = None  # the indent of the --tile-to-ptx line
        for line in _run_tool(tool, "--help").splitlines():
            m = _HELP_OPTION.match(line)
            if base is None:
                if m and m.group(2) == "tile-to-ptx" and not line[m.end():].startswith("="):
                    base = len(m.group(1))
            elif not line.lstrip().startswith("="):
                if not m or len(m.group(1)) <= base:
                    break
                names.add(m.group(2))
                for kind, pattern in _HELP_LISTS.items():
                    listed = pattern.search(line) if m.group(2) == "config" else None
                    if listed:
                        lists[kind] = frozenset(n.replace("-", "_")
                                                for n in listed.group(1).split(", "))
        if not names:
            raise CompileError(f"{tool} --help lists no --tile-to-ptx options")
        for kind in _HELP_LISTS:
            if kind not in lists:
                raise CompileError(f"{tool} --help names no {kind} options under --config")
        _pass_options[memo] = (frozenset(names), lists["block"], lists["file"])
    return _pass_options[memo]


def pass_options(tool: str) -> frozenset[str]:
    """The `--tile-to-ptx` option names of `tool` (dashed)."""
    return _help_options(tool)[0]


def block_options(tool: str) -> frozenset[str]:
    """The options that set the block (underscored), which config=auto
    refuses: it picks the block itself."""
    return _help_options(tool)[1]


def file_options(tool: str) -> frozenset[str]:
    """The options that name a file config=auto reads (underscored)."""
    return _help_options(tool)[2]


def check_names(names: Iterable[str], tool: str) -> None:
    """OptionError for the first of `names` (underscores or dashes) that is
    not a `--tile-to-ptx` option of `tool`."""
    known = pass_options(tool)
    for name in names:
        if name.replace("_", "-") not in known:
            raise OptionError(f"{name} is not a --tile-to-ptx option; tile-opt takes "
                              f"{', '.join(sorted(known))}")


def read_regular(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; OSError, its
    strerror saying why, for anything else (a FIFO or a device, never
    blocked on; a folder; a larger file; one that cannot be read)."""
    if not stat.S_ISREG(os.stat(path).st_mode):
        raise OSError(errno.EINVAL, "not a regular file")
    # The path may change after the check: O_NONBLOCK keeps a FIFO from
    # blocking the open, and what was opened is checked again.
    with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        data = b"" if st.st_size > limit else f.read(limit + 1)  # it may grow while read
    if st.st_size > limit or len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than {limit} bytes")
    return data


def _file_digest(key: str, path: str) -> str:
    """The sha256 of a regular file of at most FILE_OPTION_MAX_BYTES."""
    try:
        return hashlib.sha256(read_regular(path, FILE_OPTION_MAX_BYTES)).hexdigest()
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


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except OSError:  # another user's process
        return True
    return True


def _stale(entry: os.DirEntry, now: float, host: str) -> bool:
    """Whether `entry` is a temporary folder of ours whose process died: a
    folder (a link is never ours) with our name and our marker, which names
    the name's pid, of a process not running on this host, or older than
    STALE_TMP_SECONDS."""
    name = _TMP_NAME.match(entry.name)
    if not name or not entry.is_dir(follow_symlinks=False):
        return False
    marker = os.path.join(entry.path, TMP_MARKER)
    try:
        st = os.lstat(marker)
        if not stat.S_ISREG(st.st_mode) or st.st_size > 4096:
            return False
        with open(marker) as f:
            owner = json.load(f)
    except (OSError, ValueError, RecursionError):
        return False
    if not isinstance(owner, dict) or owner.get("pid") != int(name.group(1)):
        return False
    if now - st.st_mtime > STALE_TMP_SECONDS:
        return True
    return owner.get("host") == host and not _alive(owner["pid"])


def _remove_stale(cache: Path) -> None:
    """Temporary folders of processes that died mid-compile; nothing else."""
    now, host = time.time(), socket.gethostname()
    with os.scandir(cache) as entries:
        stale = [e.path for e in entries if _stale(e, now, host)]
    for path in stale:
        shutil.rmtree(path, ignore_errors=True)  # never follows links


def _make_tmp(cache: Path) -> Path:
    """A temporary folder in `cache`, with the marker that makes it ours."""
    tmp = Path(tempfile.mkdtemp(prefix=f"{TMP_PREFIX}{os.getpid()}-", dir=cache))
    try:
        (tmp / TMP_MARKER).write_text(json.dumps(
            {"host": socket.gethostname(), "pid": os.getpid()}) + "\n")
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return tmp


def _run_compile(argv: list[str], cwd: Path, timeout: float) -> tuple[int, str]:
    """tile-opt's exit status and output (stderr first); killed, with what
    it started (its own process group), past `timeout` seconds or when
    interrupted."""
    try:
        proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, errors="replace",
                                start_new_session=True)
    except OSError as e:
        raise ToolNotFoundError(f"cannot run {argv[0]}: {e.strerror or e}") from None
    with proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except BaseException as e:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:  # it is gone already
                pass
            proc.wait()
            if isinstance(e, subprocess.TimeoutExpired):
                raise CompileError(f"tile-opt did not finish within {timeout:g} s") from None
            raise
    return proc.returncode, err + out


def _bundle_digest(folder: Path) -> dict[str, str]:
    """The sha256 of each file in `folder`/bundle, by name; OSError for
    anything tile-opt does not write there (a link, a folder, a huge file)."""
    digests = {}
    with os.scandir(folder / "bundle") as entries:
        for entry in entries:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or st.st_size > BUNDLE_FILE_MAX_BYTES:
                raise OSError(f"{entry.name} is not a bundle file")
            digest = hashlib.sha256()
            with open(entry.path, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    digest.update(chunk)
            digests[entry.name] = digest.hexdigest()
    return digests


def _intact(folder: Path) -> bool:
    """Whether a cache entry holds exactly the bundle that was written into
    it: a PTX cut short, swapped or edited, a manifest edited, a file gone
    or added, or a missing or garbled digest make it damaged."""
    try:
        st = os.lstat(folder / DIGEST)
        if not stat.S_ISREG(st.st_mode) or st.st_size > 1 << 20:
            return False
        with open(folder / DIGEST) as f:
            written = json.load(f)
        return isinstance(written, dict) and bool(written) and written == _bundle_digest(folder)
    except (OSError, ValueError, RecursionError):
        return False


def _discard(cache: Path, entry: Path) -> None:
    """Removes a damaged entry: renamed into a temporary folder of ours first,
    so a process reading the key never sees it half deleted."""
    tmp = _make_tmp(cache)
    with contextlib.suppress(OSError):  # another process replaced it already
        os.rename(entry, tmp / "damaged")
    shutil.rmtree(tmp, ignore_errors=True)


def compile_bundle(ir: str, kernel: str, options: str, tool: str, cache: Path,
                   file_options: Optional[Mapping[str, str]] = None,
                   timeout: float = COMPILE_TIMEOUT) -> Compiled:
    """The bundle of `ir` compiled with `--tile-to-ptx="<options>"`, from the
    cache or compiled into it within `timeout` seconds; an entry whose files
    differ from what was written into it is compiled again. Nothing is
    written outside `cache`."""
    key = cache_key(ir, options, tool, file_options)
    final = cache / key
    manifest = final / "bundle" / f"{kernel}.json"
    if final.is_dir() and not final.is_symlink() and _intact(final):
        return Compiled(key, final, manifest, True)
    try:
        cache.mkdir(parents=True, exist_ok=True)
        _remove_stale(cache)
        if os.path.lexists(final):
            _discard(cache, final)
        tmp = _make_tmp(cache)
    except OSError as e:
        raise CacheError(f"cannot use the cache folder {cache}: {e.strerror or e}") from None
    try:
        (tmp / f"{kernel}.mlir").write_text(ir)
        (tmp / "key.json").write_text(json.dumps(
            {"options": options, "tool": tool, "tool_version": tool_identity(tool)[0]},
            indent=1) + "\n")
        # Relative names: tile-opt's messages name the kernel's file, and its
        # output stays in the temporary folder.
        status, output = _run_compile(
            [tool, f"{kernel}.mlir", f"--tile-to-ptx={options}", "--tile-bundle=bundle",
             "-o", os.devnull], tmp, timeout)
        if status != 0:
            raise CompileError(f"tile-opt refused --tile-to-ptx=\"{options}\": "
                               f"{_first_error(output)}")
        if not (tmp / "bundle" / f"{kernel}.json").is_file():
            raise CompileError(f"tile-opt wrote no bundle/{kernel}.json for "
                               f"--tile-to-ptx=\"{options}\"")
        try:
            digest = _bundle_digest(tmp)
        except OSError as e:
            raise CompileError(f"tile-opt wrote an unexpected bundle: {e}") from None
        (tmp / DIGEST).write_text(json.dumps(digest, indent=1, sort_keys=True) + "\n")
        try:
            os.rename(tmp, final)
        except OSError as e:
            # Another process renamed the same key into place first.
            if e.errno not in (errno.EEXIST, errno.ENOTEMPTY) or not _intact(final):
                raise CacheError(f"cannot move a compiled bundle to {final}: "
                                 f"{e.strerror or e}") from None
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            # Only temporary folders carry it (one left here is harmless).
            with contextlib.suppress(OSError):
                (final / TMP_MARKER).unlink()
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Compiled(key, final, manifest, False)
