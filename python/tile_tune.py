#!/usr/bin/env python3
"""Search a space of lowerings on the GPU for given shapes; write a cache.

For every shape, the candidates that can serve it (tile-run's checks; a
wgmma kernel runs an operand whose rows are not a multiple of 8 elements on
a padded copy, which its time includes) run in ONE tile-run process next to
cuBLAS; the
fastest that passes its check wins. Progress and an estimate of the time
left are printed per shape. Everything lands in OUT: the compiled bundles
(OUT/bundles/NAME), each shape's tile-run JSON (OUT/runs/MxNxK.json, or
MxNxK-LAYOUT.json in a layout other than nn) and the
cache (OUT/cache.json). A run that is interrupted resumes where it stopped:
bundles of the same input and options and shapes already in OUT are not
redone.

  tile-tune examples/matmul_f16.mlir --out tune --shape 2304x2304x8192 \\
            --shape 32x8192x8192
  tile-tune IN.mlir --out tune --shape ... --dry-run   # compile and plan only

The kernels run in the layout of A and B that the input's kernel serves
(x @ w.T is nt); --layout chooses one where its strides are dynamic and it
serves several (nn by default then).

The cache has one entry per (chip, dtype, c_type, layout, shape class), the
class being each size's power-of-two bucket and whether N and K are
multiples of 8 (e.g. "m2^12-n2^12-k2^13"); an entry records the winning
lowering's options, its time and % of cuBLAS, and the lowerings that tie
with it. config=auto uses an entry for kernels that serve its layout (one
written before entries had a layout was timed in nn).
"""
import argparse
import hashlib
import json
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tile_compare  # noqa: E402
import tile_runtime  # noqa: E402
from results_table import documents  # noqa: E402
from tile_bench.bundle import LAYOUTS, BundleError, load_bundle, shape_class  # noqa: E402
from tile_bench.bundle import parse_shape as bundle_shape  # noqa: E402
from tile_bench.stats import compare  # noqa: E402
from tile_opt.compiler import (FILE_OPTION_MAX_BYTES, block_options, format_options,  # noqa: E402
                               read_regular)
from tile_opt.errors import TileOptError  # noqa: E402
from tile_compare import (Parser, die, find_tool, is_bundle_folder,  # noqa: E402
                          manifest_in, parse_lowerings, run, write_json)

# The default space: config=auto's family, the calibration table tile-opt
# compiles in (so a tune run also calibrates it: scripts/fit_cost_model.py
# reads runs/*.json), and two neighbours the family leaves out.
TABLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "data", "sm_90a.json")
NEIGHBOURS = [
    "pp128x192:mma=wgmma block-k=64 schedule=persistent block-m=128 block-n=192 num-warps=8 "
    "num-stages=3 order=grouped warp-specialize=pingpong",
    "sync128x128:schedule=tiled order=grouped block-m=128 block-n=128 block-k=32 "
    "num-warps=8 num-stages=4",
]


def default_space():
    """NAME:OPTIONS of every member of the table, then the neighbours."""
    try:
        with open(TABLE) as f:
            members = json.load(f)["members"]
        return [m["name"] + ":" + format_options("manual", m["config"])
                for m in members] + NEIGHBOURS
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        die(f"cannot read the calibration table {TABLE}: {type(e).__name__}: {e}")


# In each bundle folder: the input's SHA-256 and the options it was compiled
# with, so that a bundle of another input or options is compiled again.
STAMP = "tile-tune.stamp"


def parse_shape(text):
    try:
        return bundle_shape(text)
    except BundleError as e:
        die(f"--shape: {e}")


