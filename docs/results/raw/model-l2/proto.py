"""Prototype: add an L2->SM traffic bound to config=auto's cost model.
Reuses scripts/fit_cost_model.py; replaces the binding's estimate with a Python
copy of modelEstimateNs / modelLeastNs plus an L2 term."""
import math, os, sys, json
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4)
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import fit_cost_model as fcm  # noqa: E402
import tile_runtime
MAXCL = tile_runtime.max_cluster_splits

def cdiv(a, b): return -(-a // b)

# L2 model parameters (globals set by the driver)
P = dict(mode="none", l2bw=1e9, busy=False, edge=True, per_member=None)

def est(cfg, cost, sms, m, n, k, elem=(2, 2, 2), slots=None, per_sm=1, name=None):
    bm, bn, bk = cfg["block_m"], cfg["block_n"], cfg["block_k"]
    sk = cfg.get("split_k", 1); streamk = cfg["schedule"] == "stream_k"
    aB, bB, cB = elem
    step_ps, tile_ns, launch_ns, gbps = cost[:4]
    in_cluster = 1 < sk <= MAXCL
    cs = tuple(slots) if slots and in_cluster else (0,) * 8
    tiles = float(cdiv(m, bm)) * float(cdiv(n, bn))
    clustered = sk > 1 and sk <= 8 and cs[sk - 1] > 0
    nslots = float(cs[sk - 1]) if clustered else sms * float(per_sm)
    waves = math.ceil(tiles * sk / nslots)
    steps = cdiv(cdiv(k, bk), sk)
    compute = waves * (steps * step_ps / 1000 + tile_ns)
    shared = 0.0
    whole = math.floor(tiles / nslots)
    if streamk and whole >= 1 and tiles > whole * nslots:
        shared = tiles - (whole - 1) * nslots
        dpw = whole - 1
        share = shared * steps / nslots
        compute = dpw * (steps * step_ps / 1000 + tile_ns) + share * step_ps / 1000 + 2 * tile_ns
    prow = float(min(cdiv(m, bm) * bm, cdiv(m, 16) * 16))
    byts = (aB * m * k + bB * n * k + cB * m * n +
            (8.0 * prow * cdiv(n, bn) * bn * sk if sk > 1 else 16.0 * min(shared, nslots) * bm * bn))
    busy = min(1.0, tiles * sk / sms)
    dram = byts / (gbps * busy)
    mode = P["mode"]
    if mode == "none":
        return launch_ns + max(compute, dram)
    if P["edge"]:   # in-bounds rows/cols only
        l2 = k * (aB * m * cdiv(n, bn) + bB * n * cdiv(m, bm))
    else:
        l2 = tiles * k * (bm * aB + bn * bB)
    bw = P["l2bw"]
    if len(cost) > 4:
        bw = cost[4]
    if P["busy"]:
        # share of the chip's SMs (resident programs) pulling from L2
        bw = bw * min(1.0, tiles * sk / (sms if P["busy"] == "sms" else nslots))
    l2t = l2 / bw
    if mode == "max":
        return launch_ns + max(compute, dram, l2t)
    if mode == "add":      # L2 traffic adds to the compute rounds
        return launch_ns + max(compute + l2t, dram)
    if mode == "add2":     # additive to max
        return launch_ns + max(compute, dram) + l2t
    raise ValueError(mode)

def least(cfg, cost, sms, m, n, k, elem=(2, 2, 2), slots=None, per_sm=1, name=None):
    sk = cfg.get("split_k", 1)
    workspace = sk > MAXCL and not (slots and 1 < sk <= MAXCL and slots[0])
    # (clusterSlots[0]==0 for sk > MAXCL since cluster_slots() returns zeros)
    workspace = sk > MAXCL
    first, last = (2 if sk > 1 else 1), sk
    if workspace:
        tiles = float(cdiv(m, cfg["block_m"])) * float(cdiv(n, cfg["block_n"]))
        nslots = sms * float(per_sm)   # not clustered at sk>MAXCL
        last = int(min(float(last), math.floor(nslots / tiles)))
        first = min(first, max(last, 1))
    best, splits = 0, 1
    s = first
    while s <= max(first, last):
        c = dict(cfg, split_k=s)
        ns = est(c, cost, sms, m, n, k, elem, slots, per_sm, name)
        if s == first or ns < best:
            best, splits = ns, s
        s = s + 1 if workspace else s * 2
    return best, splits

def pick(table, costs, shape):
    ls = [(least(m["config"], costs[m["name"]], table["sms"], *shape,
                 slots=table.get("cluster_slots"), per_sm=fcm.per_sm(table, m["name"]),
                 name=m["name"]), m["name"]) for m in table["members"]]
    (_, splits), name = min(ls, key=lambda e: e[0][0])
    return name, splits

fcm.pick = pick
# the fit's residuals use estimate_ns: make them see the L2 term too
def estimate_ns(cfg, cost, sms, m, n, k, elem=(2, 2, 2), slots=None, per_sm=1):
    return est(cfg, cost, sms, m, n, k, elem, slots, per_sm, None)
fcm.estimate_ns = estimate_ns

_cache = {}
def setup(table_path=os.path.join(ROOT, "data", "sm_90a.json")):
    with open(table_path) as f: table = json.load(f)
    key = table_path
    if key not in _cache:
        _cache[key] = fcm.blocks_per_sm(table_path, os.path.join(ROOT, "build", "bin", "tile-opt"))
    table["blocks_per_sm"] = _cache[key]
    return table

def stats(rows, ndata):
    within = sum(r[3] <= 1.03 * r[4] for r in rows)
    auto = [r[5] / r[3] for r in rows]
    return dict(n=len(rows), hits=within, geo=fcm.geomean(auto),
                best=fcm.geomean([r[5] / r[4] for r in rows]),
                below=sum(a < 0.9 for a in auto), left=ndata - len(rows))
