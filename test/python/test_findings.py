"""tile_bench.findings on recorded tile-compare runs (docs/results/raw/
compare-*.json, raw/persistent/compare-*.json and the reports printed
beside them) and on synthetic rows
for the edge cases: nothing to say, noise inside the spread, one of two
block slots used, a register limit, stall reasons. CPU only."""
import copy
import json
import os
import re
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))

from tile_bench import findings as fd  # noqa: E402

RAW = os.path.join(ROOT, "docs", "results", "raw")
STUDY = "compare-t128x64x32w4s4-p128x64x32w4s4g"
WIDE = "compare-t128x256x64w8s3-p128x256x64w8s3g"
NAMES = ["tiled", "persistent"]


def recorded(stem):
    with open(os.path.join(RAW, stem + ".json")) as f:
        doc = json.load(f)
    with open(os.path.join(RAW, stem + ".txt")) as f:
        return doc, f.read()


def kinds(found, kind):
    return [f for f in found if f["kind"] == kind]


def kernel(schedule="tiled", grid=2112, ms=1.0, spread=0.01, regs=128,
           limits=(2, 2, 2), limiter="warps", tiles=None, per_program=(1, 1),
           warps=8, stages=3):
    """A tile-run kernel row on 132 SMs; limits are (registers, shared
    memory, warps) in blocks per SM."""
    blocks = min(limits)
    return {
        "schedule": schedule, "grid": grid, "tiles": tiles or grid,
        "tiles_per_program_min": per_program[0],
        "tiles_per_program_max": per_program[1],
        "ms": ms, "ms_q25": ms - spread, "ms_q75": ms + spread,
        "regs": regs, "spill_bytes": 0, "static_smem": 0,
        "dynamic_smem": 65536, "num_stages": stages,
        "waves_per_sm": grid / (132 * blocks),
        "occupancy": {"limit_registers": limits[0], "limit_shared": limits[1],
                      "limit_warps": limits[2], "limit_blocks": 32,
                      "blocks_per_sm": blocks, "driver_blocks_per_sm": blocks,
                      "limiter": limiter,
                      "theoretical_pct": 100.0 * blocks * warps / 64}}


def run(*kernels, mix=None, stalls=None):
    doc = {"device": {"name": "NVIDIA H200", "sm_count": 132},
           "kernels": list(kernels)}
    names = NAMES[:len(kernels)]
    if mix:
        doc["instruction_mix"] = {"lowerings": names, "rows": mix}
    if stalls:
        doc["stalls"] = {"lowerings": names, "rows": stalls}
    return doc


def same_mix(achieved=25.0, tensor=80.0):
    return {"all": [1e8, 1e8], "alu": [4e7, 4e7], "tensor": [3e7, 3e7],
            fd.ACHIEVED_ROW: [achieved, achieved],
            fd.TENSOR_ROW: [tensor, tensor]}


# Recorded runs.

def test_study_block_on_recorded_run():
    doc, report = recorded(STUDY)
    found = fd.findings(doc, NAMES)
    # No quartiles in this older report: no time verdict, and no slot left
    # idle (both grids fill 3 blocks on each of 132 SMs).
    assert not kinds(found, "time") and not kinds(found, "slots")
    limits = kinds(found, "limit")
    assert [f["lowerings"] for f in limits] == [["tiled"], ["persistent"]]
    assert limits[0]["numbers"]["limit_registers"] == 3
    assert limits[0]["numbers"]["limit_shared"] == 4
    assert "registers limit tiled to 3 blocks per SM" in limits[0]["text"]
    assert "block-m or block-n" in limits[0]["suggestion"]
    tails = {f["lowerings"][0]: f for f in kinds(found, "tail")}
    assert "5.17 waves" in tails["tiled"]["text"]
    assert "17% full" in tails["tiled"]["text"]
    assert "5 to 6 tiles" in tails["persistent"]["text"]
    # Achieved 17.9% and 17.7% of 18.75% theoretical: nothing to say.
    assert not kinds(found, "occupancy")
    mix, = kinds(found, "mix")
    assert set(mix["numbers"]) == {"all", "fma", "alu"}
    # uniform +182% is 89 k of 188 M instructions: below MIX_SHARE_MIN.
    assert "uniform" not in mix["text"]
    # The percentages match the ones tile-compare printed beside the table.
    for pipe in ("all", "fma", "alu"):
        printed = re.search(rf"^{pipe} .* ([+-][0-9.]+%)$", report, re.M)[1]
        assert f"({printed}:" in mix["text"]


