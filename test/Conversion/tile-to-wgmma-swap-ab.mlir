// tile-to-wgmma with swap_ab = 1: each tile is computed as C's transpose,
// B^T A^T, so that M lies on wgmma's N side. The rings hold A and B as
// without the swap; wgmma's A is the B stage (64 rows of N, K-major as
// stored N x K) and its B the A stage (block_m rows of M, K-major), so the
// accumulator is 64 x block_m. C is staged transposed (block_m rows of 64
// N columns, one 128-byte box per row) and stored with TMA at (n0, m0);
// split-K writes each partial transposed, so that the cluster adds rows of
// C as without the swap. A cluster split-K kernel takes more than half the
// SM's shared memory: one block per SM (docs/results/swap-ab.md).
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-wgmma | FileCheck %s

// 208 x 64 tiles, one warpgroup: wgmma m64n208 over the B stage (A side)
// and the A stage (B side), each with its own descriptor's map.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK-SAME: tma_box_a = [64, 208], tma_box_a_tail = [64, 208], tma_box_b = [64, 64], tma_box_c = [64, 208]
// CHECK: %[[MAPA:.*]] = builtin.unrealized_conversion_cast %arg12 : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<208x64xf16
// CHECK: %[[MAPB:.*]] = builtin.unrealized_conversion_cast %arg13 : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16
// CHECK: %[[MAPC:.*]] = builtin.unrealized_conversion_cast %arg14 : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<208x64xf16
// CHECK: %[[M0:.*]] = arith.muli %{{.*}}, %c208{{[_0-9]*}} : index
// CHECK: %[[N0:.*]] = arith.muli %{{.*}}, %c64{{[_0-9]*}} : index
// CHECK: nvgpu.tma.async.load %[[MAPA]][%{{.*}}, %[[M0]]]
// CHECK: nvgpu.tma.async.load %[[MAPB]][%{{.*}}, %[[N0]]]
// CHECK: scf.for
// CHECK: %[[DA:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[MAPB]] : memref<64x64xf16
// CHECK: %[[DB:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[MAPA]] : memref<64x208xf16
// CHECK: nvgpu.warpgroup.mma %[[DA]], %[[DB]], %{{.*}} : <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x208xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x208xf32>>
// CHECK-NOT: tile_transpose_a
// CHECK: tile.stage_accumulator %{{.*}}[0], %{{.*}} {transposed} : <fragmented = vector<64x208xf32>> to memref<208x64xf16
// CHECK: nvvm.fence.proxy
// CHECK: %[[AT:.*]] = arith.addi %[[N0]], %c0{{[_0-9]*}} : index
// CHECK: nvgpu.tma.async.store %{{.*}} to %[[MAPC]][%[[AT]], %[[M0]]]
// CHECK-SAME: memref<208x64xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: tile.
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 208, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, swap_ab = 1, chip = sm_90a, shared_bytes = 0>} {
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
      %c208 = arith.constant 208 : index
      %42 = arith.ceildivui %dim, %c208 : index
      %c64 = arith.constant 64 : index
      %43 = arith.ceildivui %dim_2, %c64 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %44 = arith.divui %block_id_x, %43 : index
      %45 = arith.remui %block_id_x, %43 : index
      %c208_4 = arith.constant 208 : index
      %46 = arith.muli %44, %c208_4 : index
      %c64_5 = arith.constant 64 : index
      %47 = arith.muli %45, %c64_5 : index
      %cst = arith.constant dense<0.000000e+00> : vector<208x64xf32>
      %c64_6 = arith.constant 64 : index
      %48 = scf.for %arg15 = %c0_3 to %dim_0 step %c64_6 iter_args(%arg16 = %cst) -> (vector<208x64xf32>) {
        %49 = tile.load %13[%46, %arg15] : memref<?x?xf16> -> vector<208x64xf16>
        %50 = tile.load %27[%arg15, %47] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x64xf16>
        %51 = tile.dot %49, %50, %arg16 : vector<208x64xf16>, vector<64x64xf16> -> vector<208x64xf32>
        scf.yield %51 : vector<208x64xf32>
      }
      tile.store %48, %41[%46, %47] : vector<208x64xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
  
}

// -----

