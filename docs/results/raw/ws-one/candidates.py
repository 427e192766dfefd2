#!/usr/bin/env python3
"""Writes a calibration table: data/sm_90a.json with the other 64-row
one-warpgroup members warp-specialized with one consumer warpgroup, as
`small` now is (m64ws, m64n80ws, m64n112ws, m64n160ws, m64n192ws,
m64wws: each its member's tile, stages and coefficients, a producer
warpgroup beside the consumer), and `small` as it was before (small0, no
producer warpgroup: the kernel the table's coefficients were fitted on);
the coefficients only rank them until a fit replaces them.

  candidates.py OUT.json
"""
import copy
import json
import os
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..")
with open(os.path.join(root, "data", "sm_90a.json")) as f:
    table = json.load(f)
for like in ("m64", "m64n80", "m64n112", "m64n160", "m64n192", "m64w"):
    m = copy.deepcopy(next(m for m in table["members"] if m["name"] == like))
    m["name"] = like + "ws"
    m["why"] = f"{like} with a producer warpgroup (a candidate)"
    m["config"]["warp_specialize"] = "cooperative"
    table["members"].append(m)
m = copy.deepcopy(next(m for m in table["members"] if m["name"] == "small"))
m["name"] = "small0"
m["why"] = "small without a producer warpgroup (the kernel before)"
m["config"]["warp_specialize"] = "none"
table["members"].append(m)
with open(sys.argv[1], "w") as f:
    json.dump(table, f, indent=1)
