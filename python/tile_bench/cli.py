"""tile-bench: time tile-opt bundles next to cuBLAS and Triton's anchors.

  tile-bench MANIFEST... --shape MxNxK [--shape ...] [--dtype f16|bf16]
             [--layout nn|nt|tn|tt] [--anchors NAME,...|none] [--rounds R]
             [--warmup-ms MS] [--rep-ms MS] [--seed S] [--json OUT]
             [--splits S,...]

For each shape, in one process: fresh seeded inputs uniform in [-1, 1)
(shape i uses seed + i); a float32 reference (TF32 off); every
implementation (cuBLAS through torch.matmul, the Triton anchors, the bundles)
run once on a NaN-filled output and checked; then R rounds of
triton.testing.do_bench (L2 flushed before every sample) that visit the
implementations in a balanced order (each directly after every other
equally often), all samples pooled into a median and an
interquartile range, each compared with cuBLAS ("tie" when the ranges
overlap). --layout (default nn) says how A and B are stored, first letter
A, second B: 'n' row-major (A stored M x K, B K x N), 't' transposed (A
stored K x M, B N x K); C is M x N row-major. Every bundle must serve that
layout. The operands are made as a PyTorch model has them: contiguous
tensors as stored, which the tile-opt kernels take, and their transposed
views (`w.t()`, as nn.Linear passes its weight) as the M x K and K x N
operands of torch.matmul, the anchors that take strided operands and the
float32 reference; the TMA anchor takes row-major operands only and is
skipped for other layouts. The logical A and B of a seed are the same in
every layout. A TMA bundle runs each operand whose rows are not a multiple
of its m_multiple, n_multiple or k_multiple (K for a row-major A or a
transposed B, M for a transposed A, N for a row-major B and for C) on a
padded copy, copied in or out around every launch, timed with it (a
"staging:" line per shape; "staged" in the JSON), as in tile-run.

A result passes when it has no NaN/Inf, its relative Frobenius error is
within the bound for its types, and every element satisfies
|C - ref| <= u |ref| + K 2^-20 (|A| @ |B|) + 2^-24 (u 2^-11 for f16, 2^-8 for
bf16, 0 for f32 output; not checked past K = 2^18): the runtime's bounds
(tile_rt_check_bounds_of), which tile-run checks by too.

Exit status: 0 ok, 1 error, 2 bad command line, 3 a check failed.
"""
from __future__ import annotations

import argparse
import dataclasses
import functools
import math
import sys
import time
from typing import Any, Callable, Optional, Sequence

import tile_runtime as rt

from . import files, stats
from .bundle import (LAYOUTS, Bundle, BundleError, Dispatch, load_manifest, parse_shape,
                     staging_of)

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_CHECK = 0, 1, 2, 3
DEFAULT_ANCHORS = "tma-persistent,tuned-tiled,tuned-persistent"

say = functools.partial(print, flush=True)


class UsageError(Exception):
    """A bad command line (exit status 2)."""


