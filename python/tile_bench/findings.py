"""Findings in words from one tile-compare run: what the numbers of each
lowering say about why one is faster than another.

Input is the run's JSON as tile-compare writes it: tile-run's report
(``kernels``, ``device``) plus, with ``--profile``, ``instruction_mix``
(``{"lowerings": [...], "rows": {label: [value per lowering]}}``) and
``stalls`` (the same shape, one row per ncu warp-state stall reason, in
cycles per issued instruction). Every finding is a dict

  {"kind", "lowerings", "text", "numbers", "suggestion", "variant"}

whose text names the numbers it rests on (also in ``numbers``) and whose
suggestion is a change tile-compare can measure (None where there is
nothing to test). Where the suggestion is one concrete change to one
lowering, ``variant`` holds it as data for ``tile-compare --suggest``:
{option: value} of --tile-to-ptx, or {"programs-per-sm": N} of tile-run
(None otherwise); plan_variants turns them into lowerings to run. A
finding is stated only past the thresholds below; comparisons that stay inside them say "no difference beyond the spread".
Pure Python, no GPU.
"""
from __future__ import annotations

import math
import re
from typing import Sequence

from .stats import compare

# Block slots: a grid that leaves under 5% of the slots of its only wave
# empty costs less than a run's typical spread; past that, SMs could host
# blocks that never come.
SLOT_FILL_MIN = 0.95

# The tail: a last wave (or a last round of tiles per persistent program)
# that leaves more than 10% of the slot time of the whole run idle. Blocks
# of a GEMM take about the same time, so idle slot time is lost time.
TAIL_EFFICIENCY_MIN = 0.90

# Achieved occupancy: ncu's figure moves by a point or two between launches
# and falls a little below theoretical at the launch and the end of any
# grid; under 85% of theoretical means warps the SM could hold are missing
# for a good part of the run.
ACHIEVED_OCC_MIN_RATIO = 0.85

# Instruction mix: ncu counts of one launch repeat exactly for a kernel
# without data-dependent branches (tma_persistent: 239,967,400 in two
# sessions), so the spread is zero; a pipe differs when its count moves by
# more than 1% of itself and by more than 0.5% of all instructions the base
# issues (smaller changes cannot move the time beyond the timing spread).
MIX_REL_MIN = 0.01
MIX_SHARE_MIN = 0.005

# Tensor pipe active %: the same kernel repeats within 0.2 points (97.33,
# 97.41 across sessions) with unlocked clocks; 2 points leaves margin.
TENSOR_ACTIVE_SPREAD = 2.0

# A stall reason leads when it holds at least 30% of the stall cycles per
# issued instruction (the "selected" state, issuing itself, excluded);
# below that no single reason explains the waiting.
STALL_LEAD_SHARE = 0.30
STALL_LEADERS = 3

# Rows of the instruction mix that are percentages, not instruction counts.
ACHIEVED_ROW = "achieved occ %"
TENSOR_ROW = "tensor active %"

NO_DIFFERENCE = "no difference beyond the spread"

# What would shorten each stall, as an option tile-compare can try.
STALL_SUGGESTIONS = {
    "long_scoreboard": "more stages (num-stages), so each tile's loads are "
                       "issued further ahead of their use",
    "barrier": "more stages or a larger block-k: fewer block barriers per "
               "tile",
    "mio_throttle": "fewer shared-memory instructions per tile (a larger "
                    "block-k, or wgmma's operands from shared memory)",
    "short_scoreboard": "fewer shared-memory round trips per tile "
                        "(ldmatrix of wider fragments, fewer bank conflicts: "
                        "scripts/ncu-stalls.sh)",
    "wait": "more warps per SM to hide fixed latencies: a smaller block or "
            "fewer registers per thread",
    "math_pipe_throttle": "none for the kernel itself: the pipe is saturated",
    "gmma": "more consumer warpgroups (num-warps) or a larger block-n per "
            "wgmma",
    "lg_throttle": "fewer, wider global accesses (TMA: mma=wgmma)",
    "dispatch_stall": "none from the options: ncu's WarpStateStats section "
                      "says what the dispatcher waits on",
}

