#!/usr/bin/env python3
# A stand-in for tile-run in tile-compare's tests: writes tile-run's --json
# report for the manifests given on 132 SMs. Shared memory alone limits the
# blocks per SM; a kernel's time falls with its stages and with the slots
# its grid fills. Each call's --programs-per-sm (one value, or one per
# manifest) and manifests are appended to $FAKE_CALLS.
import json
import math
import os
import sys

argv = sys.argv[1:]
manifests = [a for a in argv if a.endswith(".json") and a != argv[argv.index("--json") + 1]]
m, n, k = map(int, argv[argv.index("--shape") + 1].split("x"))
pps = argv[argv.index("--programs-per-sm") + 1] if "--programs-per-sm" in argv else "auto"
each = pps.split(",")
assert len(each) in (1, len(manifests)), "one value, or one per manifest"
kernels = []
for i, path in enumerate(manifests):
    with open(path) as f:
        man = json.load(f)
    smem = man["dynamic_shared_memory_bytes"]
    warps = man["num_warps"]
    blocks = min(232448 // smem, 64 // warps, 8)
    tiles = math.ceil(m / man["block_m"]) * math.ceil(n / man["block_n"])
    persistent = man["schedule"] == "persistent"
    own = each[i if len(each) > 1 else 0]
    programs = (blocks if own == "auto" else int(own)) if persistent else None
    grid = min(tiles, 132 * programs) if persistent else tiles
    fill = min(1.0, grid / (132 * blocks))
    ms = 1.0 / fill * (1.0 - 0.02 * man["num_stages"])
    kernels.append({
        "manifest": path, "kernel": man["kernel"], "schedule": man["schedule"],
        "block_m": man["block_m"], "block_n": man["block_n"],
        "num_stages": man["num_stages"], "ms": ms, "ms_q25": ms * 0.995,
        "ms_q75": ms * 1.005, "tflops": 2 * m * n * k / ms / 1e9,
        "pct_cublas": 50.0 / ms, "vs_cublas": None, "pass": True,
        "regs": 128, "spill_bytes": 0, "static_smem": 0, "dynamic_smem": smem,
        "occupancy": {"limit_registers": 8, "limit_shared": 232448 // smem,
                      "limit_warps": 64 // warps, "blocks_per_sm": blocks,
                      "driver_blocks_per_sm": blocks,
                      "limiter": "shared memory" if 232448 // smem == blocks else "warps",
                      "theoretical_pct": 100.0 * blocks * warps / 64},
        "grid": grid, "tiles": tiles, "programs_per_sm": programs,
        "waves_per_sm": grid / (132 * blocks),
        "tiles_per_program_min": tiles // grid,
        "tiles_per_program_max": math.ceil(tiles / grid)})
with open(argv[argv.index("--json") + 1], "w") as f:
    json.dump({"device": {"name": "Stand-in GPU", "sm_count": 132},
               "shape": {"m": m, "n": n, "k": k}, "dtype": "f16", "c_type": "f16",
               "seed": 1, "timing": {"rounds": 3, "l2": "flush"},
               "cublas": {"ms": 0.5, "ms_q25": 0.49, "ms_q75": 0.51, "tflops": 275.0},
               "kernels": kernels}, f)
with open(os.environ["FAKE_CALLS"], "a") as f:
    f.write(f"pps={pps} " + " ".join(os.path.basename(os.path.dirname(p)) for p in manifests) + "\n")
