// RUN: tile-opt %s --verify-roundtrip | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @matmul_dynamic
// CHECK: tile.matmul %{{.*}}, %{{.*}} into %{{.*}} : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
func.func @matmul_dynamic(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// CHECK-LABEL: func.func @matmul_static_bf16
// CHECK: tile.matmul {{.*}} : memref<64x32xbf16>, memref<32x16xbf16> into memref<64x16xbf16>
func.func @matmul_static_bf16(%A: memref<64x32xbf16>, %B: memref<32x16xbf16>, %C: memref<64x16xbf16>) {
  tile.matmul %A, %B into %C : memref<64x32xbf16>, memref<32x16xbf16> into memref<64x16xbf16>
  return
}

// A transposed operand is a choice of strides.
// CHECK-LABEL: func.func @matmul_strided
// CHECK: tile.matmul {{.*}} : memref<?x?xf16, strided<[1, ?]>>, memref<?x?xf16, strided<[?, 1], offset: ?>> into memref<?x?xf16>
func.func @matmul_strided(%A: memref<?x?xf16, strided<[1, ?]>>, %B: memref<?x?xf16, strided<[?, 1], offset: ?>>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16, strided<[1, ?]>>, memref<?x?xf16, strided<[?, 1], offset: ?>> into memref<?x?xf16>
  return
}

// CHECK-LABEL: func.func @tile_level
// CHECK: %[[PID:.*]] = tile.program_id
// CHECK: %[[NP:.*]] = tile.num_programs
// CHECK: %[[A:.*]] = tile.load %{{.*}}[%[[PID]], %[[NP]]] : memref<?x?xf16> -> vector<16x16xf16>
// CHECK: %[[D:.*]] = tile.dot %[[A]], %[[A]], %{{.*}} : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
// CHECK: tile.store %[[D]], %{{.*}}[%[[PID]], %[[NP]]] : vector<16x16xf32> -> memref<?x?xbf16>
func.func @tile_level(%A: memref<?x?xf16>, %C: memref<?x?xbf16>, %acc: vector<16x16xf32>) {
  %pid = tile.program_id
  %np = tile.num_programs
  %a = tile.load %A[%pid, %np] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %a, %acc : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %np] : vector<16x16xf32> -> memref<?x?xbf16>
  return
}

// CHECK-LABEL: func.func @split_store
// CHECK: tile.store %{{.*}}, %{{.*}}[%[[I:.*]], %[[I]]] split %[[S:.*]] of %[[N:.*]] in tile %[[T:.*]] : vector<16x16xf32> -> memref<?x?xf16>
func.func @split_store(%C: memref<?x?xf16>, %acc: vector<16x16xf32>, %i: index, %s: index, %n: index, %t: index) {
  tile.store %acc, %C[%i, %i] split %s of %n in tile %t : vector<16x16xf32> -> memref<?x?xf16>
  return
}
