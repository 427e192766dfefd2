#!/usr/bin/env python3
"""Compare lowerings of one matmul side by side on one GPU.

Compiles the input with each lowering (tile-opt --tile-to-ptx=OPTIONS
--tile-bundle=DIR), runs every bundle in ONE tile-run process next to cuBLAS,
and prints the study's table: time (median and interquartile range), TFLOP/s,
% of cuBLAS, registers, spills, shared memory, occupancy block limits, waves
per SM and the ratio to the first lowering; a ratio whose interquartile
ranges overlap is printed as a tie. With --profile (and ncu on PATH) it adds
the instruction mix per pipe, the achieved occupancy, the tensor pipe's
active cycles, the SMs' active cycles against the elapsed ones and the
warp-state stall reasons of each kernel; with --plot FILE it draws % of
cuBLAS with the spread as error bars. The report ends with findings in
words (python/tile_bench/findings.py: slots, limits, the tail, occupancy,
mix, tensor pipe, stalls), each with the numbers it rests on and a change
to try; --json carries them as "findings".

With --suggest it then tries the findings' concrete changes (fewer or more
stages, a smaller block-n, a program per block slot): each variant,
named ORIGINAL+CHANGE (tiled+stages3), is compiled and run with the
originals in one second tile-run process, and a "suggestions tried" table
gives its time and % of cuBLAS against its original's and whether the
difference is beyond the spread; a change tile-opt refuses is listed as
"not tried" with its reason, a variant equal to a lowering already run is
not run again. --json carries them as "suggestions".

A lowering's OPTIONS may end in programs-per-sm=N|auto: tile-run's grid of
that persistent lowering (instead of --programs-per-sm, which applies to
the others), so one run compares one block at several grids:

  tile-compare IN.mlir --lowering "tiled:schedule=tiled" \\
      --lowering "pers1:schedule=persistent programs-per-sm=1" \\
      --lowering "pers2:schedule=persistent programs-per-sm=2" --profile

  tile-compare examples/matmul_f16.mlir --shape 4096x4096x4096
  tile-compare IN.mlir --lowering "tiled:schedule=tiled" \\
                       --lowering "pers:schedule=persistent order=grouped"
  tile-compare IN.mlir --programs-per-sm 1 --profile --suggest
  tile-compare --compile-only out/ IN.mlir      # here: bundles only
  tile-compare --bundles out/ --shape ...       # on the GPU machine
"""
import argparse
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# The best block of each tensor-core lowering, tiled and persistent: TMA +
# wgmma (sm_90a) and cp.async + mma.sync (sm_80 and later); and the
# warp-specialized persistent kernel (3 stages: its staging tile follows the
# ring).
_WGMMA = ("mma=wgmma block-m=128 block-n=256 block-k=64 num-warps=8 "
          "num-stages=4 order=grouped")
_WS = ("mma=wgmma block-m=128 block-n=256 block-k=64 num-warps=8 "
       "num-stages=3 order=serpentine warp-specialize=cooperative")
_SYNC = "block-m=128 block-n=128 block-k=32 num-warps=8 num-stages=4"
DEFAULT_LOWERINGS = [f"tiled:schedule=tiled {_WGMMA}",
                     f"persistent:schedule=persistent {_WGMMA}",
                     f"ws-persistent:schedule=persistent {_WS}",
                     f"tiled-sync:schedule=tiled {_SYNC}",
                     f"pers-sync:schedule=persistent order=grouped {_SYNC}"]

