// C is written while A and B are read: C may not be A or B (verifier). A
// and B may be the same memref (the CPU lowering reads it twice); a GPU
// kernel takes them as two parameters, so tile-to-gpu refuses it
// (Conversion/tile-to-gpu-invalid.mlir).
// RUN: tile-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @a_is_b(
// CHECK-SAME: %[[A:[^:]*]]: memref<?x?xf16>
// CHECK: tile.matmul %[[A]], %[[A]] into %{{.*}} : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
func.func @a_is_b(%A: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %A into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

func.func @c_is_a(%A: memref<?x?xf16>, %B: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.matmul' op C must not be the same memref as A or B}}
  tile.matmul %A, %B into %A : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

func.func @c_is_b(%A: memref<?x?xf16>, %B: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.matmul' op C must not be the same memref as A or B}}
  tile.matmul %A, %B into %B : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

func.func @all_one(%A: memref<?x?xf16>) {
  // expected-error @+1 {{'tile.matmul' op C must not be the same memref as A or B}}
  tile.matmul %A, %A into %A : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
