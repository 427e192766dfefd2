// A kernel's name becomes its PTX entry and the bundle's file names
// (<name>.ptx, <name>.json): tile-to-gpu accepts C identifiers and refuses
// every other name with one line, before any IR is built.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-gpu | FileCheck %s

// CHECK-LABEL: gpu.module @ok_1_kernels
// CHECK: gpu.func @ok_1(
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @ok_1(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// CHECK-LABEL: gpu.module @_x_kernels
// CHECK: gpu.func @_x(
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @_x(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// A symbol already named like the kernel's gpu.module: the module is
// renamed, not duplicated.
// CHECK-LABEL: func.func @mm_kernels(
// CHECK-LABEL: gpu.module @mm_kernels_0
// CHECK: gpu.func @mm(
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @mm_kernels() {
  return
}
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: kernel name "my-kernel" is not a C identifier}}
func.func @"my-kernel"(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name "a b" is not a C identifier}}
func.func @"a b"(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name "../a/b" is not a C identifier}}
func.func @"../a/b"(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name "9lives" is not a C identifier}}
func.func @"9lives"(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name "a.b" is not a C identifier}}
func.func @"a.b"(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name ".." is not a C identifier}}
func.func @".."(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name "" is not a C identifier}}
func.func @""(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name "_" is not a C identifier}}
func.func @"_"(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// The message stays on one line: control characters are escaped.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name "a\0Ab\00c" is not a C identifier}}
func.func @"a\0Ab\00c"(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name "k\C3\A9rnel" is not a C identifier}}
func.func @"kérnel"(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{kernel name "%*\22\\" is not a C identifier}}
func.func @"%*\"\\"(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}