# The stall reasons whose suggestion --suggest tries, as a change of the
# lowering's num-stages (tile-opt refuses stages whose shared memory does
# not fit, and the refusal is reported).
STALL_VARIANTS = {"long_scoreboard": +1}

# tile-run's flag, not a --tile-to-ptx option: tile-compare takes it as a
# lowering's option (programs-per-sm=N|auto) and passes it to tile-run, one
# value per manifest.
PROGRAMS_PER_SM = "programs-per-sm"

# Where to look, or what changes each pipe's instruction count, for the
# largest difference. ncu's pipe counts do not say where in the kernel the
# difference is: the integer, uniform and branch pipes point at the SASS by
# region (scripts/sass-regions.py: per program, per tile, per K step)
# and name no cause. (A persistent wgmma kernel's extra ALU and FMA-pipe
# instructions are register moves in its K loop, not per-tile index
# arithmetic: docs/results/persistent.md.)
_SASS_REGIONS = "scripts/sass-regions.py on both kernels' cuobjdump -sass"
MIX_SUGGESTIONS = {
    "alu": f"{_SASS_REGIONS}: whether the integer instructions that differ "
           "run once per program, per tile or per K step",
    "uniform": f"{_SASS_REGIONS}: whether the uniform-datapath "
               "instructions that differ run once per program, per tile or "
               "per K step",
    "fma": f"{_SASS_REGIONS}: whether the FMA-pipe instructions that differ "
           "(IMAD and its MOV forms) run once per program, per tile or per "
           "K step",
    "cbu": f"{_SASS_REGIONS}: whether the branch, barrier and convergence "
           "instructions that differ run once per program, per tile or per "
           "K step",
    "lsu": "num-stages or block-k: loads per tile",
    "ldgsts": "num-stages or block-k: cp.async copies per tile",
    "shared ld": "block-k or num-warps: shared-memory loads per tile",
    "global st": "the epilogue: block-n or the store path",
    "tensor": "the mma= option: the MMA shape sets the tensor instructions",
    "all": f"{_SASS_REGIONS}: the instructions of each region",
}


def _finding(kind, lowerings, text, numbers, suggestion, variant=None):
    return {"kind": kind, "lowerings": list(lowerings), "text": text,
            "numbers": numbers, "suggestion": suggestion, "variant": variant}


def _slots_variant(k):
    """A program per block slot: only a persistent grid's size is an
    option (a tiled grid is the tile count)."""
    slots = _slots(k)
    return {PROGRAMS_PER_SM: slots} \
        if k.get("schedule") == "persistent" and slots else None


