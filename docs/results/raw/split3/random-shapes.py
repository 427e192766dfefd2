#!/usr/bin/env python3
"""Random layer shapes (M from decode to 1024, N and K multiples of 128 up
to 32768 and 49152), none of the shapes in the files excluded: by default
1500 of seed 2026, none of the suites' moved shapes (shapes.txt), the set
the pick's cost factor for 3 splits is checked on (validate.sh);
split3-h200/ draws its unseen set with another seed.

  random-shapes.py [--seed S] [--count N] [--exclude FILE...] > shapes.txt
"""
import argparse
import os
import random

here = os.path.dirname(os.path.abspath(__file__))
p = argparse.ArgumentParser()
p.add_argument("--seed", type=int, default=2026)
p.add_argument("--count", type=int, default=1500)
p.add_argument("--exclude", nargs="*", default=[os.path.join(here, "shapes.txt")])
args = p.parse_args()
rng = random.Random(args.seed)
seen = set()
for path in args.exclude:
    with open(path) as f:
        seen.update(line.split()[0] for line in f if line.strip())
out = set()
while len(out) < args.count:
    m = rng.choice([1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176,
                    192, 200, 224, 256, 320, 384, 512, 768, 1024])
    n = 128 * rng.randint(8, 256)
    k = 128 * rng.randint(8, 384)
    s = f"{m}x{n}x{k}"
    if s not in seen:
        out.add(s)
print("\n".join(sorted(out)))
