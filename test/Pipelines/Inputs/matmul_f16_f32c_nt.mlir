// C = A * B, f16 inputs, f32 output, B stored transposed (N x K).
func.func @matmul_f16_f32c_nt(%A: memref<?x?xf16>,
                              %B: memref<?x?xf16, strided<[1, ?]>>,
                              %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C
      : memref<?x?xf16>, memref<?x?xf16, strided<[1, ?]>> into memref<?x?xf32>
  return
}
