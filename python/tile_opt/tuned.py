"""Autotune's kept choices on disk, so that a later process launches a
shape's tuned member without timing it again.

One JSON file per compiled bundle (its cache key), kind of GPU (name,
compute capability, SMs) and candidate count, in the compile cache's
`autotune/` folder: per problem (M, N, K and the leading dimensions) the
dispatch rule kept, its splits and why. A choice is used only where that
rule at those splits is still among the model's candidates for the problem
(LoadedKernel checks), so an edited file can pick nothing the model would
not have timed. A file that is not a record of this bundle and GPU
(malformed, too large, not a regular file, another GPU's) is ignored with
one warning and replaced by the next choice written. Writes are whole
(tile_bench.files), at most MAX_BYTES (the oldest choices go first), and
never through a link; nothing is written outside the folder. The kernels of
one process share a record per file; two processes writing one at the same
moment may lose a choice, whose shape is then timed again. A process reads
a record once, on its first new shape, and then keeps it with its own
choices (each write merges the file as it is then).
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import threading
import warnings
from pathlib import Path
from typing import Any, Optional

from tile_bench import files

from .compiler import read_regular

# Bumped when a record's layout changes.
FORMAT = 1
MAX_BYTES = 4 << 20
# As the runtime's plans: dynamic shapes can be many; the oldest go first.
MAX_SHAPES = 4096
MAX_WHY = 1024
_PROBLEM = re.compile(r"\d{1,19}(,\d{1,19}){5}\Z")


def _problem(problem: tuple) -> str:
    return ",".join(str(int(x)) for x in problem)


def _short(x: Any) -> str:
    """`x` for a warning: a file's values may be long."""
    text = repr(x)
    return text if len(text) <= 80 else text[:77] + "..."


def _text(x: Any) -> bool:
    """A `why` the runtime takes: printable, UTF-8, at most MAX_WHY."""
    if not isinstance(x, str) or len(x) > MAX_WHY or not x.isprintable():
        return False
    try:
        x.encode()
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return True


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 1 << 63


def _refusal(doc: Any, gpu: dict, count: int) -> Optional[str]:
    """Why `doc` is not a record of `gpu` and `count`; None if it is."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return f"not an autotune record of format {FORMAT}"
    if doc.get("gpu") != gpu:
        return f"recorded on {_short(doc.get('gpu'))}, not this GPU ({gpu!r})"
    if doc.get("count") != count:
        return f"the fastest of {_short(doc.get('count'))} candidates, not {count}"
    shapes = doc.get("shapes")
    if not isinstance(shapes, dict) or len(shapes) > MAX_SHAPES:
        return f"'shapes' is not an object of at most {MAX_SHAPES} problems"
    for key, entry in shapes.items():
        if (not _PROBLEM.match(key) or not isinstance(entry, dict)
                or set(entry) != {"rule", "splits", "why"} or not _whole(entry["rule"])
                or not _whole(entry["splits"]) or not _text(entry["why"])):
            return f"problem {key[:40]!r} is not M,N,K,lda,ldb,ldc with a rule, splits and why"
    return None


class TunedRecord:
    """The choices autotune kept for one compiled bundle (`key`) on GPUs
    like `gpu` ({"name", "cc", "sms"}) among `count` candidates, in
    `folder`."""

    def __init__(self, folder: Path, key: str, gpu: dict, count: int) -> None:
        self.gpu, self.count = gpu, count
        kind = hashlib.sha256(json.dumps(gpu, sort_keys=True).encode()).hexdigest()[:16]
        self.path = Path(folder) / f"{key}-{kind}-{count}.json"
        self._shapes: Optional[dict] = None  # read on the first get()
        self._warned: set[str] = set()
        self._lock = threading.Lock()

    def _warn(self, why: str) -> None:
        if why not in self._warned:  # one line per reason, not per call
            self._warned.add(why)
            warnings.warn(f"tile_opt: autotune record {self.path}: {why}", stacklevel=4)

    def _read(self) -> dict:
        """The file's problems; {} where there is none, or (with a warning)
        where it is not a record of this bundle and GPU."""
        try:
            doc = json.loads(read_regular(self.path, MAX_BYTES))
        except OSError as e:
            if e.errno in (errno.ENOENT, errno.ENOTDIR):  # none kept yet
                return {}
            self._warn(f"ignored: {e.strerror or e}")
            return {}
        except ValueError as e:  # not UTF-8, or not JSON
            self._warn(f"ignored: not JSON ({str(e).splitlines()[0][:80]})")
            return {}
        except RecursionError:
            self._warn("ignored: not JSON (nested too deeply)")
            return {}
        why = _refusal(doc, self.gpu, self.count)
        if why:
            self._warn(f"ignored: {why}")
            return {}
        return doc["shapes"]

    def get(self, problem: tuple) -> Optional[dict]:
        """The choice kept for `problem` (M, N, K, lda, ldb, ldc): {"rule",
        "splits", "why"}, or None."""
        with self._lock:
            if self._shapes is None:
                self._shapes = self._read()
            return self._shapes.get(_problem(problem))

    def forget(self, problem: tuple, why: str) -> None:
        """Says (once per reason) why a kept choice was not used."""
        self._warn(f"problem {_problem(problem)}: {why}; timed again")

    def put(self, problem: tuple, rule: int, splits: int, why: str) -> None:
        """Keeps a choice: the file as it now is (other processes write it
        too) with this one added, written whole. A folder that cannot be
        written warns once; the choice is still kept in this process."""
        with self._lock:
            shapes = self._read()
            shapes.pop(_problem(problem), None)
            while len(shapes) >= MAX_SHAPES:
                shapes.pop(next(iter(shapes)))
            shapes[_problem(problem)] = {"rule": rule, "splits": splits,
                                         "why": why[:MAX_WHY]}
            self._shapes = shapes
            try:
                self._write(shapes)
            except OSError as e:
                self._warn(f"not written: {e.strerror or e}")

    def _write(self, shapes: dict) -> None:
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            raise OSError(errno.ENOTDIR, f"{folder} is a link")
        while True:
            text = json.dumps({"format": FORMAT, "gpu": self.gpu, "count": self.count,
                               "shapes": shapes}, separators=(",", ":")) + "\n"
            if len(text.encode()) <= MAX_BYTES:
                break
            for _ in range(max(1, len(shapes) // 8)):  # the oldest first
                shapes.pop(next(iter(shapes)))
        files.write_atomically(str(self.path), lambda f: f.write(text))


_records: dict[Path, TunedRecord] = {}
_records_lock = threading.Lock()


def record(folder: Path, key: str, gpu: dict, count: int) -> TunedRecord:
    """The process's one TunedRecord of this bundle, GPU kind and count (the
    launchers of two GPUs alike share it, and its lock)."""
    made = TunedRecord(folder, key, gpu, count)
    with _records_lock:
        return _records.setdefault(made.path, made)
