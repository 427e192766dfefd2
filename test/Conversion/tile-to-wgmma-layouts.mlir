// tile-to-wgmma for every layout: each operand keeps its own orientation in
// shared memory (no transposing copy). A row-major is one K-major box of
// block_m rows; A transposed is block_m / 64 M-major boxes of 64 K rows. B
// row-major is N-major boxes of 64 K rows; B transposed is K-major boxes of
// 64 N rows. TMA coordinates are innermost first (the operand's contiguous
// dimension); the wgmma says B K-major by leaving out transposeB, A M-major
// by tile.transpose_a; the manifest states the layout and the multiples of
// the operands' contiguous sizes. (Layout nn: tile-to-wgmma.mlir.)
// Inputs: tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64
// num-warps=4 chip=sm_90a" and tile-to-gpu on C = A B in each layout.
// RUN: tile-opt %s -split-input-file --tile-to-wgmma | FileCheck %s

// nt (x @ w.T): A K-major, B K-major.
// CHECK-LABEL: gpu.func @mm_nt(
// CHECK-SAME: tile.abi = {{{.*}}k_multiple = 8 : i64, layouts = ["nt"]{{.*}}n_multiple = 8 : i64{{.*}}tma_box_a = [64, 128], tma_box_a_tail = [64, 64], tma_box_b = [64, 64]
// CHECK-NOT: m_multiple
// CHECK: nvgpu.tma.async.load %[[TA:[0-9]+]][%[[K0:[0-9]+]], %[[M0:[0-9]+]]], {{.*}} -> memref<128x64xf16
// CHECK: nvgpu.tma.async.load %[[TB:[0-9]+]][%[[K0]], %[[N0:[0-9]+]]], {{.*}} -> memref<64x64xf16
// CHECK: %[[N1:[0-9]+]] = arith.addi %[[N0]], %c64
// CHECK: nvgpu.tma.async.load %[[TB]][%[[K0]], %[[N1]]]
// CHECK: nvgpu.warpgroup.mma %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK-NOT: transpose
// CHECK-SAME: -> <fragmented = vector<128x128xf32>>
module attributes {gpu.container_module} {
  gpu.module @mm_nt_kernels {
    gpu.func @mm_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
      %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %2 = llvm.insertvalue %arg0, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %3 = llvm.mlir.constant(0 : i32) : i32
      %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %5 = llvm.trunc %arg3 : i64 to i32
      %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %7 = llvm.trunc %arg6 : i64 to i32
      %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %9 = llvm.trunc %arg5 : i64 to i32
      %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %11 = llvm.trunc %arg7 : i64 to i32
      %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %13 = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %15 = llvm.insertvalue %arg1, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %16 = llvm.insertvalue %arg1, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %17 = llvm.mlir.constant(0 : i32) : i32
      %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %19 = llvm.trunc %arg5 : i64 to i32
      %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %21 = llvm.trunc %arg8 : i64 to i32
      %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %23 = llvm.trunc %arg4 : i64 to i32
      %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %25 = llvm.trunc %arg9 : i64 to i32
      %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %27 = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16, strided<[1, ?]>>
      %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %29 = llvm.insertvalue %arg2, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %30 = llvm.insertvalue %arg2, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %31 = llvm.mlir.constant(0 : i32) : i32
      %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %33 = llvm.trunc %arg3 : i64 to i32
      %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %35 = llvm.trunc %arg10 : i64 to i32
      %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %37 = llvm.trunc %arg4 : i64 to i32
      %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %39 = llvm.trunc %arg11 : i64 to i32
      %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %41 = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %c0 = arith.constant 0 : index
      %dim = memref.dim %13, %c0 : memref<?x?xf16>
      %c1 = arith.constant 1 : index
      %dim_0 = memref.dim %13, %c1 : memref<?x?xf16>
      %c1_1 = arith.constant 1 : index
      %dim_2 = memref.dim %27, %c1_1 : memref<?x?xf16, strided<[1, ?]>>
      %c128 = arith.constant 128 : index
      %42 = arith.ceildivui %dim, %c128 : index
      %c128_3 = arith.constant 128 : index
      %43 = arith.ceildivui %dim_2, %c128_3 : index
      %block_id_x = gpu.block_id  x
      %c0_4 = arith.constant 0 : index
      %44 = arith.divui %block_id_x, %43 : index
      %45 = arith.remui %block_id_x, %43 : index
      %c128_5 = arith.constant 128 : index
      %46 = arith.muli %44, %c128_5 : index
      %c128_6 = arith.constant 128 : index
      %47 = arith.muli %45, %c128_6 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
      %c64 = arith.constant 64 : index
      %48 = scf.for %arg15 = %c0_4 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<128x128xf32>) {
        %49 = tile.load %13[%46, %arg15] : memref<?x?xf16> -> vector<128x64xf16>
        %50 = tile.load %27[%arg15, %47] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x128xf16>
        %51 = tile.dot %49, %50, %arg16 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
        scf.yield %51 : vector<128x128xf32>
      }
      tile.store %48, %41[%46, %47] : vector<128x128xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}


