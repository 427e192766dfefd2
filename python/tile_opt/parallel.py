"""Tensor parallelism: a Megatron-style MLP block sharded over the ranks of
a torch.distributed process group, its local products through tile_opt.

    fc1 (column-parallel): each rank holds ffn/world rows of W1 (and of b1),
        h = act(x @ W1_r.t() + b1_r), a column slice of the hidden layer;
    fc2 (row-parallel): each rank holds the matching ffn/world columns of W2,
        y = all_reduce(h @ W2_r.t()) + b2, the sum of the ranks' partial
        products.

One all-reduce forward (after fc2), one backward (the input's gradient,
before fc1), as Megatron-LM's f and g operators. The products x @ w.t()
are tile_opt.nn.Linear's: tile_opt kernels for float16/bfloat16 CUDA
tensors (layout nt forward, nn and tn backward), torch.matmul elsewhere
(CPU, float32), so the sharding runs, and is tested, on the CPU with the
gloo backend. Each rank's tensors are on its own device (one
process a GPU, as torchrun starts them; several GPUs of one process work
too).

Importing this module imports torch.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

import torch
import torch.distributed as dist

from .errors import InputError
from .nn import _TYPES, _Product

__all__ = ["ColumnParallelLinear", "RowParallelLinear", "ParallelMLP", "shard_range",
           "product"]


def shard_range(size: int, rank: int, world: int, what: str = "size") -> slice:
    """The rows (or columns) of `size` that `rank` of `world` holds: equal
    contiguous shards, so `size` must divide by `world`."""
    if world < 1 or not 0 <= rank < world:
        raise InputError(f"rank {rank} of a world of {world}")
    if size % world:
        raise InputError(f"{what} {size} does not divide over {world} ranks")
    part = size // world
    return slice(rank * part, (rank + 1) * part)


def _world(group: Any) -> tuple[int, int]:
    """This process's rank and the group's size (0 of 1 without
    torch.distributed set up)."""
    if group is None and not (dist.is_available() and dist.is_initialized()):
        return 0, 1
    return dist.get_rank(group), dist.get_world_size(group)


def product(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    """x @ w.t() over x's last dimension (w: out x in, as nn.Linear holds
    it), through tile_opt for float16/bfloat16 CUDA tensors (autograd too),
    torch.matmul otherwise."""
    if x.is_cuda and x.dtype in _TYPES and w.dtype == x.dtype:
        lead = x.shape[:-1]
        y = _Product.apply(x.reshape(-1, x.shape[-1]).contiguous(), w)
        return y.reshape(*lead, w.shape[0])
    return torch.matmul(x, w.t())


def _all_reduce(x: torch.Tensor, group: Any) -> torch.Tensor:
    if dist.is_available() and dist.is_initialized() and dist.get_world_size(group) > 1:
        dist.all_reduce(x, group=group)
    return x


class _CopyToRanks(torch.autograd.Function):
    """Megatron's f: the identity forward; backward, the sum of the ranks'
    gradients of the input (each rank's fc1 shard sees all of x)."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, group: Any) -> torch.Tensor:
        ctx.group = group
        return x

    @staticmethod
    def backward(ctx, grad: torch.Tensor):
        return _all_reduce(grad.clone(), ctx.group), None


class _ReduceFromRanks(torch.autograd.Function):
    """Megatron's g: forward, the sum of the ranks' partial products (in
    place); backward, the identity."""

    @staticmethod
    def forward(ctx, x: torch.Tensor, group: Any) -> torch.Tensor:
        ctx.mark_dirty(x)
        return _all_reduce(x, group)

    @staticmethod
    def backward(ctx, grad: torch.Tensor):
        return grad, None


class ColumnParallelLinear(torch.nn.Linear):
    """y_r = x @ W[rows of rank r].t() + b[rows of rank r]: the rank's
    out_features / world outputs (its `weight` is that shard,
    out_features / world x in_features)."""

    def __init__(self, in_features: int, out_features: int, bias: bool = True, *,
                 group: Any = None, device: Any = None, dtype: Any = None) -> None:
        self.group = group
        self.rank, self.world = _world(group)
        self.rows = shard_range(out_features, self.rank, self.world, "out_features")
        super().__init__(in_features, out_features // self.world, bias, device=device,
                         dtype=dtype)
        self.full_out_features = out_features

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = product(_CopyToRanks.apply(x, self.group), self.weight)
        return y if self.bias is None else y + self.bias

    @torch.no_grad()
    def load_full(self, weight: torch.Tensor, bias: Optional[torch.Tensor] = None) -> None:
        """Takes this rank's rows of an unsharded out_features x in_features
        weight (and bias)."""
        self.weight.copy_(weight[self.rows])
        if self.bias is not None and bias is not None:
            self.bias.copy_(bias[self.rows])


class RowParallelLinear(torch.nn.Linear):
    """y = sum over ranks r of x_r @ W[:, columns of r].t(), then + b: x_r
    is the rank's in_features / world slice of the input (a column-parallel
    layer's output), its `weight` the matching out_features x in_features /
    world shard; the bias, whole on every rank, is added once after the
    all-reduce."""

    def __init__(self, in_features: int, out_features: int, bias: bool = True, *,
                 group: Any = None, device: Any = None, dtype: Any = None) -> None:
        self.group = group
        self.rank, self.world = _world(group)
        self.cols = shard_range(in_features, self.rank, self.world, "in_features")
        super().__init__(in_features // self.world, out_features, bias, device=device,
                         dtype=dtype)
        self.full_in_features = in_features

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = _ReduceFromRanks.apply(product(x, self.weight), self.group)
        return y if self.bias is None else y + self.bias

    @torch.no_grad()
    def load_full(self, weight: torch.Tensor, bias: Optional[torch.Tensor] = None) -> None:
        """Takes this rank's columns of an unsharded out_features x
        in_features weight (and the whole bias)."""
        self.weight.copy_(weight[:, self.cols])
        if self.bias is not None and bias is not None:
            self.bias.copy_(bias)


class ParallelMLP(torch.nn.Module):
    """fc2(act(fc1(x))), fc1 column-parallel and fc2 row-parallel over the
    ranks of `group` (the default group when None): hidden -> ffn -> hidden,
    ffn divisible by the group's size. Every rank passes the same x and gets
    the whole output."""

    def __init__(self, hidden: int, ffn: int, *, bias: bool = True, group: Any = None,
                 activation: Callable[[torch.Tensor], torch.Tensor] = torch.nn.functional.gelu,
                 device: Any = None, dtype: Any = None) -> None:
        super().__init__()
        self.fc1 = ColumnParallelLinear(hidden, ffn, bias, group=group, device=device,
                                        dtype=dtype)
        self.fc2 = RowParallelLinear(ffn, hidden, bias, group=group, device=device,
                                     dtype=dtype)
        self.activation = activation

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(self.activation(self.fc1(x)))

    def load_full(self, fc1: torch.nn.Linear, fc2: torch.nn.Linear) -> "ParallelMLP":
        """This rank's shards of an unsharded block's two torch.nn.Linear
        layers (hidden -> ffn, ffn -> hidden); returns self."""
        self.fc1.load_full(fc1.weight, fc1.bias)
        self.fc2.load_full(fc2.weight, fc2.bias)
        return self
