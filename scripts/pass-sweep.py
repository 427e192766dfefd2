#!/usr/bin/env python3
"""Runs every tile pass and pipeline on every test input; none may crash.

The inputs are the chunks (split on `// -----` lines, as -split-input-file
splits) of every .mlir file under test/ and of examples/*.mlir; the flags
are every --tile-* pass and pipeline that `tile-opt --help` lists (read from
it, so new passes join by themselves), some of them with a few option sets
as well (OPTION_SETS). Each chunk is first parsed alone: one that parses
only with --allow-unregistered-dialect runs with it, one that parses in
neither way gets no runs (the parser would refuse it before any pass).
Each run must exit 0, or exit 1 with an `error:` diagnostic. Anything else
is a failure: a crash (a signal, another exit code, "Stack dump", "LLVM
ERROR", an assertion), a hang, an internal error ("does not dominate"), or
IR a pass made that fails to verify. MLIR reports the last as the
verifier's own error, which reads like a refusal: a run refused with an
error other than a `tile-<pass>:` one is run again with --verify-each=0, and
ending otherwise then (another exit code, other errors) means the verifier
was what stopped it.

  scripts/pass-sweep.py [--tile-opt BIN] [--jobs N] [--sample N --seed S]
                        [--timeout SECONDS] [--verbose]

--sample runs N (chunk, flag) pairs drawn at random. Prints the counts, the
most common refusals and each failure with a one-line reproducer; exits 1
when there is one.
"""

import argparse
import collections
import glob
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
TUNE_CACHE = os.path.join(ROOT, "test", "Transforms", "Inputs",
                          "tune-cache.json")
# Option sets run besides each flag's defaults. Each run has its own scratch
# directory as its working directory, for relative paths (dir=bundle).
OPTION_SETS = {
    "tile-to-ptx": [
        "mma=wgmma block-m=128 block-n=128 block-k=64",
        "config=auto",
        f"config=auto tune-cache={TUNE_CACHE}",
        "schedule=persistent",
        "schedule=stream-k mma=wgmma block-k=64",
        "split-k=4 mma=wgmma block-k=64",
        ("mma=wgmma warp-specialize=cooperative schedule=persistent "
         "block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=3"),
        ("mma=wgmma warp-specialize=pingpong schedule=persistent "
         "block-m=128 block-n=128 block-k=64 num-warps=8 num-stages=3 "
         "cluster-m=2"),
        "index-bitwidth=64 num-stages=1",
        "chip=sm_80 serialize=0",
    ],
    "tile-tiling": [
        "mma=wgmma block-m=128 block-n=128 block-k=64",
        "split-k=4 mma=wgmma block-k=64",
    ],
    "tile-auto-config": [f"tune-cache={TUNE_CACHE}"],
    "tile-write-bundle": ["dir=bundle"],
}
CRASH = re.compile(r"PLEASE submit a bug report|Stack dump|LLVM ERROR|"
                   r"Assertion|UNREACHABLE|does not dominate")
REFUSAL = re.compile(r"^(?:[^\n]*: )?error: (?:'[\w.]+' op )?tile-[a-z-]+: ")
SPLIT = re.compile(rb"^// -----.*\n?", re.M)


def flags(tile_opt):
    """--flag and --flag=options for every tile pass and pipeline."""
    text = subprocess.run([tile_opt, "--help"], capture_output=True,
                          text=True, check=True).stdout
    # Passes and pipelines sit one indentation level below their section
    # heading, their options one further.
    names, section = [], None
    for line in text.splitlines():
        m = re.match(r"^(\s*)(Passes|Pass Pipelines):$", line)
        if m:
            section = len(m.group(1))
            continue
        indent = len(line) - len(line.lstrip())
        if section is not None and line.strip() and indent < section:
            section = None
        m = re.match(r"^\s*--(tile-[a-z0-9-]+)\b", line)
        if section is not None and m and indent == section + 2:
            names.append(m.group(1))
    if not names:
        sys.exit(f"pass-sweep: no --tile-* pass in {tile_opt} --help")
    out = []
    for n in sorted(set(names)):
        out.append(f"--{n}")
        out += [f"--{n}={o}" for o in OPTION_SETS.get(n, [])]
    return out


def chunks(tmp):
    """(source, index, path, split) for every chunk, written to `tmp`."""
    files = sorted(glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"),
                             recursive=True))
    files += sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
    out = []
    for f in files:
        rel = os.path.relpath(f, ROOT)
        with open(f, "rb") as fh:  # some inputs are not UTF-8 on purpose
            parts = SPLIT.split(fh.read())
        for i, text in enumerate(parts):
            path = os.path.join(tmp, f"{rel.replace(os.sep, '_')}.{i}.mlir")
            with open(path, "wb") as fh:
                fh.write(text)
            out.append((rel, i, path, len(parts) > 1))
    return out


