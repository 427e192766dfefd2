// C = A * B, bf16 inputs and output, B stored transposed (N x K).
func.func @matmul_bf16_nt(%A: memref<?x?xbf16>,
                          %B: memref<?x?xbf16, strided<[1, ?]>>,
                          %C: memref<?x?xbf16>) {
  tile.matmul %A, %B into %C
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?]>> into memref<?x?xbf16>
  return
}