def test_wide_block_on_recorded_run():
    doc, _ = recorded(WIDE)
    found = fd.findings(doc, NAMES)
    limits = kinds(found, "limit")
    assert len(limits) == 2
    assert "registers and shared memory limit tiled to 1 block per SM" in \
        limits[0]["text"]
    assert "96 bytes spilled" in limits[0]["text"]
    assert "num-stages=2" in limits[0]["suggestion"]
    # 3.88 waves and 3-4 tiles per program: the tail costs 3%, under 10%.
    assert not kinds(found, "tail")
    mix, = kinds(found, "mix")
    assert mix["text"].index("all") < mix["text"].index("fma")
    assert "uniform +2,779,584" in mix["text"]
    assert "lsu" not in mix["numbers"]  # +2.6%, but 0.3% of all instructions


PERSISTENT = os.path.join("persistent", "compare-")
STUDY_NAMES = ["tiled", "pers-1", "pers-2"]


def test_persistent_study_findings_reproduce():
    """docs/results/raw/persistent: the findings recomputed from each run's
    JSON are the ones it printed, but for the instruction-mix advice."""
    for lowering in ("mma-sync", "wgmma"):
        doc, report = recorded(PERSISTENT + lowering)
        found = fd.findings(doc, STUDY_NAMES)
        assert [f["text"] for f in found] == \
            [f["text"] for f in doc["findings"]]
        for new, old in zip(found, doc["findings"]):
            assert f"- {new['text']}" in report
            if new["kind"] != "mix":
                assert new["suggestion"] == old["suggestion"]
                assert new["variant"] == old["variant"]


def test_mix_advice_names_no_cause():
    """The wgmma persistent kernel's extra ALU and FMA-pipe instructions
    are register moves in its K loop (persistent.md, from ncu's source
    counters): the advice for a pipe count names where to look, not a
    cause. The run printed "index arithmetic per tile" for them."""
    doc, _ = recorded(PERSISTENT + "wgmma")
    found = fd.findings(doc, STUDY_NAMES)
    mixes = kinds(found, "mix")
    assert [f["lowerings"] for f in mixes] == [["tiled", "pers-1"],
                                              ["tiled", "pers-2"]]
    old = kinds(doc["findings"], "mix")
    for f, printed in zip(mixes, old):
        assert f["text"].startswith(f"instruction mix: {f['lowerings'][1]} "
                                    "against tiled: all +5,")
        assert "alu +5,4" in f["text"]
        assert "index arithmetic" in printed["suggestion"]
        assert f["suggestion"] == fd.MIX_SUGGESTIONS["alu"]
        assert "sass-regions.py" in f["suggestion"]
        assert "index arithmetic" not in f["suggestion"]
        assert "order=" not in f["suggestion"]
    for label, advice in fd.MIX_SUGGESTIONS.items():
        if "sass-regions.py" in advice:
            assert "per program, per tile or per K step" in advice or \
                label == "all", label
            assert "arithmetic" not in advice and "tile loop" not in advice
    # mma.sync: the persistent kernels run 0.2% more instructions, and
    # uniform -92% is 30 k of 188 M: nothing past the thresholds.
    doc, _ = recorded(PERSISTENT + "mma-sync")
    mixes = kinds(fd.findings(doc, STUDY_NAMES), "mix")
    assert len(mixes) == 2
    assert all(fd.NO_DIFFERENCE in f["text"] for f in mixes)


# Synthetic rows.

def test_nothing_to_say():
    """Full waves, warps limit, the same mix and occupancy, times within
    each other's IQR: every comparison says so and nothing else is said."""
    found = fd.findings(run(kernel(), kernel(ms=1.005), mix=same_mix(
        achieved=24.0)), NAMES)
    assert sorted(f["kind"] for f in found) == ["mix", "tensor", "time"]
    assert all(fd.NO_DIFFERENCE in f["text"] for f in found)
    assert [f["suggestion"] for f in kinds(found, "mix")] == [None]


def test_noise_inside_the_spread():
    """Differences smaller than the spread stay unsaid: times whose IQRs
    overlap, achieved occupancy a point apart, the tensor pipe within 2
    points, a pipe 0.8% apart, and 0.2% of all instructions elsewhere."""
    mix = same_mix()
    mix["alu"] = [4e7, 4e7 * 1.008]
    mix["lsu"] = [1e5, 3e5]  # +200%, but 0.2% of all instructions
    mix[fd.ACHIEVED_ROW] = [24.5, 23.6]
    mix[fd.TENSOR_ROW] = [80.0, 78.5]
    found = fd.findings(run(kernel(ms=1.0, spread=0.03),
                            kernel(ms=1.04, spread=0.03), mix=mix), NAMES)
    time, = kinds(found, "time")
    assert fd.NO_DIFFERENCE in time["text"]
    assert "more --rounds" in time["suggestion"]
    assert all(fd.NO_DIFFERENCE in f["text"] for f in found)


