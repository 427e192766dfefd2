// RUN: tile-opt %s --split-input-file --tile-tiling --tile-to-gpu -verify-diagnostics

// expected-error @+1 {{tile-to-gpu: a kernel function takes exactly the memrefs A, B and C and returns nothing}}
func.func @extra_arg(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>, %x: index) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// expected-error @+1 {{tile-to-gpu: A and B need a unit stride in one dimension (or fully dynamic strides) and C a unit column stride}}
func.func @c_transposed(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16, strided<[1, ?]>>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16, strided<[1, ?]>>
  return
}
