"""Writing an output file whole: the one implementation of the tools' JSON
and plots (tile-bench, tile-compare, tile-tune, tile_opt.overhead). The file
is written beside its target and renamed over it, so that the target is
either the old file or the whole new one.

Nothing here needs torch, the runtime or a GPU.
"""
from __future__ import annotations

import errno
import json
import os
import tempfile
from typing import IO, Any, Callable

__all__ = ["check_target", "write_atomically", "write_json"]


def _folder(path: str) -> str:
    """The folder the file `path` is written in; OSError where `path` names
    no file (empty, ending in a separator) or names a folder."""
    folder, name = os.path.split(path)
    if not name:
        raise OSError(errno.EINVAL, "it names no file")
    if os.path.isdir(path):
        raise OSError(errno.EISDIR, "it is a folder")
    return folder or os.curdir


def check_target(path: str) -> None:
    """Refuses (OSError) a file write_atomically could not write, before
    the work whose result it holds."""
    folder = _folder(path)
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise OSError(errno.ENOENT, f"folder '{folder}' is missing or not writable")


def write_atomically(path: str, write: Callable[[IO[Any]], None],
                     binary: bool = False) -> None:
    """Calls write(f) on a temporary file in `path`'s folder and renames it
    over `path`; on any failure `path` and the folder are left as they were."""
    fd, tmp = tempfile.mkstemp(prefix=".tile-write-", dir=_folder(path))
    try:
        with os.fdopen(fd, "wb" if binary else "w") as f:
            # mkstemp makes the file private; give it a plain file's mode.
            umask = os.umask(0)
            os.umask(umask)
            os.fchmod(f.fileno(), 0o666 & ~umask)
            write(f)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write_json(path: str, doc: Any, allow_nan: bool = False) -> None:
    """`doc` as JSON, written whole; NaN or an infinity is a ValueError
    unless allow_nan."""
    def dump(f: IO[str]) -> None:
        json.dump(doc, f, indent=1, allow_nan=allow_nan)
        f.write("\n")
    write_atomically(path, dump)