def test_beyond_the_spread():
    mix = same_mix()
    mix["alu"] = [4e7, 4.4e7]
    mix[fd.TENSOR_ROW] = [80.0, 70.0]
    found = fd.findings(run(kernel(ms=1.0), kernel(ms=1.1), mix=mix), NAMES)
    time, = kinds(found, "time")
    assert "persistent is slower than tiled" in time["text"]
    assert time["numbers"]["pct"] == pytest.approx(100 / 1.1)
    mix_f, = kinds(found, "mix")
    assert "alu +4,000,000 (+10.0%" in mix_f["text"]
    assert "sass-regions.py" in mix_f["suggestion"]
    assert "per tile or per K step" in mix_f["suggestion"]
    tensor, = kinds(found, "tensor")
    assert "70.0%" in tensor["text"] and "80.0%" in tensor["text"]
    assert "stall findings of persistent" in tensor["suggestion"]


def test_one_of_two_slots():
    """The study's persistent grid: one program per SM where two fit."""
    pers = kernel("persistent", grid=132, tiles=2048, per_program=(15, 16),
                  limits=(2, 3, 2), limiter="registers", warps=4)
    mix = same_mix()
    mix[fd.ACHIEVED_ROW] = [24.0, 6.1]  # of 25% and 12.5% theoretical
    found = fd.findings(run(kernel(), pers, mix=mix), NAMES)
    slots, = kinds(found, "slots")
    assert slots["lowerings"] == ["persistent"]
    assert "fills 1.00 of the 2 block slots per SM" in slots["text"]
    assert "waves 0.50" in slots["text"] and "50% of the slots" in slots["text"]
    assert slots["suggestion"] == "--programs-per-sm auto (grid 264)"
    # The partial wave is the slots finding's; no tail on top of it.
    assert not kinds(found, "tail")
    occ, = kinds(found, "occupancy")
    assert "6.1% of the SM's warps active against 12.5%" in occ["text"]
    assert "--programs-per-sm auto" in occ["suggestion"]


def test_tiled_grid_short_of_one_wave():
    found = fd.findings(run(kernel(grid=100, limits=(1, 1, 4),
                                   limiter="registers")), ["tiled"])
    slots, = kinds(found, "slots")
    assert "0.76 of the 1 block slots" in slots["text"]
    assert "split-k" in slots["suggestion"]


def test_register_limited():
    k = kernel(regs=232, limits=(1, 2, 2), limiter="registers", warps=8)
    k["spill_bytes"] = 40
    found = fd.findings(run(k), ["tiled"])
    limit, = kinds(found, "limit")
    assert limit["text"].startswith("limit: registers limit tiled to 1 block "
                                    "per SM (232 registers per thread, 40 "
                                    "bytes spilled")
    assert "shared memory 2, warps 2 would allow more" in limit["text"]
    assert limit["numbers"]["limit_registers"] == 1
    assert "num-stages" not in limit["suggestion"]
    assert "block-m or block-n" in limit["suggestion"]


def test_shared_memory_limited():
    found = fd.findings(run(kernel(limits=(3, 1, 2), limiter="shared memory",
                                   stages=4)), ["tiled"])
    limit, = kinds(found, "limit")
    assert limit["suggestion"].startswith("fewer stages (num-stages=3)")


def test_tail_of_a_tiled_grid():
    # 1.1 waves of 264 blocks: the second wave is 10% full.
    found = fd.findings(run(kernel(grid=290)), ["tiled"])
    tail, = kinds(found, "tail")
    assert "1.10 waves of 264 blocks" in tail["text"]
    assert tail["numbers"]["efficiency"] == pytest.approx(290 / 528)
    # Exactly full waves: no tail.
    assert not kinds(fd.findings(run(kernel(grid=528)), ["tiled"]), "tail")