def _smaller_block_n(k):
    """Half the block-n: fewer accumulator registers and a smaller B tile
    per stage. None where the row does not say the block."""
    n = k.get("block_n")
    return {"block-n": n // 2} if n and n >= 16 else None


def _count(v):
    """Instruction counts the way the report reads them: 3.18 M, 89.6 k."""
    for div, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(v) >= div:
            return f"{v / div:.1f} {unit}"
    return f"{v:.0f}"


def _number(v):
    return v is not None and not (isinstance(v, float) and math.isnan(v))


def _slots(k):
    """Block slots per SM: the driver's figure, as tile-run sizes grids."""
    occ = k["occupancy"]
    return occ.get("driver_blocks_per_sm", occ.get("blocks_per_sm"))


def time_findings(names, kernels):
    """Each lowering's speed against the first, by tile_bench.stats.compare;
    none where the run recorded no quartiles (older reports)."""
    base = kernels[0]
    out = []
    for name, k in zip(names[1:], kernels[1:]):
        if not all(_number(x.get(q)) for x in (base, k)
                   for q in ("ms", "ms_q25", "ms_q75")):
            continue
        r = compare(base, k)
        numbers = {"ms": [base["ms"], k["ms"]], "pct": r["pct"],
                   "pct_lo": r["pct_lo"], "pct_hi": r["pct_hi"]}
        rng = f"{r['pct']:.1f}% of {names[0]}'s speed [{r['pct_lo']:.1f}-" \
              f"{r['pct_hi']:.1f}]"
        if r["verdict"] == "tie":
            out.append(_finding(
                "time", (names[0], name),
                f"time: {name} runs at {rng}: {NO_DIFFERENCE}", numbers,
                "more --rounds (or a longer --rep) to narrow the spread"))
        else:
            out.append(_finding(
                "time", (names[0], name),
                f"time: {name} is {r['verdict']} than {names[0]}: {rng} "
                f"({k['ms']:.4f} ms against {base['ms']:.4f} ms)", numbers,
                "the findings below name the candidate causes; each one's "
                "suggestion tests one"))
    return out


def slot_findings(name, k, sms):
    """Block slots used against available per SM, and what limits them."""
    occ = k["occupancy"]
    slots = _slots(k)
    out = []
    if not slots:
        return out
    used = min(k["grid"] / sms, slots)
    if used < SLOT_FILL_MIN * slots:
        persistent = k.get("schedule") == "persistent"
        out.append(_finding(
            "slots", (name,),
            f"slots: {name} fills {used:.2f} of the {slots} block slots per "
            f"SM (grid {k['grid']} on {sms} SMs, waves "
            f"{k['waves_per_sm']:.2f}): {100 * (1 - used / slots):.0f}% of "
            f"the slots sit idle",
            {"grid": k["grid"], "sm_count": sms, "blocks_per_sm": slots,
             "slots_used": used, "waves_per_sm": k["waves_per_sm"]},
            f"--programs-per-sm auto (grid {sms * slots})" if persistent else
            "a smaller block or split-k, so that the grid fills every slot",
            _slots_variant(k)))
    # Warps or the SM's block cap limit only where the SM is full already
    # (or the blocks are tiny); registers and shared memory are what a
    # lowering's options change.
    limits = {"registers": occ.get("limit_registers"),
              "shared memory": occ.get("limit_shared"),
              "warps": occ.get("limit_warps")}
    binding = [r for r, v in limits.items()
               if v is not None and v == occ.get("blocks_per_sm")]
    if occ.get("limiter") in ("registers", "shared memory"):
        others = ", ".join(f"{r} {v}" for r, v in limits.items()
                           if r not in binding and v is not None)
        spill = f", {k['spill_bytes']} bytes spilled" \
            if k.get("spill_bytes") else ""
        text = (f"limit: {' and '.join(binding)} limit {name} to "
                f"{occ['blocks_per_sm']} "
                f"block{'s' if occ['blocks_per_sm'] != 1 else ''} per SM "
                f"({k['regs']} "
                f"registers per thread{spill}, "
                f"{k['static_smem'] + k['dynamic_smem']} bytes of shared "
                f"memory per block; "
                f"theoretical occupancy {occ['theoretical_pct']:.1f}%"
                + (f"; {others} would allow more" if others else "") + ")")
        # Fewer stages free shared memory at no other cost until two are
        # left (one tile loading while one is used); then, or when registers
        # bind, a smaller block-n: fewer accumulators and a smaller B tile.
        fixes, variant = [], None
        stages = k.get("num_stages")
        if "shared memory" in binding:
            if stages and stages > 2:
                fixes.append(f"fewer stages (num-stages={stages - 1})")
                variant = {"num-stages": stages - 1}
            else:
                fixes.append("a smaller block-n or block-k")
        if "registers" in binding:
            fixes.append("a smaller block-m or block-n (fewer accumulator "
                         "registers per thread)")
        variant = variant or _smaller_block_n(k)
        out.append(_finding(
            "limit", (name,), text,
            {"regs": k["regs"], "spill_bytes": k.get("spill_bytes", 0),
             "smem": k["static_smem"] + k["dynamic_smem"],
             "limit_registers": limits["registers"],
             "limit_shared": limits["shared memory"],
             "limit_warps": limits["warps"],
             "blocks_per_sm": occ["blocks_per_sm"],
             "theoretical_pct": occ["theoretical_pct"]},
            " or ".join(fixes) + ", to fit another block per SM", variant))
    return out


def tail_findings(name, k, sms):
    """Waves and the last one's fullness (tiled), or tiles per program
    (persistent): idle slot time at the end of the run."""
    slots = _slots(k)
    if not slots or k["grid"] < SLOT_FILL_MIN * sms * slots:
        return []  # one partial wave: the slots finding says it
    if k.get("schedule") == "persistent":
        tiles, lo, hi = (k.get("tiles"), k.get("tiles_per_program_min"),
                         k.get("tiles_per_program_max"))
        if not tiles or not hi or hi == lo:
            return []
        efficiency = tiles / (k["grid"] * hi)
        last = (tiles - k["grid"] * (hi - 1)) / k["grid"]
        what = (f"{k['grid']} programs of {lo} to {hi} tiles each "
                f"({tiles} tiles): the last round is {100 * last:.0f}% full")
        numbers = {"tiles": tiles, "programs": k["grid"],
                   "tiles_per_program_min": lo, "tiles_per_program_max": hi}
        fix = (f"a --programs-per-sm or block shape whose program count "
               f"divides the {tiles} tiles more evenly")
    else:
        waves = k["waves_per_sm"]
        rounds = math.ceil(waves - 1e-9)
        efficiency = waves / rounds
        last = waves - (rounds - 1)
        what = (f"{waves:.2f} waves of {sms * slots} blocks (grid "
                f"{k['grid']}): the last wave is {100 * last:.0f}% full")
        numbers = {"grid": k["grid"], "waves_per_sm": waves,
                   "blocks_per_wave": sms * slots}
        fix = (f"a block shape whose tile count is just under a multiple of "
               f"{sms * slots}, or split-k")
    numbers["efficiency"] = efficiency
    if efficiency >= TAIL_EFFICIENCY_MIN:
        return []
    return [_finding(
        "tail", (name,),
        f"tail: {name} runs {what}; {100 * (1 - efficiency):.0f}% of the "
        f"slot time idles at the end", numbers, fix)]


def occupancy_findings(name, k, achieved, idle_slots, tail):
    theoretical = k["occupancy"].get("theoretical_pct")
    if not _number(achieved) or not theoretical:
        return []
    ratio = achieved / theoretical
    if ratio >= ACHIEVED_OCC_MIN_RATIO:
        return []
    return [_finding(
        "occupancy", (name,),
        f"occupancy: {name} keeps {achieved:.1f}% of the SM's warps active "
        f"against {theoretical:.1f}% theoretical ({100 * ratio:.0f}%)",
        {"achieved_pct": achieved, "theoretical_pct": theoretical},
        "--programs-per-sm auto, to launch a program per slot" if idle_slots
        else "the tail finding's change, to fill the last wave" if tail
        else "ncu's Occupancy section (scripts/ncu-sections.sh) for where "
             "the warps go", _slots_variant(k) if idle_slots else None)]


def mix_findings(names, rows):
    """Pipes whose instruction counts differ from the first lowering's."""
    counts = {label: vals for label, vals in rows.items()
              if not label.endswith("%")}
    base_all = (counts.get("all") or [0])[0]
    out = []
    for i, name in enumerate(names[1:], 1):
        diffs = []
        for label, vals in counts.items():
            a, b = vals[0], vals[i]
            if not (_number(a) and _number(b)) or not a:
                continue
            d = b - a
            if abs(d) > MIX_REL_MIN * a and abs(d) > MIX_SHARE_MIN * base_all:
                diffs.append((label, a, b, d))
        pair = (names[0], name)
        if not diffs:
            out.append(_finding("mix", pair,
                                f"instruction mix: {name} against {names[0]}: "
                                f"{NO_DIFFERENCE}", {}, None))
            continue
        # All instructions first, then the pipes by the size of the change.
        diffs.sort(key=lambda x: (x[0] != "all", -abs(x[3])))
        parts = [f"{label} {d:+,.0f} ({100 * d / a:+.1f}%: {_count(b)} "
                 f"against {_count(a)})" for label, a, b, d in diffs]
        top = next((x[0] for x in diffs if x[0] != "all"), "all")
        out.append(_finding(
            "mix", pair,
            f"instruction mix: {name} against {names[0]}: " + "; ".join(parts),
            {label: [a, b] for label, a, b, _ in diffs},
            MIX_SUGGESTIONS.get(top, MIX_SUGGESTIONS["all"])))
    return out


def tensor_findings(names, active):
    out = []
    for i, name in enumerate(names[1:], 1):
        a, b = active[0], active[i]
        if not (_number(a) and _number(b)):
            continue
        nums = {"tensor_active_pct": [a, b]}
        said = f"tensor pipe: active {b:.1f}% of cycles in {name} against " \
               f"{a:.1f}% in {names[0]}"
        if abs(b - a) <= TENSOR_ACTIVE_SPREAD:
            out.append(_finding("tensor", (names[0], name),
                                f"{said}: {NO_DIFFERENCE}", nums, None))
        else:
            idler = name if b < a else names[0]
            out.append(_finding(
                "tensor", (names[0], name), said, nums,
                f"the stall findings of {idler}: what keeps its tensor pipe "
                f"waiting"))
    return out


def stall_findings(name, stalls, tensor_active, stages=None):
    """The leading warp-state stall reasons of one kernel (cycles per
    issued instruction); stages is the kernel's num-stages."""
    reasons = {r: v for r, v in stalls.items()
               if r != "selected" and _number(v) and v > 0}
    total = sum(reasons.values())
    if not total:
        return []
    ranked = sorted(reasons.items(), key=lambda x: -x[1])
    lead, lead_v = ranked[0]
    listed = ", ".join(f"{r.replace('_', ' ')} {v:.2f}"
                       for r, v in ranked[:STALL_LEADERS])
    tensor = f"; tensor pipe active {tensor_active:.1f}%" \
        if _number(tensor_active) else ""
    numbers = {"stalls_per_issue": dict(ranked[:STALL_LEADERS]),
               "stall_total": total, "tensor_active_pct": tensor_active}
    if lead_v < STALL_LEAD_SHARE * total:
        return [_finding(
            "stalls", (name,),
            f"stalls: no reason dominates in {name} ({listed} of {total:.2f} "
            f"cycles per issued instruction{tensor})", numbers, None)]
    step = STALL_VARIANTS.get(lead)
    return [_finding(
        "stalls", (name,),
        f"stalls: {name} waits mostly on {lead.replace('_', ' ')} "
        f"({100 * lead_v / total:.0f}% of {total:.2f} stall cycles per "
        f"issued instruction; {listed}{tensor})", numbers,
        STALL_SUGGESTIONS.get(lead, "ncu's WarpStateStats section for what "
                                    "the reason means"),
        {"num-stages": stages + step} if step and stages else None)]


def _rows_for(doc, key, names):
    """{label: [value per name]} of a profile table, in names' order."""
    table = doc.get(key)
    if not table:
        return {}
    index = [table["lowerings"].index(n) for n in names]
    return {label: [vals[i] for i in index]
            for label, vals in table["rows"].items()}


def findings(doc: dict, names: Sequence[str]) -> list[dict]:
    """The findings of one run; names label doc["kernels"] in order and the
    first is the base of every comparison."""
    kernels = doc["kernels"]
    sms = doc["device"]["sm_count"]
    mix = _rows_for(doc, "instruction_mix", names)
    stalls = _rows_for(doc, "stalls", names)
    out = time_findings(names, kernels)
    for i, (name, k) in enumerate(zip(names, kernels)):
        found = slot_findings(name, k, sms)
        found += tail_findings(name, k, sms)
        said = {f["kind"] for f in found}
        found += occupancy_findings(
            name, k, (mix.get(ACHIEVED_ROW) or [None] * len(names))[i],
            "slots" in said, "tail" in said)
        out += found
    if mix and len(names) > 1:
        out += mix_findings(names, mix)
        if TENSOR_ROW in mix:
            out += tensor_findings(names, mix[TENSOR_ROW])
    for i, name in enumerate(names):
        out += stall_findings(
            name, {r: vals[i] for r, vals in stalls.items()},
            (mix.get(TENSOR_ROW) or [None] * len(names))[i],
            kernels[i].get("num_stages"))
    return out


def parse_options(options: str) -> dict:
    """{key: value} of a --tile-to-ptx option string ("a=1 b=x"), in order;
    a bare word maps to None."""
    out = {}
    for word in options.split():
        key, sep, value = word.partition("=")
        out[key] = value if sep else None
    return out


def format_options(options: dict) -> str:
    return " ".join(k if v is None else f"{k}={v}" for k, v in options.items())


def variant_name(name: str, variant: dict) -> str:
    """ORIGINAL+stages3, ORIGINAL+block-n64, ORIGINAL+pps2: a folder name
    that says the change."""
    short = {"num-stages": "stages", PROGRAMS_PER_SM: "pps"}
    return name + "".join(f"+{short.get(k, k)}{v}"
                          for k, v in sorted(variant.items()))


def plan_variants(found: Sequence[dict], lowerings: Sequence[tuple],
                  kernels: Sequence[dict],
                  programs_per_sm: str | None = None) -> list[dict]:
    """The variant lowerings of the findings whose suggestion is a concrete
    change, each once:

      {"name", "lowering", "options", "programs_per_sm", "change", "kinds",
       "same_as"}

    lowerings are the run's (name, options) in the order of kernels, whose
    options may hold tile-run's programs-per-sm=N; programs_per_sm is
    tile-run's flag of that run, for the lowerings without one (None:
    auto). A variant's options are its original's --tile-to-ptx options
    with the change applied (never programs-per-sm), and its
    programs_per_sm is None (its original's) unless the change is tile-run's.
    A variant that is an existing lowering or an earlier variant (the same
    options and programs per SM) names it in same_as and is not to be run
    again."""
    run_pps = str(programs_per_sm or "auto")
    rows = dict(zip((n for n, _ in lowerings), kernels))

    def split(options):
        """(--tile-to-ptx options as a dict, programs per SM)."""
        opts = parse_options(options)
        return opts, opts.pop(PROGRAMS_PER_SM, None) or run_pps

    def key(options, pps):
        return tuple(sorted(options.items())), pps

    given = {n: split(o) for n, o in lowerings}
    seen = {}
    for n, _ in lowerings:
        opts, pps = given[n]
        reported = rows[n].get("programs_per_sm")
        # tile-run's auto is the figure it reported.
        for p in (pps, None if reported is None else str(reported)):
            if p:
                seen.setdefault(key(opts, p), n)
    plans = {}
    for f in found:
        variant = f.get("variant")
        if not variant or len(f["lowerings"]) != 1:
            continue
        name = f["lowerings"][0]
        k = rows[name]
        base, base_pps = given[name]
        options, pps, changes = dict(base), base_pps, []
        for opt, value in variant.items():
            if opt == PROGRAMS_PER_SM:
                was = k.get("programs_per_sm") or base_pps
                pps = str(value)
            else:
                was = options.get(opt) or k.get(opt.replace("-", "_"), "?")
                options[opt] = str(value)
            changes.append(f"{opt} {was} -> {value}")
        vname = variant_name(name, variant)
        if vname in plans:  # another finding suggests the same change
            plans[vname]["kinds"].append(f["kind"])
            continue
        same = name if options == base and pps in (
            base_pps, str(k.get("programs_per_sm"))) else \
            seen.setdefault(key(options, pps), vname)
        plans[vname] = {
            "name": vname, "lowering": name,
            "options": format_options(options),
            "programs_per_sm": None if pps == base_pps else pps,
            "change": ", ".join(changes), "kinds": [f["kind"]],
            "same_as": None if same == vname else same}
    return list(plans.values())


def stall_reason(metric: str) -> str | None:
    """The reason in an ncu stall metric's name, or None for other metrics."""
    m = re.fullmatch(r"smsp__average_warps_issue_stalled_(\w+?)"
                     r"_per_issue_active\.ratio", metric)
    return m.group(1) if m else None


def print_findings(found: Sequence[dict]) -> None:
    print("\nfindings (thresholds: python/tile_bench/findings.py)")
    if not found:
        print(f"  {NO_DIFFERENCE}")
    for f in found:
        print(f"- {f['text']}")
        if f["suggestion"]:
            print(f"    try: {f['suggestion']}")
