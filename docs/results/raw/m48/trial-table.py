#!/usr/bin/env python3
"""The trial table of run.sh: data/sm_90a.json with the candidates appended
(s32's or s32k's coefficients: the run times them, it does not pick them).

  trial-table.py > .kit/trial-table.json
"""
import copy
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "..", "..", "..", "data", "sm_90a.json")) as f:
    table = json.load(f)
by = {m["name"]: m for m in table["members"]}


def member(name, base, why, **config):
    m = copy.deepcopy(by[base])
    m["name"], m["why"] = name, why
    m["config"].update(config)
    return m


table["members"] += [
    member("s48", "s32", "48 rows of M", block_m=48),
    member("s48k", "s32k", "48 rows of M, split", block_m=48, split_k=4),
    member("s64t", "s32", "64 rows of M", block_m=64),
    member("s48w", "s32", "48 rows of M, 128 of N", block_m=48, block_n=128, num_warps=8),
    member("s48ws", "s32", "48 rows of M, a producer warpgroup", block_m=48,
           schedule="persistent", warp_specialize="cooperative"),
    member("s48wsk", "s32k", "48 rows of M, split, a producer warpgroup", block_m=48, split_k=4,
           warp_specialize="cooperative"),
]
json.dump(table, sys.stdout, indent=1)
print()
