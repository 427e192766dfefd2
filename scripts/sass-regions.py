#!/usr/bin/env python3
"""Static instruction counts of a kernel's SASS by region and opcode class:
what a persistent kernel runs once per program, what every kernel runs once
per tile, and what its main (K) loop runs once per K step.

  cuobjdump -sass k.cubin > k.sass
  scripts/sass-regions.py tiled.sass persistent.sass [--json OUT]

Regions, from the branches alone (no GPU, no trace):
  main loop   every innermost loop that holds a tensor-core instruction
              (HMMA, HGMMA): the K loop of a pipelined matmul; several when
              the kernel has several paths (an aligned and a masked one);
  per tile    the tile loop (a persistent kernel: the outermost loop around
              a main loop) outside the main loops, or for a tiled kernel
              everything outside the main loops;
  per program a persistent kernel's code outside its tile loop;
  out of line code after the last EXIT (and the tile loop) that runs only
              when a region branches to it, such as a wait's retry.
The counts are of instructions in the code, not executed ones: a region's
share of a run is its count times how often it runs (per tile: the tiles a
program takes; main loop: the K steps of a tile less the pipeline's
prologue), and of code on two paths only one runs.

Classes follow what Nsight Compute's pipes count: "alu" integer and logic
(IADD3, LOP3, ISETP, SHF, SEL, LEA, MOV, ...), "imad" integer multiply-add
on the FMA pipe (IMAD and its MOV/SHL/IADD forms, VIADD), "fp" float
arithmetic, "uniform" the uniform datapath (U*: one value per warp), "tma"
TMA copies, "tensor", "memory" (global, shared, constant and mbarrier
operations), "control" (branches, barriers, convergence), "other".
"""
import argparse
import json
import re
import sys

LINE = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(@!?U?P[T0-9]+\s+)?"
                  r"([A-Z][A-Z0-9_.]*)\s*([^;]*);")
TENSOR = ("HMMA", "HGMMA", "IMMA", "QGMMA", "BMMA")
TMA = ("UTMALDG", "UTMASTG", "UTMACCTL", "UTMACMDFLUSH", "UTMAPF", "UBLKCP",
       "UTMAREDG")
MEMORY = ("LDG", "STG", "LDS", "STS", "LDSM", "STSM", "LDGSTS", "LDGDEPBAR",
          "DEPBAR", "LD", "ST", "ATOM", "ATOMS", "ATOMG", "RED", "REDG",
          "LDC", "LDL", "STL", "SYNCS", "FENCE", "MEMBAR", "CCTL", "ERRBAR",
          "SHFL")
CONTROL = ("BRA", "BRX", "JMP", "EXIT", "RET", "CALL", "BAR", "BSSY",
           "BSYNC", "WARPSYNC", "NOP", "YIELD", "ELECT", "WARPGROUP",
           "BREAK", "KILL", "ACQBULK", "ENDCOLLECTIVE", "VOTE", "VOTEU",
           "NANOSLEEP")
IMAD = ("IMAD", "IMUL", "VIADD", "VIADDMNMX", "IDP", "IMNMX3")
FP = ("FADD", "FMUL", "FFMA", "FMNMX", "HADD2", "HMUL2", "HFMA2", "HMNMX2",
      "FSETP", "DADD", "DMUL", "DFMA", "FCHK", "MUFU", "F2F", "I2F", "F2I",
      "F2FP", "I2FP", "F2IP")
ALU = ("IADD3", "IADD", "LOP3", "LOP", "ISETP", "SHF", "SHL", "SHR", "SEL",
       "FSEL", "LEA", "MOV", "PRMT", "P2R", "R2P", "PLOP3", "IABS", "IMNMX",
       "VIMNMX", "FLO", "POPC", "BMSK", "BREV", "SGXT", "CS2R", "S2R",
       "ISCADD", "R2UR", "S2UR", "CSMTEST")
CLASSES = ["alu", "imad", "fp", "uniform", "tma", "tensor", "memory",
           "control", "other"]


def opclass(op):
    base = op.split(".")[0]
    if base in TENSOR:
        return "tensor"
    if base in TMA:
        return "tma"
    if base in MEMORY:
        return "memory"
    if base in CONTROL:
        return "control"
    if base in IMAD:
        return "imad"
    if base in FP:
        return "fp"
    if base in ALU:
        return "alu"
    if base.startswith("U"):
        return "uniform"
    return "other"