def test_stalls():
    stalls = {"long_scoreboard": [6.6, 0.5], "wait": [2.1, 0.6],
              "barrier": [1.3, 0.5], "selected": [1.0, 1.0],
              "short_scoreboard": [1.2, 0.4]}
    found = fd.findings(run(kernel(), kernel(), mix=same_mix(tensor=42.0),
                            stalls=stalls), NAMES)
    lead, even = kinds(found, "stalls")
    assert "tiled waits mostly on long scoreboard (59% of 11.20" in lead["text"]
    assert "tensor pipe active 42.0%" in lead["text"]
    assert "more stages" in lead["suggestion"]
    assert "selected" not in lead["numbers"]["stalls_per_issue"]
    # wait holds 0.6 of 2.0 cycles, STALL_LEAD_SHARE exactly; a little
    # less and no reason leads.
    assert even["text"].startswith("stalls: persistent waits mostly on wait")
    stalls["wait"] = [2.1, 0.55]
    found = fd.findings(run(kernel(), kernel(), stalls=stalls), NAMES)
    assert kinds(found, "stalls")[1]["text"].startswith(
        "stalls: no reason dominates in persistent")


def test_stall_metric_names():
    assert fd.stall_reason("smsp__average_warps_issue_stalled_long_scoreboard"
                           "_per_issue_active.ratio") == "long_scoreboard"
    assert fd.stall_reason("smsp__inst_executed.sum") is None


def test_profile_rows_follow_the_names():
    """The mix is matched to kernels by name, not by position."""
    doc = run(kernel(), kernel(), mix=same_mix())
    doc["instruction_mix"]["lowerings"] = ["persistent", "tiled"]
    doc["instruction_mix"]["rows"]["alu"] = [5e7, 4e7]
    mix, = kinds(fd.findings(doc, NAMES), "mix")
    assert "alu +10,000,000" in mix["text"]


def test_findings_are_json(capsys):
    doc, _ = recorded(STUDY)
    found = fd.findings(copy.deepcopy(doc), NAMES)
    assert json.loads(json.dumps(found)) == found
    assert all(set(f) == {"kind", "lowerings", "text", "numbers",
                          "suggestion", "variant"} for f in found)
    fd.print_findings(found)
    out = capsys.readouterr().out
    assert out.startswith("\nfindings")
    assert out.count("\n- ") == len(found)
    fd.print_findings([])
    assert fd.NO_DIFFERENCE in capsys.readouterr().out


def test_plot_carries_the_findings(tmp_path):
    pytest.importorskip("matplotlib")
    from tile_bench.plot import plot_pct
    row = {"shape": "4096x4096x4096", "impl": "tiled", "pct": 40.0,
           "lo": 39.0, "hi": 41.0, "verdict": "slower"}
    doc, _ = recorded(STUDY)
    notes = [f["text"] for f in fd.findings(doc, NAMES)]
    plot_pct([row], str(tmp_path / "a.png"), "t", notes=notes)
    plot_pct([row], str(tmp_path / "b.png"), "t")
    assert (tmp_path / "a.png").stat().st_size > (tmp_path / "b.png").stat().st_size


# Variants for --suggest.

def test_variants_of_findings():
    """Idle slots of a persistent grid: a program per slot; shared memory
    limiting: one stage fewer, or half the block-n at two stages; long
    scoreboard leading: one stage more; no variant for text-only advice."""
    pers = kernel("persistent", grid=132, tiles=2048, per_program=(15, 16),
                  limits=(4, 2, 4), limiter="shared memory", stages=4)
    two = kernel(limits=(3, 1, 2), limiter="shared memory", stages=2)
    two["block_n"] = 128
    stalls = {"long_scoreboard": [6.0, 0.5], "wait": [1.0, 0.6]}
    found = fd.findings(run(pers, two, stalls=stalls), NAMES)
    variants = {(f["kind"], f["lowerings"][0]): f["variant"] for f in found
                if len(f["lowerings"]) == 1}
    assert variants[("slots", "tiled")] == {"programs-per-sm": 2}
    assert variants[("limit", "tiled")] == {"num-stages": 3}
    assert variants[("limit", "persistent")] == {"block-n": 64}
    assert variants[("stalls", "tiled")] == {"num-stages": 5}
    assert variants[("stalls", "persistent")] is None  # wait leads
    assert all(f["variant"] is None for f in kinds(found, "time"))


def test_option_rewriting():
    opts = fd.parse_options("mma=wgmma block-n=256 num-stages=4 flag")
    assert opts == {"mma": "wgmma", "block-n": "256", "num-stages": "4",
                    "flag": None}
    opts["num-stages"] = "3"
    opts["block-k"] = "64"
    assert fd.format_options(opts) == \
        "mma=wgmma block-n=256 num-stages=3 flag block-k=64"
    assert fd.variant_name("tiled", {"num-stages": 3}) == "tiled+stages3"
    assert fd.variant_name("p", {"programs-per-sm": 2}) == "p+pps2"


