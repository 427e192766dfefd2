// tile-to-wgmma with swap_ab = 1 and a producer warpgroup: the rings and
// roles of the warp-specialized kernels, with the swap's operands. One
// thread of the producer warpgroup loads A's block_m rows and B's 64 rows of
// N per consumer warpgroup; the consumers run wgmma with the B stage as
// wgmma's A and the A stage as its B, and store C transposed. Persistent,
// the staged C lies past the ring (the producer refills the ring while the
// consumers store); split in a cluster, a loop of one trip, the partial
// sums go over the ring after both roles meet at the cluster barriers.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-wgmma | FileCheck %s

// 32 x 64 tiles, persistent: 4 stages of 4096 + 8192 bytes, then C's 32 x
// 64 staging (4096 bytes), then the alignment slack.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: memref.alloc() : memref<54272xi8, #gpu.address_space<workgroup>>
// CHECK: %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-COUNT-4: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c128{{(_[0-9]+)?}}, predicate =
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK: scf.for %{{.*}} = %[[BID:.*]] to %[[TILES:.*]] step %[[GRID:.*]] iter_args(
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]][
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][
// CHECK: nvgpu.tma.async.load %{{.*}} : <tensor = memref<32x64xf16
// CHECK: nvgpu.tma.async.load %{{.*}} : <tensor = memref<64x64xf16
// CHECK-NOT: nvgpu.warpgroup.mma
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK-NEXT: scf.for %{{.*}} = %[[BID]] to %[[TILES]] step %[[GRID]] iter_args(
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x32xf32>>
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]][
// CHECK: %[[DA:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}} : memref<64x64xf16, {{.*}}, <tensor = memref<64x64xf16
// CHECK: %[[DB:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}} : memref<64x32xf16, {{.*}}, <tensor = memref<32x64xf16
// CHECK: nvgpu.warpgroup.mma %[[DA]], %[[DB]], %{{.*}} -> <fragmented = vector<64x32xf32>>
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%{{.*}}], %c0{{.*}}, predicate =
// CHECK: %[[STAGED:.*]] = arith.addi %{{.*}}, %c49152 : index
// CHECK: tile.stage_accumulator %{{.*}}[0], %{{.*}} {transposed} : <fragmented = vector<64x32xf32>> to memref<32x64xf16
// CHECK: nvgpu.tma.async.store
// CHECK-NOT: tile.
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 32, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = cooperative, swap_ab = 1, chip = sm_90a, shared_bytes = 0>} {
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
      %c32 = arith.constant 32 : index
      %42 = arith.ceildivui %dim, %c32 : index
      %c64 = arith.constant 64 : index
      %43 = arith.ceildivui %dim_2, %c64 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %dim_4 = memref.dim %41, %c0_3 : memref<?x?xf16>
      %c1_5 = arith.constant 1 : index
      %dim_6 = memref.dim %41, %c1_5 : memref<?x?xf16>
      %c32_7 = arith.constant 32 : index
      %44 = arith.ceildivui %dim_4, %c32_7 : index
      %c64_8 = arith.constant 64 : index
      %45 = arith.ceildivui %dim_6, %c64_8 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c0_9 = arith.constant 0 : index
      %c32_10 = arith.constant 32 : index
      %c64_11 = arith.constant 64 : index
      %cst = arith.constant dense<0.000000e+00> : vector<32x64xf32>
      %c64_12 = arith.constant 64 : index
      scf.for %arg16 = %block_id_x to %46 step %grid_dim_x {
        %47 = arith.divui %arg16, %43 : index
        %48 = arith.remui %arg16, %43 : index
        %49 = arith.muli %47, %c32_10 : index
        %50 = arith.muli %48, %c64_11 : index
        %51 = scf.for %arg17 = %c0_9 to %dim_0 step %c64_12 iter_args(%arg18 = %cst) -> (vector<32x64xf32>) {
          %52 = tile.load %13[%49, %arg17] : memref<?x?xf16> -> vector<32x64xf16>
          %53 = tile.load %27[%arg17, %50] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x64xf16>
          %54 = tile.dot %52, %53, %arg18 : vector<32x64xf16>, vector<64x64xf16> -> vector<32x64xf32>
          scf.yield %54 : vector<32x64xf32>
        }
        tile.store %51, %41[%49, %50] : vector<32x64xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
  
}

// -----

// 208 x 128 tiles over two consumer warpgroups, split 4 ways in a cluster:
// the ring alone (the partials go over it), a loop of one trip for each
// role, and the producer's warpgroup at the consumers' two cluster barriers.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK: memref.alloc() : memref<173056xi8, #gpu.address_space<workgroup>>
// CHECK: nvvm.setmaxregister decrease 40
// CHECK: scf.for %{{.*}} = %[[ZERO:.*]] to %[[ONE:.*]] step %[[ONE]] iter_args(
// CHECK: nvgpu.tma.async.load %{{.*}} : <tensor = memref<208x64xf16
// CHECK-COUNT-2: nvgpu.tma.async.load %{{.*}} : <tensor = memref<64x64xf16
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: nvvm.setmaxregister increase 232
// CHECK-NEXT: scf.for %{{.*}} = %[[ZERO]] to %[[ONE]] step %[[ONE]] iter_args(
// CHECK: nvgpu.warpgroup.mma %{{.*}} -> <fragmented = vector<64x208xf32>>
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: nvvm.mapa
// CHECK-NOT: tile.
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 208, block_n = 128, block_k = 64, num_warps = 8, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = cooperative, split_k = 4, swap_ab = 1, chip = sm_90a, shared_bytes = 0>} {
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
      %44 = arith.muli %42, %43 : index
      %grid_dim_x = gpu.grid_dim  x
      %45 = arith.divui %grid_dim_x, %44 : index
      %46 = arith.divui %block_id_x, %45 : index
      %47 = arith.remui %block_id_x, %45 : index
      %c64 = arith.constant 64 : index
      %48 = arith.ceildivui %dim_0, %c64 : index
      %c64_3 = arith.constant 64 : index
      %49 = arith.ceildivui %48, %45 : index
      %50 = arith.muli %49, %c64_3 : index
      %51 = arith.muli %47, %50 : index
      %52 = arith.addi %51, %50 : index
      %53 = arith.minui %dim_0, %52 : index
      %54 = arith.divui %46, %43 : index
      %55 = arith.remui %46, %43 : index
      %c208_4 = arith.constant 208 : index
      %56 = arith.muli %54, %c208_4 : index
      %c128_5 = arith.constant 128 : index
      %57 = arith.muli %55, %c128_5 : index
      %cst = arith.constant dense<0.000000e+00> : vector<208x128xf32>
      %c64_6 = arith.constant 64 : index
      %58 = scf.for %arg16 = %51 to %53 step %c64_6 iter_args(%arg17 = %cst) -> (vector<208x128xf32>) {
        %59 = tile.load %13[%56, %arg16] : memref<?x?xf16> -> vector<208x64xf16>
        %60 = tile.load %27[%arg16, %57] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x128xf16>
        %61 = tile.dot %59, %60, %arg17 : vector<208x64xf16>, vector<64x128xf16> -> vector<208x128xf32>
        scf.yield %61 : vector<208x128xf32>
      }
      tile.store %58, %41[%56, %57] split %47 of %45 in tile %46 : vector<208x128xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
  
}
