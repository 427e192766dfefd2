#!/usr/bin/env python3
"""Fit config=auto's cost model to measured member times; check its picks.

Reads runs that timed every member of the family side by side with cuBLAS
(tile-run --json of scripts/gpu-calibrate.sh, tile-run's text where a run was
cut short, tile-bench --json of scripts/gpu-validate.sh), fits each member's
four coefficients (ps per K step of a tile, ns per tile, ns per launch,
bytes per ns) to its times by least squares on the log of the ratio, and
reports, per shape, the member the model picks against the fastest measured
one. --cross-validate refits without each model family in turn and checks
the picks on the family left out. --write puts the coefficients into the
table (data/sm_90a.json), which tile-opt compiles in.

The estimate is the runtime's (DispatchRule::estimateNs, runtime/src/
dispatch.cpp); test_cost_model.py checks that the two agree.

  scripts/fit-cost-model.py RUN... [--table T] [--write] [--cross-validate]
"""
import argparse
import gzip
import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suites  # noqa: E402

FIELDS = ("step_ps", "tile_ns", "launch_ns", "gbps")


def cdiv(a, b):
    return -(-a // b)


def estimate_ns(cfg, cost, sms, m, n, k, elem=(2, 2, 2)):
    """The runtime's estimate: waves of tiles times K steps, or the bytes at
    the member's bandwidth, whichever is longer, plus the launch."""
    bm, bn, bk, split = cfg["block_m"], cfg["block_n"], cfg["block_k"], cfg.get("split_k", 1)
    step_ps, tile_ns, launch_ns, gbps = cost
    tiles = cdiv(m, bm) * cdiv(n, bn)
    waves = cdiv(tiles * split, sms)
    steps = cdiv(cdiv(k, bk), split)
    compute = waves * (steps * step_ps / 1000 + tile_ns)
    moved = (elem[0] * m * k + elem[1] * n * k + elem[2] * m * n +
             (8.0 * tiles * bm * bn * split if split > 1 else 0.0))
    return launch_ns + max(compute, moved / gbps)


def member_of(path):
    m = re.search(r"__(\w+)\.json$", path or "")
    return m.group(1) if m else None


def load(path):
    """[(shape, cublas_ms, {member: ms}, triton_ms)] of one run."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        text = f.read()
    out = []
    if not path.endswith((".json", ".json.gz")):
        # tile-run's text: "==== problem MxNxK", then "time NAME: X ms median".
        shape, cub, times = None, None, {}
        for line in text.splitlines() + ["==== problem 0x0x0"]:
            p = re.match(r"==== problem (\d+)x(\d+)x(\d+)", line)
            if p:
                if shape and cub and times:
                    out.append((shape, cub, times, None))
                shape, cub, times = tuple(map(int, p.groups())), None, {}
            t = re.match(r"time (\S+?): ([\d.]+) ms median", line)
            if t and t.group(1).startswith("cuBLAS"):
                cub = float(t.group(2))
            elif t and member_of(t.group(1)):
                times[member_of(t.group(1))] = float(t.group(2))
        # The last shape of a run cut short may lack members.
        if out and len(out[-1][2]) < max(len(o[2]) for o in out):
            out.pop()
        return out
    doc = json.loads(text)
    if "runs" in doc:  # tile-run
        for r in doc["runs"]:
            s = r["shape"]
            times = {member_of(k["manifest"]): k["ms"] for k in r["kernels"] if k.get("pass")}
            out.append(((s["m"], s["n"], s["k"]), r["cublas"]["ms"], times, None))
        return out
    shapes = {}
    for r in doc["results"]:  # tile-bench
        e = shapes.setdefault(tuple(map(int, r["shape"].split("x"))), [None, {}, None])
        if r["kind"] == "cublas":
            e[0] = r["ms"]
        elif r["kind"] == "triton":
            e[2] = r["ms"]
        elif member_of(r.get("manifest")) and r.get("pass"):
            e[1][member_of(r["manifest"])] = r["ms"]
    return [(s, c, t, tri) for s, (c, t, tri) in shapes.items() if c and t]


def fit_member(cfg, sms, samples, start):
    """Coefficients minimizing the squared log error over (shape, ms)."""
    import numpy as np
    from scipy.optimize import least_squares

    def residuals(x):
        cost = np.exp(x)
        return [math.log(estimate_ns(cfg, cost, sms, *s) / (ms * 1e6)) for s, ms in samples]

    x0 = np.log(np.maximum(np.array(start, float), 1.0))
    r = least_squares(residuals, x0, loss="soft_l1", f_scale=0.05,
                      bounds=(np.log([1e3, 1.0, 1.0, 100.0]), np.log([1e8, 1e6, 1e6, 1e4])))
    return [int(round(v)) for v in np.exp(r.x)]


def pick_loss(table, costs, data):
    """How much slower the picks are than the best members (log, summed)."""
    return sum(math.log(r[3] / r[4]) for r in picks(table, costs, data))


def refine(table, costs, data, sweeps=4):
    """Coordinate search on the coefficients for better picks: the fit of
    each member's times alone does not weigh where members are close."""
    best = pick_loss(table, costs, data)
    for _ in range(sweeps):
        improved = False
        for name in costs:
            for i in range(len(FIELDS)):
                for factor in (0.8, 0.9, 0.95, 1.05, 1.1, 1.25):
                    trial = dict(costs)
                    trial[name] = list(costs[name])
                    trial[name][i] = max(1, int(round(trial[name][i] * factor)))
                    loss = pick_loss(table, trial, data)
                    if loss < best - 1e-9:
                        best, costs, improved = loss, trial, True
        if not improved:
            break
    return costs


def fit(table, data):
    costs = {}
    for mem in table["members"]:
        samples = [(s, t[mem["name"]]) for s, _, t, _ in data if mem["name"] in t]
        start = [mem["cost"][f] for f in FIELDS]
        costs[mem["name"]] = fit_member(mem["config"], table["sms"], samples, start) \
            if len(samples) >= 8 else start
    return refine(table, costs, data)


def picks(table, costs, data):
    """Per shape: (shape, picked, best, its ms, best ms, cuBLAS ms, Triton ms)."""
    cfg = {m["name"]: m["config"] for m in table["members"]}
    rows = []
    for s, cub, t, tri in data:
        names = [n for n in cfg if n in t]
        if len(names) < len(cfg):
            continue  # a member failed or was not run
        pick = min(names, key=lambda n: estimate_ns(cfg[n], costs[n], table["sms"], *s))
        best = min(names, key=t.get)
        rows.append((s, pick, best, t[pick], t[best], cub, tri))
    return rows


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def summary(rows, label):
    within = sum(r[3] <= 1.03 * r[4] for r in rows)
    auto = [r[5] / r[3] for r in rows]
    best = [r[5] / r[4] for r in rows]
    tri = [r[6] / r[3] for r in rows if r[6]]
    print(f"{label}: {len(rows)} shapes; pick within 3% of the best member on {within} "
          f"({100 * within / max(1, len(rows)):.0f}%); geomean vs cuBLAS: model's pick "
          f"{geomean(auto):.3f}, best member {geomean(best):.3f}; below 0.90: "
          f"{sum(a < 0.9 for a in auto)}" + (f"; vs Triton {geomean(tri):.3f}" if tri else ""))


def family(shape):
    for m, n, k, fam, _ in suites.suite("calibration") + suites.suite("llm"):
        if (n, k) == shape[1:] or (m, n, k) == shape:
            return fam
    return "classic"


def write(table, costs, path):
    lines = ['{', f' "chip": {json.dumps(table["chip"])},', f' "sms": {table["sms"]},',
             ' "members": [']
    for i, mem in enumerate(table["members"]):
        mem = dict(mem, cost=dict(zip(FIELDS, costs[mem["name"]])))
        lines.append(f'  {{"name": {json.dumps(mem["name"])}, "why": {json.dumps(mem["why"])},')
        lines.append(f'   "config": {json.dumps(mem["config"])},')
        lines.append(f'   "cost": {json.dumps(mem["cost"])}}}' +
                     ("," if i + 1 < len(table["members"]) else ""))
    lines += [' ]', '}']
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("runs", nargs="+")
    p.add_argument("--table", default=os.path.join(here, "data", "sm_90a.json"))
    p.add_argument("--write", action="store_true", help="write the fitted coefficients")
    p.add_argument("--cross-validate", action="store_true",
                   help="refit without each family; check the picks on it")
    p.add_argument("--shapes", action="store_true", help="one line per shape")
    args = p.parse_args()
    with open(args.table) as f:
        table = json.load(f)
    data = [d for path in args.runs for d in load(path)]
    costs = fit(table, data)
    rows = picks(table, costs, data)
    summary(rows, "fitted on all")
    by_m = {}
    for r in rows:
        by_m.setdefault(r[0][0], []).append(r)
    for m in sorted(by_m):
        summary(by_m[m], f"  M {m}")
    if args.shapes:
        for s, pick, best, tp, tb, cub, tri in rows:
            print(f"{'x'.join(map(str, s)):>16} {family(s):14} pick {pick:7} {100 * cub / tp:6.1f}%"
                  f"  best {best:7} {100 * cub / tb:6.1f}%" + ("" if pick == best else
                                                             f"  (+{100 * (tp / tb - 1):.1f}%)"))
    if args.cross_validate:
        held = []
        for fam in sorted({family(d[0]) for d in data}):
            rest = [d for d in data if family(d[0]) != fam]
            out = [d for d in data if family(d[0]) == fam]
            held += picks(table, fit(table, rest), out)
        summary(held, "held out (each family picked by a fit without it)")
    for name in costs:
        print(f"  {name:7} " + " ".join(f"{f}={v}" for f, v in zip(FIELDS, costs[name])))
    if args.write:
        write(table, costs, args.table)
        print(f"wrote {args.table}")


if __name__ == "__main__":
    main()