def reproducer(chunk, flag, extra):
    """A shell command, run in the repository, that shows the failure."""
    rel, i, _, split = chunk
    cmd = shlex.join(["build/bin/tile-opt", "-" if split else rel,
                      *filter(None, [flag]), *extra, "-o", "/dev/null"])
    if not split:
        return cmd
    # awk counts the split markers and prints the lines of chunk i.
    return f"awk '/^\\/\\/ -----/{{n++;next}} n=={i}' {rel} | {cmd}"


def invoke(tile_opt, path, args, timeout):
    """(returncode or None on a timeout, stderr)."""
    with tempfile.TemporaryDirectory() as cwd:  # for files a pass writes
        try:
            r = subprocess.run([tile_opt, path, *args, "-o", os.devnull],
                               capture_output=True, text=True,
                               errors="replace", timeout=timeout, cwd=cwd)
        except subprocess.TimeoutExpired:
            return None, ""
    return r.returncode, r.stderr.replace(path, "<chunk>")


def check(tile_opt, path, args, timeout):
    """(verdict, detail): accepted / refused / failed."""
    code, err = invoke(tile_opt, path, args, timeout)
    if code is None:
        return "failed", f"timeout after {timeout} s"
    if code not in (0, 1) or CRASH.search(err):
        tail = " | ".join(err.strip().splitlines()[:3])[:300]
        return "failed", f"exit {code}: {tail}"
    if code == 0:
        return "accepted", ""
    errors = [l for l in err.splitlines() if "error:" in l]
    if not errors:
        return "failed", f"exit 1 without a diagnostic: {err.strip()[:300]}"
    if all(REFUSAL.match(l) for l in errors):
        return "refused", errors[0]
    # A pass's own diagnostics do not depend on the verifier.
    again, err2 = invoke(tile_opt, path, [*args, "--verify-each=0"], timeout)
    if again != 1 or [l for l in err2.splitlines() if "error:" in l] != errors:
        return "failed", (f"invalid IR after a pass (with --verify-each=0: "
                          f"exit {again}): {errors[0][:300]}")
    return "refused", errors[0]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tile-opt",
                   default=os.path.join(ROOT, "build", "bin", "tile-opt"))
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--sample", type=int, default=0,
                   help="run N (chunk, flag) pairs drawn from all of them")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=int, default=120,
                   help="seconds before a run counts as hung")
    p.add_argument("--verbose", action="store_true",
                   help="print every run's verdict")
    args = p.parse_args()
    if os.sep in args.tile_opt:  # runs start in scratch directories
        args.tile_opt = os.path.abspath(args.tile_opt)
    lock = threading.Lock()
    with tempfile.TemporaryDirectory() as tmp, \
            ThreadPoolExecutor(args.jobs) as pool:
        everything = chunks(tmp)
        all_flags = flags(args.tile_opt)

        # Which chunks parse, and which only with unregistered ops (the
        # flag changes nothing else).
        def parses(c):
            for extra in ([], ["--allow-unregistered-dialect"]):
                v, d = check(args.tile_opt, c[2], extra, args.timeout)
                if v != "refused":
                    return ((c, "", extra), v, d), extra
            return ((c, "", extra), v, d), None
        probes = list(pool.map(parses, everything))
        modes = [m for _, m in probes]
        runs = [(c, f, m) for c, m in zip(everything, modes) if m is not None
                for f in all_flags]
        if args.sample:
            runs = random.Random(args.seed).sample(
                runs, min(args.sample, len(runs)))

        def one(run):
            c, f, extra = run
            r = (run, *check(args.tile_opt, c[2], [f, *extra], args.timeout))
            if args.verbose:
                with lock:  # one whole line at a time
                    print(f"{r[1]}: {c[0]}:{c[1]} {f} {' '.join(extra)}: "
                          f"{r[2]}", flush=True)
            return r

        results = list(pool.map(one, runs))
    failed = [r for r, _ in probes if r[1] == "failed"]
    failed += [r for r in results if r[1] == "failed"]
    counts = collections.Counter(v for _, v, _ in results)
    reasons = collections.Counter(
        re.sub(r"-?\d+", "N", re.sub(r"^.*?error: ", "", d))
        for _, v, d in results if v == "refused")
    print(f"chunks: {len(everything)} ({modes.count(None)} do not parse, "
          f"{sum(1 for m in modes if m)} need --allow-unregistered-dialect)")
    print(f"runs: {len(results)}")
    print(f"accepted: {counts['accepted']}")
    print(f"refused with a diagnostic: {counts['refused']}")
    for reason, n in reasons.most_common(15):
        print(f"  {n:6d}  {reason[:150]}")
    print(f"failures: {len(failed)}")
    for (c, f, extra), _, d in failed:
        print(f"  FAIL {c[0]}:{c[1]} {f or '(no pass)'}: {d}")
        print(f"    {reproducer(c, f, extra)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
