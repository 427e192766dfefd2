// A hand-written dispatch entry named like a compiled kernel: both would be
// mm.json.
module attributes {tile.dispatch = {mm = [{kernel = "mm", why = "w"}]}} {
  func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
    tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
    return
  }
}
