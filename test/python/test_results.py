"""results_table.py and plot_results.py on small tile-run and tile-bench
results: the tables show each ratio with its range and verdict, the
agreement table pairs the two harnesses by dtype, shape and bundle, and the
plot is a PNG. CPU only."""
import json
import os
import subprocess
import sys

import pytest

PYTHON_DIR = os.path.join(os.path.dirname(__file__), "..", "..", "python")


def timing(ms, q25, q75, pct=None, lo=None, hi=None, verdict=None):
    return {"ms": ms, "ms_q25": q25, "ms_q75": q75, "ms_min": q25, "ms_max": q75,
            "samples": 100, "tflops": 1.0, "pct_cublas": pct, "pct_cublas_lo": lo,
            "pct_cublas_hi": hi, "vs_cublas": verdict}


def tile_run_doc():
    kernel = {"manifest": "b/f16/pw128x256w8s4g/matmul_f16.json", "kernel": "matmul_f16",
              "schedule": "persistent", "order": "grouped", "pass": True, "rel_err": 2e-4,
              "regs": 180, "spill_bytes": 0, "static_smem": 40, "dynamic_smem": 197632,
              "occupancy": {"driver_blocks_per_sm": 1}, "waves_per_sm": 1.0,
              **timing(0.2034, 0.2026, 0.2045, 93.5, 92.6, 95.0, "slower")}
    cublas = {"name": "cuBLAS (cublasLt)", **timing(0.1902, 0.1894, 0.1926, 100, 98.3, 101.7, "tie")}
    return {"shape": {"m": 4096, "n": 4096, "k": 4096}, "dtype": "f16", "kernels": [kernel],
            "cublas": cublas, "baselines": [cublas],
            "gpu_state": {"before": {"sm_clock_mhz": 1620, "power_w": 249.0},
                          "after": {"sm_clock_mhz": 1695, "power_w": None}}}


def tile_bench_doc():
    return {"harness": "tile-bench", "dtype": "f16", "gpu_state": {"before": None, "after": None},
            "results": [
                {"shape": "4096x4096x4096", "impl": "cuBLAS", "kind": "cublas", "pass": True,
                 **timing(0.1900, 0.1890, 0.1910, 100, 99, 101, "tie")},
                {"shape": "4096x4096x4096", "impl": "pw128x256w8s4g", "kind": "tile-opt",
                 "pass": True, **timing(0.2030, 0.2020, 0.2040, 93.6, 92.6, 94.6, "slower")},
                {"shape": "4096x4096x4096", "impl": "tma-persistent", "kind": "triton",
                 "pass": True, **timing(0.1930, 0.1920, 0.1940, 98.4, 97.4, 99.5, "slower")}]}


@pytest.fixture
def runs(tmp_path):
    paths = []
    for name, doc in (("run.json", tile_run_doc()), ("bench.json", tile_bench_doc())):
        path = tmp_path / name
        path.write_text(json.dumps(doc))
        paths.append(str(path))
    return paths


def script(name, *args):
    return subprocess.run([sys.executable, os.path.join(PYTHON_DIR, name), *args],
                          capture_output=True, text=True)


def test_tables_show_ranges_verdicts_and_clocks(runs):
    r = script("results_table.py", *runs)
    assert r.returncode == 0, r.stderr
    assert "| 4096x4096x4096 | f16 | pw128x256w8s4g | persistent | grouped | 0.2034 (0.2026–0.2045)" in r.stdout
    assert "| 93.5 [92.6–95.0] | slower | PASS (2.0e-04) |" in r.stdout
    assert "1620→1695 MHz, n/a W" in r.stdout
    assert "| 4096x4096x4096 | f16 | tma-persistent | 0.1930 (0.1920–0.1940) | 1.0 | 98.4 [97.4–99.5] | slower |" in r.stdout
    assert "| 4096x4096x4096 | f16 | cuBLAS | 0.1900 (0.1890–0.1910) | 1.0 | 100 | - |" in r.stdout


def test_agreement_pairs_the_same_bundle(runs):
    r = script("results_table.py", "--agreement", *runs)
    assert r.returncode == 0, r.stderr
    rows = [l for l in r.stdout.splitlines() if l.startswith("| f16")]
    assert rows == ["| f16 | 4096x4096x4096 | pw128x256w8s4g | 93.5 [92.6–95.0] "
                    "| 93.6 [92.6–94.6] | -0.1 |"]


def several_shapes_doc():
    """tile-run --json with two --shape: one single-shape document each."""
    small = tile_run_doc()
    small["shape"] = {"m": 1024, "n": 1024, "k": 1024}
    return {"runs": [tile_run_doc(), small]}


def test_tables_expand_several_shapes(tmp_path):
    path = tmp_path / "shapes.json"
    path.write_text(json.dumps(several_shapes_doc()))
    r = script("results_table.py", str(path))
    assert r.returncode == 0, r.stderr
    rows = [l for l in r.stdout.splitlines() if "| pw128x256w8s4g |" in l]
    assert [row.split(" | ")[0] for row in rows] == ["| 4096x4096x4096", "| 1024x1024x1024"]


def test_plot_rows_of_several_shapes():
    sys.path.insert(0, PYTHON_DIR)
    from tile_bench.plot import rows_from_result
    rows = rows_from_result(several_shapes_doc(), prefix="tile-run:")
    assert [(r["shape"], r["impl"], r["pct"]) for r in rows] == [
        ("4096x4096x4096", "tile-run:pw128x256w8s4g", 93.5),
        ("1024x1024x1024", "tile-run:pw128x256w8s4g", 93.5)]


def test_plot_writes_a_png(runs, tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "pct.png"
    r = script("plot_results.py", *runs, "-o", str(out), "--prefix")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"wrote {out} (3 bars)"
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".plot-")] == []


def test_plot_errors_are_one_line(runs, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    r = script("plot_results.py", str(bad), "-o", str(tmp_path / "x.png"))
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "not a tile-run or tile-bench result" in r.stderr
    r = script("plot_results.py", runs[0], "-o", str(tmp_path / "x.png"), "--only", "nothing")
    assert r.returncode == 1
    assert r.stderr.strip() == "plot_results: nothing to plot: no timed kernel with a cuBLAS ratio"
    assert not (tmp_path / "x.png").exists()
