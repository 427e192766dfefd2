#!/usr/bin/env python3
"""Writes a calibration table: data/sm_90a.json with each transposed
(swap_ab) member of one or two warpgroups again with a producer warpgroup
beside its consumers (<name>ws): persistent where the member is unsplit
(the producer runs ahead across the program's tiles while the consumers
store C), one trip per program where it splits K in a cluster. Stages as
the member's unless C's staging (no longer inside the ring) needs fewer;
coefficients kept (they only rank the candidates).

  candidates.py OUT.json unsplit|split   (a table holds at most 48 members)
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "scripts"))
from candidates import add, shipped, write  # noqa: E402

sys.path.insert(0, here)
import ws_config  # noqa: E402

NAMES = ["s16", "s32", "s128", "s208", "s16k", "s32k", "s128k", "s208k", "s160w",
         "s192w", "s208w", "s256w", "s208wk", "s256wk"]

table = shipped()
for name in NAMES:
    m = next(m for m in table["members"] if m["name"] == name)
    if (m["config"].get("split_k", 1) > 1) != (sys.argv[2] == "split"):
        continue
    add(table, name, name + "ws", name + " with a producer warpgroup (a candidate)",
        **ws_config.config(m))
write(table, sys.argv[1])
