#!/usr/bin/env python3
"""How the model's picks move between two calibration tables, each costed as
the runtime costs it (blocks per SM from the members tile-opt compiles with
the table, or one per SM with --one-per-sm-old): 6,000 random shapes, half
with M of a model's decode-to-training sizes, N and K multiples of 8.

  pick-changes.py OLD_TABLE NEW_TABLE TILE_OPT [--one-per-sm-old]
"""
import collections
import json
import os
import random
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "scripts"))
import fit_cost_model as fit  # noqa: E402


def table(path, tile_opt, residency):
    with open(path) as f:
        t = json.load(f)
    t["blocks_per_sm"] = (fit.blocks_per_sm(path, tile_opt) if residency
                          else {m["name"]: 1 for m in t["members"]})
    return t


def main():
    old_path, new_path, tile_opt = sys.argv[1:4]
    old = table(old_path, tile_opt, "--one-per-sm-old" not in sys.argv)
    new = table(new_path, tile_opt, True)
    rng = random.Random(1)
    sizes = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 256, 512, 1024, 2048, 4096, 8192]
    shapes = [(rng.choice(sizes) if i % 2 else rng.randint(1, 8192),
               rng.randint(1, 4096) * 8, rng.randint(1, 4096) * 8) for i in range(6000)]
    changed, total, moves = collections.Counter(), collections.Counter(), collections.defaultdict(list)
    for s in shapes:
        band = "M 1-32" if s[0] <= 32 else "M 33-64" if s[0] <= 64 else "M 65-8192"
        total[band] += 1
        a, b = (fit.label(*fit.pick(t, fit.table_costs(t), s)) for t in (old, new))
        if a != b:
            changed[band] += 1
            moves[band].append(f"{'x'.join(map(str, s))} {a} -> {b}")
    for band in ("M 1-32", "M 33-64", "M 65-8192"):
        print(f"{band}: {changed[band]} of {total[band]} picks change")
    for band in moves:
        kinds = collections.Counter(line.split(" ", 1)[1] for line in moves[band])
        print(f"{band}: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
        for line in moves[band] if band != "M 1-32" else moves[band][:20]:
            print(f"  {band}: {line}")


if __name__ == "__main__":
    main()
