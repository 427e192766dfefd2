"""tile-bench: times tile-opt bundles next to cuBLAS and Triton in one process.

`bundle` and `stats` are pure Python (no torch or CUDA needed); `cuda_launch`
launches bundles on PyTorch tensors through the CUDA driver API
(cuda-python), `anchors` holds the Triton kernels compared against, and `cli`
is the `tile-bench` command.
"""
