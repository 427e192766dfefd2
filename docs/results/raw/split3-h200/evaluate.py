#!/usr/bin/env python3
"""The 3-split cost factors on unseen shapes (run.sh's runs, H100):

  h100/       the picks a factor of 1.25 for every member moves (moved-*.txt:
              shape, the pick without 3 splits, the pick with them), nt and
              nn f16, with the dispatch manifest's row; the targets' layers
  h100-bf16/  the same nt picks in bf16
  h100-p11/   the picks a factor of 1.1 moves (moved-*-1.1.txt), nt and nn

Per set: the picks moved, the new pick against the old by the paired
quartiles, the geomean of old ÷ new time, both against cuBLAS (geomean,
below 0.90), the new picks over Triton's anchors, the dispatch row against
the new pick's where the run has it. Then the runtime as shipped
(kThreeSplitCost 1.25, kThreeSplitCostSwapAB 1.1 for the transposed
members: shipped-*.txt, from `tile-run --dry-run`) on these shapes and on
split3's random and suite shapes (shipped-split3-nt.txt, timed in
split3/h100-validate/), and the picks it adds to 1.25's. Then the
targets' layers.

  evaluate.py > evaluate.txt
"""
import collections
import glob
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
from benchrows import geo, merged, verdict  # noqa: E402


def load(folder, prefix):
    """{shape: {name: row}} of the folder's runs PREFIX or PREFIX-NN; the
    dispatch manifest's rows as "dispatch", autotuned "dispatch+tune", but
    not in h100-p11, whose dispatch ran at 1.25, not the factor its picks
    are of."""
    return merged(sorted(glob.glob(os.path.join(here, folder, f"{prefix}.json.gz")) +
                         glob.glob(os.path.join(here, folder, f"{prefix}-[0-9]*.json.gz"))),
                  dispatch=folder != "h100-p11")


def moved(name):
    with open(os.path.join(here, name)) as f:
        return {s: (old, new) for s, old, new in (line.split() for line in f)}


def swap(pick):
    return pick.startswith("s") and not pick.startswith("split")


def report(label, by, picks, listed=False):
    """The picks of `picks` (shape: old, new) that `by` timed."""
    done = {s: p for s, p in picks.items() if s in by and all(x in by[s] for x in p)}
    if not done:
        print(f"{label}: none")
        return
    said = collections.Counter(verdict(by[s][o], by[s][n]) for s, (o, n) in done.items())
    agree = collections.Counter(verdict(by[s][n], by[s]["dispatch"]) for s, (o, n) in done.items()
                                if "dispatch" in by[s])
    ratio = {s: by[s][o]["ms"] / by[s][n]["ms"] for s, (o, n) in done.items()}
    low = [sum(by[s]["cuBLAS"]["ms"] / by[s][p[i]]["ms"] < 0.9 for s, p in done.items()) for i in (0, 1)]
    cub = [geo([by[s]["cuBLAS"]["ms"] / by[s][p[i]]["ms"] for s, p in done.items()]) for i in (0, 1)]
    tri = {a: geo([by[s][a]["ms"] / by[s][n]["ms"] for s, (o, n) in done.items()])
           for a in ("tuned-persistent", "tma-persistent") if all(a in by[s] for s in done)}
    worst = min(ratio, key=ratio.get)
    print(f"{label}: {len(done)} of {len(picks)} moved picks timed: {said['faster']} faster / "
          f"{said['tie']} tie / {said['slower']} slower, geomean {geo(list(ratio.values())):.3f} "
          f"(worst {worst} {ratio[worst]:.3f}); of cuBLAS {cub[0]:.3f} -> {cub[1]:.3f}, below 0.90 "
          f"{low[0]} -> {low[1]}; new picks over Triton's "
          + ", ".join(f"{a} {x:.2f}x" for a, x in tri.items())
          + (f"; the dispatch row against the new pick's: {dict(agree)}" if agree else ""))
    if listed:
        for s in sorted(done, key=lambda s: [int(x) for x in s.split("x")]):
            o, n = done[s]
            v = by[s]
            print(f"  {s}: {o} {v['cuBLAS']['ms'] / v[o]['ms']:.3f} -> {n} "
                  f"{v['cuBLAS']['ms'] / v[n]['ms']:.3f} of cuBLAS ({verdict(v[o], v[n])})")


