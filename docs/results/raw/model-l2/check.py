# verify the python copy against the binding
import os, sys; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import proto, tile_runtime
runs = sys.argv[1:]
table = proto.setup(); data = proto.fcm.read_runs(runs)
costs = proto.fcm.table_costs(table)
bad = 0; nchk = 0
for s, *_ in data:
    for mem in table["members"]:
        a = tile_runtime.model_least(proto.fcm.model_tile(mem["config"]), (table["sms"], *costs[mem["name"]]), *s,
                                     proto.fcm.cluster_slots(mem["config"], table["cluster_slots"]), table["blocks_per_sm"][mem["name"]])
        b = proto.least(mem["config"], costs[mem["name"]], table["sms"], *s, slots=table["cluster_slots"], per_sm=table["blocks_per_sm"][mem["name"]])
        nchk += 1
        if abs(a[0] - b[0]) > 1e-6 * a[0] or a[1] != b[1]:
            bad += 1
            if bad < 5: print("mismatch", s, mem["name"], a, b)
print("checked", nchk, "mismatches", bad)
rows = proto.fcm.picks(table, costs, data); print(proto.stats(rows, len(data)))
