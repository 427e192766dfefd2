// C = A * B, f16 inputs, f16 output, f32 accumulation; M, N, K known only at
// run time. Compile: tile-opt examples/matmul_f16.mlir --tile-to-ptx --tile-bundle=out
func.func @matmul_f16(%A: memref<?x?xf16>, %B: memref<?x?xf16>,
                      %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
