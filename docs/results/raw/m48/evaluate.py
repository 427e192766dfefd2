#!/usr/bin/env python3
"""The candidates of run.sh against the members the dispatch picks at M 1-64
(runs in h100/ or h200/: bench-*.json.gz). Per set and M: the best
candidate over the best member (paired quartiles, geomean of the time
ratio), both and the dispatch row against cuBLAS, and each candidate's
wins; then every shape where a candidate beats the best member.

  evaluate.py FOLDER > FOLDER/evaluate.txt
"""
import collections
import glob
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
from benchrows import geo, merged, verdict  # noqa: E402


# The candidates: the rows trial-table.py added to the shipped table.
with open(os.path.join(here, "..", "..", "..", "..", "data", "sm_90a.json")) as f:
    SHIPPED = {m["name"] for m in json.load(f)["members"]}


def best(v, names):
    ok = [n for n in names if n in v and v[n]["pass"]]
    return min(ok, key=lambda n: v[n]["ms"]) if ok else None


def main():
    folder = os.path.join(here, sys.argv[1])
    for path in sorted(glob.glob(os.path.join(folder, "bench-*.json.gz"))):
        by = merged([path])
        names = {n for v in by.values() for n in v} - {"cuBLAS", "dispatch"}
        cands = sorted(n for n in names if n.split("@")[0] not in SHIPPED)
        members = sorted(names - set(cands))
        print(f"== {os.path.basename(path)}: candidates {' '.join(cands)}")
        groups = collections.defaultdict(list)
        for s, v in sorted(by.items(), key=lambda kv: [int(x) for x in kv[0].split("x")]):
            c, m = best(v, cands), best(v, members)
            if c and m and "cuBLAS" in v:
                groups[int(s.split("x")[0])].append((s, v, c, m))
        wins = collections.Counter()
        for mm, items in sorted(groups.items()):
            said = collections.Counter(verdict(v[m], v[c]) for _, v, c, m in items)
            r = [v[m]["ms"] / v[c]["ms"] for _, v, c, m in items]
            disp = geo([v["cuBLAS"]["ms"] / v["dispatch"]["ms"] for _, v, *_ in items if "dispatch" in v])
            print(f"  M {mm} ({len(items)}): best candidate over best member {geo(r):.3f} "
                  f"(faster {said['faster']}, tie {said['tie']}, slower {said['slower']}); "
                  f"of cuBLAS: members' best "
                  f"{geo([v['cuBLAS']['ms'] / v[m]['ms'] for _, v, c, m in items]):.3f}, "
                  f"with the candidates "
                  f"{geo([v['cuBLAS']['ms'] / min(v[m]['ms'], v[c]['ms']) for _, v, c, m in items]):.3f}, "
                  f"dispatch {disp:.3f}")
            near = [v["dispatch"]["ms"] <= 1.03 * min(v[m]["ms"], v["dispatch"]["ms"])
                    for _, v, c, m in items if "dispatch" in v]
            print(f"    the dispatch within 3% of the best member (or itself) on {sum(near)} of {len(near)}")
            for s, v, c, m in items:
                if verdict(v[m], v[c]) == "faster":
                    wins[c] += 1
                    print(f"    {s}: {c} {v[m]['ms'] / v[c]['ms']:.3f}x {m} "
                          f"({v['cuBLAS']['ms'] / v[c]['ms']:.3f} of cuBLAS)")
        print("  wins: " + ", ".join(f"{c} {n}" for c, n in wins.most_common()))


main()
