#!/usr/bin/env python3
"""The L2 line term of the cost model, from run.sh's SET=picks runs.

Each member was timed on shapes whose A or B rows start off whole 128-byte
lines beside a twin whose rows do not (in members-*: N 5120 x K 4096 at the
same M, nn and nt, M 512 to 8192; in any run, the whole-line shape nearest
in size, within 1.5 times its product, the model scaling between them).
Where a row straddles two lines, a K step costs an SM both (and a row
inside a sector five sectors); the model takes a step as the longer of the
member's own (calibrated on whole lines) and kLineNs per line its resident
tiles read. Per pair, the slowdown measured over the twin beside the one
the runtime estimates (its compiled kLineNs, through the binding): where
both exceed 5%, the line bound binds in the model and the run, and
measured / estimated scales kLineNs to what the run implies; the median of
those is the fit. Then per shape the runtime's pick among the timed
members against the fastest, with the term and without it (rows counted
on whole lines). Needs the runtime's binding (pip install ./python) and
build/bin/tile-opt (blocks per SM, as fit_cost_model reads them).
  fit.py members-*.json.gz picks-*.json.gz > fit.txt
  fit.py ../nn-mid/promo*.json.gz --uncapped ../nn-mid/nn-mid-*.json.gz > fit-before.txt
"""
import collections
import gzip
import json
import math
import os
import re
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, *[".."] * 4, "scripts"))
import fit_cost_model as fit  # noqa: E402

ROOT = os.path.join(here, "..", "..", "..", "..")
with open(os.path.join(ROOT, "runtime", "src", "dispatch.cpp")) as f:
    LINE_NS = float(re.search(r"constexpr double kLineNs = ([0-9.]+);", f.read()).group(1))
table = fit.shipped_table()
costs = fit.table_costs(table)
config = {m["name"]: m["config"] for m in table["members"]}


def pitches(layout, n, k):
    """A's and B's row pitches in bytes (f16, dense)."""
    return 2 * k, 2 * (k if layout == "nt" else n)


def whole(layout, n, k):
    return all(p % 128 == 0 for p in pitches(layout, n, k))


def variant(r, layout, n, k, capped=True):
    """The member a row times, as the shipped runtime runs it: a kernel of
    ../nn-mid/promo.sh compiled at an L2 promotion (<layout>-<member>-p<P>)
    stands for it at 128 bytes where A's or B's rows are off a sector (the
    runtime's cap there), at its own 256 elsewhere; None for others."""
    if r["kind"] == "cublas":
        return "cublas"
    if r.get("dispatch"):
        # (its pick, at the splits it ran: another row where no member row
        # timed the member at them)
        return ("dispatch", fit.label(fit.member_of(r["manifest"]), r.get("splits") or 1))
    folder = os.path.basename(os.path.dirname(r.get("manifest") or ""))
    promo = re.fullmatch(r"n[nt]-(\w+)-p(\d+)", folder)
    if promo:
        off = any(p % 32 for p in pitches(layout, n, k))
        return promo.group(1) if int(promo.group(2)) == (128 if off else 256) else None
    if not capped and any(p % 32 for p in pitches(layout, n, k)):
        return None  # timed at 256 bytes of promotion, which the runtime no longer takes
    return fit.label(fit.member_of(r.get("manifest")), r.get("splits") or 1)


# Runs named after --uncapped timed the members before the runtime capped
# the promotion of rows off a sector (128 bytes): their members' times on
# such rows are left out.
args = sys.argv[1:]
uncapped = set(args[args.index("--uncapped") + 1:]) if "--uncapped" in args else set()
runs = collections.defaultdict(dict)  # (run, layout) -> (M, N, K) -> {name: ms}
for path in [a for a in args if a != "--uncapped"]:
    doc = json.load(gzip.open(path, "rt"))
    for r in doc["results"]:
        if not r.get("pass"):
            continue
        m, n, k = map(int, r["shape"].split("x"))
        name = variant(r, doc["layout"], n, k, path not in uncapped)
        if isinstance(name, tuple):
            runs[os.path.basename(path), doc["layout"]].setdefault((m, n, k), {}) \
                .setdefault(name[1], r["ms"])
            name = "dispatch"
        if name:
            shape = (m, n, k)
            runs[os.path.basename(path), doc["layout"]].setdefault(shape, {})[name] = r["ms"]