// -----

// tn (the dW of a backward pass): A M-major in two boxes of 64 columns, B
// N-major.
// CHECK-LABEL: gpu.func @mm_tn(
// CHECK-SAME: tile.abi = {{{.*}}k_multiple = 1 : i64, layouts = ["tn"]{{.*}}m_multiple = 8 : i64{{.*}}n_multiple = 8 : i64{{.*}}tma_box_a = [64, 64], tma_box_a_tail = [64, 64], tma_box_b = [64, 64]
// The boxes a tile issues count its rows inside M: A's dim 0, as in every
// layout (not K, A's dim 1).
// CHECK: %[[ROWS:dim_[0-9]+]] = memref.dim %{{[0-9]+}}, %c0_{{[0-9]+}} : memref<?x?xf16, strided<[1, ?]>>
// CHECK: arith.cmpi ult, %{{[0-9]+}}, %[[ROWS]] : index
// CHECK: nvgpu.tma.async.load %[[TA:[0-9]+]][%[[M0:[0-9]+]], %[[K0:[0-9]+]]], {{.*}} -> memref<64x64xf16
// CHECK: %[[M1:[0-9]+]] = arith.addi %[[M0]], %c64
// CHECK: nvgpu.tma.async.load %[[TA]][%[[M1]], %[[K0]]]
// CHECK: nvgpu.tma.async.load %[[TB:[0-9]+]][%{{[0-9]+}}, %[[K0]]]
// CHECK: nvgpu.warpgroup.mma %{{.*}}, %{{.*}}, %{{.*}} {tile.transpose_a, transposeB}
module attributes {gpu.container_module} {
  gpu.module @mm_tn_kernels {
    gpu.func @mm_tn(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["tn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_am = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
      %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %2 = llvm.insertvalue %arg0, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %3 = llvm.mlir.constant(0 : i32) : i32
      %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %5 = llvm.trunc %arg3 : i64 to i32
      %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %7 = llvm.trunc %arg6 : i64 to i32
      %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %9 = llvm.trunc %arg5 : i64 to i32
      %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %11 = llvm.trunc %arg7 : i64 to i32
      %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %13 = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16, strided<[1, ?]>>
      %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %15 = llvm.insertvalue %arg1, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %16 = llvm.insertvalue %arg1, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %17 = llvm.mlir.constant(0 : i32) : i32
      %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %19 = llvm.trunc %arg5 : i64 to i32
      %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %21 = llvm.trunc %arg8 : i64 to i32
      %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %23 = llvm.trunc %arg4 : i64 to i32
      %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %25 = llvm.trunc %arg9 : i64 to i32
      %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %27 = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %29 = llvm.insertvalue %arg2, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %30 = llvm.insertvalue %arg2, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %31 = llvm.mlir.constant(0 : i32) : i32
      %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %33 = llvm.trunc %arg3 : i64 to i32
      %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %35 = llvm.trunc %arg10 : i64 to i32
      %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %37 = llvm.trunc %arg4 : i64 to i32
      %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %39 = llvm.trunc %arg11 : i64 to i32
      %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %41 = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %c0 = arith.constant 0 : index
      %dim = memref.dim %13, %c0 : memref<?x?xf16, strided<[1, ?]>>
      %c1 = arith.constant 1 : index
      %dim_0 = memref.dim %13, %c1 : memref<?x?xf16, strided<[1, ?]>>
      %c1_1 = arith.constant 1 : index
      %dim_2 = memref.dim %27, %c1_1 : memref<?x?xf16>
      %c128 = arith.constant 128 : index
      %42 = arith.ceildivui %dim, %c128 : index
      %c128_3 = arith.constant 128 : index
      %43 = arith.ceildivui %dim_2, %c128_3 : index
      %block_id_x = gpu.block_id  x
      %c0_4 = arith.constant 0 : index
      %44 = arith.divui %block_id_x, %43 : index
      %45 = arith.remui %block_id_x, %43 : index
      %c128_5 = arith.constant 128 : index
      %46 = arith.muli %44, %c128_5 : index
      %c128_6 = arith.constant 128 : index
      %47 = arith.muli %45, %c128_6 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
      %c64 = arith.constant 64 : index
      %48 = scf.for %arg15 = %c0_4 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<128x128xf32>) {
        %49 = tile.load %13[%46, %arg15] : memref<?x?xf16, strided<[1, ?]>> -> vector<128x64xf16>
        %50 = tile.load %27[%arg15, %47] : memref<?x?xf16> -> vector<64x128xf16>
        %51 = tile.dot %49, %50, %arg16 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
        scf.yield %51 : vector<128x128xf32>
      }
      tile.store %48, %41[%46, %47] : vector<128x128xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}


// -----

// tt: A M-major, B K-major.
// CHECK-LABEL: gpu.func @mm_tt(
// CHECK-SAME: tile.abi = {{{.*}}k_multiple = 8 : i64, layouts = ["tt"]{{.*}}m_multiple = 8 : i64{{.*}}n_multiple = 8 : i64{{.*}}tma_box_a = [64, 64], tma_box_a_tail = [64, 64], tma_box_b = [64, 64]
// CHECK: %[[ROWS:dim_[0-9]+]] = memref.dim %{{[0-9]+}}, %c0_{{[0-9]+}} : memref<?x?xf16, strided<[1, ?]>>
// CHECK: arith.cmpi ult, %{{[0-9]+}}, %[[ROWS]] : index
// CHECK: nvgpu.tma.async.load %[[TA:[0-9]+]][%[[M0:[0-9]+]], %[[K0:[0-9]+]]], {{.*}} -> memref<64x64xf16
// CHECK: nvgpu.tma.async.load %[[TA]][%{{[0-9]+}}, %[[K0]]]
// CHECK: nvgpu.tma.async.load %[[TB:[0-9]+]][%[[K0]], %{{[0-9]+}}]
// CHECK: nvgpu.warpgroup.mma %{{.*}}, %{{.*}}, %{{.*}} {tile.transpose_a} :
module attributes {gpu.container_module} {
  gpu.module @mm_tt_kernels {
    gpu.func @mm_tt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["tt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_am = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
      %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %2 = llvm.insertvalue %arg0, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %3 = llvm.mlir.constant(0 : i32) : i32
      %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %5 = llvm.trunc %arg3 : i64 to i32
      %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %7 = llvm.trunc %arg6 : i64 to i32
      %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %9 = llvm.trunc %arg5 : i64 to i32
      %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %11 = llvm.trunc %arg7 : i64 to i32
      %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %13 = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16, strided<[1, ?]>>
      %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %15 = llvm.insertvalue %arg1, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %16 = llvm.insertvalue %arg1, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %17 = llvm.mlir.constant(0 : i32) : i32
      %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %19 = llvm.trunc %arg5 : i64 to i32
      %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %21 = llvm.trunc %arg8 : i64 to i32
      %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %23 = llvm.trunc %arg4 : i64 to i32
      %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %25 = llvm.trunc %arg9 : i64 to i32
      %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %27 = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16, strided<[1, ?]>>
      %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %29 = llvm.insertvalue %arg2, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %30 = llvm.insertvalue %arg2, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %31 = llvm.mlir.constant(0 : i32) : i32
      %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %33 = llvm.trunc %arg3 : i64 to i32
      %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %35 = llvm.trunc %arg10 : i64 to i32
      %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %37 = llvm.trunc %arg4 : i64 to i32
      %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %39 = llvm.trunc %arg11 : i64 to i32
      %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %41 = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %c0 = arith.constant 0 : index
      %dim = memref.dim %13, %c0 : memref<?x?xf16, strided<[1, ?]>>
      %c1 = arith.constant 1 : index
      %dim_0 = memref.dim %13, %c1 : memref<?x?xf16, strided<[1, ?]>>
      %c1_1 = arith.constant 1 : index
      %dim_2 = memref.dim %27, %c1_1 : memref<?x?xf16, strided<[1, ?]>>
      %c128 = arith.constant 128 : index
      %42 = arith.ceildivui %dim, %c128 : index
      %c128_3 = arith.constant 128 : index
      %43 = arith.ceildivui %dim_2, %c128_3 : index
      %block_id_x = gpu.block_id  x
      %c0_4 = arith.constant 0 : index
      %44 = arith.divui %block_id_x, %43 : index
      %45 = arith.remui %block_id_x, %43 : index
      %c128_5 = arith.constant 128 : index
      %46 = arith.muli %44, %c128_5 : index
      %c128_6 = arith.constant 128 : index
      %47 = arith.muli %45, %c128_6 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
      %c64 = arith.constant 64 : index
      %48 = scf.for %arg15 = %c0_4 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<128x128xf32>) {
        %49 = tile.load %13[%46, %arg15] : memref<?x?xf16, strided<[1, ?]>> -> vector<128x64xf16>
        %50 = tile.load %27[%arg15, %47] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x128xf16>
        %51 = tile.dot %49, %50, %arg16 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
        scf.yield %51 : vector<128x128xf32>
      }
      tile.store %48, %41[%46, %47] : vector<128x128xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}

