"""Tensor parallelism: tile_opt.parallel's Megatron-style MLP block
(column-parallel fc1, row-parallel fc2 and its all-reduce) and
examples/tensor_parallel_mlp.py, against the unsharded torch block.

Without a GPU: the shards, one process holding the whole block, and two
ranks on the CPU over gloo (torchrun on 127.0.0.1), float32 within 1e-5,
forward and backward: the sharding logic. With one Hopper GPU: the block's
products through tile_opt on cuda:0, and two ranks sharing cuda:0 over
gloo. With two: two ranks, a GPU each, over NCCL. Each skips, with the
reason, where what it needs is missing (torch, which CI's Python does not
install; gloo; a GPU; a second GPU).

    pytest -q -rs test/python/test_tensor_parallel.py
"""
import os
import socket
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PYTHON_DIR = os.path.join(ROOT, "python")
EXAMPLE = os.path.join(ROOT, "examples", "tensor_parallel_mlp.py")
sys.path.insert(0, PYTHON_DIR)

# The GPU tests' skip reason, private cache and fresh families.
from test_tile_opt_gpu import REASON as GPU_REASON  # noqa: E402
from test_tile_opt_gpu import fresh_families, private_cache  # noqa: E402,F401

from tile_opt import ops  # noqa: E402


def _torch_reason():
    try:
        import torch
        import torch.distributed as dist
    except ImportError as e:
        return f"needs torch ({e}; CI's Python has pytest and matplotlib only)"
    if not dist.is_available():
        return f"torch {torch.__version__} is built without torch.distributed"
    if not dist.is_gloo_available():
        return f"torch {torch.__version__} is built without the gloo backend"
    return None


TORCH = _torch_reason()
pytestmark = pytest.mark.skipif(TORCH is not None, reason=TORCH or "")
if TORCH is None:
    import torch

    import tile_opt
    from tile_opt.parallel import ParallelMLP, shard_range


def _gpu_reason(gpus):
    if TORCH is not None:
        return TORCH
    if GPU_REASON is not None:
        return GPU_REASON
    count = torch.cuda.device_count()
    if count < gpus:
        return f"needs {gpus} GPUs (torch sees {count})"
    if gpus > 1 and not torch.distributed.is_nccl_available():
        return "needs torch's NCCL backend"
    return None


one_gpu = pytest.mark.skipif(_gpu_reason(1) is not None, reason=_gpu_reason(1) or "")
two_gpus = pytest.mark.skipif(_gpu_reason(2) is not None, reason=_gpu_reason(2) or "")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def torchrun(*args, nproc=2, timeout=600):
    """The example under torchrun on 127.0.0.1; its per-rank lines."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", OMP_NUM_THREADS="1",
               PYTHONPATH=os.pathsep.join(filter(None, [PYTHON_DIR,
                                                        os.environ.get("PYTHONPATH")])))
    env.setdefault("GLOO_SOCKET_IFNAME", "lo")  # one host: the loopback
    cmd = [sys.executable, "-m", "torch.distributed.run", "--nnodes", "1",
           "--nproc-per-node", str(nproc), "--master-addr", "127.0.0.1",
           "--master-port", str(_free_port()), EXAMPLE, *args]
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    lines = sorted(line for line in r.stdout.splitlines() if line.startswith("rank "))
    assert r.returncode == 0, r.stdout + r.stderr[-4000:]
    assert [line.split(":")[0].split()[1] for line in lines] == \
        [f"{rank}/{nproc}" for rank in range(nproc)], r.stdout
    assert all(line.endswith("; ok") for line in lines), r.stdout
    return lines


def dense_block(hidden, ffn, seed):
    torch.manual_seed(seed)
    return torch.nn.Linear(hidden, ffn), torch.nn.Linear(ffn, hidden)


def test_shards():
    assert [shard_range(12, r, 3) for r in range(3)] == [slice(0, 4), slice(4, 8), slice(8, 12)]
    assert shard_range(7, 0, 1) == slice(0, 7)
    with pytest.raises(tile_opt.InputError, match="^ffn 10 does not divide over 4 ranks$"):
        shard_range(10, 1, 4, "ffn")
    with pytest.raises(tile_opt.InputError, match="^rank 2 of a world of 2$"):
        shard_range(8, 2, 2)


def test_one_process_holds_the_whole_block():
    """No process group: a world of one, fc1 and fc2 whole, no all-reduce."""
    fc1, fc2 = dense_block(64, 256, seed=1)
    tp = ParallelMLP(64, 256).load_full(fc1, fc2)
    assert (tp.fc1.world, tp.fc1.weight.shape, tp.fc2.weight.shape) == (1, (256, 64), (64, 256))
    x = torch.randn(3, 5, 64)
    x_ref = x.clone().requires_grad_()
    want = fc2(torch.nn.functional.gelu(fc1(x_ref)))
    x.requires_grad_()
    got = tp(x)
    torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-6)
    got.sum().backward()
    want.sum().backward()
    torch.testing.assert_close(x.grad, x_ref.grad, rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(tp.fc1.weight.grad, fc1.weight.grad, rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(tp.fc2.weight.grad, fc2.weight.grad, rtol=1e-6, atol=1e-6)


def test_two_ranks_on_the_cpu_over_gloo():
    lines = torchrun("--device", "cpu")
    for line in lines:
        assert " cpu gloo f32: y " in line and "dx " in line and "dW2 " in line, line
        assert "tile_opt kernels: none" in line  # torch.matmul on the CPU
    # Uneven token counts and a narrower block, forward only.
    torchrun("--device", "cpu", "--hidden", "96", "--ffn", "160", "--tokens", "7",
             "--no-backward")


# ---------------------------------------------------------------------------
# GPUs


@one_gpu
def test_the_blocks_products_through_tile_opt_on_cuda0():
    fc1, fc2 = dense_block(512, 2048, seed=2)
    tp = ParallelMLP(512, 2048, device="cuda:0", dtype=torch.float16).load_full(fc1, fc2)
    x = torch.randn(192, 512).half()
    want = fc2(torch.nn.functional.gelu(fc1(x.float())))
    x_tp = x.cuda().requires_grad_()
    y = tp(x_tp)
    err = ((y.float().cpu() - want).norm() / want.norm()).item()
    assert err < 2e-2, err
    y.float().sum().backward()
    assert x_tp.grad.shape == x_tp.shape and torch.isfinite(x_tp.grad).all()
    # Forward x @ W.t() (nt), backward dY @ W (nn) and dY.t() @ X (tn).
    layouts = {key[3] for key, k in ops._families.items() if 0 in k._launchers}
    assert layouts == {"nt", "nn", "tn"}, layouts


@one_gpu
def test_two_ranks_sharing_cuda0_over_gloo():
    for line in torchrun("--one-gpu"):
        assert " cuda:0 gloo f16: " in line and "tile_opt kernels: nn, nt, tn" in line, line


@two_gpus
def test_two_ranks_on_two_gpus_over_nccl():
    lines = torchrun()
    for rank, line in enumerate(lines):
        assert f" cuda:{rank} nccl f16: " in line, line
        assert "tile_opt kernels: nn, nt, tn" in line, line
    for line in torchrun("--dtype", "bf16", "--tokens", "1000"):
        assert " bf16: " in line, line
