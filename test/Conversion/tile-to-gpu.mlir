// tile-to-gpu outlines each tiled kernel into a gpu.func with the raw-pointer
// ABI. The options change what every kernel gets: one RUN line each.
// RUN: tile-opt %s -split-input-file --tile-to-gpu | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-to-gpu="index-bitwidth=64" | FileCheck %s --check-prefix=I64
// RUN: tile-opt %s -split-input-file --tile-to-gpu="min-blocks-per-sm=2" | FileCheck %s --check-prefix=MINB
// RUN: not tile-opt %s -split-input-file --tile-to-gpu="index-bitwidth=16" 2>&1 | FileCheck %s --check-prefix=BITS
// BITS: error: tile-to-gpu: index-bitwidth must be 32 or 64, got 16

// The kernel ABI: A, B, C pointers, then M, N, K, then the six strides.
// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: gpu.module @mm_kernels
// CHECK: gpu.func @mm(%[[A:.*]]: !llvm.ptr, %[[B:.*]]: !llvm.ptr, %[[C:.*]]: !llvm.ptr, %[[M:.*]]: i64, %[[N:.*]]: i64, %[[K:.*]]: i64, %[[SAM:.*]]: i64, %[[SAK:.*]]: i64, %[[SBK:.*]]: i64, %[[SBN:.*]]: i64, %[[SCM:.*]]: i64, %[[SCN:.*]]: i64) kernel
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// Without min-blocks-per-sm, at least one block per SM (ptxas would trade
// spills for occupancy).
// CHECK-SAME: nvvm.minctasm = 1 : i32
// What the memref types fix (row-major operands: the unit strides, offset 0).
// CHECK-SAME: tile.abi = {a_type = "f16", b_type = "f16", c_type = "f32", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}
// The configuration moves to the kernel as it is.
// CHECK-SAME: tile.kernel = #tile.kernel<block_m = 32, block_n = 32, block_k = 16, num_warps = 2, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// A's descriptor: sizes (M, K), strides (stride_am, stride_ak), 32-bit.
// CHECK: %[[D0:.*]] = llvm.insertvalue %[[A]], %{{.*}}[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK: llvm.trunc %[[M]] : i64 to i32
// CHECK: llvm.trunc %[[SAM]] : i64 to i32
// CHECK: llvm.trunc %[[K]] : i64 to i32
// CHECK: llvm.trunc %[[SAK]] : i64 to i32
// CHECK: %[[MA:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
// B's: sizes (K, N), strides (stride_bk, stride_bn).
// CHECK: llvm.insertvalue %[[B]], %{{.*}}[0]
// CHECK: llvm.trunc %[[K]] : i64 to i32
// CHECK: llvm.trunc %[[SBK]] : i64 to i32
// CHECK: llvm.trunc %[[N]] : i64 to i32
// CHECK: llvm.trunc %[[SBN]] : i64 to i32
// CHECK: %[[MB:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?x?xf16>
// CHECK: llvm.insertvalue %[[C]], %{{.*}}[0]
// CHECK: llvm.trunc %[[SCM]] : i64 to i32
// CHECK: llvm.trunc %[[SCN]] : i64 to i32
// CHECK: %[[MC:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?x?xf32>
// The tiled body, on the rebuilt memrefs; the program id is the block id.
// CHECK: memref.dim %[[MA]], %c1
// CHECK: memref.dim %[[MB]], %c1
// CHECK: %[[PID:.*]] = gpu.block_id x
// CHECK: arith.divui %[[PID]]
// CHECK: tile.load %[[MA]]
// CHECK: tile.load %[[MB]]
// CHECK: tile.dot
// CHECK: tile.store %{{.*}}, %[[MC]]
// CHECK: gpu.return
// The host function is gone.
// CHECK-NOT: func.func @mm
// 64-bit indices: no truncation.
// I64-LABEL: gpu.func @mm(
// I64-SAME: index_bitwidth = 64 : i64
// I64: %[[D:.*]] = llvm.insertvalue %arg3, %{{.*}}[3, 0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I64-NOT: llvm.trunc
// I64: gpu.return
// MINB-LABEL: gpu.func @mm(
// MINB-SAME: nvvm.minctasm = 2 : i32
// MINB-SAME: min_blocks_per_sm = 2 : i64
#k = #tile.kernel<block_m = 32, block_n = 32, block_k = 16, num_warps = 2, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.000000e+00> : vector<32x32xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %tiles_n = arith.ceildivui %N, %c32 : index
  %pid = tile.program_id
  %row = arith.divui %pid, %tiles_n : index
  %col = arith.remui %pid, %tiles_n : index
  %m0 = arith.muli %row, %c32 : index
  %n0 = arith.muli %col, %c32 : index
  %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc_k = %zero) -> (vector<32x32xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<32x16xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<16x32xf16>
    %d = tile.dot %a, %b, %acc_k : vector<32x16xf16>, vector<16x32xf16> -> vector<32x32xf32>
    scf.yield %d : vector<32x32xf32>
  }
  tile.store %acc, %C[%m0, %n0] : vector<32x32xf32> -> memref<?x?xf32>
  return
}