# (label, ncu metric) of the instruction-mix table.
MIX = [
    ("all", "smsp__inst_executed.sum"),
    ("alu", "smsp__inst_executed_pipe_alu.sum"),
    ("fma", "smsp__inst_executed_pipe_fma.sum"),
    ("lsu", "smsp__inst_executed_pipe_lsu.sum"),
    ("tensor", "smsp__inst_executed_pipe_tensor.sum"),
    ("uniform", "smsp__inst_executed_pipe_uniform.sum"),
    ("cbu", "smsp__inst_executed_pipe_cbu.sum"),
    ("ldgsts", "smsp__inst_executed_op_ldgsts.sum"),
    ("shared ld", "smsp__inst_executed_op_shared_ld.sum"),
    ("global st", "smsp__inst_executed_op_global_st.sum"),
]
ACHIEVED = "sm__warps_active.avg.pct_of_peak_sustained_active"
# Cycles of the profiled launch, as ncu's Speed Of Light section names them:
# elapsed (the slowest GPC, i.e. the launch), SM active (the average SM had
# at least one warp resident), and the launch's duration.
CYCLES = [
    ("elapsed cycles", "gpc__cycles_elapsed.max"),
    ("sm active cycles", "sm__cycles_active.avg"),
    ("sm active min", "sm__cycles_active.min"),
    ("duration ns", "gpu__time_duration.sum"),
]
SM_ACTIVE_ROW = "sm active %"
# Tensor-pipe activity (wgmma and mma.sync alike) and the warp-state stall
# reasons per issued instruction, as scripts/ncu-stalls.sh and
# docs/results/warp-specialized.md collect them in the same ncu launch.
TENSOR_ACTIVE = "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active"
STALLS = r"regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio"


# tile-run's flag as a lowering option: not passed to tile-opt.
PPS_OPTION = "programs-per-sm"
PPS_VALUE = re.compile(r"auto|[1-9][0-9]{0,6}")


# A lowering's name is a folder of the output: one plain component, so that
# no name reaches outside it ("..", "/abs", "a/b") or hides (".x").
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*")


# The program named in messages (tile-tune reuses these helpers).
PROG = "tile-compare"


def die(msg, code=1):
    print(f"{PROG}: {msg}", file=sys.stderr)
    sys.exit(code)


class Parser(argparse.ArgumentParser):
    """A bad command line is one line on stderr and exit status 2."""

    def error(self, message):
        die(f"{message} (see --help)", 2)


def nonempty(text):
    if not text:
        raise argparse.ArgumentTypeError("expected a non-empty path")
    return text


def shape(text):
    """--shape as tile-run reads it (the runtime's reading), checked before
    anything is compiled."""
    from tile_bench.bundle import BundleError, parse_shape
    try:
        parse_shape(text)
    except BundleError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def find_tool(name, explicit):
    """tile-opt or tile-run as tile_opt finds them: --NAME, then $TILE_OPT
    or $TILE_RUN, the repository's build/bin, PATH (docs/python.md)."""
    from tile_bench.tools import ToolNotFound, find_tool as find
    try:
        return find(name, explicit, f"--{name}")
    except ToolNotFound as e:
        die(str(e))


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        die(f"cannot run '{cmd[0]}': {e.strerror}")


def parse_lowerings(specs, need_options=True):
    """[(name, options)] of --lowering NAME:OPTIONS specs (with --bundles
    the options may be left out, but for programs-per-sm); names are
    distinct folder names."""
    lowerings = []
    for spec in specs:
        name, sep, opts = spec.partition(":")
        if (need_options and not sep) or not name:
            die(f"bad --lowering '{spec}': expected NAME:OPTIONS")
        if not NAME.fullmatch(name):
            die(f"bad lowering name '{name}': a folder name of letters, "
                "digits and . _ + - that starts with a letter or digit")
        if any(name == n for n, _ in lowerings):
            die(f"lowering name '{name}' given twice")
        words = [w for w in opts.split() if w.partition("=")[0] == PPS_OPTION]
        if len(words) > 1 or any(not PPS_VALUE.fullmatch(w.partition("=")[2])
                                 for w in words):
            die(f"bad --lowering '{spec}': {PPS_OPTION}= takes one value, "
                "an integer >= 1 or auto")
        lowerings.append((name, opts))
    return lowerings


