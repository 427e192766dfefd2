// Two chunks (-split-input-file) whose kernels share a name, so their
// bundle files would too.
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

func.func @mm(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xf32>
  return
}
