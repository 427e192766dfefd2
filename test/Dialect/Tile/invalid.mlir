// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @rank(%A: memref<?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  // expected-error @+1 {{operand #0 must be 2D memref of 16-bit float or bfloat16 type values, but got 'memref<?xf16>'}}
  tile.matmul %A, %B into %C : memref<?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

func.func @mixed_types(%A: memref<?x?xf16>, %B: memref<?x?xbf16>, %C: memref<?x?xf32>) {
  // expected-error @+1 {{A and B must have the same element type, got 'f16' and 'bf16'}}
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xbf16> into memref<?x?xf32>
  return
}

// -----

func.func @f64_inputs(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf32>) {
  // expected-error @+1 {{operand #0 must be 2D memref of 16-bit float or bfloat16 type values, but got 'memref<?x?xf64>'}}
  tile.matmul %A, %B into %C : memref<?x?xf64>, memref<?x?xf64> into memref<?x?xf32>
  return
}

// -----

func.func @i8_inputs(%A: memref<?x?xi8>, %B: memref<?x?xi8>, %C: memref<?x?xf32>) {
  // expected-error @+1 {{operand #0 must be 2D memref of 16-bit float or bfloat16 type values, but got 'memref<?x?xi8>'}}
  tile.matmul %A, %B into %C : memref<?x?xi8>, memref<?x?xi8> into memref<?x?xf32>
  return
}

// -----

func.func @f64_output(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf64>) {
  // expected-error @+1 {{operand #2 must be 2D memref of 32-bit float or 16-bit float or bfloat16 type values, but got 'memref<?x?xf64>'}}
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf64>
  return
}

// -----

func.func @k_mismatch(%A: memref<64x32xf16>, %B: memref<16x8xf16>, %C: memref<64x8xf32>) {
  // expected-error @+1 {{K of A (dim 1) must equal K of B (dim 0) (32 vs 16)}}
  tile.matmul %A, %B into %C : memref<64x32xf16>, memref<16x8xf16> into memref<64x8xf32>
  return
}

// -----

func.func @m_mismatch(%A: memref<64x32xf16>, %B: memref<32x8xf16>, %C: memref<63x8xf32>) {
  // expected-error @+1 {{M of A (dim 0) must equal M of C (dim 0) (64 vs 63)}}
  tile.matmul %A, %B into %C : memref<64x32xf16>, memref<32x8xf16> into memref<63x8xf32>
  return
}

// -----

func.func @n_mismatch(%A: memref<?x32xf16>, %B: memref<32x8xf16>, %C: memref<?x9xf32>) {
  // expected-error @+1 {{N of B (dim 1) must equal N of C (dim 1) (8 vs 9)}}
  tile.matmul %A, %B into %C : memref<?x32xf16>, memref<32x8xf16> into memref<?x9xf32>
  return
}

// -----

func.func @load_type(%A: memref<?x?xf16>, %i: index) {
  // expected-error @+1 {{result element type 'bf16' must match the memref's 'f16'}}
  %a = tile.load %A[%i, %i] : memref<?x?xf16> -> vector<16x16xbf16>
  return
}

// -----

func.func @dot_types(%a: vector<16x16xf16>, %b: vector<16x16xbf16>, %acc: vector<16x16xf32>) {
  // expected-error @+1 {{lhs and rhs must have the same element type}}
  %d = tile.dot %a, %b, %acc : vector<16x16xf16>, vector<16x16xbf16> -> vector<16x16xf32>
  return
}

// -----

func.func @dot_shapes(%a: vector<16x32xf16>, %b: vector<16x16xf16>, %acc: vector<16x16xf32>) {
  // expected-error @+1 {{shapes do not form a product: 'vector<16x32xf16>' * 'vector<16x16xf16>' -> 'vector<16x16xf32>'}}
  %d = tile.dot %a, %b, %acc : vector<16x32xf16>, vector<16x16xf16> -> vector<16x16xf32>
  return
}

// -----

func.func @split_without_tile(%C: memref<?x?xf16>, %acc: vector<16x16xf32>, %i: index) {
  // expected-error @+1 {{takes a split, its number of parts and a tile, or none of them}}
  "tile.store"(%acc, %C, %i, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 1>}> : (vector<16x16xf32>, memref<?x?xf16>, index, index, index, index) -> ()
  return
}
