func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
