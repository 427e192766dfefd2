// C = A B with A transposed (stored K x M) and B transposed (stored N x K).
func.func @matmul_f16_tt(%A: memref<?x?xf16, strided<[1, ?]>>, %B: memref<?x?xf16, strided<[1, ?]>>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16, strided<[1, ?]>>, memref<?x?xf16, strided<[1, ?]>> into memref<?x?xf16>
  return
}
