// tile-to-wgmma's staging in parts: a warp-specialized kernel whose ring
// and whole staging tiles would exceed the block's shared memory stages
// each warpgroup's columns in halves. Cooperative 128x256, 3 stages, f32 C
// (input: tile-tiling, tile-persistent and tile-to-gpu's output, checked
// in): ring 3 x 48 KB = 147456 B; a warpgroup's 64 x 256 f32 tile would be
// 64 KB (2 x 64 + 144 > 227 KB), so each stages 64 x 128 (32 KB) at a time:
// 147456 + 2 x 32768 + 1024 = 214016 B.
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma))" | FileCheck %s

// CHECK-LABEL: gpu.func @matmul_f32c(
// CHECK: memref.alloc() : memref<214016xi8, #gpu.address_space<workgroup>>
// The consumers' epilogue. Half 0: wait until the previous tile's stores
// have read the staging tile, write columns 0..127, four 32-column boxes.
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: nvvm.barrier id
// CHECK: %[[S0:.*]] = memref.view {{.*}} to memref<64x128xf32, #gpu.address_space<workgroup>>
// CHECK: tile.stage_accumulator %[[ACC:.*]][0], %[[S0]] : <fragmented = vector<64x256xf32>> to memref<64x128xf32, #gpu.address_space<workgroup>>
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.barrier id
// CHECK: nvgpu.tma.async.store %{{.*}} to %[[MAPC:.*]][%[[N0:.*]], %{{.*}}], predicate
// CHECK-COUNT-3: nvgpu.tma.async.store
// CHECK: nvvm.cp.async.bulk.commit.group
// Half 1: the same staging tile once half 0's stores have read it; its
// boxes go to columns n0 + 128 + 32 j.
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: nvvm.barrier id
// CHECK: %[[S1:.*]] = memref.view {{.*}} to memref<64x128xf32, #gpu.address_space<workgroup>>
// CHECK: tile.stage_accumulator %[[ACC]][128], %[[S1]] : <fragmented = vector<64x256xf32>> to memref<64x128xf32, #gpu.address_space<workgroup>>
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.barrier id
// CHECK: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[N1:.*]] = arith.addi %[[N0]], %[[C128]] : index
// CHECK: nvgpu.tma.async.store %{{.*}} to %[[MAPC]][%[[N1]], %{{.*}}], predicate
// CHECK-COUNT-3: nvgpu.tma.async.store
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NOT: tile.stage_accumulator
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @matmul_f32c_kernels {
    gpu.func @matmul_f32c(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f32", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = serpentine, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
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
      %41 = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf32>
      %c0 = arith.constant 0 : index
      %dim = memref.dim %13, %c0 : memref<?x?xf16>
      %c1 = arith.constant 1 : index
      %dim_0 = memref.dim %13, %c1 : memref<?x?xf16>
      %c1_1 = arith.constant 1 : index
      %dim_2 = memref.dim %27, %c1_1 : memref<?x?xf16>
      %c128 = arith.constant 128 : index
      %42 = arith.ceildivui %dim, %c128 : index
      %c256 = arith.constant 256 : index
      %43 = arith.ceildivui %dim_2, %c256 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %dim_4 = memref.dim %41, %c0_3 : memref<?x?xf32>
      %c1_5 = arith.constant 1 : index
      %dim_6 = memref.dim %41, %c1_5 : memref<?x?xf32>
      %c128_7 = arith.constant 128 : index
      %44 = arith.ceildivui %dim_4, %c128_7 : index
      %c256_8 = arith.constant 256 : index
      %45 = arith.ceildivui %dim_6, %c256_8 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c0_9 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %47 = arith.muli %c8, %43 : index
      %c1_10 = arith.constant 1 : index
      %c0_11 = arith.constant 0 : index
      %48 = arith.subi %43, %c1_10 : index
      %c0_12 = arith.constant 0 : index
      %c128_13 = arith.constant 128 : index
      %c256_14 = arith.constant 256 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x256xf32>
      %c64 = arith.constant 64 : index
      scf.for %arg15 = %block_id_x to %46 step %grid_dim_x {
        %49 = arith.divui %arg15, %47 : index
        %50 = arith.muli %49, %c8 : index
        %51 = arith.subi %42, %50 : index
        %52 = arith.minui %51, %c8 : index
        %53 = arith.remui %arg15, %47 : index
        %54 = arith.remui %53, %52 : index
        %55 = arith.divui %53, %52 : index
        %56 = arith.subi %52, %c1_10 : index
        %57 = arith.subi %56, %54 : index
        %58 = arith.andi %55, %c1_10 : index
        %59 = arith.cmpi ne, %58, %c0_11 : index
        %60 = arith.select %59, %57, %54 : index
        %61 = arith.subi %48, %55 : index
        %62 = arith.andi %49, %c1_10 : index
        %63 = arith.cmpi ne, %62, %c0_12 : index
        %64 = arith.select %63, %61, %55 : index
        %65 = arith.addi %50, %60 : index
        %66 = arith.muli %65, %c128_13 : index
        %67 = arith.muli %64, %c256_14 : index
        %68 = scf.for %arg16 = %c0_9 to %dim_0 step %c64 iter_args(%arg17 = %cst) -> (vector<128x256xf32>) {
          %69 = tile.load %13[%66, %arg16] : memref<?x?xf16> -> vector<128x64xf16>
          %70 = tile.load %27[%arg16, %67] : memref<?x?xf16> -> vector<64x256xf16>
          %71 = tile.dot %69, %70, %arg17 : vector<128x64xf16>, vector<64x256xf16> -> vector<128x256xf32>
          scf.yield %71 : vector<128x256xf32>
        }
        tile.store %68, %41[%66, %67] : vector<128x256xf32> -> memref<?x?xf32>
      }
      gpu.return
    }
  }
}

