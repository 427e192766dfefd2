// C = A * B, f16 inputs, f32 output, layout nn.
func.func @matmul_f16_f32c(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                           %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
