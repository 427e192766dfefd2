// C is written while A and B are read: C may not be A or B (verifier). A
// and B may be the same memref for the CPU lowering, but a GPU kernel takes
// them as two parameters, so tile-to-gpu refuses it.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-tiling --tile-to-gpu | FileCheck %s

// Two arguments, one matrix at run time: fine.
// CHECK-LABEL: gpu.func @square(
func.func @square(%A: memref<?x?xf16>, %A2: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %A2 into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
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

// -----

// expected-error @+1 {{tile-to-gpu: A and B are the same memref; the kernel takes them as two parameters, so pass the matrix as two arguments}}
func.func @a_is_b(%A: memref<?x?xf16>, %unused: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %A into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

// expected-error @+1 {{tile-to-gpu: A and B are the same memref}}
func.func @a_is_b_static(%A: memref<64x64xf16>, %unused: memref<64x64xf16>, %C: memref<64x64xf16>) {
  tile.matmul %A, %A into %C : memref<64x64xf16>, memref<64x64xf16> into memref<64x64xf16>
  return
}