print("== a factor of 1.25 for every member (the runtime as run)")
for label, folder, file in (("nt", "h100", "moved-nt.txt"), ("nn", "h100", "moved-nn.txt"),
                            ("bf16", "h100-bf16", "moved-nt.txt")):
    report(label, load(folder, label), moved(file), listed=True)

print("\n== a factor of 1.1 for every member")
for label in ("nt", "nn"):
    by, picks, at125 = load("h100-p11", label), moved(f"moved-{label}-1.1.txt"), moved(f"moved-{label}.txt")
    report(f"{label}, p = 1.1", by, picks)
    report(f"{label}, p = 1.1, moved at 1.25 too", by, {s: v for s, v in picks.items() if s in at125})
    for kind in (True, False):
        report(f"{label}, p = 1.1, not at 1.25, new pick {'transposed' if kind else 'not transposed'}",
               by, {s: v for s, v in picks.items() if s not in at125 and swap(v[1]) == kind},
               listed=True)

print("\n== as shipped: 1.25, and 1.1 for the transposed members")
# (split3's dispatch ran at 1.1 for every member)
split3 = merged(sorted(glob.glob(os.path.join(here, "..", "split3", "h100-validate", "*.json.gz"))),
                dispatch=False)
with open(os.path.join(here, "..", "split3", "picks", "random-nt-1.25.txt")) as f:
    old125 = dict(line.split()[:2] for line in f)
with open(os.path.join(here, "..", "split3", "picks", "suite-1.25.txt")) as f:
    old125.update(line.split()[:2] for line in f)
for label, by, file, at125 in (
        ("unseen nt (h100-p11)", load("h100-p11", "nt"), "shipped-nt.txt", moved("moved-nt.txt")),
        ("unseen nn (h100)", load("h100", "nn"), "shipped-nn.txt", moved("moved-nn.txt")),
        ("split3's nt (split3/h100-validate)", split3, "shipped-split3-nt.txt", None)):
    picks = moved(file)
    report(label, by, picks)
    added = {s: p for s, p in picks.items()
             if (s not in at125 if at125 is not None else old125.get(s) != p[1])}
    report(f"{label}, the picks 1.25 alone leaves", by, added, listed=True)

print("\n== the runtime as shipped, timed (h100-added/): the 1.25 pick -> the pick 1.1 for "
      "the transposed members adds, with the dispatch row")
report("added-nt", load("h100-added", "added"), moved("added-nt.txt"), listed=True)


def targets(folder, runtime):
    by = load(folder, "targets")
    print(f"\n== targets ({folder}/): the nt dispatch ({runtime}) and autotuned (--tune 4), "
          "of cuBLAS [quartiles], over Triton's tuned-persistent")
    for s in sorted(by, key=lambda s: [int(x) for x in s.split("x")]):
        v = by[s]
        out = []
        for name in sorted(n for n in v if n.startswith("dispatch")):
            r = v[name]
            out.append(f"{'tuned' if '+tune' in name else 'dispatch'} {r['pct_cublas'] / 100:.3f} "
                       f"[{r['pct_cublas_lo'] / 100:.2f}-{r['pct_cublas_hi'] / 100:.2f}]"
                       + (f" {v['tuned-persistent']['ms'] / r['ms']:.2f}x" if "tuned-persistent" in v else ""))
        print(f"  {s}: " + "; ".join(out))


targets("h100", "3-split factor 1.25 for every member")
targets("h100-added", "as shipped: 1.1 for the transposed members")
