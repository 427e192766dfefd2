// RUN: tile-opt %s --split-input-file --tile-tiling="block-m=32 block-n=32 block-k=16 num-warps=2" --tile-to-gpu --canonicalize --cse | FileCheck %s
// RUN: tile-opt %s --split-input-file --tile-tiling="block-m=32 block-n=32 block-k=16 num-warps=2" --tile-to-gpu="index-bitwidth=64" --canonicalize --cse | FileCheck %s --check-prefix=I64
// RUN: tile-opt %s --split-input-file --tile-tiling --tile-persistent --tile-to-gpu --canonicalize --cse | FileCheck %s --check-prefix=PERS
// RUN: not tile-opt %s --split-input-file --tile-tiling --tile-to-gpu="index-bitwidth=16" 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: tile-opt %s --split-input-file --tile-tiling --tile-to-gpu="min-blocks-per-sm=2" | FileCheck %s --check-prefix=MINB

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
// CHECK-SAME: tile.kernel = {block_k = 16
// A's descriptor: sizes (M, K), strides (stride_am, stride_ak), 32-bit.
// CHECK: %[[D0:.*]] = llvm.insertvalue %[[A]], %{{.*}}[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// CHECK: llvm.trunc %[[M]] : i64 to i32
// CHECK: llvm.trunc %[[SAM]] : i64 to i32
// CHECK: llvm.trunc %[[K]] : i64 to i32
// CHECK: llvm.trunc %[[SAK]] : i64 to i32
// CHECK: %[[MA:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
// CHECK: %[[MB:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?x?xf16>
// CHECK: %[[MC:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?x?xf32>
// CHECK: %[[PID:.*]] = gpu.block_id x
// CHECK: arith.divui %[[PID]]
// CHECK: tile.load %[[MA]]
// CHECK: tile.load %[[MB]]
// CHECK: tile.store %{{.*}}, %[[MC]]
// CHECK: gpu.return
// The host function is gone.
// CHECK-NOT: func.func @mm
// I64: !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I64-NOT: llvm.trunc
// PERS: %[[NP:.*]] = gpu.grid_dim x
// PERS: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[NP]]
// MINB: gpu.func @mm
// MINB-SAME: nvvm.minctasm = 2 : i32
// MINB-SAME: min_blocks_per_sm = 2 : i64
// BITS: error: tile-to-gpu: index-bitwidth must be 32 or 64, got 16
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

// The layouts a bundle serves follow from the memref types: B with a unit
// K stride is stored transposed (N x K); fully dynamic strides serve both.
// CHECK-LABEL: gpu.func @nt
// CHECK-SAME: layouts = ["nt"]
func.func @nt(%A: memref<?x?xf16>, %B: memref<?x?xf16, strided<[1, ?]>>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16, strided<[1, ?]>> into memref<?x?xf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @any
// CHECK-SAME: layouts = ["nn", "nt", "tn", "tt"]
func.func @any(%A: memref<?x?xbf16, strided<[?, ?]>>, %B: memref<?x?xbf16, strided<[?, ?]>>, %C: memref<?x?xbf16>) {
  tile.matmul %A, %B into %C : memref<?x?xbf16, strided<[?, ?]>>, memref<?x?xbf16, strided<[?, ?]>> into memref<?x?xbf16>
  return
}
