// C = A * B, bf16 inputs, bf16 output, f32 accumulation.
func.func @matmul_bf16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>,
                       %C: memref<?x?xbf16>) {
  tile.matmul %A, %B into %C
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
