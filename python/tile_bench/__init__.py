"""tile-bench: times tile-opt bundles next to cuBLAS and Triton in one process.

`bundle` reads bundles through the runtime's binding (`tile_runtime`);
`stats` and `findings` (tile-compare's findings in words) are pure Python
(none of them needs torch or a GPU); `cuda_launch` launches bundles on
PyTorch tensors through the runtime, `anchors` holds the Triton kernels
compared against, `files` writes the tools' outputs whole, and `cli` is the
`tile-bench` command.
"""
