"""Tests of tile-bench (python/tile_bench) on real bundles.

Everything but the tests marked "needs torch with a CUDA GPU" runs on a CPU
without torch: bundles are compiled with tile-opt (TILE_OPT, e.g.
build/bin/tile-opt). On a GPU machine without tile-opt, point
TILE_BENCH_BUNDLES at bundles compiled elsewhere with
  TILE_OPT=build/bin/tile-opt python3 test/python/test_tile_bench.py OUTDIR
"""
import collections
import importlib.util
import json
import math
import os
import random
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))

from tile_bench import stats  # noqa: E402
from tile_bench.bundle import (  # noqa: E402
    BundleError, Dispatch, UnsupportedError, load_bundle, load_manifest, parse_shape,
    shape_class, tma_views)
import tile_runtime as rt  # noqa: E402

TILE_BENCH = os.path.join(ROOT, "python", "tile-bench")

# Fixed sizes (256x64 @ 64x128 -> f32) compiled into the kernel.
STATIC_MLIR = """\
func.func @st(%A: memref<256x64xf16>, %B: memref<64x128xf16>, %C: memref<256x128xf32>) {
  tile.matmul %A, %B into %C : memref<256x64xf16>, memref<64x128xf16> into memref<256x128xf32>
  return
}
"""
# name -> (source, --tile-to-ptx options, manifest file)
BUNDLES = {
    "tiled": ("examples/matmul_f16.mlir",
              "schedule=tiled block-m=128 block-n=64 block-k=32 num-warps=4 num-stages=3",
              "matmul_f16.json"),
    "wgmma": ("examples/matmul_f16.mlir",
              "mma=wgmma schedule=persistent order=grouped block-m=128 block-n=256 "
              "block-k=64 num-warps=8 num-stages=4", "matmul_f16.json"),
    "nt": ("examples/matmul_f16_nt.mlir", "schedule=tiled", "matmul_f16_nt.json"),
    # TMA + wgmma for B stored N x K: serves layout nt only.
    "nt-wgmma": ("examples/matmul_f16_nt.mlir",
                 "mma=wgmma block-m=128 block-n=128 block-k=64 num-warps=4",
                 "matmul_f16_nt.json"),
    "static": (None, "schedule=tiled", "st.json"),
    # config=auto: a dispatch manifest over the calibration table's members.
    "auto": ("examples/matmul_f16.mlir", "config=auto", "matmul_f16.json"),
    # ... and with f32 C (4-byte C in the model's bytes).
    "auto_f32": ("test/Pipelines/Inputs/matmul_f16_f32c.mlir", "config=auto",
                 "matmul_f16_f32c.json"),
    # ... and for x @ w.T, whose family adds tiles 96 to 160 wide.
    "auto_nt": ("examples/matmul_f16_nt.mlir", "config=auto", "matmul_f16_nt.json"),
}


def compile_bundles(tile_opt: str, out: str) -> None:
    """One bundle per entry of BUNDLES, in OUT/<name>/."""
    os.makedirs(out, exist_ok=True)
    static_src = os.path.join(out, "static.mlir")
    with open(static_src, "w") as f:
        f.write(STATIC_MLIR)
    for name, (src, opts, _) in BUNDLES.items():
        src = os.path.join(ROOT, src) if src else static_src
        subprocess.run([tile_opt, src, f"--tile-to-ptx={opts}",
                        f"--tile-bundle={os.path.join(out, name)}", "-o", os.devnull],
                       check=True)


@pytest.fixture(scope="module")
def manifests(tmp_path_factory) -> dict:
    """name -> manifest path of each bundle in BUNDLES."""
    folder = os.environ.get("TILE_BENCH_BUNDLES")
    if not folder:
        tile_opt = os.environ.get("TILE_OPT", "")
        if not (os.path.isfile(tile_opt) and os.access(tile_opt, os.X_OK)):
            pytest.skip("needs tile-opt: set TILE_OPT to build/bin/tile-opt")
        folder = str(tmp_path_factory.mktemp("bundles"))
        compile_bundles(tile_opt, folder)
    return {name: os.path.join(folder, name, manifest)
            for name, (_, _, manifest) in BUNDLES.items()}


def _gpu_stack_available() -> bool:
    try:
        import torch
        import triton  # noqa: F401
        from cuda.bindings import driver  # noqa: F401
    except ImportError:
        return False
    return torch.cuda.is_available()


needs_gpu = pytest.mark.skipif(not _gpu_stack_available(),
                               reason="needs torch with a CUDA GPU (and triton, cuda-python)")

NN = {"M": 100, "N": 200, "K": 300, "stride_am": 300, "stride_ak": 1, "stride_bk": 200,
      "stride_bn": 1, "stride_cm": 200, "stride_cn": 1}


# ---------------------------------------------------------------------------
# tile_bench.bundle is a facade over the runtime (runtime/include/
# tile_runtime.h, through the extension module tile_runtime). The bundle
# contract's own tests, every refusal and its message, staging, grids,
# workspaces, TMA views and argument packing, are in
# runtime/test/runtime-test.cpp (test/runtime/c-api.test). What is tested
# here is the Python door: what it makes of real tile-opt bundles, that the
# runtime's answers reach Python under their names, and that its refusals
# arrive as BundleError (UnsupportedError for a problem a kernel cannot
# run) carrying the runtime's one line.


def _plan_args(bundle, *shape, **device) -> dict:
    """The i64 arguments of the runtime's plan, by name, in the ABI's order."""
    return {name: value for name, kind, value in bundle.plan(*shape, **device).params()
            if kind == "i64"}


def _refusal(bundle, *shape) -> str:
    with pytest.raises(UnsupportedError) as e:
        bundle.check_shape(*shape)
    message = str(e.value)
    assert "\n" not in message
    return message


# ---------------------------------------------------------------------------
# Manifests tile-opt writes


def test_fields_of_a_tiled_mma_sync_bundle(manifests):
    b = load_bundle(manifests["tiled"])
    assert (b.kernel, b.schedule, b.mma) == ("matmul_f16", "tiled", "sync")
    assert (b.block_m, b.block_n, b.block_k) == (128, 64, 32)
    assert (b.threads_per_block, b.a_type, b.c_type) == (128, "f16", "f16")
    assert b.dynamic_smem > 0 and b.layouts == ("nn",)
    assert [p.name for p in b.params] == ["A", "B", "C", *NN]
    assert [p.type for p in b.params] == ["ptr"] * 3 + ["i64"] * 9
    assert not b.uses_tma and b.info["tma_box_a"] == (0, 0)
    assert not b.persistent and not b.uses_workspace and b.split_k == 1
    assert b.index_bitwidth == 32 and b.static("M") is None
    assert b.name == "tiled" and b.manifest_path == manifests["tiled"]
    assert b.ptx_path == os.path.join(os.path.dirname(manifests["tiled"]), "matmul_f16.ptx")
    with open(b.ptx_path) as f:
        assert ".entry matmul_f16(" in f.read()


def test_fields_of_a_wgmma_persistent_bundle(manifests):
    b = load_bundle(manifests["wgmma"])
    assert (b.schedule, b.mma, b.order, b.group_m) == ("persistent", "wgmma", "grouped", 8)
    assert (b.block_m, b.block_n, b.block_k, b.threads_per_block) == (128, 256, 64, 256)
    assert b.uses_tma and b.persistent
    assert (b.info["tma_box_a"], b.info["tma_box_b"]) == ((64, 128), (64, 64))
    # A's tail box: 64 rows, for tiles partly past M.
    assert b.info["tma_box_a_tail"] == (64, 64)
    # C's box: 128 bytes of f16 x one warpgroup's 64 rows.
    assert b.info["tma_box_c"] == (64, 64)
    assert [(p.name, p.type) for p in b.params[-4:]] == [("tma_a", "tensormap"),
                                                          ("tma_b", "tensormap"),
                                                          ("tma_c", "tensormap"),
                                                          ("tma_a_tail", "tensormap")]
    assert b.chip == "sm_90a" and b.num_stages == 4 and b.num_warps == 8
    assert b.split_k == 1 and not b.uses_workspace
    assert b.plan(4096, 4096, 4096).info()["workspace_bytes"] == 0


def test_fields_of_an_nt_and_a_static_bundle(manifests):
    nt = load_bundle(manifests["nt"])
    assert (nt.kernel, nt.layouts) == ("matmul_f16_nt", ("nt",))
    st = load_bundle(manifests["static"])
    assert (st.static("M"), st.static("N"), st.static("K"), st.c_type) == (256, 128, 64, "f32")


def test_plan_arguments_follow_tile_run(manifests):
    """The sizes and strides the runtime passes, per layout, in the ABI's
    order (the runtime's own cases: runtime-test.cpp, testArguments)."""
    tiled = load_bundle(manifests["tiled"])
    args = _plan_args(tiled, 100, 200, 300)
    assert args == NN and list(args) == list(NN)
    # B stored N x K: its K stride is 1 and its N stride K.
    nt = load_bundle(manifests["nt"])
    assert _plan_args(nt, 100, 200, 300, "nt") == {**NN, "stride_bk": 1, "stride_bn": 300}
    # The pointers' entries carry their static offsets, 0 here.
    assert [p[:3] for p in tiled.plan(100, 200, 300).params()[:3]] == [
        ("A", "ptr", 0), ("B", "ptr", 0), ("C", "ptr", 0)]


def test_grid(manifests):
    tiled = load_bundle(manifests["tiled"])  # 128 x 64 tiles
    assert tiled.plan(1000, 1000, 7).info()["grid"] == 8 * 16
    assert tiled.plan(1, 1, 1).info()["grid"] == 1
    pers = load_bundle(manifests["wgmma"])  # 128 x 256 tiles

    def grid(*shape, **device):
        return pers.plan(*shape, **device).info()

    assert grid(4096, 4096, 4096)["tiles"] == 512
    # A persistent grid is sized from the device; without one it has none.
    assert grid(4096, 4096, 4096)["grid"] == 0
    big = grid(4096, 4096, 4096, sm_count=132, programs_per_sm=1)
    assert (big["grid"], big["tiles_per_program_min"], big["tiles_per_program_max"]) == \
        (132, 3, 4)
    assert grid(4096, 4096, 4096, sm_count=132, programs_per_sm=4)["grid"] == 512
    assert grid(129, 257, 64, sm_count=132, programs_per_sm=1)["grid"] == 2 * 2
    with pytest.raises(UnsupportedError, match="a persistent grid needs at least one SM and "
                                               "one program per SM, not 132 x 0"):
        grid(64, 64, 64, sm_count=132)


def test_check_shape_refusals(manifests):
    w = load_bundle(manifests["wgmma"])
    w.check_shape(4096, 4104, 4096)  # rows of 8208 bytes: fine
    w.check_shape(4096, 4100, 4100)  # staged (test_staging_* below)
    nt = load_bundle(manifests["nt"])
    nt.check_shape(8, 8, 8, "nt")
    path = nt.manifest_path
    assert _refusal(nt, 8, 8, 8, "nn") == f"bundle {path} cannot serve layout nn (it serves: nt)"
    assert _refusal(nt, 0, 8, 8, "nt") == "shape 0x8x8 has a size outside 1 to 2147483647"
    st = load_bundle(manifests["static"])
    st.check_shape(256, 128, 64)
    assert _refusal(st, 255, 128, 64) == (f"bundle {st.manifest_path} was compiled for M=256; "
                                          f"the shape asks for 255")
    assert "compiled for K=64" in _refusal(st, 256, 128, 65)
    tiled = load_bundle(manifests["tiled"])  # index_bitwidth 32: offsets below 2^31
    tiled.check_shape(65536, 1, 32768)
    assert _refusal(tiled, 65536, 1, 32769) == (
        f"bundle {tiled.manifest_path} indexes with 32-bit offsets; shape 65536x1x32769 needs "
        f"more (recompile with index-bitwidth=64)")
    # The types are the bundle's own: a plan of others is refused.
    with pytest.raises(UnsupportedError, match="computes f16 -> f16, not bf16 -> f16"):
        tiled.handle.plan(64, 64, 64, "nn", "bf16", "f16")


def test_static_strides_and_offsets(manifests, tmp_path):
    st = load_bundle(manifests["static"])
    strides = ("stride_am", "stride_ak", "stride_bk", "stride_bn", "stride_cm", "stride_cn")
    assert {s: st.static(s) for s in strides} == {
        "stride_am": 64, "stride_ak": 1, "stride_bk": 128, "stride_bn": 1, "stride_cm": 128,
        "stride_cn": 1}
    assert [st.static(p) for p in "ABC"] == [0, 0, 0]
    assert st.static("nothing") is None
    with open(manifests["static"]) as f:
        doc = json.load(f)
    doc["ptx"] = os.path.join(os.path.dirname(manifests["static"]), doc["ptx"])
    doc["static_stride_cm"] = 129
    wide = load_bundle(_write(tmp_path, doc))
    assert _refusal(wide, 256, 128, 64) == (
        f"bundle {wide.manifest_path} was compiled for stride_cm=129; dense operands give "
        f"128 for 256x128x64 nn")
    # A static offset: the runtime passes C's pointer that many elements
    # before the operand, where the kernel adds it back.
    doc["static_stride_cm"], doc["static_offset_c"] = 128, 7
    shifted = load_bundle(_write(tmp_path, doc))
    assert shifted.static("C") == 7
    assert shifted.plan(256, 128, 64).params()[2] == ("C", "ptr", 7)