// -----

// The layouts a bundle serves follow from the memref types: B with a unit
// K stride is stored transposed (N x K); fully dynamic strides serve both.
// CHECK-LABEL: gpu.func @nt(
// CHECK-SAME: tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<?x?xf16, strided<[1, ?]>>
#k = #tile.kernel<block_m = 32, block_n = 32, block_k = 16, num_warps = 2, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @nt(%A: memref<?x?xf16>, %B: memref<?x?xf16, strided<[1, ?]>>, %C: memref<?x?xf16>) attributes {tile.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.000000e+00> : vector<32x32xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16, strided<[1, ?]>>
  %tiles_n = arith.ceildivui %N, %c32 : index
  %pid = tile.program_id
  %row = arith.divui %pid, %tiles_n : index
  %col = arith.remui %pid, %tiles_n : index
  %m0 = arith.muli %row, %c32 : index
  %n0 = arith.muli %col, %c32 : index
  %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc_k = %zero) -> (vector<32x32xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<32x16xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16, strided<[1, ?]>> -> vector<16x32xf16>
    %d = tile.dot %a, %b, %acc_k : vector<32x16xf16>, vector<16x32xf16> -> vector<32x32xf32>
    scf.yield %d : vector<32x32xf32>
  }
  tile.store %acc, %C[%m0, %n0] : vector<32x32xf32> -> memref<?x?xf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @any(
// CHECK-SAME: tile.abi = {a_type = "bf16", b_type = "bf16", c_type = "bf16", index_bitwidth = 32 : i64, layouts = ["nn", "nt", "tn", "tt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_cn = 1 : i64}
#k = #tile.kernel<block_m = 32, block_n = 32, block_k = 16, num_warps = 2, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @any(%A: memref<?x?xbf16, strided<[?, ?]>>, %B: memref<?x?xbf16, strided<[?, ?]>>, %C: memref<?x?xbf16>) attributes {tile.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.000000e+00> : vector<32x32xf32>
  %K = memref.dim %A, %c1 : memref<?x?xbf16, strided<[?, ?]>>
  %N = memref.dim %B, %c1 : memref<?x?xbf16, strided<[?, ?]>>
  %tiles_n = arith.ceildivui %N, %c32 : index
  %pid = tile.program_id
  %row = arith.divui %pid, %tiles_n : index
  %col = arith.remui %pid, %tiles_n : index
  %m0 = arith.muli %row, %c32 : index
  %n0 = arith.muli %col, %c32 : index
  %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc_k = %zero) -> (vector<32x32xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xbf16, strided<[?, ?]>> -> vector<32x16xbf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xbf16, strided<[?, ?]>> -> vector<16x32xbf16>
    %d = tile.dot %a, %b, %acc_k : vector<32x16xbf16>, vector<16x32xbf16> -> vector<32x32xf32>
    scf.yield %d : vector<32x32xf32>
  }
  tile.store %acc, %C[%m0, %n0] : vector<32x32xf32> -> memref<?x?xbf16>
  return
}

// -----

