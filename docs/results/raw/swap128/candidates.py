#!/usr/bin/env python3
"""Writes a calibration table: data/sm_90a.json with five candidates for
M 16-128 on narrow layers, their coefficients copied from the member each
starts from (they only rank the candidates until a fit replaces them):

- s128w, s128wk: s128 and s128k with two consumer warpgroups (128 x 128
  transposed tiles): half the reloads of A per column of tiles at M ~ 128,
  where s128k at 2 splits is the fastest member on six llm layers;
- s64wk: 64 x 128 transposed tiles, two warpgroups, split in a cluster;
- m64n160k: m64n160's 64 x 160 tiles split in a cluster (N 5120: 32 tiles,
  128 programs at 4 splits, where m64wk's 64 x 256 fill 80 SMs);
- m64n80k: 64 x 80 tiles split in a cluster (N 5120: 128 programs at 2).

  candidates.py OUT.json
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "scripts"))
from candidates import add, shipped, write  # noqa: E402

table = shipped()
add(table, "s128", "s128w", "128x128 transposed tiles, two warpgroups (a candidate)",
    block_n=128, num_warps=8, num_stages=6)
add(table, "s128k", "s128wk", "128x128 transposed tiles, two warpgroups, split (a candidate)",
    block_n=128, num_warps=8, num_stages=6)
add(table, "s128k", "s64wk", "64x128 transposed tiles, two warpgroups, split (a candidate)",
    block_m=64, block_n=128, num_warps=8, num_stages=8)
add(table, "m64wk", "m64n160k", "64x160 tiles, split (a candidate)", block_n=160, num_stages=7)
add(table, "m64wk", "m64n80k", "64x80 tiles, split (a candidate)", block_n=80, num_stages=8)
write(table, sys.argv[1])
