#!/usr/bin/env python3
# A stand-in for tile-run in tile-tune's tests: writes tile-run's --json
# layout for the manifests given, each kernel's time falling with its tile's
# area (so the largest tile wins), and logs each call's shape and layout in
# $FAKE_CALLS.
import json
import os
import sys

argv = sys.argv[1:]
manifests = [a for a in argv if a.endswith(".json") and not a.endswith(".partial")]
shape = argv[argv.index("--shape") + 1]
out = argv[argv.index("--json") + 1]
kernels = []
for path in manifests:
    with open(path) as f:
        m = json.load(f)
    ms = 1000.0 / (m["block_m"] * m["block_n"])
    kernels.append({"manifest": path, "chip": m["chip"], "ms": ms, "ms_q25": ms * 0.99,
                    "ms_q75": ms * 1.01, "pct_cublas": 50.0 / ms, "pass": True})
m0 = json.load(open(manifests[0]))
with open(out, "w") as f:
    # As tile-run writes one shape: its document, not {"runs": [...]}.
    json.dump({"dtype": m0["a_type"], "c_type": m0["c_type"],
               "shape": dict(zip("mnk", map(int, shape.split("x")))),
               "kernels": kernels}, f)
with open(os.environ["FAKE_CALLS"], "a") as f:
    layout = argv[argv.index("--layout") + 1] if "--layout" in argv else "none"
    f.write(f"{shape} {layout}\n")