def test_multiples_come_from_the_manifest(manifests, tmp_path):
    w = load_bundle(manifests["wgmma"])
    assert (w.m_multiple, w.n_multiple, w.k_multiple) == (1, 8, 8)
    assert (load_bundle(manifests["tiled"]).n_multiple,
            load_bundle(manifests["tiled"]).k_multiple) == (1, 1)
    with open(manifests["wgmma"]) as f:
        doc = json.load(f)
    doc["ptx"] = os.path.join(os.path.dirname(manifests["wgmma"]), doc["ptx"])
    doc["m_multiple"] = 3
    m3 = load_bundle(_write(tmp_path, doc))
    assert _refusal(m3, 128, 256, 64) == (f'bundle {m3.manifest_path} needs M to be a multiple '
                                          f'of 3 ("m_multiple"); the shape asks for 128')
    del doc["k_multiple"]
    with pytest.raises(BundleError, match='missing required field "k_multiple"'):
        load_bundle(_write(tmp_path, doc))


# ---------------------------------------------------------------------------
# Hand-written manifests

# The kernel ABI (include/tile/Conversion/KernelParams.def): a manifest's
# "params" must be exactly its prefix for the kernel's mma and workspace.
ABI = [("A", "ptr"), ("B", "ptr"), ("C", "ptr"), *((name, "i64") for name in NN),
       ("tma_a", "tensormap"), ("tma_b", "tensormap"), ("tma_c", "tensormap"),
       ("tma_a_tail", "tensormap"), ("workspace", "ptr")]
SYNC_PARAMS, TMA_PARAMS, SPLIT_PARAMS = 12, 16, 17


def _ptx(types, decls=None) -> str:
    """PTX with an .entry k whose parameters have the sizes of `types` (or
    the declarations `decls` gives by index)."""
    decl = {"ptr": ".u64", "i64": ".u64", "tensormap": ".align 64 .b8"}
    params = ",\n".join(
        f"\t.param {(decls or {}).get(i, decl[t])} k_param_{i}"
        f"{'[128]' if t == 'tensormap' else ''}" for i, t in enumerate(types))
    return (".version 8.0\n.target sm_80\n.address_size 64\n"
            f".visible .entry k(\n{params}\n)\n{{\n\tret;\n}}\n")


def _params(count) -> list:
    return [{"name": n, "type": t} for n, t in ABI[:count]]


FAKE_PTX = _ptx([t for _, t in ABI[:SYNC_PARAMS]])


def _base_manifest() -> dict:
    """An mma.sync kernel k of 64x64 tiles serving nn and tt."""
    return {"kernel": "k", "ptx": "k.ptx", "schedule": "tiled", "block_m": 64,
            "block_n": 64, "block_k": 32, "threads_per_block": 128,
            "dynamic_shared_memory_bytes": 0, "a_type": "f16", "b_type": "f16",
            "c_type": "f32", "layouts": ["nn", "tt"], "params": _params(SYNC_PARAMS)}


def _write(folder, doc, name="m.json", ptx=FAKE_PTX) -> str:
    """A manifest (a dict, or raw text) next to k.ptx; returns its path."""
    with open(os.path.join(folder, "k.ptx"), "w") as f:
        f.write(ptx)
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def test_hand_written_manifest(tmp_path):
    b = load_bundle(_write(tmp_path, _base_manifest()))
    assert b.index_bitwidth == 64 and b.layouts == ("nn", "tt") and b.c_type == "f32"
    # Fields the manifest leaves out: none of their own.
    assert not b.order and not b.chip and (b.num_warps, b.group_m) == (-1, -1)
    # A stored K x M: its M stride is 1 and its K stride M; B stored N x K.
    assert _plan_args(b, 7, 8, 9, "tt") == {
        "M": 7, "N": 8, "K": 9, "stride_am": 1, "stride_ak": 7, "stride_bk": 1,
        "stride_bn": 9, "stride_cm": 8, "stride_cn": 1}
    assert _refusal(b, 7, 8, 9, "nt") == (f"bundle {b.manifest_path} cannot serve layout nt "
                                          f"(it serves: nn, tt)")


def test_an_i32_parameter_is_refused(tmp_path):
    """Sizes and strides are i64 in the ABI: a manifest listing an i32 (as
    tile-opt's index-bitwidth=32 kernels once did) is refused, and so is a
    PTX whose entry takes a 4-byte parameter where the ABI has an i64."""
    doc = _base_manifest()
    doc["params"][3]["type"] = "i32"
    path = _write(tmp_path, doc)
    with pytest.raises(BundleError) as e:
        load_bundle(path)
    assert str(e.value) == (f"manifest {path}: params[3] is 'M' (i32); an mma=sync kernel "
                            f"takes 'M' (i64) there")
    path = _write(tmp_path, _base_manifest(),
                  ptx=_ptx([t for _, t in ABI[:SYNC_PARAMS]], {3: ".u32"}))
    with pytest.raises(BundleError) as e:
        load_bundle(path)
    assert str(e.value) == (f"manifest {path}: parameter 'M' is i64 (8 bytes) but parameter 3 "
                            f"of kernel 'k' in ptx '{tmp_path}/k.ptx' has 4 bytes")


def _with(**changes):
    def mutate(doc):
        doc.update(changes)
        return doc
    return mutate


def _without(key):
    def mutate(doc):
        del doc[key]
        return doc
    return mutate


def _param_type(index, ptype):
    def mutate(doc):
        doc["params"][index]["type"] = ptype
        return doc
    return mutate


def _drop_param(doc):
    doc["params"].pop()
    return doc


def _swap_strides(doc):
    doc["params"][6], doc["params"][7] = doc["params"][7], doc["params"][6]
    return doc


_TMA_FIELDS = {"layouts": ["nn"], "n_multiple": 8, "k_multiple": 8, "tma_swizzle_bytes": 128,
               "tma_box_a": [64, 128], "tma_box_b": [64, 64], "tma_box_c": [32, 64],
               "tma_box_a_tail": [64, 64]}

HOSTILE = [
    # (id, the manifest or a change to the base one, words of the error)
    ("not-json", "{\"kernel\": ", "malformed JSON at line 1"),
    ("nan", '{"kernel": NaN}', "malformed JSON at line 1, column 12"),
    ("duplicate-key", '{"kernel": "k", "kernel": "k"}',
     'malformed JSON at line 1, column 17: duplicate key "kernel"'),
    ("too-deep", "[" * 100000 + "]" * 100000,
     "malformed JSON at line 1, column 201: nested more than 200 deep"),
    ("top-level-array", "[1]", "top level must be an object, not an array"),
    ("missing-kernel", _without("kernel"), 'missing required field "kernel"'),
    ("empty-kernel", _with(kernel=""), 'field "kernel" is empty'),
    ("negative-block", _with(block_m=-128), 'field "block_m" must be at least 1, not -128'),
    ("fraction-block", _with(block_n=64.5), 'field "block_n" must be an integer, not 64.5'),
    ("bool-block", _with(block_k=True), 'field "block_k" must be an integer, not a boolean'),
    ("huge-integer", _with(block_n=10**20),
     'field "block_n" is 100000000000000000000, out of range (below 2^53 in magnitude)'),
    ("huge-float", '{"kernel": "k", "ptx": "k.ptx", "schedule": "tiled", "block_m": 1e400}',
     "1e400"),
    ("huge-smem", _with(dynamic_shared_memory_bytes=2**31),
     'field "dynamic_shared_memory_bytes" is 2147483648; the driver takes at most 2147483647'),
    ("threads", _with(threads_per_block=2048),
     'field "threads_per_block" is 2048; a block holds at most 1024'),
    ("schedule", _with(schedule="stream-k"),
     "field \"schedule\" is 'stream-k'; expected tiled, persistent or stream_k"),
    ("c-type", _with(c_type="f64"), "field \"c_type\" is 'f64'; expected f32, f16 or bf16"),
    ("mixed-inputs", _with(b_type="bf16"),
     "a_type (f16) and b_type (bf16) differ; the runtime needs them equal"),
    ("index-bitwidth", _with(index_bitwidth=48), 'field "index_bitwidth" is 48; expected 32 or 64'),
    ("layout", _with(layouts=["nx"]), "field \"layouts\" holds 'nx'; expected nn, nt, tn or tt"),
    ("unknown-param-type", _param_type(3, "i16"),
     "params[3] is 'M' (i16); an mma=sync kernel takes 'M' (i64) there"),
    ("pointer-as-i64", _param_type(1, "i64"),
     "params[1] is 'B' (i64); an mma=sync kernel takes 'B' (ptr) there"),
    # Names swapped: the kernel would read A transposed.
    ("swapped-strides", _swap_strides,
     "params[6] is 'stride_ak' (i64); an mma=sync kernel takes 'stride_am' (i64) there"),
    ("params-count", _drop_param,
     "\"params\" lists 11 of the 12 parameters of an mma=sync kernel; the next is "
     "'stride_cn' (i64)"),
    ("tma-without-wgmma", _with(params=_params(TMA_PARAMS)),
     "params[12] is 'tma_a' (tensormap), but an mma=sync kernel takes 12 parameters"),
    ("wgmma-without-maps", _with(mma="wgmma", **_TMA_FIELDS),
     "\"params\" lists 12 of the 16 parameters of an mma=wgmma kernel; the next is "
     "'tma_a' (tensormap)"),
    ("wgmma-two-layouts", _with(mma="wgmma", params=_params(TMA_PARAMS),
                                **{**_TMA_FIELDS, "layouts": ["nn", "tt"]}),
     "an mma=wgmma kernel serves exactly one layout"),
    ("kernel-not-in-ptx", _with(kernel="other"), "has no kernel 'other'"),
    ("newline-in-kernel", _with(kernel="a\nb"),
     'field "kernel" contains a control character (0x0a)'),
    ("ptx-is-a-directory", _with(ptx="."), "/.': Is a directory"),
    ("ptx-is-dev-zero", _with(ptx="/dev/zero"),
     "cannot read ptx '/dev/zero': not a regular file (a character device)"),
    ("ptx-absolute-missing", _with(ptx="/nonexistent/k.ptx"),
     "cannot read ptx '/nonexistent/k.ptx': No such file or directory"),
]


@pytest.mark.parametrize("doc, words", [pytest.param(d, w, id=i) for i, d, w in HOSTILE])
def test_hostile_manifest(tmp_path, doc, words):
    path = _write(tmp_path, doc if isinstance(doc, str) else doc(_base_manifest()))
    with pytest.raises(BundleError) as e:
        load_bundle(path)
    message = str(e.value)
    assert message.startswith(f"manifest {path}: ")
    assert "\n" not in message and "\r" not in message
    assert words in message


FAMILY = ("split", "m64k", "m64", "m64w", "m64wk", "small", "midk", "mid", "midws", "w192",
          "big", "m64n192", "n192k")


def test_dispatch_picks_a_member_per_shape(manifests):
    """The runtime's cost model (test/tile-run/dispatch.test): the member
    with the least estimate; the picks are the built-in table's."""
    d = load_manifest(manifests["auto"])
    assert isinstance(d, Dispatch) and d.kernel == "matmul_f16"
    assert [os.path.basename(b.manifest_path) for b in d.members] == [
        f"matmul_f16__{x}.json" for x in FAMILY]
    assert [r["bundle"] for r in d.rules] == [f"matmul_f16__{x}.json" for x in FAMILY]
    assert all(r["cost"][0] == 132 and r["class"] is None for r in d.rules)
    picks = {shape: d.pick(*shape) for shape in
             [(32, 8192, 8192), (256, 256, 16384), (2304, 2304, 8192), (4096, 4096, 4096),
              (128, 4096, 14336), (192, 8192, 8192)]}
    assert {s: b.kernel.split("__")[1] for s, (b, _) in picks.items()} == {
        (32, 8192, 8192): "m64k", (256, 256, 16384): "m64k", (2304, 2304, 8192): "w192",
        (4096, 4096, 4096): "midws", (128, 4096, 14336): "n192k", (192, 8192, 8192): "m64n192"}
    why = picks[(256, 256, 16384)][1]
    assert why.startswith("rule 1, model: 8 tiles of 64x128 split 8 ways, 1 wave of 32 K "
                          "steps, ") and why.endswith("64x128 tiles, 2, 4 or 8 programs per tile "
                                                      "in a cluster: decode and K-heavy layers "
                                                      "whose tiles leave SMs idle")
    # The splits per tile the model chose, which a plan of the pick runs.
    assert [d.choose(*s)[2] for s in [(256, 256, 16384), (32, 8192, 8192),
                                      (384, 384, 32768), (4096, 4096, 4096)]] == [8, 2, 8, 0]
    # The estimates the pick compared: the least is the member picked.
    estimates = [d.handle.estimate(i, 256, 256, 16384) for i in range(len(d.rules))]
    assert min(range(len(estimates)), key=estimates.__getitem__) == 1
    # Rows off whole L2 lines (lda 4104: 16 bytes past one) cost midws's K
    # steps their lines.
    midws = FAMILY.index("midws")
    whole = d.handle.estimate(midws, 4096, 4096, 4096)
    assert d.handle.estimate(midws, 4096, 4096, 4096, lda=4104) > 1.2 * whole
    assert d.handle.estimate(midws, 4096, 4096, 4096, "nn", 4160) == whole
    with pytest.raises(BundleError, match="no modelled rule 13"):
        d.handle.estimate(13, 1, 1, 1)
    # Line copies (tile_rt_line_copies): B's rows of N = 5000 (10000 bytes,
    # inside L2 lines) copied onto whole ones where the model finds it pays
    # (20 waves of tiles read them), not where it does not, never when asked
    # for none; a plan of the member so chosen copies B alone.
    member, why, _, lines = d.choose(8192, 5000, 4096)
    assert lines == 2 and "; B copied onto whole L2 lines first (" in why
    plan = member.plan(8192, 5000, 4096, line_copies=lines).info()
    assert (plan["a_copy_bytes"], plan["b_copy_bytes"], plan["np"]) == (0, 4096 * 5056 * 2, 5056)
    assert d.choose(512, 5000, 512)[3] == 1
    assert d.handle.pick(8192, 5000, 4096, line_copies=1)[3] == 1
    assert member.plan(8192, 5000, 4096).info()["b_copy_bytes"] == 0
    with pytest.raises(ValueError, match="line_copies is 3; expected 0"):
        d.handle.pick(1, 1, 1, line_copies=3)
    split = picks[(256, 256, 16384)][0]
    assert split is d.members[1]  # the members' own objects
    # Its splits meet in a cluster: no workspace.
    assert (split.split_k, split.workspace_tile_bytes) == (8, 0)
    info = split.plan(256, 256, 16384).info()
    assert (info["grid"], info["workspace_bytes"]) == (64, 0)
    with pytest.raises(BundleError, match="a dispatch manifest .* load it with load_manifest"):
        load_bundle(manifests["auto"])


