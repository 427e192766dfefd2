#!/usr/bin/env python3
"""Writes a calibration table: data/sm_90a.json with candidates 32 and 48
wide: 64-row ones (o64n32, o64n48: m64n80's kernel and coefficients at
those widths) and 128-row warp-specialized ones (o128n32, o128n48: w96's);
64x64 and split-K 64x128 ones warp-specialized with one consumer
warpgroup, and a 64x192 split-K one; the coefficients only rank them until a
fit replaces them.

  candidates.py OUT.json

(run on data/sm_90a.json as it was before `small` took a producer
warpgroup: since then o64ws is `small` itself)
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "scripts"))
from candidates import add, shipped, write  # noqa: E402

table = shipped()
for rows, like, kind in ((64, "m64n80", "one warpgroup"),
                         (128, "w96", "warp-specialized")):
    for width in (32, 48):
        add(table, like, f"o{rows}n{width}",
            f"{rows}x{width} tiles, {kind}, B K-major only (a candidate)", block_n=width)
# And 64x64 tiles warp-specialized with one consumer warpgroup (o64ws,
# small's coefficients; its pair in a cluster is compiled on its own: the
# model has no term for clusters).
add(table, "small", "o64ws", "64x64 tiles, a producer warpgroup and one consumer (a candidate)",
    warp_specialize="cooperative")
# And 64x128 split-K in a cluster with a producer warpgroup (o64wsk, m64k's
# coefficients): the best member on the decode layers still below cuBLAS
# is m64k at 2 splits, whose loads wait on its own MMAs.
add(table, "m64k", "o64wsk", "64x128 tiles split in a cluster, a producer warpgroup (a candidate)",
    warp_specialize="cooperative")
# And 64x192 split-K in a cluster (o64n192k: m64k's kernel and coefficients,
# 6 stages), which measured 0.886 of cuBLAS at 384x384x32768 against
# midk's 0.821 in one process (raw/midm/cal-nt-classic) and was never timed
# on the K-heavy suite.
add(table, "m64k", "o64n192k", "64x192 tiles, 2, 4 or 8 programs per tile in a cluster (a candidate)",
    block_n=192, num_stages=6)
write(table, sys.argv[1])