implied, rows = [], []  # implied kLineNs; per pair
for (run, layout), shapes in sorted(runs.items()):
    for (m, n, k), t in sorted(shapes.items()):
        p = pitches(layout, n, k)
        # The twin: the shape of the run nearest in size whose rows lie on
        # whole lines (the model scales between their sizes).
        twins = [s for s in shapes if whole(layout, *s[1:])]
        if whole(layout, n, k) or not twins:
            continue
        twin = min(twins, key=lambda s: abs(math.log(s[0] * s[1] * s[2] / (m * n * k))))
        if abs(math.log(twin[0] * twin[1] * twin[2] / (m * n * k))) > math.log(1.5):
            continue  # too far apart for the model's scaling to stand in
        ref = shapes[twin]
        for name in sorted(v for v in set(t) & set(ref) if fit.unlabel(v)[0] in costs):
            member, splits = fit.unlabel(name)
            cfg = dict(config[member], split_k=splits)
            cost = costs[member]
            kw = dict(slots=table.get("cluster_slots"), per_sm=fit.per_sm(table, member))
            est = fit.estimate_ns(cfg, cost, table["sms"], m, n, k, pitches=p, **kw)
            est_ref = fit.estimate_ns(cfg, cost, table["sms"], *twin, **kw)
            # Whole lines at this shape's sizes.
            est_whole = fit.estimate_ns(cfg, cost, table["sms"], m, n, k, **kw)
            measured = t[name] / ref[name] / (est_whole / est_ref)
            estimated = est / est_whole
            if measured > 1.05 and estimated > 1.05:
                implied.append(LINE_NS * measured / estimated)
            rows.append((layout, m, n, k, name, measured, estimated))

if implied:
    q = statistics.quantiles(implied, n=4) if len(implied) > 1 else implied * 3
    print(f"kLineNs {LINE_NS} compiled; the {len(implied)} pairs slowed > 5% in both imply "
          f"{statistics.median(implied):.3f} ns per line (quartiles {q[0]:.3f} .. {q[2]:.3f})")
print("\nlayout M x N x K: member, slowdown over whole lines measured / the runtime's estimate")
errors = []
for layout, m, n, k, name, measured, est in rows:
    errors.append(math.log(est / measured))
    print(f"  {layout} {m}x{n}x{k} {name:8s} {measured:.3f} / {est:.3f}")
print(f"\nestimate / measured over {len(errors)} pairs: geomean "
      f"{math.exp(sum(errors) / len(errors)):.3f}, "
      f"within 10%: {sum(abs(e) < math.log(1.1) for e in errors)}")

print("\nthe runtime's pick among the timed members (and without the line term) against "
      "the fastest, time over the fastest's")
hits = [0, 0, 0]
for (run, layout), shapes in sorted(runs.items()):
    for (m, n, k), t in sorted(shapes.items()):
        timed = {v for v in t if fit.unlabel(v)[0] in costs}
        members = {fit.unlabel(v)[0] for v in timed}
        p = pitches(layout, n, k)
        if whole(layout, n, k) or not timed:
            continue
        best = min(timed, key=t.get)
        chosen = fit.label(*fit.pick(table, costs, (m, n, k), pitches=p, members=members))
        plain = fit.label(*fit.pick(table, costs, (m, n, k), members=members))
        if chosen not in t or plain not in t:
            print(f"  {layout} {m}x{n}x{k}: {chosen} or {plain} not timed at those splits")
            continue
        hits[0] += t[chosen] <= 1.03 * t[best]
        hits[1] += t[plain] <= 1.03 * t[best]
        hits[2] += 1
        print(f"  {layout} {m}x{n}x{k}: {chosen} {t[chosen] / t[best]:.3f} "
              f"(without: {plain} {t[plain] / t[best]:.3f}), fastest {best}, "
              f"of cuBLAS {t['cublas'] / t[best]:.3f}" if "cublas" in t else "")
print(f"\npicks within 3% of the fastest: {hits[0]} of {hits[2]} with the line term, "
      f"{hits[1]} without")