def test_candidates_are_the_pick_then_the_next_estimates(manifests, tmp_path):
    """tile_rt_bundle_candidates, which tile_opt's autotune times: the pick
    (and the splits it runs) first, then every other modelled rule by its
    estimate, and a split rule once more: at 3 splits where the model
    estimates them (without the pick's cost factor) below its own choice,
    at its best power of two where its choice is 3; a tuned class's pick
    alone."""
    d = load_manifest(manifests["auto"])
    extras = collections.Counter()
    for shape in [(256, 256, 16384), (4096, 4096, 4096), (1, 4096, 14336), (2000, 2000, 2000),
                  (8192, 8192, 8192), (200, 4608, 36864)]:
        cands = d.handle.candidates(*shape, 64)
        member, _, splits, _ = d.choose(*shape)
        assert d.member(cands[0][0]) is member and cands[0][2] == splits
        assert [c[3] for c in cands[1:]] == sorted(c[3] for c in cands[1:])
        assert sorted({c[1] for c in cands}) == list(range(len(d.rules)))  # every rule
        assert len({(c[1], c[2]) for c in cands}) == len(cands)  # each (rule, splits) once
        for handle, rule, runs, ns in cands:
            assert d.member(handle) is d.members[rule]  # (a rule per member here)
            assert (runs > 1) == (d.members[rule].split_k > 1)
            own = d.handle.estimate(rule, *shape)  # at the rule's own choice
            if ns == own:
                continue
            again = [c for c in cands if c[1] == rule and c[2] != runs]
            assert again and again[0][3] == own and 3 <= d.members[rule].split_k <= \
                rt.max_cluster_splits
            if runs == 3:
                extras["3"] += 1
                assert ns < own
            else:
                extras["other"] += 1
                assert again[0][2] == 3 and ns > own
    # 1x4096x14336: m64wk at 4 splits, and 3; 200x4608x36864: s208wk at 3
    # splits (one wave of 36 x 3 tiles), and its best power of two.
    assert extras["3"] and extras["other"]
    assert [c[1] for c in d.handle.candidates(4096, 4096, 4096, 3)] == \
        [c[1] for c in d.handle.candidates(4096, 4096, 4096, 64)[:3]]
    with pytest.raises(UnsupportedError, match="shape 0x1x1 has a size outside"):
        d.handle.candidates(0, 1, 1, 3)
    tuned = {"bundle": "matmul_f16__mid.json", "class": "m2^12-n2^12-k2^12", "why": "tuned"}
    path = _dispatch_copy(manifests, tmp_path, lambda d: d["dispatch"].insert(0, tuned))
    t = load_manifest(path)
    [(handle, rule, runs, ns)] = t.handle.candidates(4096, 4096, 4096, 8)
    assert (t.member(handle).kernel, rule, runs, ns) == ("matmul_f16__mid", 0, 0, 0.0)
    assert len(t.handle.candidates(64, 4096, 4096, 8)) == 8  # modelled outside the class


def _script(name):
    """A script of scripts/ loaded from its file (scripts/ is not on the
    path)."""
    spec = importlib.util.spec_from_file_location(name[:-3],
                                                  os.path.join(ROOT, "scripts", name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fit_script_estimates_as_the_runtime(manifests):
    """scripts/fit_cost_model.py fits the runtime's formula through
    tile_rt_model_estimate: with a member's tile and its rule's cost it gives
    the rule's estimate, for every member on shapes of every kind (a
    split-K member's: the least over its splits, 2 to split_k, its waves in
    the blocks that clusters of its splits hold; a member holding two blocks
    per SM, its waves in both), its operands' rows as the runtime reads them
    (dense rows of N and K, multiples of 8 here: none staged but the top
    shapes', whose copies' rows of 2^31 elements lie on whole lines)."""
    fit = _script("fit_cost_model.py")
    rng = random.Random(5)
    top = 2**31 - 1
    shapes = [(1, 4096, 14336), (8192, 8192, 8192), (1000, 1000, 1000), (top, top, top),
              (1, top, 1)] + [tuple(8 * rng.randint(1, 2500) for _ in range(3)) for _ in range(20)]

    def pitches(layout, m, n, k):
        # (rows of less than 128 bytes count as whole lines)
        rows = (k, k if layout == "nt" else n)
        return tuple(0 if r % 8 or r < 64 else 2 * r for r in rows)

    for auto, elem, layout in ((manifests["auto"], (2, 2, 2), "nn"),
                               (manifests["auto_f32"], (2, 2, 4), "nn"),
                               (manifests["auto_nt"], (2, 2, 2), "nt")):
        d = load_manifest(auto)
        for i, (rule, member) in enumerate(zip(d.rules, d.members)):
            cfg = {"block_m": member.block_m, "block_n": member.block_n,
                   "block_k": member.block_k, "split_k": member.split_k,
                   "schedule": member.schedule, "swap_ab": member.swap_ab}
            for s in shapes:
                slots, two = rule["cluster_slots"], rule["blocks_per_sm"]
                ns, splits = fit.least_ns(cfg, rule["cost"][1:], rule["cost"][0], *s, elem,
                                          slots, two, pitches(layout, *s))
                assert ns == pytest.approx(d.handle.estimate(i, *s), rel=1e-12)
                picked, _, runs, _ = d.choose(*s)
                if picked is member and member.split_k > 1:
                    assert splits == runs  # the splits the pick runs
                # The runtime tries splits in powers of two (clusters; the
                # table has no member above 8 splits, which tries any count),
                # and 3 at its cost factor (kThreeSplitCost, 1.25; 1.1 for a
                # transposed member).
                ways = [w for w in (2, 4, 8, 16, 32, 64, 128) if w <= member.split_k] \
                    if member.split_k > 1 else (1,)
                cost = {w: 1.0 for w in ways}
                if 3 <= member.split_k <= 8:
                    cost[3] = 1.1 if member.swap_ab else 1.25
                assert ns == pytest.approx(min(
                    cost[w] * fit.estimate_ns(dict(cfg, split_k=w), rule["cost"][1:],
                                              rule["cost"][0], *s, elem, slots, two,
                                              pitches(layout, *s))
                    for w in cost), rel=1e-12)


def test_fit_script_reads_blocks_per_sm_from_a_compiled_bundle(tmp_path):
    """The fit counts each member's blocks per SM as the runtime does, from
    the bundle tile-opt compiles with the table: the 16- and 32-row
    members' shared memory leaves room for two; a tile-opt that cannot be
    run stops it in one line."""
    tile_opt = os.environ.get("TILE_OPT")
    if not tile_opt:
        pytest.skip("needs tile-opt: set TILE_OPT to build/bin/tile-opt")
    fit = _script("fit_cost_model.py")
    per_sm = fit.blocks_per_sm(os.path.join(ROOT, "data", "sm_90a.json"), tile_opt)
    assert {name for name, n in per_sm.items() if n != 1} == {"s16", "s32"}
    assert per_sm["s16"] == per_sm["s32"] == 2
    with pytest.raises(SystemExit, match="^fit_cost_model: cannot run "):
        fit.blocks_per_sm(os.path.join(ROOT, "data", "sm_90a.json"), str(tmp_path / "none"))
    # A table tile-opt refuses: its error line, not a note after it.
    with open(os.path.join(ROOT, "data", "sm_90a.json")) as f:
        table = json.load(f)
    table["members"][0]["config"]["block_k"] = 32
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(table))
    with pytest.raises(SystemExit, match="could not compile the table's members: .*error: .*"
                                         "block_k = 64"):
        fit.blocks_per_sm(str(bad), tile_opt)


def test_fit_script_reads_a_run_cut_short(tmp_path):
    """tile-run's text, where a run's time ran out before its JSON: each
    shape with cuBLAS's and every member's time (a candidate under the name
    it has in the table); a last shape without all its members is left
    out; a file with no shape is an error."""
    fit = _script("fit_cost_model.py")
    run = tmp_path / "cut.txt"
    run.write_text(
        "problem: M=512 N=64 K=64, f16 inputs\n"
        "==== problem 512x6144x4096, seed 1 ====\n"
        "time cuBLAS (cublasLt): 0.0398 ms median (IQR 0.0392-0.0402)\n"
        "time B/mm__big.json: 0.0505 ms median (IQR 0.0498-0.0512), 78.8% of cuBLAS\n"
        "time B/mm__mid.json: 0.0497 ms median (IQR 0.0492-0.0502)\n"
        "time B/mm__o128n96.json: 0.0401 ms median (IQR 0.0398-0.0405)\n"
        "==== problem 512x4096x4096, seed 2 ====\n"
        "time cuBLAS (cublasLt): 0.03 ms median\n"
        "time B/mm__big.json: 0.04 ms median\n")
    assert fit.load(str(run)) == [((512, 6144, 4096), 0.0398,
                                   {"big": 0.0505, "mid": 0.0497, "w96": 0.0401}, None)]
    (tmp_path / "empty.txt").write_text("nothing\n")
    with pytest.raises(SystemExit, match="no shape with cuBLAS's and the members' times"):
        fit.load(str(tmp_path / "empty.txt"))


def _two_member_run(tmp_path):
    """A tile-run text of six shapes timing m64 (faster everywhere) and
    small beside cuBLAS, for the fit script's tests."""
    run = tmp_path / "run.txt"
    run.write_text("".join(
        f"==== problem {m}x{n}x{k}, seed 1 ====\ntime cuBLAS (cublasLt): 0.02 ms median\n"
        f"time B/mm__m64.json: {0.01 + m * n * k * 2e-15:.6f} ms median\n"
        f"time B/mm__small.json: {0.015 + m * n * k * 3e-15:.6f} ms median\n"
        for m in (1, 2048) for n, k in ((4096, 4096), (8192, 2048), (1024, 8192))))
    return run


def test_fit_script_fits_only_the_named_members(tmp_path):
    """--only: the named members are fitted, every other keeps the table's
    coefficients (members appended to a fitted table); a name the table
    lacks, or --only with --no-fit, is refused with one line. (Six shapes:
    a member with fewer than eight starts from its configuration, so the
    test needs no scipy.)"""
    fit = _script("fit_cost_model.py")
    cfg = {"block_k": 64, "schedule": "persistent", "warp_specialize": "none"}
    table = {"chip": "sm_90a", "sms": 132, "members": [
        {"name": name, "why": name, "config": dict(cfg, block_m=64, block_n=n),
         "cost": {"step_ps": 250000, "tile_ns": 1500, "launch_ns": 4000, "gbps": 5000}}
        for name, n in (("m64", 128), ("small", 64))], "blocks_per_sm": {"m64": 1, "small": 1}}
    run = _two_member_run(tmp_path)
    data = fit.read_runs([str(run)])
    costs = fit.fit(table, data, ["small"])
    assert costs["m64"] == [250000, 1500, 4000, 5000]
    assert costs["small"] != [250000, 1500, 4000, 5000]
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    script = os.path.join(ROOT, "scripts", "fit_cost_model.py")
    for extra, words in ((["--only", "small,nosuch"], "--only names members the table lacks: nosuch"),
                         (["--only", "small", "--no-fit"], "--no-fit fits nothing: no --only")):
        r = subprocess.run([sys.executable, script, str(run), "--table", str(path), *extra],
                           capture_output=True, text=True)
        assert r.returncode == 2 and words in r.stderr.splitlines()[-1]


def test_fit_script_replaces_the_times_of_changed_kernels(tmp_path):
    """A later run carries a member's earlier times over, scaled by the
    two runs' cuBLAS times, on the shapes it lacks; --replace runs time a
    changed kernel under its old name, so the members they time keep no
    time of the other runs, and the other members keep theirs."""
    fit = _script("fit_cost_model.py")
    old = _two_member_run(tmp_path)
    new = tmp_path / "new.txt"
    new.write_text("==== problem 1x4096x4096, seed 1 ====\n"
                   "time cuBLAS (cublasLt): 0.04 ms median\n"
                   "time B/mm__small.json: 0.03 ms median\n")
    merged = {s: t for s, _, t, _ in fit.read_runs([str(old), str(new)])}
    replaced = {s: t for s, _, t, _ in fit.read_runs([str(old)], [str(new)])}
    assert len(merged) == len(replaced) == 6
    assert merged[(1, 4096, 4096)] == replaced[(1, 4096, 4096)] == {
        "m64": pytest.approx(2 * 0.01, rel=1e-3), "small": 0.03}
    assert merged[(2048, 8192, 2048)]["small"] == pytest.approx(0.015 + 2048 * 8192 * 2048 * 3e-15,
                                                                rel=1e-3)
    assert replaced[(2048, 8192, 2048)] == {
        "m64": pytest.approx(0.01 + 2048 * 8192 * 2048 * 2e-15, rel=1e-3)}


def test_fit_script_cross_validates_each_family_apart(tmp_path):
    """--cross-validate: each model family's shapes picked by a fit without
    them (one process per family); together they cover every shape once."""
    fit = _script("fit_cost_model.py")
    cfg = {"block_k": 64, "schedule": "persistent", "warp_specialize": "none"}
    table = {"chip": "sm_90a", "sms": 132, "members": [
        {"name": name, "why": name, "config": dict(cfg, block_m=64, block_n=n),
         "cost": {"step_ps": 250000, "tile_ns": 1500, "launch_ns": 4000, "gbps": 5000}}
        for name, n in (("m64", 128), ("small", 64))]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    table["blocks_per_sm"] = {"m64": 1, "small": 1}
    run = _two_member_run(tmp_path)
    data = fit.read_runs([str(run)])
    families = sorted({fit.family(d[0]) for d in data})
    assert len(families) > 1
    held = [fit.held_out((table, data, fam, ["small"], False)) for fam in families]
    assert all({fit.family(r[0]) for r in rows} == {fam} for rows, fam in zip(held, families))
    assert sorted(r[0] for rows in held for r in rows) == sorted(d[0] for d in data)
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "fit_cost_model.py"),
                        str(run), "--table", str(path), "--only", "small", "--one-per-sm",
                        "--cross-validate"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "held out (each family picked by a fit without it): 6 shapes" in r.stdout


def test_fit_script_refines_from_the_table(tmp_path):
    """--from-table: the named members keep the table's coefficients unless
    the refine of the picks moves them (no least-squares start): here the
    table already picks the fastest member everywhere, so nothing moves,
    where a fit moves them; --from-table with --no-fit is refused."""
    fit = _script("fit_cost_model.py")
    cfg = {"block_k": 64, "schedule": "persistent", "warp_specialize": "none"}
    slow = {"step_ps": 2500000, "tile_ns": 15000, "launch_ns": 40000, "gbps": 500}
    table = {"chip": "sm_90a", "sms": 132, "members": [
        {"name": "m64", "why": "m64", "config": dict(cfg, block_m=64, block_n=128),
         "cost": {"step_ps": 250000, "tile_ns": 1500, "launch_ns": 4000, "gbps": 5000}},
        {"name": "small", "why": "small", "config": dict(cfg, block_m=64, block_n=64),
         "cost": slow}], "blocks_per_sm": {"m64": 1, "small": 1}}
    run = _two_member_run(tmp_path)
    data = fit.read_runs([str(run)])
    assert all(r[1] == r[2] == "m64" for r in fit.picks(table, fit.table_costs(table), data))
    kept = fit.fit(table, data, ["small"], from_table=True)
    assert kept["small"] == list(slow.values()) and kept["m64"] == [250000, 1500, 4000, 5000]
    assert fit.fit(table, data, ["small"])["small"] != list(slow.values())
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "fit_cost_model.py"),
                        str(run), "--table", str(path), "--from-table", "--no-fit"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.splitlines()[-1].endswith(
        "--no-fit checks the table as it is: no --write, --cross-validate or --from-table")