def split_pps(options):
    """(the --tile-to-ptx options, programs per SM or None) of a lowering's
    OPTIONS."""
    words, pps = [], None
    for word in options.split():
        key, _, value = word.partition("=")
        if key == PPS_OPTION:
            pps = value
        else:
            words.append(word)
    return " ".join(words), pps


def compile_bundles(tile_opt, source, lowerings, outdir):
    bundles = []
    for name, opts in lowerings:
        d = os.path.join(outdir, name)
        os.mkdir(d)
        r = run([tile_opt, source, f"--tile-to-ptx={split_pps(opts)[0]}",
                 f"--tile-bundle={d}", "-o", os.devnull])
        if r.returncode != 0:
            die(f"compiling '{name}' failed:\n{r.stderr.strip()}")
        bundles.append((name, manifest_in(d)))
    return bundles


def is_bundle_folder(d, also=()):
    """Whether d is a folder, not a link, that holds nothing but a bundle's
    files (and files named in `also`), so replacing it loses nothing but an
    earlier bundle and writes nothing outside it; False where unreadable."""
    try:
        listed = os.listdir(d)
    except OSError:
        return False
    return not os.path.islink(d) and all(
        (f.endswith((".json", ".ptx")) or f in also) and
        os.path.isfile(os.path.join(d, f)) for f in listed)


def compile_only(tile_opt, source, lowerings, outdir):
    """Writes DIR/NAME for every lowering, all or none: they are compiled into
    a temporary folder inside DIR and moved into place only when every one
    compiled. A folder NAME there already is replaced only if it holds no
    more than an earlier bundle. Folders made for DIR go again on failure."""
    made, d = [], os.path.abspath(outdir)
    while not os.path.lexists(d):
        made.append(d)
        d = os.path.dirname(d)
    staging = None
    try:
        os.makedirs(outdir, exist_ok=True)
        for name, _ in lowerings:
            dest = os.path.join(outdir, name)
            if os.path.lexists(dest) and not is_bundle_folder(dest):
                die(f"{dest} exists and is not a bundle folder; remove it or "
                    "choose another --compile-only folder")
        staging = tempfile.mkdtemp(prefix=".tile-compare-", dir=outdir)
        bundles = compile_bundles(tile_opt, source, lowerings, staging)
        for name, _ in lowerings:
            dest = os.path.join(outdir, name)
            old = os.path.join(staging, ".old-" + name)
            if os.path.lexists(dest):
                os.rename(dest, old)
            try:
                os.rename(os.path.join(staging, name), dest)
            except OSError:
                if os.path.lexists(old):
                    os.rename(old, dest)
                raise
        made = []
        return [(n, os.path.join(outdir, os.path.relpath(m, staging)))
                for n, m in bundles]
    except OSError as e:
        die(f"cannot write --compile-only folder '{outdir}': {e.strerror}")
    finally:
        if staging:
            shutil.rmtree(staging, ignore_errors=True)
        for d in made:
            try:
                os.rmdir(d)
            except OSError:
                break


def bundles_in(folder, lowerings):
    """The bundles of --bundles FOLDER: its subfolders named by --lowering,
    else the default lowerings in their order (the first is the ratio's
    base), then any other subfolders; plain files are not bundles."""
    try:
        present = sorted(n for n in os.listdir(folder) if NAME.fullmatch(n)
                         and os.path.isdir(os.path.join(folder, n)))
    except OSError as e:
        die(f"cannot read --bundles folder '{folder}': {e.strerror}")
    if lowerings:
        names = [n for n, _ in lowerings]
        for n in names:
            if n not in present:
                die(f"no bundle folder '{n}' in {folder}")
    else:
        default_names = [l.partition(":")[0] for l in DEFAULT_LOWERINGS]
        names = [n for n in default_names if n in present] + \
                [n for n in present if n not in default_names]
        if not names:
            die(f"no bundle folders in {folder}")
    return [(n, manifest_in(os.path.join(folder, n))) for n in names]


