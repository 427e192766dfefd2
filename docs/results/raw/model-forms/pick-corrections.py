#!/usr/bin/env python3
"""Corrections on top of the shipped cost model, checked on the fit's runs
(CPU only; output pick-corrections.txt):

1. the model's residual (measured / estimated time, geomean) by member and
   by programs in the launch: the estimate is high where few SMs work and
   low where a single wave nearly fills them;
2. one global correction of every single-wave estimate, fill^beta * gamma
   (fill: programs over the slots they run in), on a grid;
3. a correction per variant (member at its splits) and M bucket, learnt
   from the other model families and applied to the held-out one;
4. a tie-break among the candidates within delta of the least estimate:
   fewest splits, least L2-to-SM bytes, fewest bytes per program, least
   padding.

Each prints picks within 3% of the best member and the picks' geomean vs
cuBLAS, as fit_cost_model.py --no-fit does.
  pick-corrections.py RUN...   (the runs of fit_cost_model.py's ninth step)
"""
import collections
import math
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(root, "scripts"))
import fit_cost_model as f  # noqa: E402

table = f.shipped_table()
data = f.read_runs(sys.argv[1:])
costs = f.table_costs(table)
cfg_of = {m["name"]: m["config"] for m in table["members"]}
sms, slots = table["sms"], table["cluster_slots"]


def variants(shape):
    """(estimate ns, fill, waves, label, config) of every variant the runtime
    weighs (3 splits at its factor)."""
    m, n, k = shape
    out = []
    for mem in table["members"]:
        name, cfg = mem["name"], mem["config"]
        sk, ps = cfg.get("split_k", 1), f.per_sm(table, name)
        for sp in [1] if sk == 1 else [x for x in (2, 4, 8) if x <= sk] + ([3] if sk >= 3 else []):
            c = dict(cfg, split_k=sp) if sk > 1 else cfg
            est = f.estimate_ns(c, costs[name], sms, m, n, k, slots=slots, per_sm=ps)
            if sp == 3:
                est *= 1.1 if cfg.get("swap_ab") else 1.25
            prog = math.ceil(m / cfg["block_m"]) * math.ceil(n / cfg["block_n"]) * sp
            sl = slots[sp - 1] if 1 < sp <= 8 else sms * ps
            out.append((est, prog / sl, math.ceil(prog / sl),
                        f.label(name, sp) if sk > 1 else name, c))
    return out


cands = {d[0]: variants(d[0]) for d in data}
allshapes = set(cands)
fams = collections.defaultdict(set)
for s in allshapes:
    fams[f.family(s)].add(s)


def rows(choose, shapes):
    out = []
    for s, cub, t, tri in data:
        if s not in shapes:
            continue
        ch = choose(s)
        if ch not in t:
            continue
        best = min((v for v in t if f.unlabel(v)[0] in costs), key=t.get)
        out.append((s, ch, best, t[ch], t[best], cub))
    return out


def score(r, label):
    within = sum(x[3] <= 1.03 * x[4] for x in r) / max(1, len(r))
    geo = math.exp(sum(math.log(x[5] / x[3]) for x in r) / max(1, len(r)))
    by_m = " ".join(f"{M}:{sum(x[3] <= 1.03 * x[4] for x in sel) / len(sel):.2f}"
                    for M in (1, 16, 32, 64, 128, 200, 256)
                    for sel in [[x for x in r if x[0][0] == M]] if sel)
    print(f"{label}: {len(r)} shapes, within 3% {within:.3f}, geomean {geo:.4f}; by M {by_m}")


print("1. measured / estimated by programs (M 33-160):")
res = collections.defaultdict(list)
for s, cub, t, tri in data:
    if not 33 <= s[0] <= 160:
        continue
    for est, fill, w, lab, c in cands[s]:
        if lab in t:
            prog = fill * (slots[f.unlabel(lab)[1] - 1] if f.unlabel(lab)[1] > 1 else sms)
            b = next(b for b in (32, 64, 100, 132, 1e9) if prog <= b)
            res[lab.split("@")[0], b].append(math.log(t[lab] * 1e6 / est))
for name in sorted({k[0] for k in res}):
    print(f"  {name:8}" + "  ".join(
        f"p<={'more' if b > 1e6 else int(b)}:{len(v)}:{math.exp(sum(v) / len(v)):.2f}"
        for (nm, b), v in sorted(res.items()) if nm == name))

print("2. fill^beta * gamma on single-wave estimates:")
for beta in (0, 0.1, 0.2, 0.3, 0.5):
    for gamma in (0.9, 1.0, 1.1, 1.2):
        score(rows(lambda s: min((e * (fl ** beta * gamma if w == 1 else 1), lab)
                                 for e, fl, w, lab, c in cands[s])[1], allshapes),
              f"  beta {beta} gamma {gamma}")


def bucket(m):
    return next((b for b in (1, 4, 16, 32, 48, 64, 96, 128, 160, 192, 256, 320, 512,
                             1024, 2048, 4096, 8192) if m <= b), 1 << 20)


def learn(shapes, lam):
    acc = collections.defaultdict(list)
    for s, cub, t, tri in data:
        if s in shapes:
            for e, fl, w, lab, c in cands[s]:
                if lab in t:
                    acc[lab, bucket(s[0])].append(math.log(t[lab] * 1e6 / e))
    return {key: math.exp(sum(v) / (len(v) + lam)) for key, v in acc.items()}


print("3. a correction per variant and M bucket, each family held out:")
for lam in (0.5, 2, 10):
    held = []
    for fam, sh in fams.items():
        corr = learn(allshapes - sh, lam)
        held += rows(lambda s: min((e * corr.get((lab, bucket(s[0])), 1), lab)
                                   for e, fl, w, lab, c in cands[s])[1], sh)
    score(held, f"  shrink {lam}")


def feature(kind, s, c, sp):
    m, n, k = s
    bm, bn = c["block_m"], c["block_n"]
    per_program = math.ceil(math.ceil(k / 64) / sp) * (bm + bn)
    return {"splits": sp,
            "l2 bytes": math.ceil(m / bm) * math.ceil(n / bn) * sp * per_program,
            "bytes per program": per_program,
            "padding": math.ceil(m / bm) * bm * math.ceil(n / bn) * bn / (m * n)}[kind]


print("4. tie-breaks within delta of the least estimate:")
for kind in ("splits", "l2 bytes", "bytes per program", "padding"):
    for delta in (0.0, 0.02, 0.05, 0.1):
        def choose(s):
            least = min(v[0] for v in cands[s])
            return min((feature(kind, s, c, f.unlabel(lab)[1]), e, lab)
                       for e, fl, w, lab, c in cands[s] if e <= least * (1 + delta))[2]
        score(rows(choose, allshapes), f"  {kind}, delta {delta}")