def test_fit_script_takes_a_shape_from_its_last_run(tmp_path):
    """A shape measured again (a kernel change re-measured) is the later
    run's; a shape whose pick the run lacks (a member newer than the run) is
    left out of the check, and costs the pick loss log 2, so that refining
    cannot hide a bad pick behind it."""
    fit = _script("fit_cost_model.py")

    def run(name, times):
        path = tmp_path / name
        path.write_text("".join(
            f"==== problem {s}, seed 1 ====\ntime cuBLAS (cublasLt): {c} ms median\n" +
            "".join(f"time B/mm__{m}.json: {t} ms median\n" for m, t in ts.items())
            for s, (c, ts) in times.items()))
        return str(path)

    old = run("old.txt", {"1x4096x4096": (0.02, {"m64": 0.03, "small": 0.04}),
                          "4096x4096x4096": (0.2, {"m64": 0.5, "small": 0.6})})
    new = run("new.txt", {"1x4096x4096": (0.02, {"m64": 0.025, "small": 0.05})})
    data = {d[0]: d for d in fit.read_runs([old, new])}
    assert data[(1, 4096, 4096)][2] == {"m64": 0.025, "small": 0.05}
    assert data[(4096, 4096, 4096)][2] == {"m64": 0.5, "small": 0.6}
    table = {"sms": 132, "members": [
        {"name": "m64", "config": {"block_m": 64, "block_n": 128, "block_k": 64,
                                    "schedule": "persistent"}},
        {"name": "small", "config": {"block_m": 64, "block_n": 64, "block_k": 64,
                                      "schedule": "persistent"}}],
        "blocks_per_sm": {"m64": 1, "small": 1}}
    fast, slow = [100000, 1000, 1000, 3000], [900000, 9000, 9000, 1000]
    rows = fit.picks(table, {"m64": fast, "small": slow}, list(data.values()))
    assert [(r[0], r[1], r[2]) for r in rows] == [
        ((1, 4096, 4096), "m64", "m64"), ((4096, 4096, 4096), "m64", "m64")]
    # A pick the run did not measure: the shape is left out, at log 2.
    lacking = [(s, c, {"small": t["small"]}, tri) for s, c, t, tri in data.values()]
    assert fit.picks(table, {"m64": fast, "small": slow}, lacking) == []
    assert fit.pick_loss(table, {"m64": fast, "small": slow}, lacking) == \
        pytest.approx(2 * math.log(2))


def test_fit_script_counts_each_members_blocks_per_sm():
    """A member holding two blocks per SM takes 264 programs in one wave
    where it took two: the pick moves to it, as the runtime's would; a table
    without its members' counts is refused, not read as one each."""
    fit = _script("fit_cost_model.py")
    table = {"sms": 132, "members": [
        {"name": "m64", "config": {"block_m": 64, "block_n": 128, "block_k": 64,
                                    "schedule": "persistent"}},
        {"name": "small", "config": {"block_m": 64, "block_n": 64, "block_k": 64,
                                      "schedule": "persistent"}}]}
    costs = {"m64": [200000, 1000, 1000, 50000], "small": [120000, 1000, 1000, 50000]}
    shape = (64, 132 * 128, 4096)  # 132 tiles of 64x128, 264 of 64x64
    one = dict(table, blocks_per_sm={"m64": 1, "small": 1})
    two = dict(table, blocks_per_sm={"m64": 1, "small": 2})
    assert fit.pick(one, costs, shape) == ("m64", 1)
    assert fit.pick(two, costs, shape) == ("small", 1)
    with pytest.raises(KeyError):
        fit.pick(table, costs, shape)


def test_shape_suites():
    """scripts/suites.py: each suite's size, one entry per shape, and the
    held-out suite's layers and M values outside the fitted suites'."""
    suites = _script("suites.py")
    sizes = {name: len(suites.suite(name)) for name in suites.SUITES}
    assert sizes == {"calibration": 183, "llm": 102, "classic": 9, "decode": 51, "heldout": 80,
                     "kheavy": 18}
    for name in suites.SUITES:
        shapes = [e[:3] for e in suites.suite(name)]
        assert len(set(shapes)) == len(shapes)
    fitted = {e[:3] for e in suites.suite("calibration") + suites.suite("llm")}
    held = suites.suite("heldout")
    assert not {e[:3] for e in held} & fitted
    assert not {(n, k) for _, n, k, _, _ in held} & {(n, k) for _, n, k, _, _ in
                                                     suites.suite("llm") + suites.suite("calibration")}
    assert [e[:3] for e in suites.suite("heldout", [7])] == [(7, n, k) for _, _, n, k in
                                                            suites.HELDOUT_LAYERS]
    script = os.path.join(ROOT, "scripts", "suites.py")
    for bad in ("0", "x"):
        r = subprocess.run([sys.executable, script, "heldout", "--m", bad],
                           capture_output=True, text=True)
        assert r.returncode == 2 and "--m:" in r.stderr
    r = subprocess.run([sys.executable, script, "heldout", "--table"], capture_output=True,
                       text=True, check=True)
    assert r.stdout.splitlines()[0] == "4x55296x5120 Qwen2.5-32B gate_up"


def _dispatch_copy(manifests, tmp_path, change):
    """The auto bundle's dispatch manifest after `change`, next to its members."""
    folder = os.path.dirname(manifests["auto"])
    with open(manifests["auto"]) as f:
        doc = json.load(f)
    change(doc)
    path = os.path.join(folder, f"edited-{len(os.listdir(folder))}.json")
    with open(path, "w") as f:
        json.dump(doc, f)
    return path


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(dispatch=[]), 'field "dispatch" must be a non-empty array of rules'),
    (lambda d: d["dispatch"][0].update(bundle="../x.json"),
     "dispatch[0]: \"bundle\" must name a manifest in the same directory, not '../x.json'"),
    (lambda d: d["dispatch"][1].update(bundle="matmul_f16.json"),
     "dispatch[1]: bundle 'matmul_f16.json' is itself a dispatch manifest"),
    (lambda d: d["dispatch"][2].pop("why"), 'dispatch[2]: missing required field "why"'),
    (lambda d: d["dispatch"][0].update(cost=[132, 1]),
     'dispatch[0]: field "cost" must be 5 sizes between 0 and 1000000000'),
    (lambda d: d["dispatch"][2]["cost"].__setitem__(4, 0),
     'dispatch[2]: "cost" needs positive SMs, step time and bytes per ns (its first, second '
     'and fifth numbers)'),
    (lambda d: d["dispatch"][3].update(bundle="none.json"),
     "dispatch[3]: bundle 'none.json': cannot read: No such file or directory"),
], ids=["empty", "escape", "nested", "no-why", "cost-length", "cost-zero", "missing"])
def test_hostile_dispatch(manifests, tmp_path, change, words):
    path = _dispatch_copy(manifests, tmp_path, change)
    with pytest.raises(BundleError) as e:
        load_manifest(path)
    assert str(e.value) == f"manifest {path}: {words}"


def test_dispatch_manifests_naming_each_other(tmp_path):
    """Refused, not followed (no recursion)."""
    for me, other in (("a", "b"), ("b", "a")):
        with open(tmp_path / f"{me}.json", "w") as f:
            json.dump({"kernel": me, "dispatch": [{"bundle": f"{other}.json", "why": "x"}]}, f)
    with pytest.raises(BundleError, match="bundle 'b.json' is itself a dispatch manifest"):
        load_manifest(str(tmp_path / "a.json"))


def test_dispatch_without_a_matching_rule(manifests, tmp_path):
    tuned = {"bundle": "matmul_f16__mid.json", "class": "m2^1-n2^1-k2^1", "why": "tuned"}
    path = _dispatch_copy(manifests, tmp_path, lambda d: d.update(dispatch=[tuned]))
    d = load_manifest(path)
    with pytest.raises(UnsupportedError) as e:
        d.pick(4096, 4096, 4096)
    assert str(e.value) == (f"manifest {path}: no dispatch rule matches shape 4096x4096x4096 "
                            "(class m2^12-n2^12-k2^12; the nearest rule is 0, for class "
                            "m2^1-n2^1-k2^1 (matmul_f16__mid.json))")
    with pytest.raises(UnsupportedError, match="shape 0x1x1 has a size outside 1 to 2147483647"):
        d.pick(0, 1, 1)


def test_parse_shape_is_the_runtimes():
    """tile-run's reading of --shape (tile_rt_parse_shape); text no C string
    holds as given is refused as well."""
    assert parse_shape("4096x1x2147483647") == (4096, 1, rt.MAX_SIZE)
    for text in ("064x1x1", "1x1x1\0", "\udc80x1x1", None, b"1x1x1"):
        with pytest.raises(BundleError) as e:
            parse_shape(text)
        assert str(e.value) == (f"bad shape {text!r}: expected MxNxK, three sizes from 1 to "
                                f"2147483647 in ASCII digits")


def test_runtime_sizes():
    """Element sizes and file limits are the runtime's."""
    assert [rt.dtype_bytes(t) for t in ("f16", "bf16", "f32")] == [2, 2, 4]
    with pytest.raises(ValueError, match="unknown type 'f64'"):
        rt.dtype_bytes("f64")
    assert (rt.MAX_MANIFEST_BYTES, rt.MAX_PTX_BYTES) == (1 << 20, 64 << 20)


def test_dispatch_by_shape_class(manifests, tmp_path):
    """A tile-tune winner's rule matches its shape class only (tile-run's
    shapeClass: power-of-two buckets, and N, K multiples of 8)."""
    assert shape_class(4096, 4096, 4096) == "m2^12-n2^12-k2^12"
    assert shape_class(3000, 1, 4097) == "m2^12-n2^0-k2^13-unaligned"
    with pytest.raises(UnsupportedError, match="has a size outside 1 to 2\\^31 - 1"):
        shape_class(2**31, 1, 1)
    rule = {"bundle": "matmul_f16__mid.json", "class": "m2^12-n2^12-k2^12", "why": "tuned"}
    d = load_manifest(_dispatch_copy(manifests, tmp_path,
                                     lambda doc: doc["dispatch"].insert(0, rule)))
    assert d.rules[0]["class"] == "m2^12-n2^12-k2^12"
    member, why = d.pick(3000, 4096, 2560)
    assert member.kernel == "matmul_f16__mid" and why == "rule 0, class m2^12-n2^12-k2^12: tuned"
    assert d.pick(8192, 8192, 8192)[0].kernel == "matmul_f16__w192"  # the model


def test_cluster_grid(tmp_path):
    """Clusters of two along M: tile rows round up to whole clusters, and a
    persistent grid holds whole resident clusters."""
    doc = {**_base_manifest(), "schedule": "persistent", "cluster_m": 2,
           "block_m": 128, "block_n": 128}
    b = load_bundle(_write(tmp_path, doc))
    assert b.cluster_m == 2 and b.persistent

    def info(m, n, **device):
        return b.plan(m, n, 64, **device).info()

    assert info(129, 256)["tiles"] == 2 * 2 and info(257, 128)["tiles"] == 4 * 1
    assert info(129, 256)["cluster_m"] == 2
    # 132 SMs, 1 block each, at most 62 clusters resident: 124 programs.
    device = {"sm_count": 132, "programs_per_sm": 1}
    assert info(8192, 8192, **device, max_clusters=62)["grid"] == 124
    assert info(8192, 8192, **device, max_clusters=80)["grid"] == 132
    assert info(129, 128, **device, max_clusters=66)["grid"] == 2
    with pytest.raises(UnsupportedError, match="not one cluster of 2 blocks is resident at once "
                                               "\\(max_active_clusters 0\\)"):
        info(8192, 8192, **device)
    assert load_bundle(_write(tmp_path, _base_manifest(), name="n.json")).cluster_m == 1


