// C = A * B with B stored transposed (N x K, row-major): B's K stride is 1.
// A transposed operand is only a choice of strides.
func.func @matmul_f16_nt(%A: memref<?x?xf16>,
                         %B: memref<?x?xf16, strided<[1, ?]>>,
                         %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C
      : memref<?x?xf16>, memref<?x?xf16, strided<[1, ?]>> into memref<?x?xf16>
  return
}
