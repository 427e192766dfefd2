#!/usr/bin/env python3
"""The shape suites of the GPU measurements, defined once.

    scripts/suites.py NAME [--m M,M,...]   ' --shape MxNxK' tokens, one line
    scripts/suites.py NAME --table [--m ..] one line per shape: MxNxK family layer
    scripts/suites.py --list                each suite's name and size

A shape is (M, N, K) with N and K from an nn.Linear layer: x (M x K) @ w.T,
w stored N x K (tile-bench --layout nt). --m replaces the suite's M values
for its layer shapes and keeps a fixed shape (classic, kheavy) only when
its M is listed.
`suite(name)` gives (m, n, k, family, layer) tuples to other scripts; a
shape that two entries make is listed once, under the first.
"""
import argparse
import sys

# (family, layer, N, K) of the calibration models' projections. qkv is the
# fused q, k and v projection, gate_up the fused gate and up projection.
CALIBRATION_LAYERS = [
    ("Llama-3-8B", "qkv", 6144, 4096), ("Llama-3-8B", "o", 4096, 4096),
    ("Llama-3-8B", "gate_up", 28672, 4096), ("Llama-3-8B", "down", 4096, 14336),
    ("Llama-3-70B", "qkv", 10240, 8192), ("Llama-3-70B", "o", 8192, 8192),
    ("Llama-3-70B", "gate_up", 57344, 8192), ("Llama-3-70B", "down", 8192, 28672),
    ("Qwen2-7B", "qkv", 4608, 3584), ("Qwen2-7B", "o", 3584, 3584),
    ("Qwen2-7B", "gate_up", 37888, 3584), ("Qwen2-7B", "down", 3584, 18944),
    ("Llama-3.2-1B", "qkv", 3072, 2048), ("Llama-3.2-1B", "o", 2048, 2048),
    ("Llama-3.2-1B", "gate_up", 16384, 2048), ("Llama-3.2-1B", "down", 2048, 8192),
]
CALIBRATION_MS = [1, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192]

# (M, N, K) of the classic benchmark shapes, family "classic", layer "-".
CLASSIC = [
    (1000, 1000, 1000), (2000, 2000, 2000), (3000, 5000, 2000), (384, 384, 32768),
    (256, 256, 16384), (1664, 1664, 8192), (2304, 2304, 8192), (4096, 4096, 4096),
    (8192, 8192, 8192),
]

# K-heavy: the weight gradients of small models' layers, dW = dY^T @ X, an
# out x in matrix summed over the batch's tokens (K 16k-64k): few C tiles
# and a long K. (family, layer, M = out features, N = in features). Timed
# in layout nt like the rest (both operands K-contiguous), as the classic
# 384x384x32768 is.
#   ViT-S/16: hidden 384, qkv 1152, MLP 1536 (256 x 197 tokens ~ 50k).
#   BERT-base / GPT-2 small: hidden 768, qkv 2304.
#   BERT-large: hidden 1024.  A 256-wide adapter (bottleneck) layer.
KHEAVY_LAYERS = [
    ("adapter-256", "down", 256, 256), ("ViT-S/16", "o", 384, 384),
    ("ViT-S/16", "qkv", 1152, 384), ("ViT-S/16", "fc2", 384, 1536),
    ("BERT-base", "o", 768, 768), ("BERT-large", "o", 1024, 1024),
]
KHEAVY = [(m, n, k, fam, layer) for k in (16384, 32768, 65536)
          for fam, layer, m, n in KHEAVY_LAYERS]

# The validation layers: models not in calibration, and no (N, K) that
# calibration or an earlier entry here has.
#   Llama-2-13B: hidden 5120, 40 heads (MHA), intermediate 13824.
#   Phi-3-mini: hidden 3072, 32 heads (MHA), intermediate 8192.
#   Qwen2.5-14B: hidden 5120, 40 q + 8 kv heads of 128, intermediate 13824;
#     only qkv (5120 + 2 * 1024 = 7168) is new: its o 5120x5120, gate_up
#     27648x5120 and down 5120x13824 are Llama-2-13B's.
#   Mixtral-8x7B is left out: its attention and experts (6144x4096, 4096x4096,
#     28672x4096, 4096x14336) are all Llama-3-8B's, which calibration has.
#   Gemma-2-9B: hidden 3584, 16 q + 8 kv heads of 256 (q 4096 + k 2048 +
#     v 2048), o 3584x4096, intermediate 14336.
#   Mistral-Nemo-12B: hidden 5120, 32 q + 8 kv heads of 128 (q 4096 + k 1024
#     + v 1024), o 5120x4096, intermediate 14336.
LLM_LAYERS = [
    ("Llama-2-13B", "qkv", 15360, 5120), ("Llama-2-13B", "o", 5120, 5120),
    ("Llama-2-13B", "gate_up", 27648, 5120), ("Llama-2-13B", "down", 5120, 13824),
    ("Phi-3-mini", "qkv", 9216, 3072), ("Phi-3-mini", "o", 3072, 3072),
    ("Phi-3-mini", "gate_up", 16384, 3072), ("Phi-3-mini", "down", 3072, 8192),
    ("Qwen2.5-14B", "qkv", 7168, 5120),
    ("Gemma-2-9B", "qkv", 8192, 3584), ("Gemma-2-9B", "o", 3584, 4096),
    ("Gemma-2-9B", "gate_up", 28672, 3584), ("Gemma-2-9B", "down", 3584, 14336),
    ("Mistral-Nemo-12B", "qkv", 6144, 5120), ("Mistral-Nemo-12B", "o", 5120, 4096),
    ("Mistral-Nemo-12B", "gate_up", 28672, 5120), ("Mistral-Nemo-12B", "down", 5120, 14336),
]
LLM_MS = [1, 16, 128, 512, 2048, 8192]
DECODE_MS = [1, 16, 32]