@pytest.mark.parametrize("value, words", [(3, 'field "cluster_m" is 3; expected 1 or 2'),
                                          (0, 'field "cluster_m" must be at least 1, not 0')])
def test_cluster_m_out_of_range(tmp_path, value, words):
    path = _write(tmp_path, {**_base_manifest(), "cluster_m": value})
    with pytest.raises(BundleError) as e:
        load_bundle(path)
    assert str(e.value) == f"manifest {path}: {words}"


# ---------------------------------------------------------------------------
# Split-K and Stream-K manifests (tile-run's rules: test/tile-run/split-k.test)


def _split_manifest(**changes) -> dict:
    """A tiled wgmma kernel of 128x128 tiles in 4 splits."""
    doc = {**_base_manifest(), "mma": "wgmma", "split_k": 4, "splits": "grid", "workspace_tile_bytes": 65792,
           "block_m": 128, "block_n": 128, "block_k": 64, "c_type": "f16",
           "layouts": ["nn"], "n_multiple": 8, "k_multiple": 8, "tma_swizzle_bytes": 128,
           "tma_box_a": [64, 128], "tma_box_b": [64, 64], "tma_box_c": [64, 64],
           "tma_box_a_tail": [64, 64],
           "params": _params(SPLIT_PARAMS)}
    doc.update(changes)
    if doc.get("split_k") == 1 and doc.get("schedule") == "stream_k":
        del doc["splits"]  # for split-K kernels only
    return doc


def _write_split(tmp_path, doc) -> str:
    """The manifest next to a PTX kernel of its parameters' sizes."""
    return _write(tmp_path, doc, ptx=_ptx([p["type"] for p in doc["params"]]))


def _drop_workspace(doc):
    doc["params"].pop()
    return doc


def test_split_k_grid_workspace_and_arguments(tmp_path):
    b = load_bundle(_write_split(tmp_path, _split_manifest()))
    assert (b.split_k, b.workspace_tile_bytes, b.uses_workspace) == (4, 65792, True)
    assert [(p.name, p.type) for p in b.params[-2:]] == [("tma_a_tail", "tensormap"),
                                                          ("workspace", "ptr")]
    # 1000x1000 has 8 x 8 tiles: 4 blocks and 65792 bytes each.
    plan = b.plan(1000, 1000, 4096)
    info = plan.info()
    assert (info["tiles"], info["splits"], info["grid"], info["workspace_bytes"]) == \
        (64, 4, 256, 64 * 65792)
    assert info["param_count"] == 17 and plan.params()[-1] == ("workspace", "ptr", 0)
    assert plan.text(rt.Text.WORKSPACE) == (
        "4 x 64 = 256 blocks (splits x tiles), workspace 64 x 65792 = 4210688 B "
        "(tiles x workspace_tile_bytes)")
    assert b.plan(1, 1, 8).info()["grid"] == 4
    # Fewer programs per tile, as a launch chooses; the workspace keeps its
    # split_k slots. More than split_k is refused.
    info = b.plan(1000, 1000, 4096, splits=3).info()
    assert (info["splits"], info["grid"], info["workspace_bytes"]) == (3, 192, 64 * 65792)
    with pytest.raises(rt.UnsupportedError, match="runs 1 to 4 programs per tile "
                       r"\(its split_k\), not splits = 5"):
        b.plan(1000, 1000, 4096, splits=5)


@pytest.mark.parametrize("change", [_with(split_k=1), _without("split_k")],
                         ids=["one", "absent"])
def test_split_k_one_or_absent_takes_no_workspace(tmp_path, change):
    doc = _drop_workspace(change(_split_manifest()))
    del doc["workspace_tile_bytes"], doc["splits"]
    b = load_bundle(_write_split(tmp_path, doc))
    assert b.split_k == 1 and not b.uses_workspace
    info = b.plan(1000, 1000, 4096).info()
    assert (info["workspace_bytes"], info["grid"], info["param_count"]) == (0, 64, 16)
    assert b.plan(1000, 1000, 4096).text(rt.Text.WORKSPACE) == ""
    # "splits" says how a split-K kernel reads its splits: refused on others.
    doc["splits"] = "grid"
    with pytest.raises(BundleError, match=r'field "splits" is for split-K kernels \("split_k" '
                                          r'above 1\)'):
        load_bundle(_write_split(tmp_path, doc))


def test_stream_k_manifest(tmp_path):
    """A Stream-K kernel: a grid sized to the GPU (capped at the tile count)
    and the workspace of split-K; without the workspace, refused."""
    b = load_bundle(_write_split(tmp_path, _split_manifest(schedule="stream_k", split_k=1)))
    assert b.persistent and b.uses_workspace and b.info["stream_k"]
    device = {"sm_count": 132, "programs_per_sm": 1}
    assert b.plan(1000, 1000, 4096, **device).info()["grid"] == 64  # 8 x 8 tiles
    assert b.plan(4096, 4096, 4096, **device).info()["grid"] == 132
    assert b.plan(1000, 1000, 4096).info()["workspace_bytes"] == 64 * 65792
    doc = _drop_workspace(_split_manifest(schedule="stream_k", split_k=1))
    path = _write_split(tmp_path, doc)
    with pytest.raises(BundleError) as e:
        load_bundle(path)
    assert str(e.value) == (f"manifest {path}: \"params\" lists 16 of the 17 parameters of an "
                            f"mma=wgmma stream_k kernel; the next is 'workspace' (ptr)")


def _workspace_first(doc):
    doc["params"].insert(12, doc["params"].pop())
    return doc


def _sync_split(doc):
    doc["params"] = doc["params"][:12] + doc["params"][16:]
    doc["mma"] = "sync"
    return doc


_ONLY_SPLIT_K = ("params[16] is 'workspace' (ptr), but an mma=wgmma kernel takes 16 parameters; "
                 "only split-K kernels (\"split_k\" above 1) take it")

SPLIT_REFUSALS = [
    # (id, change to the split-K manifest, the error after "manifest PATH: ")
    ("zero", _with(split_k=0), 'field "split_k" must be at least 1, not 0'),
    ("129", _with(split_k=129), 'field "split_k" is 129; expected 1 to 128'),
    ("fraction", _with(split_k=2.5), 'field "split_k" must be an integer, not 2.5'),
    ("persistent", _with(schedule="persistent"),
     'field "split_k" is 4; split-K kernels are tiled, not persistent'),
    ("sync", _sync_split, 'field "split_k" is 4; split-K kernels are mma=wgmma, not mma=sync'),
    ("older", _without("splits"),
     'field "split_k" is 4 without "splits": an older tile-opt\'s kernel, which runs '
     'exactly split_k programs per tile; compile it again'),
    ("splits-other", _with(splits="fixed"), 'field "splits" is \'fixed\'; expected grid, resident or cluster'),
    ("no-workspace", _drop_workspace,
     "\"params\" lists 16 of the 17 parameters of an mma=wgmma split_k=4 kernel; the next is "
     "'workspace' (ptr)"),
    ("workspace-first", _workspace_first,
     "params[12] is 'workspace' (ptr); an mma=wgmma split_k=4 kernel takes 'tma_a' (tensormap) "
     "there"),
    ("workspace-i64", _param_type(16, "i64"),
     "params[16] is 'workspace' (i64); an mma=wgmma split_k=4 kernel takes 'workspace' (ptr) "
     "there"),
    ("workspace-unsplit", lambda d: _without("splits")(_with(split_k=1)(d)), _ONLY_SPLIT_K),
    ("workspace-old", lambda d: _without("splits")(_without("split_k")(d)), _ONLY_SPLIT_K),
    ("no-bytes", _without("workspace_tile_bytes"),
     'missing required field "workspace_tile_bytes"'),
    ("zero-bytes", _with(workspace_tile_bytes=0),
     'field "workspace_tile_bytes" must be at least 1, not 0'),
    ("string-bytes", _with(workspace_tile_bytes="64K"),
     'field "workspace_tile_bytes" must be an integer, not a string'),
]


@pytest.mark.parametrize("change, words", [pytest.param(c, w, id=i)
                                           for i, c, w in SPLIT_REFUSALS])
def test_split_k_refusals(tmp_path, change, words):
    path = _write_split(tmp_path, change(_split_manifest()))
    with pytest.raises(BundleError) as e:
        load_bundle(path)
    assert str(e.value) == f"manifest {path}: {words}"


def test_split_k_products_that_overflow(tmp_path):
    """A grid holds at most 2^31 - 1 blocks, a workspace 2^63 - 1 bytes."""
    b = load_bundle(_write_split(tmp_path, _split_manifest(split_k=128)))
    b.check_shape(524288, 524160, 8)  # 4096 x 4095 tiles: 2146959360 blocks
    assert b.plan(524288, 524160, 8).info()["grid"] == 2146959360
    assert _refusal(b, 524288, 524288, 8) == (
        f"manifest {b.manifest_path}: shape 524288x524288 needs 16777216 tiles of 128x128 "
        f"in 128 splits each, more than one grid can hold")
    b = load_bundle(_write_split(tmp_path, _split_manifest(workspace_tile_bytes=2**50)))
    b.check_shape(1048448, 128, 8)  # 8191 tiles
    assert b.plan(1048448, 128, 8).info()["workspace_bytes"] == 9222246136947933184
    assert _refusal(b, 1048576, 128, 8) == (
        f"manifest {b.manifest_path}: shape 1048576x128 needs 8192 tiles of "
        f"1125899906842624 workspace bytes, more than 2^63 bytes")
    # A 32-bit kernel addresses at most 2^31 f32 elements of workspace.
    b = load_bundle(_write_split(tmp_path, _split_manifest(index_bitwidth=32,
                                                           workspace_tile_bytes=2**20)))
    b.check_shape(1048576, 128, 8)  # 8192 tiles: 2^33 bytes
    assert _refusal(b, 1048704, 128, 8) == (
        f"bundle {b.manifest_path} indexes with 32-bit offsets; shape 1048704x128 needs "
        f"a workspace of 8590983168 B, more (recompile with index-bitwidth=64)")


# ---------------------------------------------------------------------------
# Unaligned N and K on TMA kernels: staged through padded copies (tile-run's
# rules: test/tile-run/staging.test)


def _tma_manifest(**changes) -> dict:
    """The split-K manifest's kernel without split-K: 128x128 tiles."""
    doc = _drop_workspace(_split_manifest(**changes))
    del doc["split_k"], doc["splits"], doc["workspace_tile_bytes"]
    return doc


def test_staging_pads_unaligned_n_and_k(manifests):
    w = load_bundle(manifests["wgmma"])
    aligned = w.staging(4096, 4104, 4096)
    assert not aligned.staged and (aligned.mp, aligned.kp, aligned.np) == (4096, 4096, 4104)
    # Padded to whole 128-byte lines (64 f16), rows shorter than a line to
    # whole 32-byte sectors (16 f16).
    for shape, padded in {(4095, 4097, 4103): (4160, 4160), (128, 100, 128): (128, 128),
                          (128, 128, 100): (128, 128), (1, 1, 1): (16, 16)}.items():
        s = w.staging(*shape)
        assert s.staged and (s.kp, s.np) == padded, shape
        w.check_shape(*shape)
    info = w.plan(4095, 4097, 4103).info()
    assert info["staged"]
    # C is not copied: the kernel stores it at any alignment (c_any_alignment).
    assert (info["a_copy_bytes"], info["b_copy_bytes"], info["c_copy_bytes"]) == (
        4095 * 4160 * 2, 4103 * 4160 * 2, 0)
    assert w.plan(4096, 4104, 4096).info()["a_copy_bytes"] == 0
    # The kernel gets the problem's sizes and the copies' row strides.
    assert _plan_args(w, 4095, 4097, 4103) == {
        "M": 4095, "N": 4097, "K": 4103, "stride_am": 4160, "stride_ak": 1,
        "stride_bk": 4160, "stride_bn": 1, "stride_cm": 4097, "stride_cn": 1}
    assert _plan_args(w, 128, 128, 100) == {
        "M": 128, "N": 128, "K": 100, "stride_am": 128, "stride_ak": 1,
        "stride_bk": 128, "stride_bn": 1, "stride_cm": 128, "stride_cn": 1}
    args = _plan_args(w, 128, 100, 128)
    assert args["stride_am"] == 128 and args["stride_bk"] == 128 and args["stride_cm"] == 100


def test_staged_tma_descriptors(manifests, tmp_path):
    """The descriptors span the problem (TMA zero-fills and clips at K and
    N) over the copies' padded rows; C's over C itself, which the kernel
    stores in place (by its threads, where TMA cannot)."""
    w = load_bundle(manifests["wgmma"])
    views = tma_views(w.plan(4095, 4097, 4103))
    a, b, c, tail = views["tma_a"], views["tma_b"], views["tma_c"], views["tma_a_tail"]
    assert (a.operand, a.dtype, a.rows, a.cols, a.pitch, a.box) == ("A", "f16", 4095, 4103,
                                                                    4160, (64, 128))
    assert (b.operand, b.rows, b.cols, b.pitch, b.box) == ("B", 4103, 4097, 4160, (64, 64))
    assert (c.operand, c.rows, c.cols, c.pitch, c.box) == ("C", 4095, 4097, 4097, (64, 64))
    assert (tail.operand, tail.rows, tail.cols, tail.pitch, tail.box) == ("A", 4095, 4103, 4160,
                                                                          (64, 64))
    assert [v.pitch for v in tma_views(w.plan(4096, 4104, 4096)).values()] == [4096, 4104, 4104,
                                                                               4096]
    assert w.plan(4096, 4104, 4096).tma(1)["row_bytes"] == 8208
    f32 = load_bundle(_write_split(tmp_path, _tma_manifest(c_type="f32", tma_box_c=[32, 64])))
    plan = f32.plan(64, 98, 64)
    c = tma_views(plan)["tma_c"]
    assert (c.dtype, c.rows, c.cols, c.pitch, c.box) == ("f32", 64, 98, 128, (32, 64))
    assert plan.tma(2)["row_bytes"] == 128 * 4
    # Only the operands whose rows TMA cannot address are copied: 100 f32
    # elements are 400 bytes, so C is written in place, B (200 bytes) copied.
    plan = f32.plan(64, 100, 64)
    views = tma_views(plan)
    assert (views["tma_b"].pitch, views["tma_c"].pitch) == (128, 100)
    assert (plan.info()["b_copy_bytes"], plan.info()["c_copy_bytes"]) == (64 * 128 * 2, 0)
    # An mma.sync kernel takes none.
    sync = load_bundle(_write(tmp_path, _base_manifest()))
    with pytest.raises(UnsupportedError, match="takes no TMA descriptors \\(mma=sync\\)"):
        tma_views(sync.plan(64, 64, 64))


