#!/usr/bin/env python3
"""Randomized numerics: many random shapes x every bundle, checked by tile-run.

Shapes have each dimension in [1, MAX], biased towards the edges of the
blocks (1, multiples of 16..128 plus or minus one, small sizes). Every shape
runs on fresh random inputs with C poisoned first; tile-run compares each
kernel with cuBLAS within the per-dtype bound. The seed is printed; shape i
of a tile-run process uses seed + i, so a failure replays with
  tile-run BUNDLE.json --shape MxNxK --seed S

  random_numerics.py --bundles DIR --tile-run PATH [--count 200] [--seed S]
                     [--manifests GLOB]
DIR holds <dtype>/<variant>/<kernel>.json; variants named nt-*, tn-* or tt-*
run in that layout, the others in nn.
"""
import argparse
import glob
import json
import os
import random
import re
import subprocess
import sys
import time


def dim(rng, top):
    r = rng.random()
    if r < 0.12:
        return 1
    if r < 0.45:
        base = rng.choice([16, 32, 64, 128]) * rng.randint(1, max(1, top // 128))
        return max(1, min(top, base + rng.choice([-1, 0, 1])))
    if r < 0.6:
        return rng.randint(2, 64)
    return rng.randint(1, top)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bundles", required=True)
    p.add_argument("--tile-run", required=True)
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--max-dim", type=int, default=5000)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--per-process", type=int, default=25)
    p.add_argument("--log", default=None, help="append tile-run output here")
    p.add_argument("--manifests", default="*.json",
                   help="which manifests of each variant folder run (a glob; "
                        "default all)")
    args = p.parse_args()
    seed = args.seed if args.seed is not None else int(time.time())
    rng = random.Random(seed)
    shapes = [(dim(rng, args.max_dim), dim(rng, args.max_dim), dim(rng, args.max_dim))
              for _ in range(args.count)]
    print(f"random numerics: {len(shapes)} shapes, seed {seed}")
    log = open(args.log, "a") if args.log else None
    runs = fails = 0
    failed = []
    for dtype in sorted(os.listdir(args.bundles)):
        groups = {}
        for m in sorted(glob.glob(os.path.join(args.bundles, dtype, "*", args.manifests))):
            prefix = os.path.basename(os.path.dirname(m))[:3]
            layout = prefix[:2] if prefix in ("nt-", "tn-", "tt-") else "nn"
            with open(m) as f:
                doc = json.load(f)
            # What the bundle needs each size to be a multiple of (TMA
            # bundles: 16-byte rows), as its manifest states.
            multiples = tuple(doc.get(f"{d}_multiple", 1) for d in "mnk")
            groups.setdefault((layout, multiples), []).append(m)
        for (layout, multiples), manifests in groups.items():
            group_shapes = [tuple(-(-size // mult) * mult for size, mult in zip(s, multiples))
                            for s in shapes]
            for start in range(0, len(shapes), args.per_process):
                chunk = group_shapes[start:start + args.per_process]
                cmd = [args.tile_run, *manifests, "--layout", layout, "--reps", "1",
                       "--warmup", "0", "--no-cublas-timing", "--seed", str(seed + start)]
                for s in chunk:
                    cmd += ["--shape", "x".join(map(str, s))]
                r = subprocess.run(cmd, capture_output=True, text=True)
                if log:
                    log.write(" ".join(cmd) + "\n" + r.stdout + r.stderr)
                problem = None
                current = None
                for line in r.stdout.splitlines():
                    m = re.match(r"==== problem (\S+), seed (\d+)", line)
                    if m:
                        problem = m.groups()
                    m = re.match(r"== \S+ \((.*)\) ==", line)
                    if m:
                        current = m.group(1)
                    if line.startswith("check:"):
                        runs += 1
                        if "PASS" not in line:
                            fails += 1
                            failed.append((dtype, layout, problem, current, line))
                if r.returncode not in (0, 3):
                    fails += 1
                    failed.append((dtype, layout, chunk, None, r.stderr.strip()[-300:]))
            rounded = "" if multiples == (1, 1, 1) else \
                " (M, N, K rounded up to multiples of {}, {}, {})".format(*multiples)
            print(f"  {dtype} {layout}{rounded}: "
                  f"{len(manifests)} bundles x {len(shapes)} shapes done")
    print(f"random numerics: {len(shapes)} shapes, {runs} kernel runs, {fails} failures, seed {seed}")
    for f in failed[:20]:
        print("  FAIL", f)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
