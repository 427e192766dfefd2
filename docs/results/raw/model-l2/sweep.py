import os, sys; sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import proto
runs = sys.argv[1:]
table = proto.setup(); data = proto.fcm.read_runs(runs)
costs = proto.fcm.table_costs(table)
bws = [1000,1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 7000, 8000, 10000, 12000, 15000, 20000, 30000]
for mode in ("max", "add", "add2"):
  for busy in (False, "sms"):
    for edge in (True,):
      out = []
      for bw in bws:
        proto.P.update(mode=mode, l2bw=bw, busy=busy, edge=edge)
        st = proto.stats(proto.fcm.picks(table, costs, data), len(data))
        out.append(f"{bw}:{st['hits']}/{st['n']} {st['geo']:.3f} b{st['below']}")
      print(mode, busy, "edge" if edge else "full", " | ".join(out), flush=True)