def test_staging_line(manifests, tmp_path):
    w = load_bundle(manifests["wgmma"])
    path = w.manifest_path
    tail = "which every timed launch includes"
    assert w.staging(4095, 4097, 4103).line(path) == (
        f"staging: 4095x4097x4103 on {path}: N=4097 and K=4103 are not multiples of 8; "
        f"A and B go through padded copies (K 4103 -> 4160, N 4097 -> 4160), "
        f"{tail}; C's rows (N=4097, not a multiple of 8) are stored in place by the "
        f"kernel's threads, not TMA")
    assert w.staging(128, 100, 128).line(path) == (
        f"staging: 128x100x128 on {path}: N=100 is not a multiple of 8; B goes "
        f"through a padded copy (N 100 -> 128), {tail}; C's rows (N=100, not a "
        f"multiple of 8) are stored in place by the kernel's threads, not TMA")
    # Nothing copied, C stored by the threads: said, not staged.
    nt = load_bundle(manifests["nt-wgmma"])
    s = nt.staging(64, 50257, 768, "nt")
    assert not s.staged and s.why == (
        "C's rows (N=50257, not a multiple of 8) are stored in place by the kernel's "
        "threads, not TMA")
    assert w.staging(128, 128, 100).line(path) == (
        f"staging: 128x128x100 on {path}: K=100 is not a multiple of 8; A goes "
        f"through a padded copy (K 100 -> 128), {tail}")
    k16 = load_bundle(_write_split(tmp_path, _tma_manifest(k_multiple=16)))
    assert k16.staging(64, 100, 136).line("x.json") == (
        f"staging: 64x100x136 on x.json: N=100 is not a multiple of 8 and K=136 is not a "
        f"multiple of 16; A, B and C go through padded copies (K 136 -> 192, "
        f"N 100 -> 128), {tail}")


def test_what_is_not_staged(manifests, tmp_path):
    # mma=sync kernels keep their rule: refused, not staged.
    sync = load_bundle(_write(tmp_path, {**_base_manifest(), "n_multiple": 8, "k_multiple": 8}))
    assert _refusal(sync, 64, 100, 64) == (f'bundle {sync.manifest_path} needs N to be a '
                                           f'multiple of 8 ("n_multiple"); the shape asks '
                                           f'for 100')
    # M is no operand's row length in layout nn: its multiple refuses.
    m3 = load_bundle(_write_split(tmp_path, _tma_manifest(m_multiple=3)))
    assert 'needs M to be a multiple of 3 ("m_multiple")' in _refusal(m3, 128, 100, 64)
    # A TMA kernel serves the one layout it was compiled for.
    assert "cannot serve layout nt" in _refusal(load_bundle(manifests["wgmma"]), 64, 100, 60,
                                                "nt")


@pytest.mark.parametrize("pinned, shape, words", [
    ({"static_stride_am": 4103}, (4095, 4096, 4103), 'K to be a multiple of 8 ("k_multiple")'),
    ({"static_stride_cm": 100}, (64, 100, 64), 'N to be a multiple of 8 ("n_multiple")'),
    ({"static_stride_bk": 100}, (64, 100, 64), 'N to be a multiple of 8 ("n_multiple")'),
], ids=["am", "cm", "bk"])
def test_a_pinned_row_stride_is_not_staged(tmp_path, pinned, shape, words):
    """A kernel compiled for the unpadded row stride cannot run on the
    copies: refused as before."""
    b = load_bundle(_write_split(tmp_path, _tma_manifest(**pinned)))
    assert _refusal(b, *shape) == f"bundle {b.manifest_path} needs {words}; the shape asks " \
                                  f"for {shape[2] if 'K' in words else shape[1]}"


def test_a_row_stride_pinned_to_the_padded_one_is_staged(tmp_path):
    b = load_bundle(_write_split(tmp_path, _tma_manifest(
        static_stride_am=4160, static_stride_bk=4160, static_stride_cm=4160)))
    assert b.staging(4095, 4097, 4103).staged
    b.check_shape(4095, 4097, 4103)
    # For a shape whose padded rows differ, the pinned stride refuses it.
    assert "compiled for stride_am=4160; dense operands give 4096" in \
        _refusal(b, 4095, 4104, 4096)


def test_staged_copies_count_against_32_bit_offsets(tmp_path):
    """65537 x 32761 elements fit below 2^31, 65537 x 32768 (A's copy) do
    not; 65536 x 32768 is exactly 2^31."""
    b = load_bundle(_write_split(tmp_path, _tma_manifest(index_bitwidth=32)))
    b.check_shape(65536, 8, 32761)
    assert b.plan(65536, 8, 32761).info()["a_copy_bytes"] == 2**31 * 2
    assert _refusal(b, 65537, 8, 32761) == (
        f"bundle {b.manifest_path} indexes with 32-bit offsets; shape 65537x8x32761 needs "
        f"more in its padded copies (recompile with index-bitwidth=64)")
    assert _refusal(b, 65537, 8, 32768) == (
        f"bundle {b.manifest_path} indexes with 32-bit offsets; shape 65537x8x32768 needs "
        f"more (recompile with index-bitwidth=64)")


@pytest.mark.parametrize("box_c", [[24, 64], [128, 64]], ids=["48-bytes", "two-rows"])
def test_wgmma_manifest_with_a_c_box_that_is_not_a_swizzle_row(manifests, tmp_path, box_c):
    """C's box rows are 128, 64 or 32 bytes of C's type, what the kernel stages."""
    with open(manifests["wgmma"]) as f:
        doc = json.load(f)
    doc["tma_box_c"] = box_c
    doc["ptx"] = os.path.join(os.path.dirname(manifests["wgmma"]), doc["ptx"])
    with pytest.raises(BundleError, match="TMA boxes must be swizzled rows"):
        load_bundle(_write(tmp_path, doc))


HOSTILE_PTX = [
    # (id, the PTX next to the base manifest, the error after "manifest PATH: ")
    ("empty", "", "ptx '{dir}/k.ptx' is empty"),
    ("too-large", "x" * (64 * 2**20 + 1),
     "cannot read ptx '{dir}/k.ptx': 67108865 bytes, more than the 67108864 allowed"),
    ("not-ptx", "root:x:0:0:root:/root:/bin/bash\n", "ptx '{dir}/k.ptx' has no kernel 'k'"),
    ("other-kernel", FAKE_PTX.replace(".entry k(", ".entry k2("),
     "ptx '{dir}/k.ptx' has no kernel 'k'"),
    ("too-few-params", _ptx(["ptr"] * 4),
     "\"params\" lists 12 parameters but kernel 'k' in ptx '{dir}/k.ptx' takes 4"),
    ("untyped-param", _ptx([t for _, t in ABI[:SYNC_PARAMS]], {0: ".align 8"}),
     "cannot read parameter 0 of kernel 'k' in ptx '{dir}/k.ptx'"),
]


@pytest.mark.parametrize("ptx, words", [
    *(pytest.param(p, w, id=i) for i, p, w in HOSTILE_PTX),
    # The driver reads the PTX up to its first NUL: the entry checked here
    # would not be the one it loads.
    pytest.param(FAKE_PTX.replace(".visible", "\0.visible"),
                 "ptx '{dir}/k.ptx' contains a NUL byte",
                 id="nul"),
])
def test_hostile_ptx(tmp_path, ptx, words):
    path = _write(tmp_path, _base_manifest(), ptx=ptx)
    with pytest.raises(BundleError) as e:
        load_bundle(path)
    assert str(e.value) == f"manifest {path}: " + words.format(dir=tmp_path)


def test_manifest_that_is_not_a_file(tmp_path):
    for path, why in ((str(tmp_path), "Is a directory"),
                      (str(tmp_path / "absent.json"), "No such file or directory"),
                      ("/dev/null", "not a regular file (a character device)")):
        with pytest.raises(BundleError) as e:
            load_manifest(path)
        assert str(e.value) == f"manifest {path}: cannot read: {why}"
    (tmp_path / "huge.json").write_text(" " * (2**20 + 1))
    with pytest.raises(BundleError, match="cannot read: 1048577 bytes, more than the 1048576 "
                                          "allowed"):
        load_manifest(str(tmp_path / "huge.json"))


def test_ptx_is_found_next_to_the_manifest_not_the_working_directory(tmp_path, monkeypatch):
    folder = tmp_path / "b"
    folder.mkdir()
    _write(folder, _base_manifest())
    monkeypatch.chdir(tmp_path)
    assert load_bundle("b/m.json").ptx_path == "b/k.ptx"
    monkeypatch.chdir(folder)
    assert load_bundle("m.json").ptx_path == "k.ptx"


def test_errors_are_the_runtimes():
    """The Python door's exceptions are the binding's classes."""
    assert BundleError is rt.BundleError and UnsupportedError is rt.UnsupportedError
    assert issubclass(UnsupportedError, BundleError)
    assert not issubclass(rt.CudaError, BundleError)


def test_binding_refuses_bad_input(manifests):
    """The binding's own arguments: one line each, never a crash."""
    b = rt.load(manifests["tiled"])
    with pytest.raises(ValueError, match="^unknown layout 'xx'$"):
        b.plan(64, 64, 64, "xx", "f16", "f16")
    with pytest.raises(ValueError, match="^unknown type 'f8'$"):
        rt.Launcher(b, "nn", "f8", "f16")
    launcher = rt.Launcher(b, "nn", "f16", "f16")
    # A shape never planned launches nothing; binding it is refused.
    assert launcher.launch(64, 64, 64, 16, 32, 48, 0) is False and len(launcher) == 0
    with pytest.raises(BundleError, match="^shape 64x64x64 is not prepared$"):
        launcher.bind(64, 64, 64, 0, 0, 0, 0)
    # Leading dimensions key the plans too; one equal to its row's length is
    # dense (0), so both spellings share a plan.
    with pytest.raises(BundleError, match="^shape 64x64x64 lda=80 ldc=72 is not prepared$"):
        launcher.bind(64, 64, 64, 0, 0, 0, 0, lda=80, ldc=72)
    with pytest.raises(BundleError, match="^shape 64x64x64 is not prepared$"):
        launcher.bind(64, 64, 64, 0, 0, 0, 0, lda=64, ldb=64, ldc=64)
    assert launcher.launch(64, 64, 64, 16, 32, 48, 0, 80, 0, 72) is False
    with pytest.raises(TypeError):
        launcher.launch(2**70, 1, 1, 0, 0, 0, 0)
    with pytest.raises(UnsupportedError, match="^shape 0x64x64 has a size outside 1 to"):
        b.plan(0, 64, 64, "nn", "f16", "f16")
    with pytest.raises(UnsupportedError, match="^shape 0x1x1 has a size outside"):
        rt.shape_class(0, 1, 1)
    with pytest.raises(UnsupportedError, match=r"takes no TMA descriptors \(mma=sync\)$"):
        b.plan(64, 64, 64, "nn", "f16", "f16").tma(0)
    try:  # without libcuda (CI): one line; with it, torch's context is free to take
        rt.use_primary_context(0)
    except rt.CudaError as e:
        assert "\n" not in str(e) and str(e)


# ---------------------------------------------------------------------------
# Statistics


def test_summarize_exact_quantiles():
    assert stats.summarize([3.0, 1.0, 2.0]) == {
        "ms": 2.0, "ms_q25": 1.5, "ms_q75": 2.5, "ms_min": 1.0, "ms_max": 3.0, "samples": 3}
    s = stats.summarize([4.0, 1.0, 3.0, 2.0])
    assert (s["ms"], s["ms_q25"], s["ms_q75"]) == (2.5, 1.75, 3.25)
    assert stats.summarize([5.0]) == {"ms": 5.0, "ms_q25": 5.0, "ms_q75": 5.0,
                                      "ms_min": 5.0, "ms_max": 5.0, "samples": 1}
    with pytest.raises(ValueError):
        stats.summarize([])


def test_fastest_apart_keeps_the_first_on_a_tie():
    """Autotune's rule: the fastest by the median, unless its quartiles
    overlap the first's (the model's pick), which then stays."""
    pick = stats.summarize([1.0, 1.1, 1.2])
    near = stats.summarize([0.95, 1.05, 1.15])  # faster median, overlapping
    clear = stats.summarize([0.5, 0.55, 0.6])
    slow = stats.summarize([2.0, 2.1, 2.2])
    assert stats.fastest_apart([pick, near]) == 0
    assert stats.fastest_apart([pick, near, clear, slow]) == 2
    assert stats.fastest_apart([pick, slow]) == 0
    assert stats.fastest_apart([near, pick]) == 0  # the first is the fastest
    assert stats.fastest_apart([pick]) == 0


