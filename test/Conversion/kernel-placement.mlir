// tile-to-gpu outlines every func.func at the top level of the module that
// tile-tiling marked as a kernel; a tile op anywhere else is refused with a
// diagnostic, never left for the LLVM translation to fail on. Matmuls that
// tile-tiling refuses to tile are tested in tile-tiling-invalid.mlir, the
// whole pipeline in test/Pipelines/kernel-placement.mlir.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-gpu | FileCheck %s

// One top-level kernel beside a host function, which stays.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK-NOT: func.func @top
// CHECK: func.func @host(%{{.*}}: memref<?x?xf32>)
// CHECK-NEXT: return
// CHECK: gpu.module @top_kernels {
// CHECK-NEXT: gpu.func @top(
// CHECK-NOT: func.func @top
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @top(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}
func.func @host(%C: memref<?x?xf32>) {
  return
}

// -----

// A matmul in a nested module: tile-tiling (on the top-level functions)
// left it alone.
module @inner {
  func.func @nested(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
    // expected-error @+1 {{'tile.matmul' op tile-to-gpu: not in a kernel; only a func.func at the top level of the module, tiled by tile-tiling, becomes a kernel}}
    tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
    return
  }
}
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @top(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// A tiled kernel in a nested module is not outlined either (the module is
// nested: the chunk holds another function).
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
module @inner {
  func.func @nested(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
    // expected-error @+1 {{'tile.program_id' op tile-to-gpu: not in a kernel}}
    %pid = tile.program_id
    %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
    %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
    %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
    %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
    tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
    return
  }
}
func.func @host() {
  return
}

// -----

// Tile ops in a function that is not a kernel (no tile.kernel).
func.func @not_a_kernel(%A: memref<?x?xf16>) -> vector<16x16xf16> {
  // expected-error @+1 {{'tile.program_id' op tile-to-gpu: not in a kernel}}
  %pid = tile.program_id
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  return %a : vector<16x16xf16>
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: A, B and C must be memrefs in the default memory space (the kernel reads and writes them in global memory)}}
func.func @space1(%A: memref<?x?xf16, 1>, %B: memref<?x?xf16, 1>, %C: memref<?x?xf32, 1>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16, 1> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16, 1> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32, 1>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: A, B and C must be memrefs in the default memory space}}
func.func @c_global(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32, #gpu.address_space<global>>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32, #gpu.address_space<global>>
  return
}
