#!/usr/bin/env python3
"""The candidate runs as the fit reads the shipped member: m64n160ws's
rows renamed m64n160 (the kernel m64n160 now is); the old m64n160's, the
other candidates' and m64n112's rows dropped (the member runs time
m64n112 on more shapes, and a replacing run's members keep no other times); writes h200/shipped-<run>.json.gz.

  as-shipped.py   (from this folder)
"""
import glob
import gzip
import json
import os

DROP = ("__m64n112.json", "__m64n160.json", "__m64n160ws6.json", "__m64n160s6.json")
for path in sorted(glob.glob("h200/cal-nt-*.json.gz")):
    with gzip.open(path, "rt") as f:
        doc = json.load(f)
    rows = []
    for r in doc["results"]:
        if (r.get("manifest") or "").endswith(DROP):
            continue
        if (r.get("manifest") or "").endswith("__m64n160ws.json"):
            r = dict(r, manifest=r["manifest"].replace("__m64n160ws.json", "__m64n160.json"),
                     impl=r["impl"].replace("__m64n160ws.json", "__m64n160.json"))
        rows.append(r)
    doc["results"] = rows
    out = os.path.join("h200", "shipped-" + os.path.basename(path))
    with gzip.open(out, "wt") as f:
        json.dump(doc, f)
    print(out, len(rows), "rows")