def test_compare_verdicts():
    base = stats.summarize([1.0, 1.1, 1.2])  # IQR 1.05-1.15
    tie = stats.compare(base, stats.summarize([1.1, 1.15, 1.2]))  # 1.125-1.175
    assert tie["verdict"] == "tie"
    assert tie["pct"] == pytest.approx(100 * 1.1 / 1.15)
    assert tie["pct_lo"] == pytest.approx(100 * 1.05 / 1.175)
    assert tie["pct_hi"] == pytest.approx(100 * 1.15 / 1.125)
    faster = stats.compare(base, stats.summarize([0.5, 0.55, 0.6]))
    assert faster["verdict"] == "faster" and faster["pct_lo"] > 100
    slower = stats.compare(base, stats.summarize([2.0, 2.1, 2.2]))
    assert slower["verdict"] == "slower" and slower["pct_hi"] < 100
    # Ranges that only touch still overlap.
    touching = stats.compare({"ms": 2.0, "ms_q25": 2.0, "ms_q75": 3.0},
                             {"ms": 1.5, "ms_q25": 1.0, "ms_q75": 2.0})
    assert touching["pct_lo"] == 100.0 and touching["verdict"] == "tie"
    assert stats.compare(base, base)["verdict"] == "tie"
    with pytest.raises(ValueError):
        stats.compare(base, {"ms": 1.0, "ms_q25": 0.0, "ms_q75": 2.0})


# ---------------------------------------------------------------------------
# The command line, where no GPU is needed


def _tile_bench(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, TILE_BENCH, *args], capture_output=True,
                          text=True, timeout=600)


@pytest.mark.parametrize("args, words", [
    ([], "the following arguments are required"),
    (["m.json", "--shape", "4096x4096"], "--shape: bad shape '4096x4096'"),
    (["m.json", "--shape", "0x1x1"], "--shape: bad shape '0x1x1'"),
    # int() reads full-width digits; tile-run and tile-tune do not.
    (["m.json", "--shape", "\uff16\uff14x64x64"], "--shape: bad shape '\uff16\uff14x64x64'"),
    (["m.json", "--shape", "2147483648x1x1"], "three sizes from 1 to 2147483647"),
    (["m.json", "--shape", "064x64x64"], "--shape: bad shape '064x64x64'"),
    (["m.json", "--shape", "1x1x1", "--rounds", "0"], "--rounds must be at least 1"),
    (["m.json", "--shape", "1x1x1", "--dtype", "f32"], "invalid choice: 'f32'"),
    (["m.json", "--shape", "1x1x1", "--layout", "NT"], "invalid choice: 'NT'"),
    (["m.json", "--shape", "1x1x1", "--layout", "n"], "invalid choice: 'n'"),
    (["m.json", "--shape", "1x1x1", "--warmup-ms", "nan"], "--warmup-ms must be at least 0"),
    (["m.json", "--shape", "1x1x1", "--warmup-ms", "inf"], "--warmup-ms must be at least 0"),
    (["m.json", "--shape", "1x1x1", "--warmup-ms", "-1"], "--warmup-ms must be at least 0"),
    (["m.json", "--shape", "1x1x1", "--rep-ms", "inf"], "--rep-ms above 0, both finite"),
    (["m.json", "--shape", "1x1x1", "--rep-ms", "nan"], "--rep-ms above 0, both finite"),
    (["m.json", "--shape", "1x1x1", "--rep-ms", "0"], "--rep-ms above 0, both finite"),
], ids=["nothing", "two-sizes", "zero", "full-width", "2^31", "leading-zero", "rounds",
        "dtype", "layout-case", "layout-one-letter", "warmup-nan", "warmup-inf",
        "warmup-negative", "rep-inf", "rep-nan", "rep-zero"])
def test_cli_usage_errors(args, words):
    r = _tile_bench(*args)
    assert r.returncode == 2
    assert r.stderr.startswith("tile-bench: ") and r.stderr.count("\n") == 1
    assert words in r.stderr and r.stdout == ""


def test_cli_bundle_errors(tmp_path, manifests):
    r = _tile_bench(str(tmp_path / "absent.json"), "--shape", "8x8x8")
    assert r.returncode == 1
    assert r.stderr == (f"tile-bench: manifest {tmp_path / 'absent.json'}: cannot read: "
                        f"No such file or directory\n")
    r = _tile_bench(manifests["nt"], "--shape", "8x8x8")
    assert r.returncode == 1 and "serves layout nt, not nn (--layout)" in r.stderr
    r = _tile_bench(manifests["tiled"], manifests["static"], "--shape", "8x8x8")
    assert r.returncode == 1 and "must share a_type and c_type" in r.stderr
    r = _tile_bench(manifests["tiled"], "--shape", "8x8x8", "--dtype", "bf16")
    assert r.returncode == 1 and "was compiled for f16, not bf16" in r.stderr


def test_cli_layout_option():
    from tile_bench.cli import parse_args
    assert parse_args(["m.json", "--shape", "1x2x3"]).layout == "nn"
    for layout in ("nn", "nt", "tn", "tt"):
        assert parse_args(["m.json", "--shape", "1x2x3", "--layout", layout]).layout == layout


def test_cli_splits_option():
    """--splits: sorted and unique; each 1 to 128; none by default."""
    from tile_bench.cli import UsageError, parse_args
    assert parse_args(["m.json", "--shape", "1x2x3"]).split_list == []
    assert parse_args(["m.json", "--shape", "1x2x3", "--splits", "4,2,4,8"]).split_list == \
        [2, 4, 8]
    for bad, why in (("2,x", "not a comma-separated list"), ("0,2", "between 1 and 128"),
                     ("129", "between 1 and 128")):
        with pytest.raises(UsageError, match=why):
            parse_args(["m.json", "--shape", "1x2x3", "--splits", bad])


def test_cli_tune_option():
    """--tune: candidates per dispatch manifest, 0 (none) to 64."""
    from tile_bench.cli import UsageError, parse_args
    assert parse_args(["m.json", "--shape", "1x2x3"]).tune == 0
    assert parse_args(["m.json", "--shape", "1x2x3", "--tune", "4"]).tune == 4
    for bad in ("-1", "65"):
        with pytest.raises(UsageError, match="--tune must be between 0 and 64"):
            parse_args(["m.json", "--shape", "1x2x3", "--tune", bad])
    r = _tile_bench("m.json", "--shape", "1x2x3", "--tune", "four")
    assert r.returncode == 2 and "--tune: invalid int value: 'four'" in r.stderr


def test_operand_shapes():
    from tile_bench.cli import operand_shapes
    m, n, k = 100, 200, 300
    assert operand_shapes("nn", m, n, k) == ((m, k), (k, n))
    assert operand_shapes("nt", m, n, k) == ((m, k), (n, k))
    assert operand_shapes("tn", m, n, k) == ((k, m), (k, n))
    assert operand_shapes("tt", m, n, k) == ((k, m), (n, k))
    with pytest.raises(ValueError, match="bad layout 'tx'"):
        operand_shapes("tx", m, n, k)


@pytest.mark.parametrize("layout", ["nn", "nt", "tn", "tt"])
def test_make_operands(layout):
    """Stored contiguous as the layout says, viewed M x K and K x N, and
    the same logical operands from one seed whatever the layout."""
    torch = pytest.importorskip("torch")
    from tile_bench.cli import make_operands, operand_shapes
    m, n, k = 5, 6, 7

    def operands(layout):
        gen = torch.Generator().manual_seed(11)
        return make_operands(torch, gen, layout, m, n, k, torch.float32, device="cpu")

    a_stored, b_stored, a, b = operands(layout)
    assert (tuple(a_stored.shape), tuple(b_stored.shape)) == operand_shapes(layout, m, n, k)
    assert a_stored.is_contiguous() and b_stored.is_contiguous()
    assert (tuple(a.shape), tuple(b.shape)) == ((m, k), (k, n))
    assert a.data_ptr() == a_stored.data_ptr() and b.data_ptr() == b_stored.data_ptr()
    assert a.is_contiguous() == (layout[0] == "n") and b.is_contiguous() == (layout[1] == "n")
    _, _, a_nn, b_nn = operands("nn")
    assert torch.equal(a, a_nn) and torch.equal(b, b_nn)
    assert -1 <= a.min() and a.max() < 1


def test_cli_refuses_a_bundle_of_another_layout(manifests):
    """Refused before any GPU work, in one line: runs anywhere."""
    from tile_bench.cli import HarnessError, _check_bundles
    nt, nt_wgmma, tiled = (load_bundle(manifests[name])
                           for name in ("nt", "nt-wgmma", "tiled"))
    assert nt_wgmma.layouts == ("nt",) and nt_wgmma.mma == "wgmma"
    _check_bundles([nt, nt_wgmma], None, "nt")
    _check_bundles([tiled], None, "nn")
    with pytest.raises(HarnessError, match="serves layout nn, not nt"):
        _check_bundles([nt_wgmma, tiled], None, "nt")
    with pytest.raises(HarnessError, match="serves layout nt, not tt"):
        _check_bundles([nt_wgmma], "f16", "tt")
    for args, served, asked in [
            ([manifests["nt-wgmma"]], "nt", "nn"),
            ([manifests["nt-wgmma"], "--layout", "tn"], "nt", "tn"),
            ([manifests["nt-wgmma"], manifests["tiled"], "--layout", "nt"], "nn", "nt"),
            ([manifests["auto"], "--layout", "tt"], "nn", "tt")]:
        r = _tile_bench(*args, "--shape", "128x128x64")
        assert (r.returncode, r.stdout, r.stderr.count("\n")) == (1, "", 1), r.stderr
        assert r.stderr.startswith("tile-bench: bundle ")
        assert f"serves layout {served}, not {asked} (--layout)" in r.stderr


def test_time_rounds_pools_samples_in_the_runtimes_visit_order():
    from tile_bench.cli import Impl, time_rounds
    calls = []

    def fake_do_bench(fn, warmup, rep, return_mode):
        assert (warmup, rep, return_mode) == (3.0, 7.0, "all")
        calls.append(fn())
        return [float(len(calls))]

    impls = [Impl(name, "triton", (lambda name=name: name), None, "f16") for name in "abc"]
    samples = time_rounds(fake_do_bench, impls, rounds=3, warmup_ms=3.0, rep_ms=7.0)
    # Rounds alternate direction: b runs after a, then after c.
    assert "".join(calls) == "abc" "cba" "bca"
    assert samples == [[1.0, 6.0, 9.0], [2.0, 5.0, 7.0], [3.0, 4.0, 8.0]]


def test_visit_order_balances_neighbours():
    import tile_runtime as rt
    for n in range(1, 8):
        period = 2 * n if n % 2 else n
        follows = collections.Counter()
        for r in range(period):
            order = rt.visit_order(r, n)
            assert sorted(order) == list(range(n))
            follows.update(zip(order, order[1:]))
        assert set(follows.values()) <= {2 if n % 2 else 1}
        assert len(follows) == n * (n - 1)
    with pytest.raises(rt.BundleError, match="the round must be at least 0"):
        rt.visit_order(0, 0)


def test_json_is_replaced_whole(tmp_path):
    from tile_bench.cli import HarnessError, write_json_atomically
    out = tmp_path / "out.json"
    out.write_text("old")
    write_json_atomically(str(out), {"results": [1]})
    assert json.loads(out.read_text()) == {"results": [1]}
    assert os.listdir(tmp_path) == ["out.json"]  # no temporary file left
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask
    with pytest.raises(ValueError):  # NaN is no JSON: nothing is written
        write_json_atomically(str(out), {"ms": float("nan")})
    assert json.loads(out.read_text()) == {"results": [1]}
    assert os.listdir(tmp_path) == ["out.json"]
    with pytest.raises(HarnessError, match="cannot write --json file"):
        write_json_atomically(str(tmp_path / "absent" / "out.json"), {})


@pytest.mark.parametrize("target, why", [
    ("", "it names no file"),
    ("new/", "it names no file"),
    ("folder", "it is a folder"),
    ("folder/.", "it is a folder"),
    ("absent/out.json", "folder 'absent' is missing or not writable"),
])
def test_cli_refuses_a_json_target_before_timing(tmp_path, manifests, target, why):
    """Refused before any GPU work (without torch, tile-bench would say it
    needs it next); nothing is written, not even beside the folder."""
    (tmp_path / "run" / "folder").mkdir(parents=True)
    r = subprocess.run([sys.executable, TILE_BENCH, manifests["tiled"], "--shape", "8x8x8",
                        "--json", target], cwd=tmp_path / "run", capture_output=True,
                       text=True, timeout=600)
    assert (r.returncode, r.stdout) == (1, "")
    assert r.stderr == f"tile-bench: cannot write --json file '{target}': {why}\n"
    assert sorted(os.listdir(tmp_path)) == ["run"]
    assert sorted(os.listdir(tmp_path / "run")) == ["folder"]


