// C = A B with A transposed (stored K x M).
func.func @matmul_f16_tn(%A: memref<?x?xf16, strided<[1, ?]>>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16, strided<[1, ?]>>, memref<?x?xf16> into memref<?x?xf16>
  return
}
