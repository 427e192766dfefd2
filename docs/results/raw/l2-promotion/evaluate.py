#!/usr/bin/env python3
"""The tables of docs/results/shapes.md's first section from this folder's
runs: bytes moved per second (A + B + C over the median) by kernel on the
K / K + 8 pairs, and each promotion-128 kernel over its 256 twin, the
quartiles paired (a range holding 1 is a tie), apart for rows whose pitch
is 16 bytes off a 32-byte sector (K = 8 mod 16) and the rest.

  evaluate.py   (from this folder)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
from benchrows import ab, geo, off_sector, paired, rows  # noqa: E402


def rates(path, names):
    print(f"== {path}: TB/s")
    by = rows(path)
    print(f"{'shape':>16} pitch " + " ".join(f"{n[:10]:>10}" for n in names))
    for s, v in by.items():
        m, n, k = map(int, s.split("x"))
        moved = 2 * (m * k + n * k + m * n)
        print(f"{s:>16} {'off' if off_sector(s) else 'on ':5} " + " ".join(
            f"{moved / v[x]['ms'] / 1e9:10.2f}" if x in v and v[x]["pass"] else f"{'-':>10}"
            for x in names))


def pairs(path, twins):
    print(f"== {path}: 128 over 256")
    by = rows(path)
    for old, new in twins:
        for off in (False, True):
            r, verdicts = paired(by, old, new, off)
            if r:
                print(f"  {new:13} over {old:9} {'off' if off else 'on '} sector, {len(r):2} shapes: "
                      f"geomean {geo(r):.3f} [{min(r):.3f}-{max(r):.3f}]; faster {verdicts['faster']}, "
                      f"tie {verdicts['tie']}, slower {verdicts['slower']}")


rates("rings-pitch.json.gz", ["cuBLAS", "auto", "s16", "s32", "m64wk@2", "m64k@4", "m64n160",
                              "s16s10", "s16s12", "s16s16", "s32s9", "s32s12"])
rates("promo-trial.json.gz", ["cuBLAS", "s16", "s16p0", "s16p64", "s16p128", "m64wk@2",
                              "m64wkp0@2", "m64wkp128@2"])
twins = [("s16", "s16p128"), ("s32", "s32p128"), ("m64n160", "m64n160p128"),
         ("m64wk@2", "m64wkp128@2"), ("m64wk@4", "m64wkp128@4")]
for run in ("promo-random", "promo-llm", "promo-heldout"):
    pairs(run + ".json.gz", twins)


ab("ab-dispatch.json.gz", "auto", "new")
for splits in (2, 4, 8):
    ab("ab-s16k.json.gz", f"new@{splits}", f"s16kp128@{splits}")
