"""Finding tile-opt and tile-run: one rule for tile_opt, tile-compare and
tile-tune (docs/python.md). Here, in the torch-free package, because
importing tile_opt imports torch (to register its custom op), which would
add seconds to every tool's start."""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Optional

__all__ = ["REPO_BIN", "ToolNotFound", "find_tool"]

# The repository's build, when the package runs from its source tree.
REPO_BIN = Path(__file__).resolve().parents[2] / "build" / "bin"


class ToolNotFound(LookupError):
    """No such tool, in one line."""


def _executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_tool(name: str, explicit: Optional[str] = None, argument: str = "tool") -> str:
    """The binary `name` (tile-opt, tile-run): `explicit` (the caller's
    `argument`, named in messages), else $TILE_OPT (for tile-run $TILE_RUN),
    else the repository's build/bin, else PATH. An explicit value or the
    variable is a path, or a name looked up on PATH."""
    env = name.upper().replace("-", "_")
    # An empty variable is unset, as in a shell; an empty argument is wrong.
    for source, value in ((argument, explicit), (env, os.environ.get(env) or None)):
        if value is not None:
            if not isinstance(value, (str, os.PathLike)):
                raise ToolNotFound(f"{source} is {value!r}; expected a path or a name")
            found = shutil.which(value)
            if not found:
                raise ToolNotFound(f"{source} '{value}' is not an executable program")
            return os.path.abspath(found)
    local = REPO_BIN / name
    if _executable(str(local)):
        return str(local)
    found = shutil.which(name)
    if found:
        return os.path.abspath(found)
    raise ToolNotFound(f"cannot find {name}: pass it as {argument}, set {env}, build it "
                       f"(scripts/setup.sh) or put it on PATH")