// 16 x 64 tiles split 4 ways in a cluster: the 64 x 16 accumulator is the
// partial's transpose, written through a view of strides [1, 68] (rows of
// C padded by 4 floats: a warp's columns, 2 apart, fall 8 banks apart),
// skipped by a warp whose first row of N lies past N; the cluster then adds
// rows of C. The buffer is sized to one block per SM.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK-SAME: splits = "cluster"
// CHECK-SAME: tma_box_a = [64, 16], tma_box_a_tail = [64, 16], tma_box_b = [64, 64], tma_box_c = [64, 16]
// CHECK: memref.alloc() : memref<117248xi8, #gpu.address_space<workgroup>>
// CHECK: nvgpu.warpgroup.mma %{{.*}}, %{{.*}}, %{{.*}} : <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x16xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x16xf32>>
// CHECK: %[[N:.*]] = memref.dim %{{.*}}, %c1{{[_0-9]*}} : memref<?x?xf16>
// CHECK: %[[ROWS:.*]] = memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [64, 16], strides: [1, 68]
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %[[N]] : index
// CHECK: scf.if %[[IN]] {
// CHECK-NEXT: nvgpu.warpgroup.mma.store %{{.*}}, %[[ROWS]] : <fragmented = vector<64x16xf32>> to memref<64x16xf32, strided<[1, 68], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: nvvm.mapa
// CHECK: vector.store
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NOT: tile.
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 16, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 4, swap_ab = 1, chip = sm_90a, shared_bytes = 0>} {
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
      %c16 = arith.constant 16 : index
      %42 = arith.ceildivui %dim, %c16 : index
      %c64 = arith.constant 64 : index
      %43 = arith.ceildivui %dim_2, %c64 : index
      %block_id_x = gpu.block_id  x
      %44 = arith.muli %42, %43 : index
      %grid_dim_x = gpu.grid_dim  x
      %45 = arith.divui %grid_dim_x, %44 : index
      %46 = arith.divui %block_id_x, %45 : index
      %47 = arith.remui %block_id_x, %45 : index
      %c64_3 = arith.constant 64 : index
      %48 = arith.ceildivui %dim_0, %c64_3 : index
      %c64_4 = arith.constant 64 : index
      %49 = arith.ceildivui %48, %45 : index
      %50 = arith.muli %49, %c64_4 : index
      %51 = arith.muli %47, %50 : index
      %52 = arith.addi %51, %50 : index
      %53 = arith.minui %dim_0, %52 : index
      %54 = arith.divui %46, %43 : index
      %55 = arith.remui %46, %43 : index
      %c16_5 = arith.constant 16 : index
      %56 = arith.muli %54, %c16_5 : index
      %c64_6 = arith.constant 64 : index
      %57 = arith.muli %55, %c64_6 : index
      %cst = arith.constant dense<0.000000e+00> : vector<16x64xf32>
      %c64_7 = arith.constant 64 : index
      %58 = scf.for %arg15 = %51 to %53 step %c64_7 iter_args(%arg16 = %cst) -> (vector<16x64xf32>) {
        %59 = tile.load %13[%56, %arg15] : memref<?x?xf16> -> vector<16x64xf16>
        %60 = tile.load %27[%arg15, %57] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x64xf16>
        %61 = tile.dot %59, %60, %arg16 : vector<16x64xf16>, vector<64x64xf16> -> vector<16x64xf32>
        scf.yield %61 : vector<16x64xf32>
      }
      tile.store %58, %41[%56, %57] split %47 of %45 in tile %46 : vector<16x64xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
  
}

// -----

// 208 x 128 tiles, two warpgroups: each takes 64 rows of N from the B
// stage (wgRow x 128 bytes in, after its 64 x 64 boxes), the whole A stage
// as wgmma's B, stages its own 208 x 64 transposed box and stores it at
// (n0 + 64 x warpgroup, m0).
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK-SAME: tma_box_a = [64, 208], tma_box_a_tail = [64, 208], tma_box_b = [64, 64], tma_box_c = [64, 208]
// CHECK: %[[WG:.*]] = arith.divui %{{.*}}, %c128 : index
// CHECK-NEXT: %c64 = arith.constant 64 : index
// CHECK-NEXT: %[[WGROW:.*]] = arith.muli %[[WG]], %c64 : index
// CHECK: %[[MAPA:.*]] = builtin.unrealized_conversion_cast %arg12 : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<208x64xf16
// CHECK: %[[MAPB:.*]] = builtin.unrealized_conversion_cast %arg13 : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16
// CHECK: %[[MAPC:.*]] = builtin.unrealized_conversion_cast %arg14 : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<208x64xf16
// CHECK: %[[M0:.*]] = arith.muli %{{.*}}, %c208{{[_0-9]*}} : index
// CHECK: %[[N0:.*]] = arith.muli %{{.*}}, %c128{{[_0-9]*}} : index
// CHECK: scf.for
// CHECK: %[[ROWS:.*]] = arith.muli %[[WGROW]], %c128{{[_0-9]*}} : index
// CHECK-NEXT: %[[AT:.*]] = arith.addi %{{.*}}, %[[ROWS]] : index
// CHECK-NEXT: %[[VA:.*]] = memref.view %{{.*}}[%[[AT]]][] : {{.*}} to memref<64x64xf16
// CHECK: %[[DA:.*]] = nvgpu.warpgroup.generate.descriptor %[[VA]], %[[MAPB]] : memref<64x64xf16
// CHECK-NEXT: %[[DB:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[MAPA]] : memref<64x208xf16
// CHECK-NEXT: nvgpu.warpgroup.mma %[[DA]], %[[DB]], %{{.*}} : <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x208xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x208xf32>>
// CHECK: tile.stage_accumulator %{{.*}}[0], %{{.*}} {transposed} : <fragmented = vector<64x208xf32>> to memref<208x64xf16
// CHECK: %[[N0W0:.*]] = arith.addi %[[N0]], %c0{{[_0-9]*}} : index
// CHECK-NEXT: nvgpu.tma.async.store %{{.*}} to %[[MAPC]][%[[N0W0]], %[[M0]]]
// CHECK: %[[N0W1:.*]] = arith.addi %[[N0]], %c64{{[_0-9]*}} : index
// CHECK-NEXT: nvgpu.tma.async.store %{{.*}} to %[[MAPC]][%[[N0W1]], %[[M0]]]
// CHECK-NOT: nvgpu.tma.async.store
// CHECK-NOT: tile.
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 208, block_n = 128, block_k = 64, num_warps = 8, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, swap_ab = 1, chip = sm_90a, shared_bytes = 0>} {
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
      %c208 = arith.constant 208 : index
      %42 = arith.ceildivui %dim, %c208 : index
      %c128 = arith.constant 128 : index
      %43 = arith.ceildivui %dim_2, %c128 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %44 = arith.divui %block_id_x, %43 : index
      %45 = arith.remui %block_id_x, %43 : index
      %c208_4 = arith.constant 208 : index
      %46 = arith.muli %44, %c208_4 : index
      %c128_5 = arith.constant 128 : index
      %47 = arith.muli %45, %c128_5 : index
      %cst = arith.constant dense<0.000000e+00> : vector<208x128xf32>
      %c64 = arith.constant 64 : index
      %48 = scf.for %arg15 = %c0_3 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<208x128xf32>) {
        %49 = tile.load %13[%46, %arg15] : memref<?x?xf16> -> vector<208x64xf16>
        %50 = tile.load %27[%arg15, %47] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x128xf16>
        %51 = tile.dot %49, %50, %arg16 : vector<208x64xf16>, vector<64x128xf16> -> vector<208x128xf32>
        scf.yield %51 : vector<208x128xf32>
      }
      tile.store %48, %41[%46, %47] : vector<208x128xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}


