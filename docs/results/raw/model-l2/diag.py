import os, sys; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import proto
shapes = [tuple(map(int, s.split("x"))) for s in sys.argv[1].split(",")]
runs = sys.argv[2:]
table = proto.setup(); data = {d[0]: d for d in proto.fcm.read_runs(runs)}
costs = proto.fcm.table_costs(table)
for s in shapes:
    _, cub, t, _ = data[s]
    print(f"== {s} cuBLAS {cub*1000:.1f} us")
    rows = []
    for mem in table["members"]:
        ns, sp = proto.least(mem["config"], costs[mem["name"]], table["sms"], *s, slots=table["cluster_slots"], per_sm=table["blocks_per_sm"][mem["name"]])
        lab = proto.fcm.label(mem["name"], sp)
        c = mem["config"]; m, n, k = s
        l2 = k * (2 * m * proto.cdiv(n, c["block_n"]) + 2 * n * proto.cdiv(m, c["block_m"]))
        ms = t.get(lab)
        best_meas = min((v, kk) for kk, v in t.items() if proto.fcm.unlabel(kk)[0] == mem["name"]) if any(proto.fcm.unlabel(kk)[0] == mem["name"] for kk in t) else (None, None)
        rows.append((ns, lab, ms, best_meas, l2))
    rows.sort()
    for ns, lab, ms, bm, l2 in rows[:14]:
        meas = f"{ms*1000:7.1f}" if ms else "   -   "
        bmt = f"{bm[1]}={bm[0]*1000:.1f}" if bm[0] else ""
        print(f"  {lab:10} est {ns/1000:7.1f} meas {meas}  bestvariant {bmt:16} L2 {l2/1e6:6.1f} MB  ->{l2/(ms*1e6) if ms else 0:6.0f} B/ns")