class HarnessError(Exception):
    """Anything else that stops the run (exit status 1)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, no usage dump
        raise UsageError(message)


def _shape(text: str) -> tuple[int, int, int]:
    try:
        return parse_shape(text)
    except BundleError as e:
        raise UsageError(f"--shape: {e}") from None


def parse_args(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    p = _Parser(prog="tile-bench", description=__doc__,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("manifests", nargs="+", metavar="MANIFEST",
                   help="launch manifest (DIR/<kernel>.json) of a bundle")
    p.add_argument("--shape", action="append", required=True, help="MxNxK, repeatable")
    p.add_argument("--dtype", choices=("f16", "bf16"),
                   help="input type; must match the bundles (default: theirs)")
    p.add_argument("--layout", choices=LAYOUTS, default="nn",
                   help="storage of A and B: n row-major, t transposed; every "
                        "bundle must serve it (default nn)")
    p.add_argument("--anchors", default=DEFAULT_ANCHORS,
                   help=f"Triton anchors to time, comma-separated, or none "
                        f"(default {DEFAULT_ANCHORS})")
    p.add_argument("--rounds", type=int, default=10, help="timing rounds (default 10)")
    p.add_argument("--warmup-ms", type=float, default=25.0,
                   help="do_bench warm-up per round and implementation (default 25)")
    p.add_argument("--rep-ms", type=float, default=100.0,
                   help="do_bench timed span per round and implementation (default 100)")
    p.add_argument("--seed", type=int, help="seed of the inputs (default: from the clock)")
    p.add_argument("--json", metavar="OUT", help="also write the results as JSON to OUT")
    p.add_argument("--splits", metavar="S,...",
                   help="time each split-K kernel at each of these programs per tile (up "
                        "to its split_k), as rows NAME@S (default: at split_k; a "
                        "dispatch manifest's pick at the model's choice)")
    p.add_argument("--tune", type=int, default=0, metavar="N",
                   help="also time each dispatch manifest as tile_opt's autotune runs "
                        "it: the model's N best candidates timed on the shape first, "
                        "the fastest kept where it beats the pick by the quartiles, as "
                        "row NAME+tune (default 0: none)")
    args = p.parse_args(argv)
    args.shapes = [_shape(s) for s in args.shape]
    if not 0 <= args.tune <= rt.max_candidates:
        raise UsageError(f"--tune must be between 0 and {rt.max_candidates}")
    if args.rounds < 1:
        raise UsageError("--rounds must be at least 1")
    if not (0 <= args.warmup_ms < math.inf and 0 < args.rep_ms < math.inf):
        raise UsageError("--warmup-ms must be at least 0 and --rep-ms above 0, both finite")
    if args.seed is not None and not 0 <= args.seed < 2**63:
        raise UsageError("--seed must be between 0 and 2^63 - 1")
    args.anchor_names = ([] if args.anchors == "none" else
                         [a for a in args.anchors.split(",") if a])
    try:
        args.split_list = sorted({int(s) for s in args.splits.split(",")}) if args.splits else []
    except ValueError:
        raise UsageError(f"--splits: '{args.splits}' is not a comma-separated list of "
                         f"integers") from None
    if any(not 1 <= s <= 128 for s in args.split_list):
        raise UsageError("--splits: each must be between 1 and 128")
    return args


def _check_json_target(path: str) -> None:
    """Refuse an unwritable --json target before minutes of benchmarking."""
    try:
        files.check_target(path)
    except OSError as e:
        raise HarnessError(f"cannot write --json file '{path}': {e.strerror}") from None


def write_json_atomically(path: str, doc: dict) -> None:
    """Writes `doc` whole (tile_bench.files), so that OUT is either the old
    file or the whole new one; NaN is a ValueError, as it is no JSON."""
    try:
        files.write_json(path, doc)
    except OSError as e:
        raise HarnessError(f"cannot write --json file '{path}': {e.strerror or e}") from None


def _bundle_names(bundles: Sequence[Bundle | Dispatch], taken: Sequence[str]) -> list[str]:
    """Rows are named by manifest folder; by the manifest's path where two
    folders share a name or a folder is named like a row in `taken`."""
    names = [b.name for b in bundles]
    return [b.manifest_path if names.count(n) > 1 or n in taken else n
            for b, n in zip(bundles, names)]


def operand_shapes(layout: str, m: int, n: int,
                   k: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The shapes of A and B as stored in `layout`: A M x K ('n') or K x M
    ('t'), B K x N ('n') or N x K ('t')."""
    if layout not in LAYOUTS:
        raise ValueError(f"bad layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    a = (k, m) if layout[0] == "t" else (m, k)
    b = (n, k) if layout[1] == "t" else (k, n)
    return a, b


def make_operands(torch: Any, gen: Any, layout: str, m: int, n: int, k: int,
                  dtype: Any, device: str = "cuda") -> tuple[Any, Any, Any, Any]:
    """(a_stored, b_stored, a, b): A and B uniform in [-1, 1), stored
    contiguous as `layout` says (what a tile-opt kernel takes), and their
    M x K and K x N views (a_stored.t() for 't', as torch.matmul gets a
    transposed weight). The logical A and B are drawn as M x K and K x N in
    every layout, so one seed makes one problem whatever the layout."""
    a = torch.rand((m, k), generator=gen, device=device, dtype=dtype).mul_(2).sub_(1)
    b = torch.rand((k, n), generator=gen, device=device, dtype=dtype).mul_(2).sub_(1)
    a_stored = a.t().contiguous() if layout[0] == "t" else a
    b_stored = b.t().contiguous() if layout[1] == "t" else b
    a_view = a_stored.t() if layout[0] == "t" else a_stored
    b_view = b_stored.t() if layout[1] == "t" else b_stored
    return a_stored, b_stored, a_view, b_view


def _check_bundles(bundles: Sequence[Bundle], dtype: Optional[str],
                   layout: str = "nn") -> None:
    """What can be refused before any GPU work: types and layout."""
    first = bundles[0]
    for b in bundles:
        if dtype and dtype != b.a_type:
            raise HarnessError(f"bundle {b.manifest_path} was compiled for {b.a_type}, "
                               f"not {dtype}")
        if (b.a_type, b.c_type) != (first.a_type, first.c_type):
            raise HarnessError(
                f"bundles {first.manifest_path} ({first.a_type} -> {first.c_type}) and "
                f"{b.manifest_path} ({b.a_type} -> {b.c_type}) have different types; "
                f"bundles compared in one run must share a_type and c_type")
        if layout not in b.layouts:
            raise HarnessError(f"bundle {b.manifest_path} serves layout "
                               f"{', '.join(b.layouts)}, not {layout} (--layout)")


def _import_gpu_stack() -> tuple[Any, Any, Any]:
    """torch, triton and cuda_launch, or a HarnessError naming what is missing."""
    try:
        import torch
    except ImportError as e:
        raise HarnessError(f"needs PyTorch with CUDA ({e})") from None
    try:
        import triton
        import triton.testing  # noqa: F401  (do_bench)
    except ImportError as e:
        raise HarnessError(f"needs Triton for triton.testing.do_bench ({e})") from None
    try:
        from . import cuda_launch
    except ImportError as e:
        raise HarnessError(f"needs cuda-python for cuda.bindings.driver ({e})") from None
    if not torch.cuda.is_available():
        raise HarnessError("no CUDA GPU available (PyTorch sees none)")
    return torch, triton, cuda_launch


class Nvml:
    """GPU clocks, power, temperature and clock event reasons through NVML;
    `reason` says why there are none."""

    def __init__(self, pci_bus_id: str) -> None:
        self.handle: Any = None
        self.reason: Optional[str] = None
        try:
            import pynvml
        except ImportError as e:
            self.reason = f"pynvml (package nvidia-ml-py) not available: {e}"
            return
        self.nvml = pynvml
        try:
            pynvml.nvmlInit()
            self.handle = pynvml.nvmlDeviceGetHandleByPciBusId(pci_bus_id)
        except pynvml.NVMLError as e:
            self.reason = f"NVML: {e}"

    def read(self) -> Optional[dict]:
        """One reading; a field NVML does not answer is null, listed in errors."""
        if self.handle is None:
            return None
        n = self.nvml
        # Renamed from "throttle reasons" in newer NVML; same bitmask.
        event_reasons = getattr(n, "nvmlDeviceGetCurrentClocksEventReasons", None) \
            or n.nvmlDeviceGetCurrentClocksThrottleReasons
        readers: dict[str, Callable[[Any], Any]] = {
            "sm_clock_mhz": lambda h: n.nvmlDeviceGetClockInfo(h, n.NVML_CLOCK_SM),
            "mem_clock_mhz": lambda h: n.nvmlDeviceGetClockInfo(h, n.NVML_CLOCK_MEM),
            "power_w": lambda h: n.nvmlDeviceGetPowerUsage(h) / 1000.0,
            "temperature_c": lambda h: n.nvmlDeviceGetTemperature(h, n.NVML_TEMPERATURE_GPU),
            "clock_event_reasons": event_reasons,
        }
        state: dict[str, Any] = {}
        errors: dict[str, str] = {}
        for key, read in readers.items():
            try:
                state[key] = read(self.handle)
            except n.NVMLError as e:
                state[key], errors[key] = None, str(e)
        if errors:
            state["errors"] = errors
        return state


def _describe_state(state: Optional[dict], reason: Optional[str]) -> str:
    if state is None:
        return f"unknown ({reason})"
    fmt = {"sm_clock_mhz": "SM {} MHz", "mem_clock_mhz": "memory {} MHz",
           "power_w": "{:.0f} W", "temperature_c": "{} C",
           "clock_event_reasons": "clock event reasons {:#x}"}
    return ", ".join(f.format(state[k]) if state[k] is not None else f"{k} n/a"
                     for k, f in fmt.items())


@dataclasses.dataclass
class Impl:
    """One implementation timed on one shape."""
    name: str
    kind: str  # cublas, triton or tile-opt
    run: Callable[[], Any]
    out: Any  # the output tensor it writes
    c_type: str
    resources: Optional[dict] = None  # regs, spill_bytes, smem
    manifest: Optional[str] = None
    staged: bool = False  # runs some operands on padded copies
    splits: Optional[int] = None  # programs per tile (tile-opt)
    dispatch: bool = False  # a dispatch manifest's pick


def check_output(out: Any, ref: Any, abs_prod: Any, in_type: str, out_type: str,
                 k: int) -> dict:
    """Non-finite count, relative Frobenius error and the largest element
    error over its bound, computed in fp32 on the GPU, by the runtime's
    bounds (tile_runtime.check_bounds, which tile-run checks by too).

    `ref` is A @ B and `abs_prod` |A| @ |B|, both float32 tensors; `k` the
    depth of the product.
    """
    import torch  # here, so that the command line parses without torch
    bounds = rt.check_bounds(in_type, out_type, k)
    got = out.float()
    non_finite = int((~torch.isfinite(got)).sum().item())
    if non_finite:
        return {"rel_err": None, "max_err_over_tol": None, "non_finite": non_finite,
                "bound": bounds["frobenius"], "pass": False}
    diff = got - ref
    ref_norm = ref.norm()
    rel = (diff.norm() / ref_norm if ref_norm.item() > 0 else diff.norm()).item()
    allowed = (bounds["per_ref"] * ref.abs() + bounds["per_magnitude"] * abs_prod
               + bounds["absolute"])
    over = (diff.abs() / allowed).max().item()
    return {"rel_err": rel, "max_err_over_tol": over, "non_finite": 0,
            "bound": bounds["frobenius"],
            "pass": rel <= bounds["frobenius"] and (over <= 1.0 or not bounds["elementwise"])}


def time_rounds(do_bench: Callable, impls: Sequence[Impl], rounds: int,
                warmup_ms: float, rep_ms: float) -> list[list[float]]:
    """Samples per implementation over all rounds, each round in the
    runtime's visit order (tile_runtime.visit_order: every implementation
    directly follows every other equally often, so that none always runs
    after a kernel that heats the GPU more)."""
    samples: list[list[float]] = [[] for _ in impls]
    for r in range(rounds):
        for i in rt.visit_order(r, len(impls)):
            samples[i] += do_bench(impls[i].run, warmup=warmup_ms, rep=rep_ms,
                                   return_mode="all")
    return samples


def _table(rows: Sequence[dict]) -> str:
    header = ["impl", "ms", "IQR ms", "TFLOP/s", "%cuBLAS [IQR]", "vs cuBLAS",
              "check", "regs", "smem"]
    lines = [header]
    dash = (lambda v: "-" if v is None else str(v))
    for r in rows:
        lines.append([r["impl"], f"{r['ms']:.4f}", f"{r['ms_q25']:.4f}-{r['ms_q75']:.4f}",
                      f"{r['tflops']:.1f}",
                      f"{r['pct_cublas']:.1f}% [{r['pct_cublas_lo']:.1f}-"
                      f"{r['pct_cublas_hi']:.1f}]",
                      r["vs_cublas"], "PASS" if r["pass"] else "FAIL",
                      dash(r["regs"]), dash(r["smem"])])
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    return "\n".join("  " + "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                                      for i, (cell, w) in enumerate(zip(line, widths)))
                     for line in lines)


def _implementations(torch: Any, anchors: Any, cuda_launch: Any, shape: tuple[int, int, int],
                     layout: str, operands: tuple[Any, Any, Any, Any],
                     anchor_names: Sequence[str],
                     kernels: Sequence[tuple[str, Any, bool]]) -> tuple[list[Impl], list[dict]]:
    """cuBLAS first (the base of every ratio), then the anchors and the
    (row name, LoadedKernel, from a dispatch manifest) that can serve the
    shape; the others are
    returned as skipped. `operands` are make_operands': cuBLAS and the
    anchors take the M x K and K x N views, the kernels the stored tensors."""
    a_stored, b_stored, a, b = operands
    m, n, k = shape
    in_type = kernels[0][1].bundle.a_type
    label = f"{m}x{n}x{k}"
    skipped: list[dict] = []

    def output(c_type: str) -> Any:
        return torch.empty((m, n), device="cuda", dtype=cuda_launch.TORCH_DTYPES[c_type])

    def skip(name: str, why: str) -> None:
        skipped.append({"shape": label, "impl": name, "reason": why})
        say(f"note: skipping {name} for {label}: {why}")

    c = output(in_type)
    impls = [Impl("cuBLAS", "cublas", functools.partial(torch.matmul, a, b, out=c), c,
                  in_type)]
    for name in anchor_names:
        why = anchors.unsupported(name, m, n, k, rt.dtype_bytes(in_type), layout)
        if why:
            skip(name, why)
            continue
        c = output(in_type)
        impls.append(Impl(name, "triton", functools.partial(anchors.ANCHORS[name], a, b, c),
                          c, in_type))
    for name, kernel, dispatch in kernels:
        bundle = kernel.bundle
        try:
            # (on this GPU: a resident split-K launch must fit it at once)
            plan = bundle.plan(m, n, k, layout, *kernel.device, splits=kernel.splits,
                               line_copies=kernel.line_copies)
        except BundleError as e:
            skip(name, str(e))
            continue
        staging = staging_of(plan, m, n, k)
        if staging.why:
            say(staging.line(bundle.manifest_path))
        c = output(bundle.c_type)
        impls.append(Impl(name, "tile-opt",
                          functools.partial(kernel, a_stored, b_stored, c), c, bundle.c_type,
                          {"regs": kernel.regs, "spill_bytes": kernel.spill_bytes,
                           "smem": kernel.smem}, bundle.manifest_path,
                          staging.staged, kernel.splits or bundle.split_k, dispatch))
    return impls, skipped


def _check_all(torch: Any, anchors: Any, impls: Sequence[Impl], a: Any, b: Any,
               in_type: str) -> list[dict]:
    """Runs each implementation once on a NaN-filled output and checks it
    against a float32 reference from the M x K and K x N operands `a` and
    `b`; records the Triton kernels' resources."""
    ref = torch.matmul(a.float(), b.float())
    abs_prod = torch.matmul(a.float().abs(), b.float().abs())
    checks = []
    for impl in impls:
        impl.out.fill_(float("nan"))
        returned = impl.run()
        torch.cuda.synchronize()
        if impl.kind == "triton":
            impl.resources = anchors.kernel_resources(returned)
        check = check_output(impl.out, ref, abs_prod, in_type, impl.c_type, a.shape[1])
        checks.append(check)
        detail = (f"{check['non_finite']} non-finite outputs" if check["non_finite"]
                  else f"rel_err {check['rel_err']:.2e} (bound "
                       f"{check['bound']:.0e}), max "
                       f"|err|/tol {check['max_err_over_tol']:.3f}")
        say(f"check {impl.name}: {'PASS' if check['pass'] else 'FAIL'} {detail}")
    return checks


def _rows(shape: tuple[int, int, int], layout: str, seed: int, impls: Sequence[Impl],
          checks: Sequence[dict], samples: Sequence[Sequence[float]]) -> list[dict]:
    """One result per implementation, compared with cuBLAS (the first)."""
    m, n, k = shape
    base = stats.summarize(samples[0])
    rows = []
    for impl, check, times in zip(impls, checks, samples):
        summary = stats.summarize(times)
        vs = stats.compare(base, summary)
        res = impl.resources or {}
        rows.append({"shape": f"{m}x{n}x{k}", "layout": layout, "impl": impl.name,
                     "kind": impl.kind, "seed": seed, "c_type": impl.c_type, **summary,
                     "tflops": 2.0 * m * n * k / summary["ms"] / 1e9,
                     "pct_cublas": vs["pct"], "pct_cublas_lo": vs["pct_lo"],
                     "pct_cublas_hi": vs["pct_hi"], "vs_cublas": vs["verdict"],
                     **check, "regs": res.get("regs"),
                     "spill_bytes": res.get("spill_bytes"), "smem": res.get("smem"),
                     "manifest": impl.manifest, "staged": impl.staged,
                     "splits": impl.splits, "dispatch": impl.dispatch})
    return rows


def run(args: argparse.Namespace) -> int:
    # A dispatch manifest (config=auto) runs, per shape, the member its
    # rules pick, under its own name.
    entries = [load_manifest(path) for path in args.manifests]
    bundles = [b for e in entries
               for b in (e.members if isinstance(e, Dispatch) else (e,))]
    _check_bundles(bundles, args.dtype, args.layout)
    if args.json is not None:
        _check_json_target(args.json)
    torch, triton, cuda_launch = _import_gpu_stack()
    from . import anchors
    unknown = [a for a in args.anchor_names if a not in anchors.ANCHORS]
    if unknown:
        raise UsageError(f"unknown anchor '{unknown[0]}' (known: "
                         f"{', '.join(anchors.ANCHORS)}, or none)")

    in_type, out_type = bundles[0].a_type, bundles[0].c_type
    # A true fp32 reference: no TF32 in torch.matmul on float32 tensors.
    torch.backends.cuda.matmul.allow_tf32 = False
    info = cuda_launch.device_info()
    say(f"device: {info['name']}, {info['sm_count']} SMs, driver {info['driver']}, "
        f"torch {torch.__version__}, triton {triton.__version__}")
    seed = args.seed if args.seed is not None else time.time_ns() & 0xFFFFFFFF
    say(f"seed: {seed} (shape i uses seed + i)")

    # A kernel per (manifest, splits per tile; 0: split_k), loaded once.
    loaded = {(b.manifest_path, 0, 0): cuda_launch.LoadedKernel(b, args.layout)
              for b in bundles}

    def kernel_of(bundle: Bundle, splits: int = 0, lines: int = 0) -> Any:
        key = (bundle.manifest_path, splits, lines)
        if key not in loaded:
            loaded[key] = cuda_launch.LoadedKernel(bundle, args.layout, splits,
                                                   line_copies=lines)
        return loaded[key]

    # tile_opt's autotune of each dispatch manifest (--tune), by its row name.
    tuners: dict[str, Any] = {}
    names = _bundle_names(entries, ["cuBLAS", *args.anchor_names])
    for kernel in list(loaded.values()):
        bundle = kernel.bundle
        name = bundle.manifest_path
        split = (f", split_k {bundle.split_k} (workspace {bundle.workspace_tile_bytes} B "
                 f"per tile)" if bundle.split_k > 1 else "")
        say(f"bundle {name}: {bundle.kernel}, {bundle.schedule} {bundle.block_m}x"
            f"{bundle.block_n}x{bundle.block_k}, mma {bundle.mma}{split}, {kernel.regs} regs, "
            f"{kernel.spill_bytes} B spill, {kernel.smem} B smem, "
            f"{kernel.blocks_per_sm} block(s)/SM")
    nvml = Nvml(info["pci_bus_id"])
    gpu_state: dict[str, Any] = {"before": None, "after": None, "reason": nvml.reason}

    results: list[dict] = []
    skipped: list[dict] = []
    for i, shape in enumerate(args.shapes):
        m, n, k = shape
        say(f"\n== {m}x{n}x{k}, layout {args.layout}, {in_type} -> {out_type}, "
            f"seed {seed + i} ==")
        gen = torch.Generator(device="cuda")
        gen.manual_seed(seed + i)
        dtype = cuda_launch.TORCH_DTYPES[in_type]
        operands = make_operands(torch, gen, args.layout, m, n, k, dtype)
        a, b = operands[2:]
        kernels = []
        for name, entry in zip(names, entries):
            if isinstance(entry, Dispatch):
                member, why, splits, lines = entry.choose(m, n, k, args.layout)
                say(f"dispatch {name}: {m}x{n}x{k} -> {member.manifest_path} ({why})")
                kernels.append((name, kernel_of(member, splits, lines), True))
                if args.tune > 1:
                    tuner = tuners.get(name) or tuners.setdefault(
                        name, cuda_launch.LoadedKernel(entry, args.layout, tune=args.tune))
                    c = torch.empty((m, n), device="cuda",
                                    dtype=cuda_launch.TORCH_DTYPES[member.c_type])
                    plan = tuner.tune(m, n, k, *operands[:2], c,
                                      torch.cuda.current_stream().cuda_stream)
                    chosen = entry.member(plan["kernel"])
                    say(f"tuned {name}: {m}x{n}x{k} -> {chosen.manifest_path} ({plan['why']})")
                    kernels.append((f"{name}+tune", kernel_of(
                        chosen, plan["splits"] if chosen.split_k > 1 else 0), True))
            elif entry.split_k > 1 and args.split_list:
                runs = [s for s in args.split_list if s <= entry.split_k]
                if not runs:
                    say(f"note: skipping {name}: --splits has none of 1 to its split_k "
                        f"{entry.split_k}")
                kernels += [(f"{name}@{s}", kernel_of(entry, s), False) for s in runs]
            else:
                kernels.append((name, kernel_of(entry), False))
        impls, shape_skipped = _implementations(torch, anchors, cuda_launch, shape,
                                                args.layout, operands, args.anchor_names,
                                                kernels)
        skipped += shape_skipped
        checks = _check_all(torch, anchors, impls, a, b, in_type)

        if i == 0:
            gpu_state["before"] = nvml.read()
            say(f"gpu before timing: {_describe_state(gpu_state['before'], nvml.reason)}")
        samples = time_rounds(triton.testing.do_bench, impls, args.rounds,
                               args.warmup_ms, args.rep_ms)
        if i == len(args.shapes) - 1:
            gpu_state["after"] = nvml.read()
            say(f"gpu after timing: {_describe_state(gpu_state['after'], nvml.reason)}")

        rows = _rows(shape, args.layout, seed + i, impls, checks, samples)
        say(f"\ntiming: {args.rounds} rounds of do_bench (warmup {args.warmup_ms:g} ms, "
            f"rep {args.rep_ms:g} ms), balanced order, L2 flushed before every sample")
        say(_table(rows))
        results += rows

    if args.json is not None:
        write_json_atomically(args.json, {
            "harness": "tile-bench",
            "device": {"name": info["name"], "sm_count": info["sm_count"],
                       "torch": torch.__version__, "triton": triton.__version__,
                       "driver": info["driver"]},
            "dtype": in_type, "c_type": out_type, "layout": args.layout, "seed": seed,
            "timing": {"method": "triton.testing.do_bench, L2 flushed",
                       "warmup_ms": args.warmup_ms, "rep_ms": args.rep_ms,
                       "rounds": args.rounds, "order": "balanced"},
            "gpu_state": gpu_state,
            "results": results,
            "skipped": skipped,
        })
    return EXIT_OK if all(r["pass"] for r in results) else EXIT_CHECK


def _one_line(e: BaseException) -> str:
    lines = [line.strip() for line in str(e).splitlines() if line.strip()]
    return lines[0] if lines else type(e).__name__


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs tile-bench; errors are one line on stderr, never a traceback."""
    def fail(code: int, message: str) -> int:
        print(f"tile-bench: {message}", file=sys.stderr, flush=True)
        return code
    try:
        return run(parse_args(argv))
    except UsageError as e:
        return fail(EXIT_USAGE, str(e))
    except (BundleError, HarnessError, RuntimeError) as e:  # RuntimeError: CUDA, torch
        return fail(EXIT_ERROR, _one_line(e))
    except KeyboardInterrupt:
        return fail(EXIT_ERROR, "interrupted")
    except Exception as e:  # a bug or a library failure: still one line
        return fail(EXIT_ERROR, f"{type(e).__name__}: {_one_line(e)}")