def finding(kind, name, variant):
    return {"kind": kind, "lowerings": [name], "variant": variant}


def test_plan_variants_dedup():
    k4 = kernel(stages=4)
    k3 = kernel(stages=3)
    pers = kernel("persistent", grid=132)
    pers["programs_per_sm"] = 1
    lowerings = [("a", "block-n=128 num-stages=4"),
                 ("b", "num-stages=3 block-n=128"),
                 ("p", "schedule=persistent")]
    found = [finding("limit", "a", {"num-stages": 3}),    # equals b
             finding("limit", "b", {"num-stages": 2}),
             finding("stalls", "b", {"num-stages": 2}),   # once, both kinds
             finding("slots", "p", {"programs-per-sm": 2}),
             finding("occupancy", "p", {"programs-per-sm": 2}),
             finding("slots", "p", {"programs-per-sm": 1}),  # p itself
             {"kind": "mix", "lowerings": ["a", "b"], "variant": None}]
    plans = {p["name"]: p for p in fd.plan_variants(
        found, lowerings, [k4, k3, pers], "1")}
    assert list(plans) == ["a+stages3", "b+stages2", "p+pps2", "p+pps1"]
    assert plans["a+stages3"]["same_as"] == "b"
    assert plans["a+stages3"]["change"] == "num-stages 4 -> 3"
    assert plans["b+stages2"] == {
        "name": "b+stages2", "lowering": "b",
        "options": "num-stages=2 block-n=128", "programs_per_sm": None,
        "change": "num-stages 3 -> 2", "kinds": ["limit", "stalls"],
        "same_as": None}
    assert plans["p+pps2"]["programs_per_sm"] == "2"
    assert plans["p+pps2"]["options"] == "schedule=persistent"
    assert plans["p+pps2"]["kinds"] == ["slots", "occupancy"]
    assert plans["p+pps2"]["change"] == "programs-per-sm 1 -> 2"
    assert plans["p+pps1"]["same_as"] == "p"
    # An option the original left at tile-opt's default: the row says it.
    plan, = fd.plan_variants([finding("limit", "a", {"num-stages": 3})],
                             [("a", "block-n=128")], [k4])
    assert plan["change"] == "num-stages 4 -> 3"
    assert plan["options"] == "block-n=128 num-stages=3"


def test_plan_variants_own_programs_per_sm():
    """A lowering's own programs-per-sm=N: its variants keep it (None) unless
    the change is the programs per SM, their options never carry it, and a
    change to another lowering's grid is that lowering."""
    p1 = kernel("persistent", grid=132, stages=4)
    p1["programs_per_sm"] = 1
    p2 = kernel("persistent", grid=264, stages=4)
    p2["programs_per_sm"] = 2
    lowerings = [("p1", "schedule=persistent programs-per-sm=1"),
                 ("p2", "schedule=persistent programs-per-sm=2")]
    found = [finding("slots", "p1", {"programs-per-sm": 2}),   # equals p2
             finding("slots", "p2", {"programs-per-sm": 3}),
             finding("limit", "p1", {"num-stages": 3}),
             finding("slots", "p2", {"programs-per-sm": 2})]  # p2 itself
    plans = {p["name"]: p for p in fd.plan_variants(
        found, lowerings, [p1, p2], "4")}
    assert plans["p1+pps2"]["same_as"] == "p2"
    assert plans["p1+pps2"]["change"] == "programs-per-sm 1 -> 2"
    assert plans["p2+pps3"]["programs_per_sm"] == "3"
    assert plans["p2+pps3"]["options"] == "schedule=persistent"
    assert plans["p1+stages3"]["programs_per_sm"] is None
    assert plans["p1+stages3"]["options"] == \
        "schedule=persistent num-stages=3"
    assert plans["p1+stages3"]["same_as"] is None
    assert plans["p2+pps2"]["same_as"] == "p2"
    # auto, as tile-run reported it: a variant of that figure is the original.
    pa = kernel("persistent", grid=264, stages=4)
    pa["programs_per_sm"] = 2
    plan, = fd.plan_variants([finding("slots", "p", {"programs-per-sm": 2})],
                             [("p", "schedule=persistent")], [pa])
    assert plan["same_as"] == "p"
