#!/usr/bin/env python3
"""Sweeps tile-to-ptx's option space and checks every accepted configuration.

Each configuration is compiled with tile-opt (--tile-to-ptx, written as a
bundle); one that tile-opt accepts must assemble with `ptxas -arch=<chip> -v`
without spills or warnings, and one it refuses must be refused with a single
`error: tile-<pass>: <reason>` line. Anything else (a crash, an internal
error, a second error line, a ptxas failure, a spill) is a failure.

  scripts/option-sweep.py [--tile-opt BIN] [--ptxas BIN] [--jobs N]
                          [--sample N --seed S] [--input MLIR] [--config OPTS]...

Without --config the grid is mma x schedule x order x block-m x block-n x
block-k x num-warps x num-stages, and the warp-specialized wgmma kernels
times cluster-m x index-bitwidth (see grid()); wgmma's widths not a
multiple of 64 need B K-major (--input examples/matmul_f16_nt.mlir);
--sample picks N of it at random. Prints the counts and each failure; exits 1 when there is one.
"""

import argparse
import collections
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
INPUT = os.path.join(ROOT, "examples", "matmul_f16.mlir")
REJECTION = re.compile(r"^(?:[^\n]*: )?error: (tile-[a-z-]+: .*)$")


def grid():
    """Every combination of the options that shape a kernel."""
    blocks = [16, 32, 64, 128, 256]
    for sched, order, bm, bn, bk, warps, stages in itertools.product(
            ["tiled", "persistent"], ["linear", "grouped"], blocks, blocks,
            [16, 32, 64, 128], [1, 2, 4, 8, 16], range(1, 9)):
        yield (f"mma=sync schedule={sched} order={order} block-m={bm} "
               f"block-n={bn} block-k={bk} num-warps={warps} "
               f"num-stages={stages}")
    for sched, order, bm, bn, warps, stages in itertools.product(
            ["tiled", "persistent"], ["linear", "grouped"],
            [64, 128, 192, 256], [48, 64, 96, 128, 192, 256], [4, 8], range(1, 9)):
        yield (f"mma=wgmma schedule={sched} order={order} block-m={bm} "
               f"block-n={bn} block-k=64 num-warps={warps} "
               f"num-stages={stages}")
    # Warp-specialized: a producer warpgroup on top of num-warps; clusters,
    # 64-bit indices and split-K (in a cluster, or refused above 8) change
    # its barriers and address arithmetic.
    for ws, sched, order, bm, bn, warps, stages, cm, bits, splits in (
            itertools.product(
                ["cooperative", "pingpong"], ["tiled", "persistent"],
                ["linear", "grouped"], [64, 128, 256], [48, 64, 96, 128, 192, 256],
                [4, 8], range(1, 9), [1, 2], [32, 64], [1, 4, 16])):
        yield (f"mma=wgmma warp-specialize={ws} schedule={sched} "
               f"order={order} block-m={bm} block-n={bn} block-k=64 "
               f"num-warps={warps} num-stages={stages} cluster-m={cm} "
               f"index-bitwidth={bits} split-k={splits}")


def check(tile_opt, ptxas, source, opts):
    """(verdict, detail): accepted / rejected / failed."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "b")
        try:
            r = subprocess.run([tile_opt, source, f"--tile-to-ptx={opts}",
                                f"--tile-bundle={out}", "-o", os.devnull],
                               capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            return "failed", "tile-opt: timeout"
        err = r.stderr.strip()
        if r.returncode != 0:
            lines = [l for l in err.splitlines() if "error:" in l]
            m = REJECTION.match(lines[0]) if len(lines) == 1 else None
            if r.returncode == 1 and m and "does not dominate" not in err:
                return "rejected", m.group(1)
            return "failed", f"tile-opt exit {r.returncode}: {err[-300:]}"
        ptx = os.path.join(out, os.path.splitext(os.path.basename(source))[0] + ".ptx")
        chip = "sm_90a" if "mma=wgmma" in opts else "sm_90"
        m = re.search(r"chip=(sm_\w+)", opts)
        chip = m.group(1) if m else chip
        a = subprocess.run([ptxas, f"-arch={chip}", "-v", ptx, "-o",
                            os.path.join(tmp, "k.cubin")],
                           capture_output=True, text=True)
        log = a.stdout + a.stderr
        if a.returncode != 0:
            return "failed", f"ptxas: {log.strip()[-300:]}"
        spills = re.findall(r"(\d+) bytes spill (?:stores|loads)", log)
        if any(int(s) for s in spills):
            used = re.search(r"Used (\d+) registers", log)
            return "failed", (f"spills: {', '.join(spills)} bytes "
                              f"({used.group(1) if used else '?'} registers)")
        if "warning" in log:
            return "failed", f"ptxas warning: {log.strip()[-300:]}"
        used = re.search(r"Used (\d+) registers", log)
        return "accepted", used.group(1) if used else "?"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tile-opt",
                   default=os.path.join(ROOT, "build", "bin", "tile-opt"))
    p.add_argument("--ptxas", default=shutil.which("ptxas") or
                   "/usr/local/cuda/bin/ptxas")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--sample", type=int, default=0,
                   help="check N configurations drawn from the grid")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--input", default=INPUT,
                   help="the kernel compiled (default: the nn example)")
    p.add_argument("--config", action="append", default=[],
                   help="a --tile-to-ptx option string (repeatable)")
    p.add_argument("--verbose", action="store_true",
                   help="print every configuration's verdict")
    args = p.parse_args()
    configs = args.config or list(grid())
    if args.sample and not args.config:
        configs = random.Random(args.seed).sample(
            configs, min(args.sample, len(configs)))
    lock = threading.Lock()

    def one(o):
        r = (o, *check(args.tile_opt, args.ptxas, args.input, o))
        if args.verbose:
            with lock:  # one whole line at a time
                print(f"{r[1]}: {o}: {r[2]}", flush=True)
        return r

    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(one, configs))
    counts = collections.Counter(v for _, v, _ in results)
    reasons = collections.Counter(
        re.sub(r"-?\d+", "N", d) for _, v, d in results if v == "rejected")
    print(f"configurations: {len(results)}")
    print(f"accepted: {counts['accepted']} (compiled, assembled by ptxas, "
          f"no spills)")
    print(f"rejected with a reason: {counts['rejected']}")
    for reason, n in reasons.most_common():
        print(f"  {n:6d}  {reason}")
    print(f"failures: {counts['failed']}")
    for o, v, d in results:
        if v == "failed":
            print(f"  FAIL {o}: {d}")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