# Held out from every fit: layers of models in neither suite above, no (N, K)
# either has, at M values their layers do not use.
#   Qwen2.5-32B: hidden 5120, intermediate 27648 (its qkv 7168x5120 and o are
#     Qwen2.5-14B's).
#   Gemma-2-27B: hidden 4608, 32 q + 16 kv heads of 128 (q 4096 + k 2048 +
#     v 2048), o 4608x4096, intermediate 36864.
#   Yi-34B: hidden 7168, 56 q + 8 kv heads of 128 (7168 + 2 * 1024),
#     intermediate 20480.
#   Llama-3.2-3B: hidden 3072, 24 q + 8 kv heads of 128 (3072 + 2 * 1024);
#     its o, gate_up and down are Phi-3-mini's.
#   Falcon-7B: hidden 4544, 71 q heads of 64 + one kv head (4544 + 2 * 64),
#     intermediate 18176.
#   DeepSeek-V2-Lite: a routed expert, hidden 2048, intermediate 1408.
HELDOUT_LAYERS = [
    ("Qwen2.5-32B", "gate_up", 55296, 5120), ("Qwen2.5-32B", "down", 5120, 27648),
    ("Gemma-2-27B", "qkv", 8192, 4608), ("Gemma-2-27B", "o", 4608, 4096),
    ("Gemma-2-27B", "gate_up", 73728, 4608), ("Gemma-2-27B", "down", 4608, 36864),
    ("Yi-34B", "qkv", 9216, 7168), ("Yi-34B", "o", 7168, 7168),
    ("Yi-34B", "gate_up", 40960, 7168), ("Yi-34B", "down", 7168, 20480),
    ("Llama-3.2-3B", "qkv", 5120, 3072),
    ("Falcon-7B", "qkv", 4672, 4544), ("Falcon-7B", "up", 18176, 4544),
    ("Falcon-7B", "down", 4544, 18176),
    ("DeepSeek-V2-Lite", "expert gate_up", 2816, 2048), ("DeepSeek-V2-Lite", "expert down", 2048, 1408),
]
HELDOUT_MS = [4, 48, 200, 768, 3000]

# name: (layers, M values, fixed shapes as (m, n, k, family, layer))
CLASSIC_SHAPES = [(m, n, k, "classic", "-") for m, n, k in CLASSIC]
SUITES = {
    "calibration": (CALIBRATION_LAYERS, CALIBRATION_MS, CLASSIC_SHAPES),
    "llm": (LLM_LAYERS, LLM_MS, []),
    "classic": ([], [], CLASSIC_SHAPES),
    "decode": (LLM_LAYERS, DECODE_MS, []),
    "heldout": (HELDOUT_LAYERS, HELDOUT_MS, []),
    "kheavy": ([], [], KHEAVY),
}


def suite(name, ms=None):
    """[(m, n, k, family, layer)] of suite `name`, M-major; `ms` as --m."""
    layers, suite_ms, shapes = SUITES[name]
    entries = [(m, n, k, fam, layer) for m in (ms or suite_ms) for fam, layer, n, k in layers]
    entries += [e for e in shapes if ms is None or e[0] in ms]
    seen, out = set(), []
    for e in entries:
        if e[:3] not in seen:
            seen.add(e[:3])
            out.append(e)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("name", nargs="?", choices=sorted(SUITES))
    p.add_argument("--m", help="M values, comma-separated, instead of the suite's")
    p.add_argument("--list", action="store_true", help="each suite's name and size")
    p.add_argument("--table", action="store_true", help="one line per shape: MxNxK family layer")
    args = p.parse_args()
    if args.list:
        for name in SUITES:
            print(name, len(suite(name)))
        return
    if not args.name:
        p.error("a suite NAME is needed (or --list)")
    try:
        ms = [int(m) for m in args.m.split(",")] if args.m else None
    except ValueError:
        p.error(f"--m: expected comma-separated integers, got {args.m!r}")
    if ms and min(ms) < 1:
        p.error("--m: M values must be at least 1")
    shapes = suite(args.name, ms)
    if args.table:
        print("\n".join(f"{m}x{n}x{k} {fam} {layer}" for m, n, k, fam, layer in shapes))
    else:
        print(" ".join(f"--shape {m}x{n}x{k}" for m, n, k, _, _ in shapes))


# Validation must be held out from calibration, and the held-out suite from both.
assert not ({(n, k) for _, _, n, k in LLM_LAYERS} & {(n, k) for _, _, n, k in CALIBRATION_LAYERS})
assert len({(n, k) for _, _, n, k in LLM_LAYERS}) == len(LLM_LAYERS)
assert not ({(n, k) for _, _, n, k in HELDOUT_LAYERS} &
            {(n, k) for _, _, n, k in LLM_LAYERS + CALIBRATION_LAYERS})
assert not set(HELDOUT_MS) & set(LLM_MS + CALIBRATION_MS)

if __name__ == "__main__":
    sys.exit(main())
