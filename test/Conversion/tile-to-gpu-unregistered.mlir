// An op of no registered dialect (accepted with --allow-unregistered-dialect)
// is not a tile op: tile-to-gpu and tile-to-ptx leave it alone instead of
// asking a null dialect what it is.
// RUN: tile-opt %s --allow-unregistered-dialect -split-input-file --tile-tiling --tile-to-gpu | FileCheck %s
// RUN: tile-opt %s --allow-unregistered-dialect -split-input-file --tile-to-ptx | FileCheck %s --check-prefix=KERNEL

// CHECK: "test.op"() : () -> ()
// KERNEL: "test.op"() : () -> ()
"test.op"() : () -> ()

// -----

// CHECK: "test.op"() : () -> ()
// CHECK: gpu.module @matmul_kernels
// KERNEL: "test.op"() : () -> ()
// KERNEL: gpu.binary @matmul_kernels
"test.op"() : () -> ()
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
