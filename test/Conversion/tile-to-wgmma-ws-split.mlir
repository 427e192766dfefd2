// tile-to-wgmma on a warp-specialized split-K kernel (the output of
// tile-tiling and tile-to-gpu with warp-specialize=cooperative split-k=4,
// checked in): a one-trip tile loop gives the producer and the consumers
// the roles of a persistent kernel; the producer's threads then arrive at
// the two cluster barriers of the consumers' split epilogue; the consumers
// meet on a named barrier (the producer's warpgroup not counted) before
// their partial sums go over the ring, then add the tile's rows from every
// block of the cluster as a non-specialized split kernel does. No TMA
// store of C, no staging.
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma))" | FileCheck %s

// CHECK-LABEL: gpu.func @matmul_f16(
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK-SAME: splits = "cluster"
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WG:.*]] = arith.divui %[[TID]], %c128 : index
// CHECK: %[[WGROW:.*]] = arith.muli %[[WG]], %c64 : index
// CHECK: %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c256
// CHECK: %[[LEAD:.*]] = arith.cmpi eq, %[[TID]], %c256{{.*}} : index
// CHECK: %[[PRODUCER:.*]] = arith.cmpi uge, %[[TID]], %c256{{.*}} : index
// CHECK: scf.if %[[PRODUCER]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: scf.if %[[LEAD]] {
// CHECK-NEXT: scf.for %{{.*}} = %[[ZERO:.*]] to %[[ONE:.*]] step %[[ONE]] iter_args(%{{.*}} = %[[ZERO]]) -> (index) {
// The program's share of the K steps, the same for both roles.
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[STEPS:[0-9]+]] step
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// CHECK: nvgpu.tma.async.load
// CHECK: nvgpu.tma.async.load
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK-NEXT: scf.for %{{.*}} = %[[ZERO]] to %[[ONE]] step %[[ONE]] iter_args(%{{.*}} = %[[ZERO]]) -> (index) {
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} to %[[STEPS]] step {{.*}} -> (!nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>) {
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]]
// CHECK: nvgpu.warpgroup.mma
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvvm.barrier id = %c3_i32 number_of_threads = %c256_i32
// The warpgroup's 64 rows of the partial, rows of 64 + 8 floats, over the ring.
// CHECK: %[[PART:.*]] = memref.view %{{.*}} to memref<9216xf32, #gpu.address_space<workgroup>>
// CHECK: %[[AT:.*]] = arith.muli %[[WGROW]], %c72 : index
// CHECK: %[[MINE:.*]] = memref.reinterpret_cast %[[PART]] to offset: [%[[AT]]], sizes: [64, 64], strides: [72, 1]
// CHECK: nvgpu.warpgroup.mma.store %[[ACC]], %[[MINE]]
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: nvvm.mapa
// CHECK: vector.store
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NOT: nvvm.cluster.arrive
// CHECK-NOT: nvgpu.tma.async.store
// CHECK-NOT: cp.async.bulk
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_kernels {
    gpu.func @matmul_f16(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 64, num_warps = 8, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = cooperative, split_k = 4, chip = sm_90a, shared_bytes = 0>} {
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
      %c128_5 = arith.constant 128 : index
      %56 = arith.muli %54, %c128_5 : index
      %c64_6 = arith.constant 64 : index
      %57 = arith.muli %55, %c64_6 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x64xf32>
      %c64_7 = arith.constant 64 : index
      %58 = scf.for %arg16 = %51 to %53 step %c64_7 iter_args(%arg17 = %cst) -> (vector<128x64xf32>) {
        %59 = tile.load %13[%56, %arg16] : memref<?x?xf16> -> vector<128x64xf16>
        %60 = tile.load %27[%arg16, %57] : memref<?x?xf16> -> vector<64x64xf16>
        %61 = tile.dot %59, %60, %arg17 : vector<128x64xf16>, vector<64x64xf16> -> vector<128x64xf32>
        scf.yield %61 : vector<128x64xf32>
      }
      tile.store %58, %41[%56, %57] split %47 of %45 in tile %46 : vector<128x64xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}

