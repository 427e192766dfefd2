# Each member's estimate times exp(weighted mean log(measured/estimated)) over
# the other calibration shapes (Gaussian weights in log2 M, N, K; H the width,
# W0 the weight of a zero correction): picks checked per shape, and with each
# model family held out.  Run from the repository root:
#   H=0.7 W0=0.5 python3 knn-residuals.py data/sm_90a.json RUNS...
import sys, json, math, os
sys.path.insert(0, "scripts")
import fit_cost_model as fcm  # noqa: E402
table = json.load(open(sys.argv[1])); runs = sys.argv[2:]
data = fcm.read_runs(runs); costs = fcm.table_costs(table)
mem = {m['name']: m for m in table['members']}
H = float(os.environ.get('H', 0.7)); W0 = float(os.environ.get('W0', 0.5)); WM = float(os.environ.get('WM', 1.0))
# per shape: est per member (least), measured of that variant
rows = []
for s, cub, t, tri in data:
    est = {}
    for n, m in mem.items():
        ns, sp = fcm.least_ns(m['config'], costs[n], table['sms'], *s, slots=table.get('cluster_slots'))
        est[n] = (ns, fcm.label(n, sp))
    rows.append((s, cub, t, est, fcm.family(s)))
def feat(s): return (WM*math.log2(s[0]), math.log2(s[1]), math.log2(s[2]))
F = [feat(r[0]) for r in rows]
def evaluate(loo):
    out = []
    for i, (s, cub, t, est, fam) in enumerate(rows):
        best = min((v for v in t if fcm.unlabel(v)[0] in mem), key=t.get)
        scores = {}
        for n, (ns, lab) in est.items():
            num = 0.0; den = W0
            for j, (s2, cub2, t2, est2, fam2) in enumerate(rows):
                if j == i or (loo == 'family' and fam2 == fam): continue
                lab2 = est2[n][1]
                if lab2 not in t2: continue
                d2 = sum((a-b)**2 for a, b in zip(F[i], F[j]))
                w = math.exp(-d2/(2*H*H))
                if w < 1e-4: continue
                num += w*math.log(t2[lab2]*1e6/est2[n][0]); den += w
            scores[n] = ns*math.exp(num/den) if loo else ns
        pick = min(scores, key=scores.get); lab = est[pick][1]
        if lab not in t: continue
        out.append((s, lab, best, t[lab], t[best], cub, None))
    return out
for loo in (None, 'shape', 'family'):
    fcm.summary(evaluate(loo), f"correction={loo} H={H} W0={W0} WM={WM}")
