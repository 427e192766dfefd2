import os, sys, math; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import proto
import numpy as np
runs = sys.argv[1:]
table = proto.setup(); data = proto.fcm.read_runs(runs)
costs = proto.fcm.table_costs(table)
allr = []
for mem in table["members"]:
    nm = mem["name"]; c = mem["config"]; xs = []
    for s, cub, t, _ in data:
        for lab, ms in t.items():
            n0, sp = proto.fcm.unlabel(lab)
            if n0 != nm: continue
            cfg = dict(c, split_k=sp)
            e = proto.est(cfg, costs[nm], table["sms"], *s, slots=table["cluster_slots"], per_sm=table["blocks_per_sm"][nm])
            m, n, k = s
            l2 = k * (2 * m * proto.cdiv(n, c["block_n"]) + 2 * n * proto.cdiv(m, c["block_m"]))
            xs.append((math.log(ms * 1e6 / e), l2 / (ms * 1e6), s, sp))
    if len(xs) < 8: continue
    r = np.array([x[0] for x in xs]); rate = np.array([x[1] for x in xs])
    hi = rate > 5000
    cc = np.corrcoef(r, rate)[0, 1]
    print(f"{nm:8} n={len(xs):4} corr(logerr, L2rate)={cc:+.2f}  mean logerr rate>5TB/s: {r[hi].mean() if hi.any() else float('nan'):+.3f} (n={hi.sum()})  rate<=5: {r[~hi].mean():+.3f}  max rate {rate.max():.0f}")
    allr += xs
r = np.array([x[0] for x in allr]); rate = np.array([x[1] for x in allr])
for lo, hi in [(0,1000),(1000,2000),(2000,3000),(3000,4000),(4000,5000),(5000,6000),(6000,7000),(7000,8000),(8000,10000),(10000,20000)]:
    sel = (rate >= lo) & (rate < hi)
    if sel.any(): print(f"rate {lo:5}-{hi:5}: n={sel.sum():5} mean logerr {r[sel].mean():+.3f} median {np.median(r[sel]):+.3f}")
print("top rates:")
for x in sorted(allr, key=lambda x: -x[1])[:12]: print(x)