def compile_space(tile_opt, source, space, outdir):
    """([(name, options, bundle or None, why)], names compiled now); a
    bundle already in OUT is kept when it was compiled from this input with
    these options (its STAMP says so), a lowering tile-opt refuses is
    reported and left out."""
    try:
        with open(source, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
    except OSError as e:
        die(f"cannot read input '{source}': {e.strerror}")
    out, fresh = [], set()
    for name, opts in space:
        d = os.path.join(outdir, name)
        # Replaced below: only a folder that holds a bundle and its stamp.
        if os.path.lexists(d) and not is_bundle_folder(d, (STAMP,)):
            die(f"{d} exists and is not a bundle folder; remove it or choose "
                "another --out")
        stamp = f"{digest} {opts}\n"
        try:
            kept = read_regular(os.path.join(d, STAMP), 1 << 16).decode() == stamp
        except (OSError, ValueError):  # (not ours, never blocked on: compiled again)
            kept = False
        if not kept:
            fresh.add(name)
            shutil.rmtree(d, ignore_errors=True)
            r = run([tile_opt, source, f"--tile-to-ptx={opts}", f"--tile-bundle={d}",
                     "-o", os.devnull])
            if r.returncode != 0:
                lines = [l for l in r.stderr.splitlines() if l.strip()]
                out.append((name, opts, None, lines[0] if lines else "failed"))
                continue
            try:
                with open(os.path.join(d, STAMP), "w") as f:
                    f.write(stamp)
            except OSError as e:
                die(f"cannot write {os.path.join(d, STAMP)}: {e.strerror}")
        try:
            out.append((name, opts, load_bundle(manifest_in(d)), None))
        except BundleError as e:
            die(str(e))
    return out, fresh


def choose_layout(wanted, bundles):
    """The layout to time in: `wanted`, else the one the bundles serve, else
    nn; (layout, [names of the bundles that do not serve it])."""
    served = set().union(*(b.layouts for _, _, b in bundles))
    layout = wanted or (next(iter(served)) if len(served) == 1 else "nn")
    return layout, [n for n, _, b in bundles if layout not in b.layouts]


def serves(bundle, shape, layout):
    """Whether the bundle takes this shape in this layout (tile-run's checks)."""
    try:
        bundle.check_shape(*shape, layout)
    except BundleError:
        return False
    return True


# What tile-tune takes from a passing kernel's timing, each a positive number.
TIMES = ("ms", "ms_q25", "ms_q75", "pct_cublas")


def read_run(path, count, layout, shape):
    """tile-run's document of `shape` in `layout` at path (a run of `count`
    kernels), checked for what tile-tune takes from it, each kernel's cache
    key as tile-opt reads it included; one that is not stops the run in one
    line."""
    def bad(why):
        die(f"cannot read {path}: {why}")
    try:
        # One shape: tile-run writes its document, not {"runs": [...]}.
        result = documents(json.loads(read_regular(path, FILE_OPTION_MAX_BYTES)))[0]
    except OSError as e:  # (a FIFO or a device is never blocked on)
        bad(e.strerror or str(e))
    except (ValueError, KeyError, IndexError, TypeError, RecursionError) as e:
        bad(f"{type(e).__name__}: {e}")
    kernels = result.get("kernels") if isinstance(result, dict) else None
    if not (isinstance(kernels, list) and len(kernels) == count
            and all(isinstance(k, dict) for k in kernels)):
        bad(f'expected an object with a "kernels" array of {count} objects, one per '
            "kernel run")
    if not all(isinstance(result.get(f), str) for f in ("dtype", "c_type")):
        bad('"dtype" and "c_type" must be strings')
    key = {"chip": None, "dtype": result["dtype"], "c_type": result["c_type"],
           "layout": layout, "class": shape_class(*shape)}
    try:
        tile_runtime.tune_cache_key(key)
    except BundleError as e:
        bad(str(e))
    for i, k in enumerate(kernels, 1):
        try:
            tile_runtime.tune_cache_key(dict(key, chip=k.get("chip")))
        except BundleError as e:
            bad(f"kernel {i}: {e}")
        if k.get("pass") and not all(type(k.get(f)) in (int, float)
                                     and 0 < k[f] <= sys.float_info.max for f in TIMES):
            bad(f"kernel {i} passed without positive {', '.join(TIMES)}")
    return result


def best_of(result, names):
    """(name, kernel) of the fastest passing kernel, and the names whose
    interquartile ranges overlap its own (ties)."""
    ranked = sorted((k["ms"], n, k) for n, k in zip(names, result["kernels"])
                    if k.get("pass"))
    if not ranked:
        return None, None, []
    _, name, kernel = ranked[0]
    ties = [n for _, n, k in ranked[1:] if compare(kernel, k)["verdict"] == "tie"]
    return name, kernel, ties


def read_cache(path):
    """{key: entry} of the cache at path ({} where there is none), each by
    its key as tile-opt's config=auto reads it (tile_runtime.tune_cache_key,
    include/tile/Conversion/TuneCache.h); one that is not a cache stops the
    run in one line, before anything is timed or overwritten."""
    def bad(why):
        die(f"cannot read the cache {path}: {why}")
    if not os.path.exists(path):
        return {}
    try:
        doc = json.loads(read_regular(path, FILE_OPTION_MAX_BYTES))
    except OSError as e:  # (a FIFO or a device is never blocked on)
        bad(e.strerror or str(e))
    except (ValueError, RecursionError) as e:
        bad(f"{type(e).__name__}: {e}")
    entries = doc.get("entries") if isinstance(doc, dict) else None
    if not isinstance(entries, list):
        bad('expected an object with an "entries" array')
    merged = {}
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            bad(f"entry {i} is not an object")
        try:
            merged[tile_runtime.tune_cache_key(entry)] = entry
        except BundleError as e:
            bad(f"entry {i}: {e}")
    return merged


def main():
    tile_compare.PROG = "tile-tune"
    p = Parser(description=__doc__,
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input", help="matmul .mlir")
    p.add_argument("--shape", action="append", required=True, help="MxNxK (repeatable)")
    p.add_argument("--out", required=True, help="folder for bundles, runs and cache")
    p.add_argument("--lowering", action="append",
                   help="NAME:OPTIONS to search instead of the default space (the "
                        "config=auto family of data/sm_90a.json and two neighbours)")
    p.add_argument("--layout", choices=LAYOUTS,
                   help="layout of A and B to time in (default: the one the input's "
                        "kernel serves; nn where it serves several)")
    p.add_argument("--rounds", type=int, help="tile-run timing rounds")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dry-run", action="store_true",
                   help="compile and print the plan; time nothing")
    p.add_argument("--tile-opt", dest="tile_opt",
                   help="default: $TILE_OPT, build/bin/tile-opt, then PATH")
    p.add_argument("--tile-run", dest="tile_run",
                   help="default: $TILE_RUN, build/bin/tile-run, then PATH")
    args = p.parse_args()

    shapes = [parse_shape(s) for s in args.shape]
    if not os.path.isfile(args.input):
        die(f"input '{args.input}' is not a file")
    space = parse_lowerings(args.lowering or default_space())
    tile_opt = find_tool("tile-opt", args.tile_opt)
    tile_run = None if args.dry_run else find_tool("tile-run", args.tile_run)
    # The winner's configuration, as its manifest states it (tile-opt's
    # config=auto tune-cache=FILE builds the kernel again from these): the
    # block options but the chip, which the entry names apart.
    try:
        config_keys = block_options(tile_opt) - {"chip"}
    except TileOptError as e:
        die(str(e))
    bundles, runs = os.path.join(args.out, "bundles"), os.path.join(args.out, "runs")
    for d in (bundles, runs):
        if os.path.islink(d):
            die(f"{d} is a symbolic link; tile-tune writes only inside --out")
    try:
        os.makedirs(bundles, exist_ok=True)
        os.makedirs(runs, exist_ok=True)
    except OSError as e:
        die(f"cannot create --out folder '{args.out}': {e.strerror}")

    cache = os.path.join(args.out, "cache.json")
    merged = {} if args.dry_run else read_cache(cache)

    compiled, fresh = compile_space(tile_opt, args.input, space, bundles)
    for name, _, bundle, why in compiled:
        if bundle is None:
            print(f"skip {name}: {why}")
    usable = [(n, o, b) for n, o, b, _ in compiled if b]
    if not usable:
        die("no lowering of the space compiles")
    layout, other = choose_layout(args.layout, usable)
    for name in other:
        print(f"skip {name}: does not serve layout {layout}")
    usable = [(n, o, b) for n, o, b in usable if n not in other]
    if not usable:
        die(f"no lowering of the space serves layout {layout}")
    print(f"layout: {layout}")

    started, done = time.monotonic(), 0
    for i, shape in enumerate(shapes):
        label = "x".join(map(str, shape))
        cands = [(n, o, m) for n, o, m in usable if serves(m, shape, layout)]
        out = os.path.join(runs, label + ("" if layout == "nn" else f"-{layout}") + ".json")
        elapsed = time.monotonic() - started
        left = (f", about {elapsed / done * (len(shapes) - i):.0f} s left" if done else "")
        print(f"[{i + 1}/{len(shapes)}] {label}: {len(cands)} kernels "
              f"({', '.join(n for n, _, _ in cands) or 'none'}); "
              f"{elapsed:.0f} s elapsed{left}", flush=True)
        if not cands:
            print(f"  no lowering of the space serves {label}")
            continue
        if args.dry_run:
            continue
        # A shape timed before is kept unless one of its kernels is new.
        if not os.path.exists(out) or any(n in fresh for n, _, _ in cands):
            cmd = [tile_run, *[b.manifest_path for _, _, b in cands], "--shape", label,
                   "--layout", layout, "--seed", str(args.seed), "--json", out + ".partial"]
            if args.rounds is not None:
                cmd += ["--rounds", str(args.rounds)]
            r = run(cmd)
            if r.returncode not in (0, 3):
                die(f"tile-run failed on {label} ({r.returncode}): "
                    f"{(r.stderr.strip().splitlines() or ['?'])[-1]}")
            os.replace(out + ".partial", out)
            done += 1
        else:
            print("  (measured before; kept)")
        result = read_run(out, len(cands), layout, shape)
        name, kernel, ties = best_of(result, [n for n, _, _ in cands])
        if name is None:
            print(f"  no kernel passed its check on {label}")
            continue
        opts, bundle = {n: (o, b) for n, o, b in cands}[name]
        with open(bundle.manifest_path) as f:
            doc = json.load(f)
        print(f"  best: {name}, {kernel['ms']:.4f} ms, {kernel['pct_cublas']:.1f}% of "
              f"cuBLAS" + (f" (ties: {', '.join(ties)})" if ties else ""))
        entry = {"chip": kernel.get("chip"), "dtype": result["dtype"],
                 "c_type": result["c_type"], "layout": layout,
                 "class": shape_class(*shape), "shape": list(shape),
                 "lowering": name,
                 "options": opts,
                 "config": {f: v for f, v in doc.items() if f in config_keys},
                 "ms": kernel["ms"],
                 "pct_cublas": kernel["pct_cublas"], "ties": ties}
        merged[tile_runtime.tune_cache_key(entry)] = entry  # (read_run checked it)
    if args.dry_run:
        return 0
    write_json(cache, {"version": 1, "entries": list(merged.values())})
    print(f"cache: {cache} ({len(merged)} entries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
