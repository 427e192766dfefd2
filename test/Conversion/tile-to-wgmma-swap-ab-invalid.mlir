// swap_ab = 1 makes A wgmma's B operand, block_m of its rows in one K-major
// TMA box: an A stored K x M (layouts tn, tt) is refused with one line.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-ptx="mma=wgmma block-m=64 block-n=64 block-k=64 num-warps=4 num-stages=4 swap-ab=1" -o /dev/null

// expected-error @+1 {{tile-to-wgmma: swap-ab=1 needs A K-major (stored M x K): A is wgmma's B, block-m of its rows in one box}}
func.func @matmul_tn(%A: memref<?x?xf16, strided<[1, ?]>>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16, strided<[1, ?]>>, memref<?x?xf16> into memref<?x?xf16>
  return
}
