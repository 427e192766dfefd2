import gzip, json, math, collections, re, sys
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
            lo, hi = b["ms_q25"] / v["ms_q75"], b["ms_q75"] / v["ms_q25"]
            k = res[(p, mem)]
            k[0].append(b["ms"] / v["ms"])
            if lo > 1: k[1] += 1
            elif hi < 1: k[3] += 1
            else: k[2] += 1
    print("==", f)
    for (p, mem), (r, fa, ti, sl) in sorted(res.items()):
        print(f"  {p:6} vs base, {mem:8}: {len(r)} shapes, speed {geo(r):.3f}, faster {fa} tie {ti} slower {sl}")