def manifest_in(d):
    try:
        found = sorted(f for f in os.listdir(d) if f.endswith(".json"))
    except OSError as e:
        die(f"cannot read bundle folder '{d}': {e.strerror}")
    if len(found) != 1:
        die(f"expected one manifest in {d}, found {len(found)}")
    return os.path.join(d, found[0])


def write_json(path, doc):
    """Written whole (tile_bench.files); NaN stands for a metric ncu did not
    give."""
    from tile_bench.files import write_json as write
    try:
        write(path, doc, allow_nan=True)
    except OSError as e:
        die(f"cannot write --json file '{path}': {e.strerror}")


def pps_flag(programs_per_sm, args):
    """tile-run's --programs-per-sm for manifests whose own values (None:
    args.programs_per_sm) are programs_per_sm: one value for all, one per
    manifest, or none at all for tile-run's auto."""
    values = [p or args.programs_per_sm or "auto" for p in programs_per_sm]
    if not args.programs_per_sm and all(v == "auto" for v in values):
        return []
    if len(set(values)) == 1:
        return ["--programs-per-sm", values[0]]
    return ["--programs-per-sm", ",".join(values)]


def run_tile_run(tile_run, manifests, args, json_out, programs_per_sm=None):
    """programs_per_sm: one value per manifest (None: args.programs_per_sm)."""
    cmd = [tile_run, *manifests, "--shape", args.shape, "--json", json_out,
           "--seed", str(args.seed)]
    for flag in ("warmup", "rep", "reps", "rounds", "l2", "blas"):
        if getattr(args, flag) is not None:
            cmd += [f"--{flag}", str(getattr(args, flag))]
    if args.layout:
        cmd += ["--layout", args.layout]
    cmd += pps_flag(programs_per_sm or [None] * len(manifests), args)
    r = run(cmd)
    if args.verbose:
        print(r.stdout)
    if r.returncode == 2:
        # tile-run refused an option value passed on from our command line:
        # its reason (the first line; the second is its usage) is ours.
        die((r.stderr.strip().splitlines() or ["no message"])[0], 2)
    if r.returncode not in (0, 3):
        die(f"tile-run failed ({r.returncode}): {r.stderr.strip()}")
    try:
        with open(json_out) as f:
            return json.load(f), r.returncode
    except (OSError, ValueError) as e:
        die(f"cannot read tile-run's results '{json_out}': {e}")


def limit(occ, key):
    v = occ.get(key)
    return "-" if v is None else str(v)


def print_table(names, result):
    from tile_bench.stats import compare  # only the report needs it
    ks = result["kernels"]
    cub = result.get("cublas") or {}
    print(f"\n{result['device']['name']}, shape {args_shape(result)}, "
          f"{result['dtype']} -> {result['c_type']}, seed {result['seed']}")
    st = result["timing"]
    print(f"median of {st['rounds']} rounds of do_bench-like blocks, L2 {st['l2']}; "
          f"IQR = 25th-75th percentile; a ratio whose IQRs overlap is a tie")
    state = result.get("gpu_state") or {}
    for when in ("before", "after"):
        g = state.get(when)
        if g:
            print(f"gpu {when} timing: SM {g['sm_clock_mhz']} MHz, {g['power_w']:.0f} W, "
                  f"{g['temperature_c']} C")
    hdr = (f"{'lowering':<14}{'ms':>9}{'IQR ms':>15}{'TFLOP/s':>9}{'%cuBLAS':>9}"
           f"{'vs cuBLAS':>10}{'check':>7}"
           f"{'regs':>6}{'spill':>6}{'smem':>8}{'lim reg/smem/warp':>19}"
           f"{'blk/SM':>7}{'grid':>7}{'waves':>7}{'vs ' + names[0]:>20}")
    print(hdr)
    if cub:
        print(f"{'cuBLAS':<14}{cub['ms']:9.4f}"
              f"{cub['ms_q25']:9.4f}-{cub['ms_q75']:.4f}{cub['tflops']:9.1f}{100.0:9.1f}")
    for name, k in zip(names, ks):
        occ = k["occupancy"]
        lims = "/".join(limit(occ, x) for x in
                        ("limit_registers", "limit_shared", "limit_warps"))
        smem = k["static_smem"] + k["dynamic_smem"]
        pct = k["pct_cublas"] if k["pct_cublas"] is not None else float("nan")
        rel = compare(ks[0], k)
        print(f"{name:<14}{k['ms']:9.4f}{k['ms_q25']:9.4f}-{k['ms_q75']:.4f}"
              f"{k['tflops']:9.1f}{pct:9.1f}{k['vs_cublas'] or '-':>10}"
              f"{'PASS' if k['pass'] else 'FAIL':>7}{k['regs']:6d}"
              f"{k['spill_bytes']:6d}{smem:8d}{lims:>19}"
              f"{occ['driver_blocks_per_sm']:7d}{k['grid']:7d}"
              f"{k['waves_per_sm']:7.2f}{rel['pct'] / 100:12.3f}x {rel['verdict']:>6}")
    staged = [name for name, k in zip(names, ks) if k.get("staged")]
    if staged:
        print(f"staged (run on padded copies of A, B and C, which their times include): "
              f"{', '.join(staged)}")