// Static shapes, strides and offsets are recorded for the runner to check.
// CHECK-LABEL: gpu.func @static(
// CHECK-SAME: tile.abi = {a_type = "f16", b_type = "f16", c_type = "f32", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_k = 48 : i64, static_m = 64 : i64, static_n = 40 : i64, static_offset_a = 0 : i64, static_offset_b = 8 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_am = 48 : i64, static_stride_bk = 1 : i64, static_stride_bn = 48 : i64, static_stride_cm = 40 : i64, static_stride_cn = 1 : i64}
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<64x48xf16>
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<48x40xf16, strided<[1, 48], offset: 8>>
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<64x40xf32>
#k = #tile.kernel<block_m = 32, block_n = 32, block_k = 16, num_warps = 2, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @static(%A: memref<64x48xf16>, %B: memref<48x40xf16, strided<[1, 48], offset: 8>>, %C: memref<64x40xf32>) attributes {tile.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant dense<0.000000e+00> : vector<32x32xf32>
  %K = memref.dim %A, %c1 : memref<64x48xf16>
  %N = memref.dim %B, %c1 : memref<48x40xf16, strided<[1, 48], offset: 8>>
  %tiles_n = arith.ceildivui %N, %c32 : index
  %pid = tile.program_id
  %row = arith.divui %pid, %tiles_n : index
  %col = arith.remui %pid, %tiles_n : index
  %m0 = arith.muli %row, %c32 : index
  %n0 = arith.muli %col, %c32 : index
  %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc_k = %zero) -> (vector<32x32xf32>) {
    %a = tile.load %A[%m0, %k] : memref<64x48xf16> -> vector<32x16xf16>
    %b = tile.load %B[%k, %n0] : memref<48x40xf16, strided<[1, 48], offset: 8>> -> vector<16x32xf16>
    %d = tile.dot %a, %b, %acc_k : vector<32x16xf16>, vector<16x32xf16> -> vector<32x32xf32>
    scf.yield %d : vector<32x32xf32>
  }
  tile.store %acc, %C[%m0, %n0] : vector<32x32xf32> -> memref<64x40xf32>
  return
}

// -----

// Persistent: the number of programs is the grid size.
// CHECK-LABEL: gpu.func @persistent(
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK-SAME: schedule = persistent
// CHECK: %[[PID:.*]] = gpu.block_id x
// CHECK: %[[NP:.*]] = gpu.grid_dim x
// CHECK: scf.for %{{.*}} = %[[PID]] to %{{.*}} step %[[NP]] {
// CHECK-NOT: tile.program_id
// CHECK-NOT: tile.num_programs
// CHECK: gpu.return
#k = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = persistent, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @persistent(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) attributes {tile.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.000000e+00> : vector<128x64xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %tiles_n = arith.ceildivui %N, %c64 : index
  %pid = tile.program_id
  %CM = memref.dim %C, %c0 : memref<?x?xf16>
  %CN = memref.dim %C, %c1 : memref<?x?xf16>
  %tiles_cm = arith.ceildivui %CM, %c128 : index
  %tiles_cn = arith.ceildivui %CN, %c64 : index
  %tiles = arith.muli %tiles_cm, %tiles_cn : index
  %np = tile.num_programs
  scf.for %t = %pid to %tiles step %np {
    %row = arith.divui %t, %tiles_n : index
    %col = arith.remui %t, %tiles_n : index
    %m0 = arith.muli %row, %c128 : index
    %n0 = arith.muli %col, %c64 : index
    %acc = scf.for %k = %c0 to %K step %c32 iter_args(%acc_k = %zero) -> (vector<128x64xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x32xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<32x64xf16>
      %d = tile.dot %a, %b, %acc_k : vector<128x32xf16>, vector<32x64xf16> -> vector<128x64xf32>
      scf.yield %d : vector<128x64xf32>
    }
    tile.store %acc, %C[%m0, %n0] : vector<128x64xf32> -> memref<?x?xf16>
  }
  return
}

// -----

// mma=wgmma: three more parameters, the TMA descriptors of A, B and C.
// CHECK-LABEL: gpu.func @wgmma(
// CHECK-SAME: %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK-SAME: mma = wgmma, warp_specialize = none, chip = sm_90a
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
func.func @wgmma(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) attributes {tile.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.000000e+00> : vector<128x128xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %tiles_n = arith.ceildivui %N, %c128 : index
  %pid = tile.program_id
  %row = arith.divui %pid, %tiles_n : index
  %col = arith.remui %pid, %tiles_n : index
  %m0 = arith.muli %row, %c128 : index
  %n0 = arith.muli %col, %c128 : index
  %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_k = %zero) -> (vector<128x128xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
    %d = tile.dot %a, %b, %acc_k : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  tile.store %acc, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf16>
  return
}
