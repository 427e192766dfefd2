#!/usr/bin/env python3
"""Writes a calibration table: data/sm_90a.json with the other 64-row
one-warpgroup members warp-specialized with one consumer warpgroup, as
`small` now is (m64ws, m64n80ws, m64n112ws, m64n160ws, m64n192ws,
m64wws: each its member's tile, stages and coefficients, a producer
warpgroup beside the consumer), 64x48 tiles so (o64n48ws: m64n80's
coefficients; 128 programs at M 128 on N 3072, cuBLAS's count), and
`small` as it was before (small0, no producer warpgroup: the kernel the
table's coefficients were fitted on); the coefficients only rank them
until a fit replaces them.

  candidates.py OUT.json

(run on data/sm_90a.json as it was before m64, m64n80, m64n112 and m64n192
took a producer warpgroup: since then m64ws, m64n80ws, m64n112ws and
m64n192ws are those members themselves)
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "scripts"))
from candidates import add, shipped, write  # noqa: E402

table = shipped()
for like in ("m64", "m64n80", "m64n112", "m64n160", "m64n192", "m64w"):
    add(table, like, like + "ws", f"{like} with a producer warpgroup (a candidate)",
        warp_specialize="cooperative")
add(table, "m64n80", "o64n48ws", "64x48 tiles with a producer warpgroup, B K-major only (a candidate)",
    block_n=48, warp_specialize="cooperative")
add(table, "small", "small0", "small without a producer warpgroup (the kernel before)",
    warp_specialize="none")
write(table, sys.argv[1])
