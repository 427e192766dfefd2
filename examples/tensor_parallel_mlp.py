"""A Megatron-style MLP block sharded over the ranks torchrun starts (a
column-parallel fc1, GELU, a row-parallel fc2 and its all-reduce:
tile_opt.parallel.ParallelMLP), each rank's products through tile_opt on
its GPU, checked against the unsharded torch block: the output, and with
--backward the gradients of the input and of each rank's weight shards.

    torchrun --nproc-per-node 2 examples/tensor_parallel_mlp.py
        NCCL, a GPU per rank (cuda:LOCAL_RANK), float16, tile_opt kernels;
    torchrun --nproc-per-node 2 examples/tensor_parallel_mlp.py --device cpu
        gloo on the CPU, float32, torch.matmul: the sharding alone;
    torchrun --nproc-per-node 2 examples/tensor_parallel_mlp.py --one-gpu
        every rank on cuda:0, gloo (NCCL refuses two ranks on one GPU).

Every rank builds the same unsharded block and input from --seed, takes
its shards, runs both and prints one line: the errors (relative Frobenius
norm against the unsharded block run in float32 from the same values) and,
on CUDA, the tile_opt kernels it loaded. Exits 1 on a rank whose error
passes --tol (default 1e-5 for float32, 2e-2 for float16/bfloat16).
"""
import argparse
import os
import sys

import torch
import torch.distributed as dist

try:
    import tile_opt  # noqa: F401
except ImportError:  # run from a checkout
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                    "python"))
    import tile_opt  # noqa: F401
from tile_opt import ops
from tile_opt.parallel import ParallelMLP

TYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}


def error(got, want):
    """Relative Frobenius error of `got` against float32 `want`."""
    want = want.float()
    return ((got.float() - want).norm() / want.norm().clamp_min(1e-30)).item()


def run(args, rank, world, device, group=None):
    """The checks on this rank; returns {what: relative error}."""
    dtype = TYPES[args.dtype]
    torch.manual_seed(args.seed)  # the same block and input on every rank
    fc1 = torch.nn.Linear(args.hidden, args.ffn)
    fc2 = torch.nn.Linear(args.ffn, args.hidden)
    x = torch.randn(args.tokens, args.hidden)
    grad = torch.randn(args.tokens, args.hidden)
    # The values as the block holds them (rounded to dtype), the reference
    # computed from those in float32.
    for p in (*fc1.parameters(), *fc2.parameters()):
        p.data = p.data.to(dtype).float()
    x, grad = x.to(dtype).float(), grad.to(dtype).float()
    x_ref = x.clone().requires_grad_()
    y_ref = fc2(torch.nn.functional.gelu(fc1(x_ref)))
    y_ref.backward(grad)

    tp = ParallelMLP(args.hidden, args.ffn, group=group, device=device, dtype=dtype)
    tp.load_full(fc1, fc2)
    x_tp = x.to(device, dtype).requires_grad_()
    y = tp(x_tp)
    errors = {"y": error(y.cpu(), y_ref)}
    if args.backward:
        y.backward(grad.to(device, dtype))
        rows, cols = tp.fc1.rows, tp.fc2.cols
        errors["dx"] = error(x_tp.grad.cpu(), x_ref.grad)
        errors["dW1"] = error(tp.fc1.weight.grad.cpu(), fc1.weight.grad[rows])
        errors["db1"] = error(tp.fc1.bias.grad.cpu(), fc1.bias.grad[rows])
        errors["dW2"] = error(tp.fc2.weight.grad.cpu(), fc2.weight.grad[:, cols])
        errors["db2"] = error(tp.fc2.bias.grad.cpu(), fc2.bias.grad)
    return errors


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--device", choices=["cuda", "cpu"], default="cuda")
    p.add_argument("--one-gpu", action="store_true",
                   help="every rank on cuda:0, over gloo")
    p.add_argument("--backend", help="default: nccl on a GPU per rank, else gloo")
    p.add_argument("--dtype", choices=sorted(TYPES),
                   help="default: f16 on CUDA, f32 on the CPU")
    p.add_argument("--hidden", type=int, default=512)
    p.add_argument("--ffn", type=int, default=2048)
    p.add_argument("--tokens", type=int, default=192)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--backward", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--tol", type=float)
    args = p.parse_args(argv)
    rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
    local = int(os.environ.get("LOCAL_RANK", rank))
    cuda = args.device == "cuda" or args.one_gpu
    args.dtype = args.dtype or ("f16" if cuda else "f32")
    tol = args.tol or (1e-5 if args.dtype == "f32" else 2e-2)
    if cuda:
        device = torch.device("cuda", 0 if args.one_gpu else local)
        torch.cuda.set_device(device)
        backend = args.backend or ("gloo" if args.one_gpu else "nccl")
    else:
        device, backend = torch.device("cpu"), args.backend or "gloo"
    dist.init_process_group(backend)
    try:
        errors = run(args, rank, world, device)
    finally:
        dist.destroy_process_group()
    worst = max(errors.values())
    kernels = sorted(f"{key[3]}" for key, k in ops._families.items()
                     if device.index in k._launchers) if cuda else []
    text = " ".join(f"{what} {e:.2e}" for what, e in errors.items())
    # One write, so that the ranks' lines do not interleave.
    sys.stdout.write(f"rank {rank}/{world} {device} {backend} {args.dtype}: {text} "
                     f"(tol {tol:g}); tile_opt kernels: {', '.join(kernels) or 'none'}; "
                     f"{'ok' if worst <= tol else 'FAILED'}\n")
    sys.stdout.flush()
    return 0 if worst <= tol else 1


if __name__ == "__main__":
    sys.exit(main())
