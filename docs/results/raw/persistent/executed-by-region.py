#!/usr/bin/env python3
"""Executed instructions by region, from the run's raw files alone.

persistent-study.tar.gz holds, for the tiled and the persistent kernel of
each lowering, the SASS ptxas built (cuobjdump -sass) and ncu's
SourceCounters of one launch of the kernel the driver built from the same
PTX (source-*.csv: "Instructions Executed" of every SASS instruction, warp
level). This checks that the two are the same code, address by address,
then sums the executed counts over the regions scripts/sass-regions.py
finds (per program, per tile, main loop) and prints them per tile and warp
(2048 tiles x 4 warps) and per program and warp, with the opcodes whose
executed count differs between the tiled and the persistent kernel.

  python3 docs/results/raw/persistent/executed-by-region.py > executed-by-region.txt
"""
import collections
import csv
import importlib.util
import io
import os
import re
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..", "..")
spec = importlib.util.spec_from_file_location(
    "sass_regions", os.path.join(ROOT, "scripts", "sass-regions.py"))
sr = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sr)

TILE_WARPS = 2048 * 4          # 4096^3 in 128x64 tiles, 4 warps a block
PROGRAM_WARPS = {"tiled": None, "persistent": 132 * 4}  # source runs: 1/SM
# Main-loop trips per tile: 4096 / block-k, less the 3 K steps of the
# drain that mma.sync's pipeline unrolls after the loop; wgmma's loop runs
# every K step.
K_STEPS = {"mma-sync": 4096 // 32 - 3, "wgmma": 4096 // 64}
PRED = re.compile(r"^@!?U?P\w+\s+")


def member(tar, name):
    return tar.extractfile("./" + name).read().decode()


def executed(text):
    """[(offset, opcode with modifiers, executed)] of ncu's source CSV."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines)
                 if l.startswith('"Address","Source"'))
    rows = list(csv.reader(io.StringIO("\n".join(lines[start:]))))
    head = rows[0]
    a, s, e = (head.index(c) for c in
               ("Address", "Source", "Instructions Executed"))
    out, base = [], None
    for r in rows[1:]:
        if len(r) <= e or not r[a].startswith("0x"):
            continue
        addr = int(r[a], 16)
        base = addr if base is None else base
        src = PRED.sub("", r[s].strip())
        out.append((addr - base, src.split()[0] if src else "", int(r[e])))
    return out


def where(addr, reg, end):
    main = next((f"main loop {s:#x}-{e:#x}" for s, e in reg["main"]
                 if s <= addr <= e), None)
    if addr > end:
        return "out of line"
    if main:
        return main
    tile = reg["tile"]
    if tile and not tile[0] <= addr <= tile[1]:
        return "per program"
    return "per tile"


def kernel(tar, name, kind):
    ins = sr.parse(member(tar, f"{name}-{kind}.sass"))
    rows = executed(member(tar, f"source-{name}-{kind}.csv"))
    code = {addr: op for addr, _, op, _ in ins}
    same = all(op.startswith(code[addr]) for addr, op, n in rows
               if addr in code)
    outside = sum(n for addr, _, n in rows if addr not in code)
    reg = sr.regions(ins)
    last_exit = max((a for a, _, op, _ in ins if op == "EXIT"), default=-1)
    end = max(reg["tile"][1], last_exit) if reg["tile"] else last_exit
    regions = collections.defaultdict(collections.Counter)
    for s, e in reg["main"]:  # a path that never runs shows as 0
        regions[f"main loop {s:#x}-{e:#x}"]["all"] += 0
    ops, main_ops = collections.Counter(), collections.Counter()
    for addr, op, n in rows:
        if addr not in code or not n:
            continue
        r = where(addr, reg, end)
        regions[r][sr.opclass(op)] += n
        regions[r]["all"] += n
        ops[op] += n
        if r.startswith("main loop"):
            main_ops[op] += n
    return {"same": same, "outside": outside, "regions": regions,
            "ops": ops, "main_ops": main_ops, "reg": reg}


def report(name, tiled, pers):
    print(f"## {name}")
    for kind, k in (("tiled", tiled), ("persistent", pers)):
        total = sum(c["all"] for c in k["regions"].values())
        print(f"{name}-{kind}: SASS of the source counters "
              f"{'is' if k['same'] else 'is NOT'} cuobjdump's, address by "
              f"address; {total:,} instructions executed "
              f"({k['outside']} outside the code)")
        cols = sr.CLASSES + ["all"]
        print(f"  {'region':28s}{'per':>9s}" +
              "".join(f"{c:>10s}" for c in cols if c != "other"))
        order = ["per program", "per tile"] + sorted(
            r for r in k["regions"] if r.startswith("main")) + ["out of line"]
        for r in (r for r in order if r in k["regions"]):
            c = k["regions"][r]
            per = PROGRAM_WARPS[kind] if r == "per program" else TILE_WARPS
            unit = "prog-warp" if r == "per program" else "tile-warp"
            print(f"  {r:28s}{unit:>9s}" + "".join(
                f"{c[x] / per:10.2f}" for x in cols if x != "other"))
        print(f"  {'whole kernel':28s}{'tile-warp':>9s}"
              f"{'':>{10 * (len(cols) - 2)}s}{total / TILE_WARPS:10.2f}")
    a, b = tiled["ops"], pers["ops"]
    print(f"opcodes executed per tile and warp, {name} persistent against "
          "tiled (those that differ by 0.5 or more)")
    print(f"  {'opcode':30s}{'tiled':>10s}{'persistent':>12s}{'diff':>10s}"
          f"{'instructions':>15s}")
    for op in sorted(set(a) | set(b), key=lambda o: (-abs(b[o] - a[o]), o)):
        d = b[op] - a[op]
        if abs(d) >= 0.5 * TILE_WARPS:
            print(f"  {op:30s}{a[op] / TILE_WARPS:10.2f}"
                  f"{b[op] / TILE_WARPS:12.2f}{d / TILE_WARPS:+10.2f}"
                  f"{d:+15,d}")
    a, b = tiled["main_ops"], pers["main_ops"]
    steps = TILE_WARPS * K_STEPS[name]
    print(f"main loop, per K step and warp ({K_STEPS[name]} K steps a "
          "tile): the opcodes that differ")
    for op in sorted(set(a) | set(b)):
        if a[op] != b[op]:
            print(f"  {op:30s}{a[op] / steps:10.2f}{b[op] / steps:12.2f}"
                  f"{(b[op] - a[op]) / steps:+10.2f}")
    print(f"  {'all':30s}{sum(a.values()) / steps:10.2f}"
          f"{sum(b.values()) / steps:12.2f}"
          f"{(sum(b.values()) - sum(a.values())) / steps:+10.2f}")
    print()


def main():
    with tarfile.open(os.path.join(HERE, "persistent-study.tar.gz")) as tar:
        for name in ("mma-sync", "wgmma"):
            report(name, kernel(tar, name, "tiled"),
                   kernel(tar, name, "persistent"))


if __name__ == "__main__":
    main()
