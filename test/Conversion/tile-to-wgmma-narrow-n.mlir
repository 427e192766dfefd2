// tile-to-wgmma with a block_n that is not a multiple of 64, wider or
// narrower than one 64-column box (the output of tile-tiling,
// tile-persistent and tile-to-gpu, checked in). A K-major B
// (nt: x @ w.T) is one TMA box of block_n rows of 64 K per stage, which the
// wgmma reads as it reads 64-row boxes; C is staged in the widest boxes
// whose rows divide a tile row (f16 96: 64 bytes, 32 columns) and stored
// with the matching swizzle. An N-major B, loaded in 64-column boxes, is
// refused.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma))" | FileCheck %s

// nt, cooperative 128x96, 4 stages: a ring of 4 x (16 KB of A + 12 KB of
// B), each consumer's 64x96 C staged as three 64x32 boxes (12 KB), 1 KB to
// align.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK-SAME: layouts = ["nt"]
// CHECK-SAME: tma_box_a = [64, 128], tma_box_a_tail = [64, 64], tma_box_b = [64, 96], tma_box_c = [32, 64], tma_swizzle_bytes = 128
// CHECK: memref.alloc() : memref<140288xi8, #gpu.address_space<workgroup>>
// CHECK: %[[MAPB:.*]] = builtin.unrealized_conversion_cast %arg13 : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<96x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b,
// CHECK: %[[MAPC:.*]] = builtin.unrealized_conversion_cast %arg14 : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x32xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_64b,
// The producer: A's box (or its first tail box), then B's one box of 96
// rows at the stage's 12 KB.
// CHECK: %[[TX:.*]] = arith.addi %{{.*}}, %c12288{{.*}} : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx %{{.*}}[%[[STAGE:.*]]], %[[TX]]
// CHECK: nvgpu.tma.async.load %{{.*}} -> memref<128x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[BOFF:.*]] = arith.muli %[[STAGE]], %c12288{{[_0-9]*}} : index
// CHECK: %[[BSTAGES:.*]] = arith.addi %{{.*}}, %c65536 : index
// CHECK: %[[BAT:.*]] = arith.addi %[[BSTAGES]], %[[BOFF]] : index
// CHECK: %[[BVIEW:.*]] = memref.view %alloc[%[[BAT]]][] : {{.*}} to memref<96x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.async.load %[[MAPB]][%{{.*}}, %{{.*}}], %{{.*}}[%[[STAGE]]] to %[[BVIEW]]
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: } else {
// The consumers: one wgmma of N 96 per k step, through B's 96-row map.
// CHECK: %[[DB:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[MAPB]] : memref<64x96xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.warpgroup.mma %{{.*}}, %[[DB]], %{{.*}} : {{.*}} -> <fragmented = vector<64x96xf32>>
// Each consumer's staging tile: 12 KB after the 112 KB ring.
// CHECK: arith.addi %{{.*}}, %c114688 : index
// CHECK: arith.muli %{{.*}}, %c12288{{.*}} : index
// CHECK: tile.stage_accumulator %{{.*}}[0], %{{.*}} {box_bytes = 64 : i64} : <fragmented = vector<64x96xf32>> to memref<64x96xf16, #gpu.address_space<workgroup>>
// Three boxes of 32 columns, 64 rows x 64 bytes (4 KB) apart.
// CHECK: %[[V0:.*]] = memref.view %alloc[%[[T0:[0-9]+]]][] : {{.*}} to memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.async.store %[[V0]] to %[[MAPC]][%[[N0:.*]], %{{.*}}]
// CHECK: %[[T1:.*]] = arith.addi %[[T0]], %c4096 : index
// CHECK: %[[V1:.*]] = memref.view %alloc[%[[T1]]][]
// CHECK: arith.addi %[[N0]], %c32{{[_0-9]*}} : index
// CHECK: nvgpu.tma.async.store %[[V1]] to %[[MAPC]]
// CHECK: %[[T2:.*]] = arith.addi %[[T0]], %c8192 : index
// CHECK: %[[V2:.*]] = memref.view %alloc[%[[T2]]][]
// CHECK: arith.addi %[[N0]], %c64{{.*}} : index
// CHECK: nvgpu.tma.async.store %[[V2]] to %[[MAPC]]
// CHECK-NOT: nvgpu.tma.async.store
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 96, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
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
      %c96 = arith.constant 96 : index
      %43 = arith.ceildivui %dim_2, %c96 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %dim_4 = memref.dim %41, %c0_3 : memref<?x?xf16>
      %c1_5 = arith.constant 1 : index
      %dim_6 = memref.dim %41, %c1_5 : memref<?x?xf16>
      %c128_7 = arith.constant 128 : index
      %44 = arith.ceildivui %dim_4, %c128_7 : index
      %c96_8 = arith.constant 96 : index
      %45 = arith.ceildivui %dim_6, %c96_8 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c0_9 = arith.constant 0 : index
      %c128_10 = arith.constant 128 : index
      %c96_11 = arith.constant 96 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x96xf32>
      %c64 = arith.constant 64 : index
      scf.for %arg15 = %block_id_x to %46 step %grid_dim_x {
        %47 = arith.divui %arg15, %43 : index
        %48 = arith.remui %arg15, %43 : index
        %49 = arith.muli %47, %c128_10 : index
        %50 = arith.muli %48, %c96_11 : index
        %51 = scf.for %arg16 = %c0_9 to %dim_0 step %c64 iter_args(%arg17 = %cst) -> (vector<128x96xf32>) {
          %52 = tile.load %13[%49, %arg16] : memref<?x?xf16> -> vector<128x64xf16>
          %53 = tile.load %27[%arg16, %50] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x96xf16>
          %54 = tile.dot %52, %53, %arg17 : vector<128x64xf16>, vector<64x96xf16> -> vector<128x96xf32>
          scf.yield %54 : vector<128x96xf32>
        }
        tile.store %51, %41[%49, %50] : vector<128x96xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}


// -----

// nt, one warpgroup, 64x48, 8 stages (narrower than a 64-column box): B is
// one box of 48 rows per stage (6 KB, a whole number of 1 KB swizzle
// atoms, so every stage stays aligned), one wgmma of N 48 per k step, and
// C's 96-byte rows are staged as three 64x16 boxes of 32 bytes.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK-SAME: tma_box_a = [64, 64], tma_box_a_tail = [64, 64], tma_box_b = [64, 48], tma_box_c = [16, 64], tma_swizzle_bytes = 128
// CHECK: memref.alloc() : memref<115712xi8, #gpu.address_space<workgroup>>
// CHECK: %[[TX:.*]] = arith.addi %{{.*}}, %c6144 : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx %{{.*}}[%[[STAGE:.*]]], %[[TX]]
// CHECK: nvgpu.tma.async.load %{{.*}} -> memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: arith.muli %[[STAGE]], %c6144{{[_0-9]*}} : index
// CHECK: nvgpu.tma.async.load {{.*}} -> memref<48x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.warpgroup.mma %{{.*}}, %{{.*}}, %{{.*}} : {{.*}}, <tensor = memref<64x48xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x48xf32>>
// CHECK: tile.stage_accumulator %{{.*}}[0], %{{.*}} {box_bytes = 32 : i64} : <fragmented = vector<64x48xf32>> to memref<64x48xf16, #gpu.address_space<workgroup>>
// CHECK: %[[V0:.*]] = memref.view %alloc[%[[T0:[0-9]+]]][] : {{.*}} to memref<64x16xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.async.store %[[V0]] to %[[MAPC:.*]][%[[N0:.*]], %{{.*}}], {{.*}} -> <tensor = memref<64x16xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_32b
// CHECK: %[[T1:.*]] = arith.addi %[[T0]], %c2048 : index
// CHECK: %[[V1:.*]] = memref.view %alloc[%[[T1]]][]
// CHECK: arith.addi %[[N0]], %c16{{[_0-9]*}} : index
// CHECK: nvgpu.tma.async.store %[[V1]] to %[[MAPC]]
// CHECK: %[[T2:.*]] = arith.addi %[[T0]], %c4096 : index
// CHECK: %[[V2:.*]] = memref.view %alloc[%[[T2]]][]
// CHECK: arith.addi %[[N0]], %c32{{[_0-9]*}} : index
// CHECK: nvgpu.tma.async.store %[[V2]] to %[[MAPC]]
// CHECK-NOT: nvgpu.tma.async.store
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 64, block_n = 48, block_k = 64, num_warps = 4, num_stages = 8, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
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
      %c64 = arith.constant 64 : index
      %42 = arith.ceildivui %dim, %c64 : index
      %c48 = arith.constant 48 : index
      %43 = arith.ceildivui %dim_2, %c48 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %dim_4 = memref.dim %41, %c0_3 : memref<?x?xf16>
      %c1_5 = arith.constant 1 : index
      %dim_6 = memref.dim %41, %c1_5 : memref<?x?xf16>
      %c64_7 = arith.constant 64 : index
      %44 = arith.ceildivui %dim_4, %c64_7 : index
      %c48_8 = arith.constant 48 : index
      %45 = arith.ceildivui %dim_6, %c48_8 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c0_9 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %47 = arith.muli %c8, %43 : index
      %c64_10 = arith.constant 64 : index
      %c48_11 = arith.constant 48 : index
      %cst = arith.constant dense<0.000000e+00> : vector<64x48xf32>
      %c64_12 = arith.constant 64 : index
      scf.for %arg16 = %block_id_x to %46 step %grid_dim_x {
        %48 = arith.divui %arg16, %47 : index
        %49 = arith.muli %48, %c8 : index
        %50 = arith.subi %42, %49 : index
        %51 = arith.minui %50, %c8 : index
        %52 = arith.remui %arg16, %47 : index
        %53 = arith.remui %52, %51 : index
        %54 = arith.divui %52, %51 : index
        %55 = arith.addi %49, %53 : index
        %56 = arith.muli %55, %c64_10 : index
        %57 = arith.muli %54, %c48_11 : index
        %58 = scf.for %arg17 = %c0_9 to %dim_0 step %c64_12 iter_args(%arg18 = %cst) -> (vector<64x48xf32>) {
          %59 = tile.load %13[%56, %arg17] : memref<?x?xf16> -> vector<64x64xf16>
          %60 = tile.load %27[%arg17, %57] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x48xf16>
          %61 = tile.dot %59, %60, %arg18 : vector<64x64xf16>, vector<64x48xf16> -> vector<64x48xf32>
          scf.yield %61 : vector<64x48xf32>
        }
        tile.store %58, %41[%56, %57] : vector<64x48xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}


// -----

// nn (B N-major), 128x96: refused.
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_kernels {
    // expected-error @+1 {{tile-to-wgmma: block-n = 96 needs B K-major (stored N x K, as in x @ w.T); this B is N-major, which is loaded in boxes of 64 columns}}
    gpu.func @matmul_f16(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 96, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
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
      %dim = memref.dim %13, %c0 : memref<?x?xf16>
      %c1 = arith.constant 1 : index
      %dim_0 = memref.dim %13, %c1 : memref<?x?xf16>
      %c1_1 = arith.constant 1 : index
      %dim_2 = memref.dim %27, %c1_1 : memref<?x?xf16>
      %c128 = arith.constant 128 : index
      %42 = arith.ceildivui %dim, %c128 : index
      %c96 = arith.constant 96 : index
      %43 = arith.ceildivui %dim_2, %c96 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %44 = arith.divui %block_id_x, %43 : index
      %45 = arith.remui %block_id_x, %43 : index
      %c128_4 = arith.constant 128 : index
      %46 = arith.muli %44, %c128_4 : index
      %c96_5 = arith.constant 96 : index
      %47 = arith.muli %45, %c96_5 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x96xf32>
      %c64 = arith.constant 64 : index
      %48 = scf.for %arg15 = %c0_3 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<128x96xf32>) {
        %49 = tile.load %13[%46, %arg15] : memref<?x?xf16> -> vector<128x64xf16>
        %50 = tile.load %27[%arg15, %47] : memref<?x?xf16> -> vector<64x96xf16>
        %51 = tile.dot %49, %50, %arg16 : vector<128x64xf16>, vector<64x96xf16> -> vector<128x96xf32>
        scf.yield %51 : vector<128x96xf32>
      }
      tile.store %48, %41[%46, %47] : vector<128x96xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}

