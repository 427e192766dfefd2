"""The real tile-opt the tests run, found by the package's own rule
(tile_bench.tools.find_tool), or None; and the skip mark for its absence."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from tile_bench import tools  # noqa: E402


def _real_tile_opt():
    try:
        return tools.find_tool("tile-opt")
    except tools.ToolNotFound:
        return None


REAL_TILE_OPT = _real_tile_opt()
needs_tile_opt = pytest.mark.skipif(
    REAL_TILE_OPT is None, reason="needs tile-opt: set TILE_OPT or build build/bin/tile-opt")
