// A kernel is one tile.matmul directly in a func.func at the top level of
// the module, on memrefs in the default memory space. A matmul anywhere else
// is refused with a diagnostic, never skipped (it used to compile to nothing,
// or fail in the LLVM translation when a top-level kernel sat beside it).
// The whole pipeline here; each pass alone in
// Transforms/tile-tiling-invalid.mlir and Conversion/kernel-placement.mlir.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-ptx=serialize=0 | FileCheck %s

// CHECK-LABEL: gpu.module @top_kernels
func.func @top(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

func.func @in_for(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{'tile.matmul' op must be directly in its function's body (a kernel computes one whole matmul; it cannot sit in a loop or a branch)}}
    tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  }
  return
}

// -----

func.func @in_if(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %p: i1) {
  scf.if %p {
    // expected-error @+1 {{'tile.matmul' op must be directly in its function's body}}
    tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  }
  return
}

// -----

// Beside a kernel at the top level.
func.func @top(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
func.func @in_if(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %p: i1) {
  scf.if %p {
    // expected-error @+1 {{'tile.matmul' op must be directly in its function's body}}
    tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  }
  return
}

// -----

module @inner {
  func.func @nested(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
    // expected-error @+1 {{'tile.matmul' op tile-to-gpu: not in a kernel; only a func.func at the top level of the module, tiled by tile-tiling, becomes a kernel}}
    tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
    return
  }
}
func.func @top(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

// expected-error @+1 {{tile-to-gpu: A, B and C must be memrefs in the default memory space (the kernel reads and writes them in global memory)}}
func.func @space1(%A: memref<?x?xf16, 1>, %B: memref<?x?xf16, 1>, %C: memref<?x?xf32, 1>) {
  tile.matmul %A, %B into %C : memref<?x?xf16, 1>, memref<?x?xf16, 1> into memref<?x?xf32, 1>
  return
}

// -----

// expected-error @+1 {{tile-to-gpu: A, B and C must be memrefs in the default memory space}}
func.func @c_global(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32, #gpu.address_space<global>>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32, #gpu.address_space<global>>
  return
}

// -----

// In a second block: tile-to-gpu would outline only the entry block.
func.func @second_block(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  // expected-error @+1 {{'cf.br' op cannot be in a kernel function: it holds one tile.matmul and a return, in one block}}
  cf.br ^bb1
^bb1:
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

// Another op would run in every program of the kernel.
func.func @extra_store(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>, %i: index, %z: f32) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  // expected-error @below {{'memref.store' op cannot be in a kernel function}}
  memref.store %z, %C[%i, %i] : memref<?x?xf32>
  return
}
