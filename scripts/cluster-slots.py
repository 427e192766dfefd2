#!/usr/bin/env python3
"""How many blocks of a kernel run at once in clusters of 1 to 16 (GPU).

    scripts/cluster-slots.py MANIFEST.json...

For each kernel manifest (a bundle's <kernel>.json and its PTX): the
driver's cuOccupancyMaxActiveClusters at each cluster size S, times S, the
programs resident at once when a grid runs in clusters of S blocks. A
cluster lies within one GPC, so sizes that do not divide a GPC's SMs leave
some idle. One line per kernel: name, then S:programs.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from tile_bench.cuda_launch import _driver, cu, ensure_context  # noqa: E402


def main():
    ensure_context()
    d = _driver()
    for path in sys.argv[1:]:
        m = json.load(open(path))
        ptx = open(os.path.join(os.path.dirname(path), m["ptx"]), "rb").read() + b"\0"
        mod = cu("cuModuleLoadData", ptx)
        f = cu("cuModuleGetFunction", mod, m["kernel"].encode())
        smem = m["dynamic_shared_memory_bytes"]
        a = d.CUfunction_attribute
        cu("cuFuncSetAttribute", f, a.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem)
        cu("cuFuncSetAttribute", f, a.CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1)
        out = []
        for s in list(range(1, 9)) + [16]:
            attr = d.CUlaunchAttribute()
            attr.id = d.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
            attr.value.clusterDim.x, attr.value.clusterDim.y, attr.value.clusterDim.z = s, 1, 1
            cfg = d.CUlaunchConfig()
            cfg.gridDimX, cfg.gridDimY, cfg.gridDimZ = s * 64, 1, 1
            cfg.blockDimX, cfg.blockDimY, cfg.blockDimZ = m["threads_per_block"], 1, 1
            cfg.sharedMemBytes = smem
            cfg.attrs = [attr]
            cfg.numAttrs = 1
            try:
                out.append(f"{s}:{cu('cuOccupancyMaxActiveClusters', f, cfg) * s}")
            except Exception as e:  # a size the driver refuses
                out.append(f"{s}:- ({e})")
        print(m["kernel"], " ".join(out), flush=True)


if __name__ == "__main__":
    main()
