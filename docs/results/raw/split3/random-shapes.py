#!/usr/bin/env python3
"""1500 random layer shapes (M from decode to 1024, N and K multiples of
128 up to 32768 and 49152), none of the suites' moved shapes: the set the
pick's cost factor for 3 splits is checked on (validate.sh).

  random-shapes.py > shapes.txt
"""
import os
import random

here = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(2026)
with open(os.path.join(here, "shapes.txt")) as f:
    seen = set(f.read().split())
out = set()
while len(out) < 1500:
    m = rng.choice([1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176,
                    192, 200, 224, 256, 320, 384, 512, 768, 1024])
    n = 128 * rng.randint(8, 256)
    k = 128 * rng.randint(8, 384)
    s = f"{m}x{n}x{k}"
    if s not in seen:
        out.add(s)
print("\n".join(sorted(out)))
