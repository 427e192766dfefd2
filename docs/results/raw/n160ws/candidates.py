#!/usr/bin/env python3
"""Writes a calibration table: data/sm_90a.json with m64n160 in three more
ways, its coefficients kept (they only rank the candidates): with a
producer warpgroup beside its consumer at its 7 stages (m64n160ws: its f32
C staging does not fit beside them) and at 6 (m64n160ws6: it fits), and
one warpgroup at 6 stages (m64n160s6: the ring alone).

  candidates.py OUT.json
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "scripts"))
from candidates import add, shipped, write  # noqa: E402

table = shipped()
add(table, "m64n160", "m64n160ws", "m64n160 with a producer warpgroup (a candidate)",
    warp_specialize="cooperative")
add(table, "m64n160", "m64n160ws6", "m64n160 with a producer warpgroup, 6 stages (a candidate)",
    warp_specialize="cooperative", num_stages=6)
add(table, "m64n160", "m64n160s6", "m64n160 at 6 stages (a candidate)", num_stages=6)
write(table, sys.argv[1])
