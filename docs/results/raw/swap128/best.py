#!/usr/bin/env python3
"""Per run of tile-bench (member rows at every split, cuBLAS): per shape the
fastest variant without the candidates and with them, as a fraction of
cuBLAS, and the geomean by M of each. Runs are read as the fit reads them
(scripts/fit_cost_model.py's load; needs the package: pip install ./python).

  best.py RUN.json.gz...
"""
import collections
import sys

sys.path.insert(0, "scripts")
import fit_cost_model as fcm  # noqa: E402

CANDIDATES = {"s128w", "s128wk", "s64wk", "m64n160k", "m64n80k"}

by_m = collections.defaultdict(list)
for path in sys.argv[1:]:
    for shape, c, times, _ in fcm.load(path):
        times = {v: t for v, t in times.items() if t is not None}
        old = min((t, v) for v, t in times.items() if fcm.unlabel(v)[0] not in CANDIDATES)
        new = min((t, v) for v, t in times.items())
        by_m[shape[0]].append((c / old[0], c / new[0]))
        print(f"{'x'.join(map(str, shape)):>16}  best member {old[1]:<12} {c / old[0]:6.3f}   "
              f"with the candidates {new[1]:<12} {c / new[0]:6.3f}"
              + (f"  (+{old[0] / new[0] - 1:.1%})" if new[1] != old[1] else ""))
for m in sorted(by_m):
    rows = by_m[m]
    print(f"M {m}: {len(rows)} shapes; best member {fcm.geomean([o for o, _ in rows]):.3f} of cuBLAS, "
          f"with the candidates {fcm.geomean([n for _, n in rows]):.3f}; "
          f"a candidate fastest on {sum(n > o for o, n in rows)}")
