#!/usr/bin/env python3
"""Writes a calibration table: data/sm_90a.json with 64-row candidates 32
and 48 wide (o64n32, o64n48: m64n80's kernel and coefficients at those
widths; the coefficients only rank them until a fit replaces them).

  candidates.py OUT.json
"""
import copy
import json
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..")
with open(os.path.join(root, "data", "sm_90a.json")) as f:
    table = json.load(f)
base = next(m for m in table["members"] if m["name"] == "m64n80")
for width in (32, 48):
    m = copy.deepcopy(base)
    m["name"] = f"o64n{width}"
    m["why"] = f"64x{width} tiles, one warpgroup, B K-major only (a candidate)"
    m["config"]["block_n"] = width
    table["members"].append(m)
with open(sys.argv[1], "w") as f:
    json.dump(table, f, indent=1)
    f.write("\n")