def test_every_output_is_written_whole_with_a_plain_files_mode(tmp_path):
    """tile_bench.files, the one writer of tile-bench's and tile-compare's
    (and tile-tune's) JSON and of the plots: the old file or the whole new
    one, no temporary file left, and a plain file's mode, not mkstemp's."""
    import tile_compare
    from tile_bench import files
    umask = os.umask(0)
    os.umask(umask)
    out = tmp_path / "out.json"
    # tile-compare's JSON holds NaN for a metric ncu did not give.
    tile_compare.write_json(str(out), {"mix": float("nan")})
    assert out.read_text() == '{\n "mix": NaN\n}\n'
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask
    with pytest.raises(ZeroDivisionError):
        files.write_atomically(str(out), lambda f: f.write(str(1 / 0)))
    assert out.read_text() == '{\n "mix": NaN\n}\n'
    assert os.listdir(tmp_path) == ["out.json"]
    pytest.importorskip("matplotlib")
    from tile_bench.plot import plot_pct
    png = tmp_path / "pct.png"
    plot_pct([{"shape": "8x8x8", "impl": "a", "pct": 90.0, "lo": 85.0, "hi": 95.0,
               "verdict": "slower"}], str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_mode & 0o777 == 0o666 & ~umask
    assert sorted(os.listdir(tmp_path)) == ["out.json", "pct.png"]


def test_nvml_without_a_device_says_why():
    from tile_bench.cli import Nvml
    nvml = Nvml("0000:ff:1f.7")  # no such GPU, wherever this runs
    assert nvml.read() is None and nvml.reason


def test_cli_says_what_is_missing(manifests):
    try:
        import torch  # noqa: F401
    except ImportError:
        r = _tile_bench(manifests["tiled"], "--shape", "8x8x8")
        assert (r.returncode, r.stderr.count("\n")) == (1, 1)
        assert r.stderr.startswith("tile-bench: needs PyTorch")
    else:
        pytest.skip("torch is installed here")


# ---------------------------------------------------------------------------
# On a GPU


@needs_gpu
@pytest.mark.parametrize("name, shape", [("tiled", (257, 129, 71)),
                                         ("wgmma", (300, 264, 136)),
                                         ("wgmma", (128, 256, 64)),
                                         # staged: N, K, both unaligned
                                         ("wgmma", (300, 261, 136)),
                                         ("wgmma", (129, 256, 71)),
                                         ("wgmma", (257, 129, 71))])
def test_loaded_kernel_matches_torch(manifests, name, shape):
    import torch
    from tile_bench.cuda_launch import LoadedKernel
    m, n, k = shape
    kernel = LoadedKernel(load_bundle(manifests[name]))
    assert kernel.regs > 0 and kernel.blocks_per_sm >= 1 and kernel.smem > 0
    gen = torch.Generator(device="cuda").manual_seed(3)
    a = torch.rand((m, k), generator=gen, device="cuda", dtype=torch.float16) * 2 - 1
    b = torch.rand((k, n), generator=gen, device="cuda", dtype=torch.float16) * 2 - 1
    c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.float16)
    for _ in range(2):  # the second call reuses the cached arguments
        kernel(a, b, c)
        torch.cuda.synchronize()
        ref = a.float() @ b.float()
        assert torch.isfinite(c).all()
        assert ((c.float() - ref).norm() / ref.norm()).item() < 2e-3
        c.fill_(float("nan"))


@needs_gpu
def test_loaded_kernel_refuses_wrong_tensors(manifests):
    import torch
    from tile_bench.cuda_launch import LoadedKernel
    kernel = LoadedKernel(load_bundle(manifests["tiled"]))
    a = torch.zeros((64, 32), device="cuda", dtype=torch.float16)
    b = torch.zeros((32, 16), device="cuda", dtype=torch.float16)
    with pytest.raises(BundleError, match="c is torch.bfloat16; the kernel takes f16"):
        kernel(a, b, torch.zeros((64, 16), device="cuda", dtype=torch.bfloat16))
    with pytest.raises(BundleError, match="do not agree"):
        kernel(a, b, torch.zeros((64, 17), device="cuda", dtype=torch.float16))
    with pytest.raises(BundleError, match="contiguous 2-D CUDA tensor"):
        kernel(a, b.t().contiguous().t(), torch.zeros((64, 16), device="cuda",
                                                      dtype=torch.float16))


@needs_gpu
def test_kernel_buffers_are_zeroed_kept_and_grown():
    import torch
    from tile_bench.cuda_launch import KernelBuffers
    device = torch.device("cuda", torch.cuda.current_device())
    buffers = KernelBuffers()
    first = buffers.get(device, "workspace", 1000)
    assert first.dtype == torch.uint8 and first.numel() == 1000 and not first.any()
    first.fill_(1)  # a kernel's leftovers stay: the buffer is zeroed once
    assert buffers.get(device, "workspace", 10) is first
    assert buffers.get(device, "A", 10) is not first  # one per name
    bigger = buffers.get(device, "workspace", 1001)
    assert bigger.numel() == 1001 and not bigger.any()
    assert buffers.get(device, "workspace", 1000) is bigger
    assert KernelBuffers().get(device, "workspace", 10) is not bigger  # one per kernel


@needs_gpu
def test_loaded_split_k_kernels(tmp_path):
    """Plain split-K kernels (test/Integration/GPU/Inputs/split_k.cu) write
    C only when launched with split_k blocks per tile on their own
    workspace, zero before their first launch (they leave partial sums
    behind that the other's layout would misread): alternating launches
    over shapes that grow and shrink the workspaces all match torch."""
    import torch
    from tile_bench.cuda_launch import LoadedKernel
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.access(nvcc, os.X_OK):
        pytest.skip("needs nvcc")
    source = os.path.join(ROOT, "test", "Integration", "GPU", "Inputs", "split_k.cu")
    subprocess.run([nvcc, "-arch=sm_80", "-ptx", source, "-o", str(tmp_path / "k.ptx")],
                   check=True)
    kernels = []
    for split_k in (4, 7):
        doc = _split_manifest(kernel=f"split{split_k}_f16", split_k=split_k,
                              workspace_tile_bytes=split_k * 1024 + 16,
                              block_m=16, block_n=16, block_k=16, threads_per_block=256,
                              tma_box_a=[64, 16], tma_box_b=[64, 16], tma_box_c=[64, 16],
                              tma_box_a_tail=[64, 16])
        path = tmp_path / f"split{split_k}.json"
        path.write_text(json.dumps(doc))
        kernels.append(LoadedKernel(load_bundle(str(path))))
    gen = torch.Generator(device="cuda").manual_seed(5)
    for m, n, k in [(300, 200, 4096), (64, 64, 1000), (1000, 1000, 2048), (300, 200, 4096)]:
        a = torch.rand((m, k), generator=gen, device="cuda", dtype=torch.float16) * 2 - 1
        b = torch.rand((k, n), generator=gen, device="cuda", dtype=torch.float16) * 2 - 1
        c = torch.full((m, n), float("nan"), device="cuda", dtype=torch.float16)
        ref = a.float() @ b.float()
        for kernel in kernels * 2:  # the later calls reuse arguments and workspaces
            split_k = kernel.bundle.split_k
            assert kernel.bundle.plan(m, n, k).info()["grid"] == \
                split_k * -(-m // 16) * -(-n // 16)
            kernel(a, b, c)
            torch.cuda.synchronize()
            assert torch.isfinite(c).all()
            assert ((c.float() - ref).norm() / ref.norm()).item() < 2e-3
            c.fill_(float("nan"))


def test_check_bounds_are_the_runtimes():
    """tile-bench checks by the runtime's bounds, tile-run's (no GPU)."""
    import tile_runtime
    b = tile_runtime.check_bounds("f16", "f16", 4096)
    assert b == {"frobenius": 2e-3, "per_ref": 2.0**-11, "per_magnitude": 4096 * 2.0**-20,
                 "absolute": 2.0**-24, "elementwise": True}
    assert tile_runtime.check_bounds("bf16", "f32", 2**18)["per_ref"] == 0
    assert not tile_runtime.check_bounds("bf16", "bf16", 2**18 + 1)["elementwise"]
    with pytest.raises(tile_runtime.BundleError, match="K at least 0"):
        tile_runtime.check_bounds("f16", "f16", -1)
    with pytest.raises(ValueError, match="unknown type 'f64'"):
        tile_runtime.check_bounds("f64", "f16", 1)


@needs_gpu
def test_check_output_catches_one_bad_element():
    import torch
    from tile_bench.cli import check_output
    ref = torch.ones((64, 64), device="cuda")
    # K = 64: each element within 2^-11 * 1 + 64 * 2^-20 * 4 + 2^-24 ~ 0.00073
    abs_prod = torch.full((64, 64), 4.0, device="cuda")
    good = check_output(ref.half(), ref, abs_prod, "f16", "f16", 64)
    assert good["pass"] and good["rel_err"] == 0 and good["max_err_over_tol"] < 1e-3
    out = ref.half()
    out[3, 5] = 1.0 + 2.0**-6  # within the Frobenius bound, not element-wise
    bad = check_output(out, ref, abs_prod, "f16", "f16", 64)
    assert not bad["pass"] and bad["rel_err"] < 2e-3 and bad["max_err_over_tol"] > 1
    # Past K = 2^18 the element-wise bound is not checked (tile-run's rule).
    assert check_output(out, ref, abs_prod, "f16", "f16", 2**18 + 1)["pass"]
    out[0, 0] = float("nan")
    nan = check_output(out, ref, abs_prod, "f16", "f16", 64)
    assert not nan["pass"] and nan["non_finite"] == 1 and nan["rel_err"] is None


@needs_gpu
def test_cli_exit_status_3_on_a_wrong_result(tmp_path, manifests):
    # A manifest the runtime accepts but that is not its kernel's (names
    # swapped in "params" are refused now: test_hostile_manifest): block_n
    # twice the kernel's halves the grid, so half of C is never written.
    doc = json.loads(open(manifests["tiled"]).read())
    doc["block_n"] *= 2
    folder = tmp_path / "doubled"
    folder.mkdir()
    doc["ptx"] = os.path.join(os.path.dirname(os.path.abspath(manifests["tiled"])),
                              doc["ptx"])
    (folder / "m.json").write_text(json.dumps(doc))
    r = _tile_bench(str(folder / "m.json"), "--shape", "128x128x128", "--anchors", "none",
                    "--rounds", "1", "--warmup-ms", "1", "--rep-ms", "2")
    assert r.returncode == 3, r.stderr
    assert "check doubled: FAIL" in r.stdout and "check cuBLAS: PASS" in r.stdout


@needs_gpu
def test_cli_end_to_end(tmp_path, manifests):
    out = tmp_path / "out.json"
    r = _tile_bench(manifests["tiled"], manifests["wgmma"], "--shape", "256x512x128",
                    "--shape", "200x4100x72", "--anchors", "tuned-tiled,tma-persistent",
                    "--rounds", "2", "--warmup-ms", "1", "--rep-ms", "5", "--seed", "1",
                    "--json", str(out))
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    assert doc["harness"] == "tile-bench" and doc["dtype"] == "f16" and doc["layout"] == "nn"
    assert doc["timing"]["order"] == "balanced" and doc["timing"]["rounds"] == 2
    assert set(doc["gpu_state"]) == {"before", "after", "reason"}
    rows = {(row["shape"], row["impl"]): row for row in doc["results"]}
    assert set(rows) == {("256x512x128", "cuBLAS"), ("256x512x128", "tuned-tiled"),
                         ("256x512x128", "tma-persistent"), ("256x512x128", "tiled"),
                         ("256x512x128", "wgmma"), ("200x4100x72", "cuBLAS"),
                         ("200x4100x72", "tuned-tiled"), ("200x4100x72", "tiled"),
                         ("200x4100x72", "wgmma")}
    assert {(s["shape"], s["impl"]) for s in doc["skipped"]} == {
        ("200x4100x72", "tma-persistent")}
    # The wgmma kernel runs N = 4100 on padded copies, checked after the copy back.
    assert [key for key, row in rows.items() if row["staged"]] == [("200x4100x72", "wgmma")]
    assert f"staging: 200x4100x72 on {manifests['wgmma']}: N=4100 is not a multiple" \
        in r.stdout
    for row in doc["results"]:
        assert row["pass"] and row["max_err_over_tol"] <= 1 and row["layout"] == "nn"
        assert row["ms_q25"] <= row["ms"] <= row["ms_q75"] and row["samples"] >= 2
        assert row["vs_cublas"] in ("tie", "faster", "slower")
        assert row["kind"] == {"cuBLAS": "cublas", "tiled": "tile-opt",
                               "wgmma": "tile-opt"}.get(row["impl"], "triton")
        assert (row["regs"] is None) == (row["kind"] == "cublas")



@needs_gpu
def test_cli_end_to_end_layout_nt(tmp_path, manifests):
    """B stored N x K: the kernels take it as stored, cuBLAS and the strided
    anchor its K x N view, the TMA anchor is skipped; the nt wgmma bundle
    does not stage, so N = 4100 is skipped for it, and runs on the mma.sync one."""
    out = tmp_path / "out.json"
    r = _tile_bench(manifests["nt-wgmma"], manifests["nt"], "--layout", "nt",
                    "--shape", "256x512x128", "--shape", "200x4100x72",
                    "--anchors", "tuned-tiled,tma-persistent", "--rounds", "2",
                    "--warmup-ms", "1", "--rep-ms", "5", "--seed", "1", "--json", str(out))
    assert r.returncode == 0, r.stderr
    assert "== 256x512x128, layout nt, f16 -> f16" in r.stdout
    assert "note: skipping tma-persistent for 256x512x128: the TMA anchor takes row-major " \
        "A and B only (layout nn), not nt" in r.stdout
    doc = json.loads(out.read_text())
    assert doc["layout"] == "nt" and doc["dtype"] == "f16"
    rows = {(row["shape"], row["impl"]): row for row in doc["results"]}
    assert set(rows) == {("256x512x128", "cuBLAS"), ("256x512x128", "tuned-tiled"),
                         ("256x512x128", "nt-wgmma"), ("256x512x128", "nt"),
                         ("200x4100x72", "cuBLAS"), ("200x4100x72", "tuned-tiled"),
                         ("200x4100x72", "nt")}
    assert {(s["shape"], s["impl"]) for s in doc["skipped"]} == {
        ("256x512x128", "tma-persistent"), ("200x4100x72", "tma-persistent"),
        ("200x4100x72", "nt-wgmma")}
    for row in doc["results"]:
        assert row["layout"] == "nt" and not row["staged"]
        assert row["pass"] and row["max_err_over_tol"] <= 1
        assert row["kind"] == {"cuBLAS": "cublas", "tuned-tiled": "triton"}.get(
            row["impl"], "tile-opt")

if __name__ == "__main__":
    if len(sys.argv) != 2 or not os.environ.get("TILE_OPT"):
        sys.exit("usage: TILE_OPT=build/bin/tile-opt test_tile_bench.py OUTDIR")
    compile_bundles(os.environ["TILE_OPT"], sys.argv[1])