def parse(text):
    """[(address, predicate, opcode, operands)] of cuobjdump -sass text (the
    first kernel in it), without the padding at its end: the branch to
    itself after the last EXIT and the NOPs after that."""
    out, functions = [], 0
    for line in text.splitlines():
        if "Function :" in line:
            functions += 1
            if functions > 1:
                break
        m = LINE.search(line)
        if m:
            addr, op, args = int(m.group(1), 16), m.group(3), m.group(4)
            if op == "BRA" and not m.group(2) and \
                    re.fullmatch(rf"\s*0x0*{addr:x}\s*", args):
                break
            out.append((addr, (m.group(2) or "").strip(), op, args.strip()))
    return out


def loops(ins):
    """(start, end) address ranges of backward branches."""
    found = []
    for addr, _, op, args in ins:
        if op.split(".")[0] == "BRA":
            m = re.search(r"0x([0-9a-f]+)\s*$", args)
            if m and int(m.group(1), 16) <= addr:
                found.append((int(m.group(1), 16), addr))
    return found


def regions(ins):
    """{"main": [(start, end)], "tile": (start, end) or None}."""
    tensor = [a for a, _, op, _ in ins if opclass(op) == "tensor"]
    holding = [l for l in loops(ins)
               if any(l[0] <= a <= l[1] for a in tensor)]
    # The innermost first; a loop that overlaps a main loop already taken
    # (an out-of-line wait jumping back into it, an outer loop) is not one.
    main = []
    for l in sorted(holding, key=lambda l: l[1] - l[0]):
        if not any(l[0] <= m[1] and m[0] <= l[1] for m in main):
            main.append(l)
    main.sort()
    outer = [l for l in loops(ins) if l not in main and any(
        l[0] <= m[0] and m[1] <= l[1] for m in main)]
    tile = max(outer, key=lambda l: l[1] - l[0]) if outer else None
    return {"main": main, "tile": tile}


def count(ins):
    """{"regions": ..., "counts": {region: {class: n}}}."""
    r = regions(ins)
    tile = r["tile"]
    names = ["per program"] if tile else []
    names += ["per tile"] + [f"main loop {s:#x}-{e:#x}" for s, e in r["main"]]
    counts = {n: dict.fromkeys(CLASSES + ["all"], 0) for n in names}
    # Code placed after the kernel's last EXIT (or a persistent kernel's
    # tile loop) runs only when a region branches to it: the retry of an
    # mbarrier wait, say.
    last_exit = max((a for a, _, op, _ in ins if op == "EXIT"), default=-1)
    end = max(tile[1], last_exit) if tile else last_exit
    if any(a > end for a, *_ in ins):
        counts["out of line"] = dict.fromkeys(CLASSES + ["all"], 0)
    for addr, _, op, _ in ins:
        main = next((f"main loop {s:#x}-{e:#x}" for s, e in r["main"]
                     if s <= addr <= e), None)
        if addr > end:
            where = "out of line"
        elif main:
            where = main
        elif tile and not tile[0] <= addr <= tile[1]:
            where = "per program"
        else:
            where = "per tile"
        counts[where][opclass(op)] += 1
        counts[where]["all"] += 1
    return {"regions": {"main": [list(m) for m in r["main"]],
                        "tile": list(tile) if tile else None},
            "counts": counts}


def table(name, result):
    counts = result["counts"]
    cols = list(counts)
    w = max(len(c) for c in cols) + 2
    lines = [f"{name}: {sum(c['all'] for c in counts.values())} "
             "instructions in the code",
             f"{'class':<10}" + "".join(f"{c:>{w}}" for c in cols)]
    for cls in CLASSES + ["all"]:
        if any(counts[c][cls] for c in cols):
            lines.append(f"{cls:<10}" +
                         "".join(f"{counts[c][cls]:>{w}}" for c in cols))
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("sass", nargs="+", help="cuobjdump -sass output")
    p.add_argument("--json", help="write the counts here")
    args = p.parse_args()
    doc = {}
    for path in args.sass:
        try:
            with open(path) as f:
                ins = parse(f.read())
        except OSError as e:
            sys.exit(f"sass-regions: cannot read '{path}': {e.strerror}")
        if not ins:
            sys.exit(f"sass-regions: no SASS instructions in '{path}'")
        doc[path] = count(ins)
        print(table(path, doc[path]) + "\n")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=1)


if __name__ == "__main__":
    main()
