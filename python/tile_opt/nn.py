"""`tile_opt.nn.Linear`: torch.nn.Linear whose products are tile_opt's.

Forward computes x @ w.t() with the layout-nt kernels (w stays as stored,
out_features x in_features); backward, through torch.autograd, computes
dX = dY @ w with the nn kernels and dW = dY.t() @ x with the tn kernels.
The bias is added by torch. Inputs tile_opt does not take (CPU, float32)
run torch.nn.Linear's own forward. `patch(model)` swaps every nn.Linear of
a model for this class in place, sharing its parameters.

Importing this module imports torch.
"""
from __future__ import annotations

import torch

from .ops import matmul

__all__ = ["Linear", "patch"]

_TYPES = (torch.float16, torch.bfloat16)


class _Product(torch.autograd.Function):
    """x2 @ w.t() for 2-D x2 (rows x in_features) and w (out x in)."""

    @staticmethod
    def forward(x2: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        return matmul(x2, w.t())

    @staticmethod
    def setup_context(ctx, inputs, output) -> None:
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, grad: torch.Tensor):
        x2, w = ctx.saved_tensors
        grad = grad.contiguous()
        gx = matmul(grad, w) if ctx.needs_input_grad[0] else None
        gw = matmul(grad.t(), x2) if ctx.needs_input_grad[1] else None
        return gx, gw


class Linear(torch.nn.Linear):
    """torch.nn.Linear, its products by tile_opt (f16/bf16 CUDA inputs)."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.weight
        if not (x.is_cuda and x.dtype in _TYPES and w.dtype == x.dtype):
            return super().forward(x)
        lead = x.shape[:-1]
        y = _Product.apply(x.reshape(-1, x.shape[-1]).contiguous(), w)
        y = y.reshape(*lead, self.out_features)
        return y if self.bias is None else y + self.bias


def patch(model: torch.nn.Module) -> torch.nn.Module:
    """Makes every torch.nn.Linear in `model` a tile_opt.nn.Linear (in
    place, parameters shared); returns the model."""
    for module in model.modules():
        if type(module) is torch.nn.Linear:
            module.__class__ = Linear
    return model
