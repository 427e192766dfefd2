"""scripts/sass-regions.py on hand-written SASS in cuobjdump's layout: the
main loop, the tile loop of a persistent kernel, what runs once per
program, out-of-line code and the padding at the end. CPU only."""
import importlib.util
import json
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "sass-regions.py")
spec = importlib.util.spec_from_file_location("sass_regions", SCRIPT)
sr = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sr)


def sass(*lines):
    """cuobjdump -sass text of one kernel, each instruction with its
    address and an encoding comment."""
    body = "\n".join(
        f"        /*{16 * i:04x}*/                   {text} ;"
        f"                  /* 0x000fe20000000f00 */\n"
        f"                                                  "
        f"/* 0x000fc40000000000 */" for i, text in enumerate(lines))
    return ("\n\tcode for sm_90a\n\t\tFunction : k\n"
            "\t.headerflags\t@\"EF_CUDA_SM90\"\n" + body + "\n\t\t....\n")


PERSISTENT = sass(
    "S2R R0, SR_CTAID.X",                        # 0x00 per program
    "ISETP.GE.AND P0, PT, R0, UR4, PT",          # 0x10
    "@P0 EXIT",                                  # 0x20
    "IMAD R1, R0, 0x80, RZ",                     # 0x30 tile loop: per tile
    "LDSM.16.M88.4 R4, [R1]",                    # 0x40 main loop
    "HMMA.16816.F32 R8, R4, R6, R8",             # 0x50
    "IADD3 R2, R2, 0x1, RZ",                     # 0x60
    "ISETP.NE.AND P1, PT, R2, R3, PT",           # 0x70
    "@P1 BRA 0x40",                              # 0x80 main loop's end
    "STG.E [R10.64], R8",                        # 0x90 per tile
    "UIADD3 UR4, UR4, 0x1, URZ",                 # 0xa0
    "@!P2 BRA 0xf0",                             # 0xb0 out of line ...
    "ISETP.LT.AND P2, PT, R0, R12, PT",          # 0xc0
    "@P2 BRA 0x30",                              # 0xd0 tile loop's end
    "EXIT",                                      # 0xe0 per program
    "NANOSLEEP 0x100",                           # 0xf0 out of line
    "BRA 0xc0",                                  # 0x100 back into the tile
    "BRA 0x110",                                 # 0x110 padding
    "NOP")


def test_persistent_regions():
    doc = sr.count(sr.parse(PERSISTENT))
    assert doc["regions"] == {"main": [[0x40, 0x80]], "tile": [0x30, 0xd0]}
    c = doc["counts"]
    assert list(c) == ["per program", "per tile", "main loop 0x40-0x80",
                       "out of line"]
    assert c["per program"]["all"] == 4
    assert (c["per program"]["alu"], c["per program"]["control"]) == (2, 2)
    assert c["per tile"]["all"] == 6
    assert (c["per tile"]["imad"], c["per tile"]["memory"],
            c["per tile"]["uniform"], c["per tile"]["alu"],
            c["per tile"]["control"]) == (1, 1, 1, 1, 2)
    assert c["main loop 0x40-0x80"] == dict(
        alu=2, imad=0, fp=0, uniform=0, tma=0, tensor=1, memory=1,
        control=1, other=0, all=5)
    assert c["out of line"]["all"] == 2  # the padding is not counted


def test_tiled_and_two_paths():
    """No tile loop: everything outside the main loops is per tile; two
    paths give two main loops; an elect loop (BRA.U.ANY) without a tensor
    instruction is not one."""
    text = sass(
        "@P0 BRA 0x70",                          # 0x00
        "HMMA.16816.F32 R8, R4, R6, R8",         # 0x10 first path's loop
        "@P1 BRA 0x10",                          # 0x20
        "ELECT P2, URZ, PT",                     # 0x30 elect loop
        "@P2 BRA.U.ANY 0x30",                    # 0x40
        "BRA 0xa0",                              # 0x50
        "NOP",                                   # 0x60
        "LDG.E R4, [R2.64]",                     # 0x70 second path's loop
        "HGMMA.64x64x16.F32 R24, gdesc[UR4], R24",  # 0x80
        "@P1 BRA 0x70",                          # 0x90
        "EXIT",                                  # 0xa0
        "BRA 0xb0")
    doc = sr.count(sr.parse(text))
    assert doc["regions"] == {"main": [[0x10, 0x20], [0x70, 0x90]],
                              "tile": None}
    assert list(doc["counts"]) == ["per tile", "main loop 0x10-0x20",
                                   "main loop 0x70-0x90"]
    assert doc["counts"]["per tile"]["all"] == 6
    assert doc["counts"]["main loop 0x70-0x90"]["tensor"] == 1


def test_classes():
    assert [sr.opclass(op) for op in (
        "IADD3", "LOP3.LUT", "IMAD.MOV.U32", "VIADD", "F2FP.F16.F32.PACK_AB",
        "UIADD3", "ULDC.64", "UTMALDG.2D", "HGMMA.64x64x16.F32",
        "LDGSTS.E.BYPASS.LTC128B.128", "SYNCS.ARRIVE.TRANS64", "BAR.SYNC",
        "WARPGROUP.ARRIVE", "XYZZY")] == [
        "alu", "alu", "imad", "imad", "fp", "uniform", "uniform", "tma",
        "tensor", "memory", "memory", "control", "control", "other"]


def test_command_line(tmp_path):
    (tmp_path / "p.sass").write_text(PERSISTENT)
    r = subprocess.run([sys.executable, SCRIPT, str(tmp_path / "p.sass"),
                        "--json", str(tmp_path / "out.json")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "p.sass: 17 instructions in the code" in r.stdout
    assert "per program" in r.stdout.splitlines()[1]
    doc = json.loads((tmp_path / "out.json").read_text())
    assert doc[str(tmp_path / "p.sass")]["counts"]["per tile"]["all"] == 6
    (tmp_path / "empty.sass").write_text("no code\n")
    r = subprocess.run([sys.executable, SCRIPT, str(tmp_path / "empty.sass")],
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert "no SASS instructions" in r.stderr
