import gzip, json, math, collections, os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from benchrows import verdict  # noqa: E402
def geo(x): return math.exp(sum(map(math.log, x)) / len(x))
for f in sys.argv[1:]:
    d = json.load(gzip.open(f, "rt"))
    by = collections.defaultdict(dict)
    for r in d["results"]:
        if r["kind"] == "cublas" or not r.get("manifest"): continue
        m = re.search(r"/(base|spread|lb)-(\w+?)/", r["manifest"])
        by[(r["shape"], m.group(2))][m.group(1)] = r
    res = collections.defaultdict(lambda: [[], 0, 0, 0])
    for (s, mem), e in by.items():
        b = e.get("base")
        for p in ("spread", "lb"):
            v = e.get(p)
            if not (b and v): continue
            k = res[(p, mem)]
            k[0].append(b["ms"] / v["ms"])
            k[{"faster": 1, "tie": 2, "slower": 3}[verdict(b, v)]] += 1
    print("==", f)
    for (p, mem), (r, fa, ti, sl) in sorted(res.items()):
        print(f"  {p:6} vs base, {mem:8}: {len(r)} shapes, speed {geo(r):.3f}, faster {fa} tie {ti} slower {sl}")