// -----

// 208 x 192 tiles, three warpgroups (12 warps, as cuBLAS's 192-row tiles
// at M ~ 200): three 64 x 64 boxes of B per stage, one staged box and one
// TMA store per warpgroup, at n0, n0 + 64 and n0 + 128.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK-SAME: tma_box_a = [64, 208], tma_box_a_tail = [64, 208], tma_box_b = [64, 64], tma_box_c = [64, 208]
// CHECK: %[[MAPC:.*]] = builtin.unrealized_conversion_cast %arg14 : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<208x64xf16
// CHECK: %[[M0:.*]] = arith.muli %{{.*}}, %c208{{[_0-9]*}} : index
// CHECK: %[[N0:.*]] = arith.muli %{{.*}}, %c192{{[_0-9]*}} : index
// CHECK: nvgpu.warpgroup.mma %{{.*}}, %{{.*}}, %{{.*}} : <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x208xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x208xf32>>
// CHECK: %[[W0:.*]] = arith.addi %[[N0]], %c0{{[_0-9]*}} : index
// CHECK-NEXT: nvgpu.tma.async.store %{{.*}} to %[[MAPC]][%[[W0]], %[[M0]]]
// CHECK: %[[W1:.*]] = arith.addi %[[N0]], %c64{{[_0-9]*}} : index
// CHECK-NEXT: nvgpu.tma.async.store %{{.*}} to %[[MAPC]][%[[W1]], %[[M0]]]
// CHECK: %[[W2:.*]] = arith.addi %[[N0]], %c128{{[_0-9]*}} : index
// CHECK-NEXT: nvgpu.tma.async.store %{{.*}} to %[[MAPC]][%[[W2]], %[[M0]]]
// CHECK-NOT: nvgpu.tma.async.store
// CHECK-NOT: tile.
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 208, block_n = 192, block_k = 64, num_warps = 12, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, swap_ab = 1, chip = sm_90a, shared_bytes = 0>} {
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
      %c208 = arith.constant 208 : index
      %42 = arith.ceildivui %dim, %c208 : index
      %c192 = arith.constant 192 : index
      %43 = arith.ceildivui %dim_2, %c192 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %44 = arith.divui %block_id_x, %43 : index
      %45 = arith.remui %block_id_x, %43 : index
      %c208_4 = arith.constant 208 : index
      %46 = arith.muli %44, %c208_4 : index
      %c192_5 = arith.constant 192 : index
      %47 = arith.muli %45, %c192_5 : index
      %cst = arith.constant dense<0.000000e+00> : vector<208x192xf32>
      %c64 = arith.constant 64 : index
      %48 = scf.for %arg15 = %c0_3 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<208x192xf32>) {
        %49 = tile.load %13[%46, %arg15] : memref<?x?xf16> -> vector<208x64xf16>
        %50 = tile.load %27[%arg15, %47] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x192xf16>
        %51 = tile.dot %49, %50, %arg16 : vector<208x64xf16>, vector<64x192xf16> -> vector<208x192xf32>
        scf.yield %51 : vector<208x192xf32>
      }
      tile.store %48, %41[%46, %47] : vector<208x192xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}

