#!/usr/bin/env python3
"""The L2 line term of the cost model, from run.sh's SET=members runs.

Each member was timed on shapes whose A or B rows start off whole 128-byte
lines beside a twin whose rows do not (in members-*: N 5120 x K 4096 at the
same M, nn and nt, M 512 to 8192; in any run, the whole-line shape nearest
in size, the model scaling between their sizes). Where a row straddles two lines, a K step costs an SM both; the model
takes a step as the longer of the member's own (calibrated on whole lines)
and kLineNs per line its resident tiles read. Per member and shape, the
step the run implies is the member's step_ps times the measured slowdown
over its twin; divided by the step's lines it gives the ns per line at
which the ceiling would explain it. kLineNs is the median of those over the
pairs slowed by more than 5% (where the ceiling binds); the table then sets
the runtime's estimate (its compiled kLineNs, through the binding) beside
each measured slowdown, and per shape the runtime's pick among the timed
members against the fastest. Needs the runtime's binding (pip install
./python) and build/bin/tile-opt (blocks per SM, as fit_cost_model reads
them).
  fit.py members-*.json.gz > fit.txt
"""
import collections
import gzip
import json
import math
import os
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "scripts"))
import fit_cost_model as fit  # noqa: E402

table = fit.shipped_table()
costs = fit.table_costs(table)
config = {m["name"]: m["config"] for m in table["members"]}
LINE = 128


def pitches(layout, n, k):
    """A's and B's row pitches in bytes (f16, dense)."""
    return 2 * k, 2 * (k if layout == "nt" else n)


def lines_per_row(pitch):
    return 2 - math.gcd(pitch % LINE, LINE) / LINE


def step_lines(cfg, p):
    rows_a = cfg["block_m"] * cfg["block_k"] * 2 / LINE
    rows_b = cfg["block_n"] * cfg["block_k"] * 2 / LINE
    return rows_a * lines_per_row(p[0]) + rows_b * lines_per_row(p[1])


def whole(layout, n, k):
    return all(p % LINE == 0 for p in pitches(layout, n, k))


runs = collections.defaultdict(dict)  # (run, layout) -> (M, N, K) -> {name: ms}
for path in sys.argv[1:]:
    doc = json.load(gzip.open(path, "rt"))
    for r in doc["results"]:
        if not r.get("pass"):
            continue
        name = "cublas" if r["kind"] == "cublas" else \
            "dispatch" if r.get("dispatch") else fit.member_of(r.get("manifest"))
        if name:
            shape = tuple(map(int, r["shape"].split("x")))
            runs[os.path.basename(path), doc["layout"]].setdefault(shape, {})[name] = r["ms"]

implied, rows = [], []
for (run, layout), shapes in sorted(runs.items()):
    for (m, n, k), t in sorted(shapes.items()):
        p = pitches(layout, n, k)
        # The twin: the shape of the run nearest in size whose rows lie on
        # whole lines (the model scales between their sizes).
        twins = [s for s in shapes if whole(layout, *s[1:])]
        if whole(layout, n, k) or not twins:
            continue
        twin = min(twins, key=lambda s: abs(math.log(s[0] * s[1] * s[2] / (m * n * k))))
        ref = shapes[twin]
        for name in sorted(set(t) & set(ref) & set(costs)):
            cfg = config[name]
            cost = costs[name]
            kw = dict(slots=table.get("cluster_slots"), per_sm=fit.per_sm(table, name))
            est = fit.least_ns(cfg, cost, table["sms"], m, n, k, pitches=p, **kw)[0]
            est_ref = fit.least_ns(cfg, cost, table["sms"], *twin, **kw)[0]
            # Whole lines at this shape's sizes.
            est_whole = fit.least_ns(cfg, cost, table["sms"], m, n, k, **kw)[0]
            measured = t[name] / ref[name] / (est_whole / est_ref)
            lines = step_lines(cfg, p) * fit.per_sm(table, name)
            per_line = cost[0] / 1000 * measured / lines
            if measured > 1.05:
                implied.append(per_line)
            rows.append((layout, m, n, k, name, measured, est / est_whole, per_line))

line_ns = statistics.median(implied)
print(f"kLineNs: median of {len(implied)} pairs slowed > 5%: {line_ns:.3f} ns per line "
      f"(quartiles {statistics.quantiles(implied, n=4)[0]:.3f} .. "
      f"{statistics.quantiles(implied, n=4)[2]:.3f})")
print("\nlayout M x N x K: member, slowdown over whole lines measured / the runtime's estimate "
      "(its compiled kLineNs); ns per line it implies")
errors = []
for layout, m, n, k, name, measured, est, per_line in rows:
    errors.append(math.log(est / measured))
    print(f"  {layout} {m}x{n}x{k} {name:8s} {measured:.3f} / {est:.3f}  {per_line:.3f}")
print(f"\nestimate / measured over {len(errors)} pairs: geomean "
      f"{math.exp(sum(errors) / len(errors)):.3f}, "
      f"within 10%: {sum(abs(e) < math.log(1.1) for e in errors)}")

print("\nthe runtime's pick among the timed members (and without the line term) against "
      "the fastest, time over the fastest's")
hits = [0, 0, 0]
for (run, layout), shapes in sorted(runs.items()):
    for (m, n, k), t in sorted(shapes.items()):
        timed = set(t) & set(costs)
        p = pitches(layout, n, k)
        if whole(layout, n, k) or not timed:
            continue
        best = min(timed, key=t.get)
        chosen = fit.pick(table, costs, (m, n, k), pitches=p, members=timed)[0]
        plain = fit.pick(table, costs, (m, n, k), members=timed)[0]
        hits[0] += t[chosen] <= 1.03 * t[best]
        hits[1] += t[plain] <= 1.03 * t[best]
        hits[2] += 1
        print(f"  {layout} {m}x{n}x{k}: {chosen} {t[chosen] / t[best]:.3f} "
              f"(without: {plain} {t[plain] / t[best]:.3f}), fastest {best}, "
              f"of cuBLAS {t['cublas'] / t[best]:.3f}" if "cublas" in t else "")
print(f"\npicks within 3% of the fastest: {hits[0]} of {hits[2]} with the line term, "
      f"{hits[1]} without")
