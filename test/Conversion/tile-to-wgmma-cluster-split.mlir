// tile-to-wgmma on a split-K kernel whose partial sums meet in a cluster
// (split_k = 4, at most a cluster's 8; tiled; the grid holds S <= 4
// programs per tile, side by side, launched as one cluster of S blocks):
// each block writes its partial sum in f32 over its own ring (rows inside M
// only, rows padded to 72 floats), and after a cluster barrier adds a share
// of the tile's rows from every block's shared memory (mapa, 16-byte loads)
// in split order and stores them; a second barrier keeps each block's
// shared memory until the others have read it. No workspace parameter.
// Any block_n: 64, 192 and 160 (not whole 64-column boxes) below.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-wgmma | FileCheck %s

// CHECK-LABEL: gpu.func @matmul(
// CHECK-SAME: %[[TC:arg14]]: !llvm.ptr, %{{.*}}: !llvm.ptr) kernel
// CHECK-NOT: workspace_tile_bytes
// CHECK-SAME: splits = "cluster"
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[GRID:.*]] = gpu.grid_dim x
// CHECK-NEXT: %[[S:.*]] = arith.divui %[[GRID]], %{{.*}}
// CHECK-NEXT: %[[TILE:.*]] = arith.divui %{{.*}}, %[[S]]
// CHECK-NEXT: %[[SPLIT:.*]] = arith.remui %{{.*}}, %[[S]]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: gpu.barrier
// The partial over the ring, in rows of 64 + 8 floats; a warp whose first
// row lies past M stores nothing.
// CHECK: %[[PART:.*]] = memref.view %{{.*}} to memref<4608xf32, #gpu.address_space<workgroup>>
// CHECK: %[[MINE:.*]] = memref.reinterpret_cast %[[PART]] to offset: [%{{.*}}], sizes: [64, 64], strides: [72, 1]
// CHECK: %[[LANE:.*]] = arith.remui %[[TID]], %c128
// CHECK: %[[WARP:.*]] = arith.divui %[[LANE]], %c32
// CHECK: %[[WROW:.*]] = arith.muli %[[WARP]], %c16
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %[[M:.*]] : index
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK-NEXT: nvgpu.warpgroup.mma.store %{{.*}}, %[[MINE]]
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// Block s takes iterations s, s + S, ... of 4 passes of 8 rows (64 columns
// in 16 groups of 4) over the rows inside M.
// CHECK: %[[LEFT:.*]] = arith.subi %[[M]], %{{.*}}
// CHECK: %[[ROWS:.*]] = arith.minui %{{.*}}, %[[LEFT]]
// CHECK: %[[ITERS:.*]] = arith.ceildivui %[[ROWS]], %c32
// CHECK: scf.for %{{.*}} = %[[SPLIT]] to %[[ITERS]] step %[[S]] {
// A group past M or N reads the first group instead and is not stored.
// CHECK: %[[IN0:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: arith.select %[[IN0]], %{{.*}}, %c0{{[_0-9]*}} : index
// CHECK-COUNT-3: arith.select
// The S blocks' partials in split order, unrolled for S from 2 to 4.
// CHECK: %[[SUMS:.*]]:4 = scf.index_switch %[[S]] -> vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
// CHECK-NEXT: case 2 {
// CHECK: %[[R0:.*]] = arith.index_cast %c0{{[_0-9]*}} : index to i32
// CHECK-NEXT: %[[P0:.*]] = nvvm.mapa %{{.*}}, %[[R0]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK-NEXT: %[[V0:.*]] = llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<7> -> vector<4xf32>
// CHECK-NEXT: arith.addf %{{.*}}, %[[V0]] : vector<4xf32>
// CHECK-COUNT-7: nvvm.mapa
// CHECK: case 3 {
// CHECK-COUNT-12: nvvm.mapa
// CHECK: case 4 {
// CHECK-COUNT-16: nvvm.mapa
// CHECK: default {
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[S]] step
// CHECK: scf.if %[[IN0]] {
// CHECK-NEXT: arith.truncf %[[SUMS]]#0 : vector<4xf32> to vector<4xf16>
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT: vector.store
// CHECK-COUNT-3: vector.store
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NOT: memref.atomic_rmw
// CHECK-NOT: tile.
module attributes {gpu.container_module} {
  gpu.module @matmul_kernels {
    gpu.func @matmul(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 4, chip = sm_90a, shared_bytes = 0>} {
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
      %c64 = arith.constant 64 : index
      %42 = arith.ceildivui %dim, %c64 : index
      %c64_3 = arith.constant 64 : index
      %43 = arith.ceildivui %dim_2, %c64_3 : index
      %block_id_x = gpu.block_id  x
      %44 = arith.muli %42, %43 : index
      %grid_dim_x = gpu.grid_dim  x
      %47 = arith.divui %grid_dim_x, %44 : index
      %45 = arith.divui %block_id_x, %47 : index
      %46 = arith.remui %block_id_x, %47 : index
      %c64_4 = arith.constant 64 : index
      %48 = arith.ceildivui %dim_0, %c64_4 : index
      %c64_5 = arith.constant 64 : index
      %49 = arith.ceildivui %48, %47 : index
      %50 = arith.muli %49, %c64_5 : index
      %51 = arith.muli %46, %50 : index
      %52 = arith.addi %51, %50 : index
      %53 = arith.minui %dim_0, %52 : index
      %54 = arith.divui %45, %43 : index
      %55 = arith.remui %45, %43 : index
      %c64_6 = arith.constant 64 : index
      %56 = arith.muli %54, %c64_6 : index
      %c64_7 = arith.constant 64 : index
      %57 = arith.muli %55, %c64_7 : index
      %cst = arith.constant dense<0.000000e+00> : vector<64x64xf32>
      %c64_8 = arith.constant 64 : index
      %58 = scf.for %arg16 = %51 to %53 step %c64_8 iter_args(%arg17 = %cst) -> (vector<64x64xf32>) {
        %59 = tile.load %13[%56, %arg16] : memref<?x?xf16> -> vector<64x64xf16>
        %60 = tile.load %27[%arg16, %57] : memref<?x?xf16> -> vector<64x64xf16>
        %61 = tile.dot %59, %60, %arg17 : vector<64x64xf16>, vector<64x64xf16> -> vector<64x64xf32>
        scf.yield %61 : vector<64x64xf32>
      }
      tile.store %58, %41[%56, %57] split %46 of %47 in tile %45 : vector<64x64xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}

// -----

// block_n 192: 48 groups of 4 per row leave threads 96 to 127 past whole
// rows (two rows per pass); they neither load a group of their own nor
// store.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK: nvvm.cluster.wait
// CHECK: %[[COL:.*]] = arith.remui %[[TID:.*]], %c48
// CHECK: %[[IN_N:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: %[[WHOLE:.*]] = arith.cmpi ult, %[[TID]], %c96 : index
// CHECK-NEXT: %[[COL_IN:.*]] = arith.andi %[[IN_N]], %[[WHOLE]] : i1
// CHECK: %[[ROW:.*]] = arith.divui %[[TID]], %c48
// CHECK: arith.andi %{{.*}}, %[[COL_IN]] : i1
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 64, block_n = 192, block_k = 64, num_warps = 4, num_stages = 5, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 4, chip = sm_90a, shared_bytes = 0>} {
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
      %c192 = arith.constant 192 : index
      %43 = arith.ceildivui %dim_2, %c192 : index
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
      %c64_5 = arith.constant 64 : index
      %56 = arith.muli %54, %c64_5 : index
      %c192_6 = arith.constant 192 : index
      %57 = arith.muli %55, %c192_6 : index
      %cst = arith.constant dense<0.000000e+00> : vector<64x192xf32>
      %c64_7 = arith.constant 64 : index
      %58 = scf.for %arg15 = %51 to %53 step %c64_7 iter_args(%arg16 = %cst) -> (vector<64x192xf32>) {
        %59 = tile.load %13[%56, %arg15] : memref<?x?xf16> -> vector<64x64xf16>
        %60 = tile.load %27[%arg15, %57] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x192xf16>
        %61 = tile.dot %59, %60, %arg16 : vector<64x64xf16>, vector<64x192xf16> -> vector<64x192xf32>
        scf.yield %61 : vector<64x192xf32>
      }
      tile.store %58, %41[%56, %57] split %47 of %45 in tile %46 : vector<64x192xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}

// -----

// block_n 160 (not whole 64-column boxes; x @ w.T): B is one K-major box
// of 160 rows, the partial rows 160 + 8 floats; 40 groups of 4 per row
// leave threads 120 to 127 past whole rows (three rows per pass, 12 per
// iteration).
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK-SAME: splits = "cluster"
// CHECK-SAME: tma_box_b = [64, 160]
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [64, 160], strides: [168, 1]
// CHECK: nvgpu.warpgroup.mma.store %{{.*}} : <fragmented = vector<64x160xf32>>
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: %[[ITERS:.*]] = arith.ceildivui %{{.*}}, %c12 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[ITERS]] step %{{.*}} {
// CHECK: %[[COL:.*]] = arith.remui %[[TID:.*]], %c40
// CHECK: %[[WHOLE:.*]] = arith.cmpi ult, %[[TID]], %c120 : index
// CHECK-NEXT: arith.andi %{{.*}}, %[[WHOLE]] : i1
// CHECK: arith.muli %{{.*}}, %c168{{.*}} : index
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 64, block_n = 160, block_k = 64, num_warps = 4, num_stages = 7, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 4, chip = sm_90a, shared_bytes = 0>} {
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
      %c160 = arith.constant 160 : index
      %43 = arith.ceildivui %dim_2, %c160 : index
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
      %c64_5 = arith.constant 64 : index
      %56 = arith.muli %54, %c64_5 : index
      %c160_6 = arith.constant 160 : index
      %57 = arith.muli %55, %c160_6 : index
      %cst = arith.constant dense<0.000000e+00> : vector<64x160xf32>
      %c64_7 = arith.constant 64 : index
      %58 = scf.for %arg16 = %51 to %53 step %c64_7 iter_args(%arg17 = %cst) -> (vector<64x160xf32>) {
        %59 = tile.load %13[%56, %arg16] : memref<?x?xf16> -> vector<64x64xf16>
        %60 = tile.load %27[%arg16, %57] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x160xf16>
        %61 = tile.dot %59, %60, %arg17 : vector<64x64xf16>, vector<64x160xf16> -> vector<64x160xf32>
        scf.yield %61 : vector<64x160xf32>
      }
      tile.store %58, %41[%56, %57] split %47 of %45 in tile %46 : vector<64x160xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
  
}