def args_shape(result):
    s = result["shape"]
    return f"{s['m']}x{s['n']}x{s['k']}"


# ncu scales some units to the value's magnitude (usecond, Kcycle): the
# factor to the base unit (nanoseconds for times) of each prefix.
TIME_UNITS = {"nsecond": 1.0, "usecond": 1e3, "msecond": 1e6, "second": 1e9}
PREFIXES = {"K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}


def unit_factor(unit):
    """The factor that takes a value in ncu's unit to the base unit."""
    if unit in TIME_UNITS:
        return TIME_UNITS[unit]
    if len(unit) > 1 and unit[0] in PREFIXES and unit[1:] in (
            "cycle", "inst", "warp", "byte", "sector", "request", "thread"):
        return PREFIXES[unit[0]]
    return 1.0


def ncu_number(value, unit=""):
    """A value of ncu's CSV ("1,234.5" in unit) in the base unit; NaN when
    it is not a number."""
    try:
        return float(value.replace(",", "")) * unit_factor(unit)
    except ValueError:
        return float("nan")


def ncu_command(ncu, tile_run, manifest, kernel, pps, args):
    """One ncu session: the second launch of the kernel (the first is
    tile-run's check), with the grid and layout the timed run used."""
    # The regex goes last: ncu splits the list at commas.
    metrics = ",".join([m for _, m in MIX] + [m for _, m in CYCLES] +
                       [ACHIEVED, TENSOR_ACTIVE, STALLS])
    cmd = [ncu, "--clock-control", "none", "--csv", "--page", "raw",
           "--metrics", metrics,
           "--kernel-name", kernel, "--launch-skip", "1", "--launch-count", "1",
           tile_run, manifest, "--shape", args.shape, "--reps", "1",
           "--warmup", "1", "--rounds", "1", "--no-cublas-timing", "--seed",
           str(args.seed)]
    if args.layout:
        cmd += ["--layout", args.layout]
    return cmd + pps_flag([pps], args)


def profile(tile_run, manifests, names, args, programs_per_sm=None):
    """programs_per_sm: one value per manifest, as run_tile_run takes."""
    ncu = shutil.which("ncu")
    if not ncu:
        print("\n(--profile: ncu not found, instruction mix skipped)")
        return None
    from tile_bench.findings import ACHIEVED_ROW, TENSOR_ROW, stall_reason
    rows = {}
    for name, manifest, pps in zip(names, manifests,
                                   programs_per_sm or [None] * len(names)):
        with open(manifest) as f:
            kernel = json.load(f)["kernel"]
        r = run(ncu_command(ncu, tile_run, manifest, kernel, pps, args))
        table = [l for l in r.stdout.splitlines() if l.startswith('"')]
        if r.returncode != 0 or len(table) < 3:
            print(f"\n(--profile: ncu failed for {name}: "
                  f"{(r.stderr or r.stdout).strip()[-300:]})")
            return None
        rd = list(csv.reader(io.StringIO("\n".join(table))))
        header, units, values = rd[0], rd[1], rd[-1]
        rows[name] = {h: ncu_number(v, u)
                      for h, u, v in zip(header, units, values)}
    print(f"\ninstruction mix (ncu, {args.shape}; one launch each)")
    print(f"{'pipe':<12}" + "".join(f"{n:>16}" for n in names) +
          (f"{'difference':>16}" if len(names) == 2 else ""))
    def values(metric):
        return [rows[n].get(metric, float("nan")) for n in names]

    out = {}
    for label, metric in MIX + [(ACHIEVED_ROW, ACHIEVED),
                                (TENSOR_ROW, TENSOR_ACTIVE)]:
        vals = out[label] = values(metric)
        cells = "".join(f"{v:16,.1f}" if label.endswith("%") else f"{v:16,.0f}"
                        for v in vals)
        diff = ""
        if len(vals) == 2 and vals[0]:
            diff = f"{100.0 * (vals[1] - vals[0]) / vals[0]:+15.1f}%"
        print(f"{label:<12}{cells}{diff}")
    cycles = {label: values(metric) for label, metric in CYCLES}
    cycles[SM_ACTIVE_ROW] = [100.0 * a / e if e else float("nan") for a, e in
                             zip(cycles["sm active cycles"],
                                 cycles["elapsed cycles"])]
    print("\nSM active cycles against elapsed (ncu, the same launches)")
    print(f"{'':<17}" + "".join(f"{n:>16}" for n in names))
    for label in ["elapsed cycles", "sm active cycles", SM_ACTIVE_ROW,
                  "sm active min", "duration ns"]:
        fmt = "{:16,.1f}" if label.endswith("%") else "{:16,.0f}"
        print(f"{label:<17}" + "".join(fmt.format(v) for v in cycles[label]))
    stalls = {}
    for metric in sorted({m for r in rows.values() for m in r}):
        reason = stall_reason(metric)
        if reason:
            stalls[reason] = values(metric)
    if stalls:
        print("\nstalls per issued instruction (ncu warp states, cycles)")
        print(f"{'reason':<20}" + "".join(f"{n:>16}" for n in names))
        for reason, vals in sorted(stalls.items(), key=lambda x: -max(
                (v for v in x[1] if v == v), default=0.0)):
            print(f"{reason.replace('_', ' '):<20}" +
                  "".join(f"{v:16.2f}" for v in vals))
    return out, stalls, cycles


def refusal(stderr):
    """tile-opt's one-line reason: its first error line."""
    lines = stderr.strip().splitlines() or ["no message"]
    return next((l for l in lines if "error:" in l), lines[0]).strip()


def try_suggestions(tile_opt, tile_run, source, lowerings, result, args,
                    tmp):
    """Compiles the findings' variants and runs them with the originals in
    one tile-run process (tile_bench.findings.plan_variants); returns the
    "suggestions" list and tile-run's exit status."""
    from tile_bench.findings import plan_variants
    from tile_bench.stats import compare
    plans = plan_variants(result["findings"], lowerings, result["kernels"],
                          args.programs_per_sm)
    outdir = os.path.join(tmp, "suggest")
    os.mkdir(outdir)
    runnable = []
    for p in plans:
        if p["same_as"]:
            p["status"] = f"same as {p['same_as']}"
            continue
        d = os.path.join(outdir, p["name"])
        os.mkdir(d)
        r = run([tile_opt, source, f"--tile-to-ptx={p['options']}",
                 f"--tile-bundle={d}", "-o", os.devnull])
        if r.returncode != 0:
            p["status"] = "not tried: " + refusal(r.stderr)
            continue
        p["manifest"] = manifest_in(d)
        runnable.append(p)
    # The originals and every variant in one process, so that their ratios
    # share one GPU state; each with its own programs per SM (a variant
    # keeps its original's unless that is its change).
    own = {n: split_pps(o)[1] for n, o in lowerings}
    names = [n for n, _ in lowerings] + [p["name"] for p in runnable]
    manifests = [k["manifest"] for k in result["kernels"]] + \
        [p["manifest"] for p in runnable]
    pps = [own[n] for n, _ in lowerings] + \
        [p["programs_per_sm"] or own[p["lowering"]] for p in runnable]
    rows, rc = {}, 0
    if runnable:
        doc, rc = run_tile_run(tile_run, manifests, args,
                               os.path.join(tmp, "suggest.json"), pps)
        rows = dict(zip(names, doc["kernels"]))
    for p in runnable:
        k, base = rows[p["name"]], rows[p["lowering"]]
        p.update(status="run", ms=k["ms"], pct_cublas=k["pct_cublas"],
                 original_ms=base["ms"],
                 original_pct_cublas=base["pct_cublas"],
                 same_process=True,
                 compare=compare(base, k))
        del p["manifest"]
    return plans, rc


def print_suggestions(plans):
    print("\nsuggestions tried (each against its original, in one tile-run "
          "process)")
    if not plans:
        print("  no finding suggests a change tile-compare can make")
        return
    w = max(len(p["name"]) for p in plans) + 2
    print(f"{'variant':<{w}}{'change':<30}{'ms':>9}{'%cuBLAS':>9}"
          f"{'orig ms':>9}{'orig %':>8}{'vs orig':>10}  verdict")
    for p in plans:
        if p["status"] != "run":
            print(f"{p['name']:<{w}}{p['change']:<30}{p['status']}")
            continue
        r = p["compare"]
        pct = lambda v: f"{v:8.1f}" if v is not None else f"{'-':>8}"
        print(f"{p['name']:<{w}}{p['change']:<30}{p['ms']:9.4f}"
              f"{pct(p['pct_cublas'])} {p['original_ms']:8.4f}"
              f"{pct(p['original_pct_cublas'])}{r['pct'] / 100:9.3f}x  "
              + ("tie: no difference beyond the spread"
                 if r["verdict"] == "tie" else r["verdict"]))


def main():
    p = Parser(description=__doc__,
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("input", nargs="?", help="matmul .mlir (not with --bundles)")
    p.add_argument("--shape", default="4096x4096x4096", type=shape)
    p.add_argument("--lowering", action="append",
                   help="NAME:OPTIONS of --tile-to-ptx (repeatable); NAME is "
                        "the bundle's folder")
    p.add_argument("--layout", default=None)
    p.add_argument("--programs-per-sm", default=None,
                   help="tile-run's programs per SM (N or auto) of the "
                        "persistent lowerings without their own "
                        "programs-per-sm=")
    # Unset: tile-run's defaults (see tile-run --help).
    p.add_argument("--warmup", type=int, help="warm-up milliseconds per block")
    p.add_argument("--rep", type=int, help="sampling milliseconds per block")
    p.add_argument("--reps", type=int, help="samples per block instead")
    p.add_argument("--rounds", type=int, help="rounds, each in the balanced visit order")
    p.add_argument("--l2", choices=["flush", "warm"])
    p.add_argument("--blas", choices=["lt", "gemmex", "both"])
    p.add_argument("--plot", metavar="FILE", type=nonempty,
                   help="draw %% of cuBLAS with the IQR range as a PNG")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profile", action="store_true",
                   help="add ncu's instruction mix per pipe, occupancy, "
                        "tensor-pipe activity, SM active cycles against "
                        "elapsed and stall reasons")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--compile-only", metavar="DIR", type=nonempty,
                       help="only write the bundles, into DIR/NAME")
    where.add_argument("--bundles", metavar="DIR", type=nonempty,
                       help="use bundles from --compile-only (one folder "
                            "each)")
    p.add_argument("--suggest", action="store_true",
                   help="compile and run the findings' suggested variants "
                        "(not with --bundles or --compile-only)")
    p.add_argument("--json", type=nonempty,
                   help="write the tile-run JSON (+ profile, findings, "
                        "suggestions) here")
    p.add_argument("--tile-opt", dest="tile_opt",
                   help="default: $TILE_OPT, build/bin/tile-opt, then PATH")
    p.add_argument("--tile-run", dest="tile_run",
                   help="default: $TILE_RUN, build/bin/tile-run, then PATH")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also print tile-run's full report")
    args = p.parse_args()

    # Bundles compiled for a run and the JSON nobody asked for live in a
    # temporary folder, removed however the run ends.
    with tempfile.TemporaryDirectory(prefix="tile-compare-") as tmp:
        if args.bundles is not None:
            if args.input:
                die("an input .mlir is not compiled with --bundles")
            if args.suggest:
                die("--suggest compiles variants: it needs an input .mlir, "
                    "not --bundles")
            lowerings = parse_lowerings(args.lowering or [],
                                        need_options=False)
            bundles = bundles_in(args.bundles, lowerings)
            tile_run = find_tool("tile-run", args.tile_run)
        else:
            if not args.input:
                die("an input .mlir (or --bundles DIR) is required")
            if not os.path.isfile(args.input):
                die(f"input '{args.input}' is not a file")
            lowerings = parse_lowerings(args.lowering or DEFAULT_LOWERINGS)
            tile_opt = find_tool("tile-opt", args.tile_opt)
            if args.compile_only is None:
                tile_run = find_tool("tile-run", args.tile_run)
            elif args.suggest:
                die("--suggest runs the variants: not with --compile-only")
            else:
                bundles = compile_only(tile_opt, args.input, lowerings,
                                       args.compile_only)
                print(f"bundles in {args.compile_only}: " +
                      ", ".join(n for n, _ in bundles))
                return 0
            bundles = compile_bundles(tile_opt, args.input, lowerings, tmp)
        names = [n for n, _ in bundles]
        manifests = [m for _, m in bundles]
        given = dict(lowerings)
        pps = [split_pps(given.get(n) or "")[1] for n in names]
        json_out = args.json or os.path.join(tmp, "run.json")
        result, rc = run_tile_run(tile_run, manifests, args, json_out, pps)
        print_table(names, result)
        if args.profile:
            profiled = profile(tile_run, manifests, names, args, pps)
            if profiled is not None:
                mix, stalls, cycles = profiled
                result["instruction_mix"] = {"lowerings": names, "rows": mix}
                result["cycles"] = {"lowerings": names, "rows": cycles}
                if stalls:
                    result["stalls"] = {"lowerings": names, "rows": stalls}
        from tile_bench.findings import findings, print_findings
        result["findings"] = findings(result, names)
        if args.suggest:
            result["suggestions"], rc2 = try_suggestions(
                tile_opt, tile_run, args.input, lowerings, result, args, tmp)
            rc = max(rc, rc2)
        write_json(json_out, result)
        if args.plot:
            from tile_bench.plot import plot_pct, rows_from_result
            try:
                plot_pct(rows_from_result(result, names), args.plot,
                         f"{result['device']['name']}, {args_shape(result)} "
                         f"{result['dtype']}",
                         notes=[f["text"] for f in result["findings"]])
            except (RuntimeError, OSError) as e:
                die(f"--plot: {e}")
            print(f"\nplot: {args.plot}")
        print_findings(result["findings"])
        if args.suggest:
            print_suggestions(result["suggestions"])
        return rc


if __name__ == "__main__":
    sys.exit(main())
