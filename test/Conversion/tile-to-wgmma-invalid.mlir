// Kernels tile-to-wgmma cannot lower: a diagnostic each, no crash. The
// configurations it cannot lower at all (wgmma on another chip, fewer than
// two stages) cannot be written as a #tile.kernel (kernel-attr-invalid.mlir).
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-wgmma

#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @a_dynamic_strides_kernels {
  // expected-error @+1 {{tile-to-wgmma: A and B must each have a static unit stride (row-major or transposed) for TMA}}
  gpu.func @a_dynamic_strides(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64, %tma_a: !llvm.ptr, %tma_b: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f32", index_bitwidth = 32 : i64, layouts = ["nn", "tn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %1 = llvm.insertvalue %a_ptr, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %2 = llvm.insertvalue %a_ptr, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %3 = llvm.mlir.constant(0 : i32) : i32
    %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %5 = llvm.trunc %M : i64 to i32
    %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %7 = llvm.trunc %stride_am : i64 to i32
    %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %9 = llvm.trunc %K : i64 to i32
    %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %11 = llvm.trunc %stride_ak : i64 to i32
    %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %A = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16, strided<[?, ?]>>
    %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %15 = llvm.insertvalue %b_ptr, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %16 = llvm.insertvalue %b_ptr, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %17 = llvm.mlir.constant(0 : i32) : i32
    %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %19 = llvm.trunc %K : i64 to i32
    %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %21 = llvm.trunc %stride_bk : i64 to i32
    %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %23 = llvm.trunc %N : i64 to i32
    %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %25 = llvm.trunc %stride_bn : i64 to i32
    %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %B = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %29 = llvm.insertvalue %c_ptr, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %30 = llvm.insertvalue %c_ptr, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %31 = llvm.mlir.constant(0 : i32) : i32
    %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %33 = llvm.trunc %M : i64 to i32
    %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %35 = llvm.trunc %stride_cm : i64 to i32
    %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %37 = llvm.trunc %N : i64 to i32
    %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %39 = llvm.trunc %stride_cn : i64 to i32
    %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %C = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %dim = memref.dim %A, %c1 : memref<?x?xf16, strided<[?, ?]>>
    %dim_0 = memref.dim %B, %c1 : memref<?x?xf16>
    %42 = arith.ceildivui %dim_0, %c128 : index
    %block_id_x = gpu.block_id  x
    %43 = arith.divui %block_id_x, %42 : index
    %44 = arith.remui %block_id_x, %42 : index
    %45 = arith.muli %43, %c128 : index
    %46 = arith.muli %44, %c128 : index
    %47 = scf.for %arg14 = %c0 to %dim step %c64 iter_args(%arg15 = %cst) -> (vector<128x128xf32>) {
      %48 = tile.load %A[%45, %arg14] : memref<?x?xf16, strided<[?, ?]>> -> vector<128x64xf16>
      %49 = tile.load %B[%arg14, %46] : memref<?x?xf16> -> vector<64x128xf16>
      %50 = tile.dot %48, %49, %arg15 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %50 : vector<128x128xf32>
    }
    tile.store %47, %C[%45, %46] : vector<128x128xf32> -> memref<?x?xf32>
    gpu.return
  }
}

// -----

// TMA copies A[m0, k] and B[k, n0] boxes; a K loop reading anything else
// is not tile-tiling's.
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @wrong_load_kernels {
  // expected-error @+1 {{tile-to-wgmma: the K loop must load A[m0, k] and B[k, n0]}}
  gpu.func @wrong_load(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64, %tma_a: !llvm.ptr, %tma_b: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %1 = llvm.insertvalue %a_ptr, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %2 = llvm.insertvalue %a_ptr, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %3 = llvm.mlir.constant(0 : i32) : i32
    %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %5 = llvm.trunc %M : i64 to i32
    %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %7 = llvm.trunc %stride_am : i64 to i32
    %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %9 = llvm.trunc %K : i64 to i32
    %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %11 = llvm.trunc %stride_ak : i64 to i32
    %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %A = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %15 = llvm.insertvalue %b_ptr, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %16 = llvm.insertvalue %b_ptr, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %17 = llvm.mlir.constant(0 : i32) : i32
    %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %19 = llvm.trunc %K : i64 to i32
    %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %21 = llvm.trunc %stride_bk : i64 to i32
    %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %23 = llvm.trunc %N : i64 to i32
    %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %25 = llvm.trunc %stride_bn : i64 to i32
    %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %B = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %29 = llvm.insertvalue %c_ptr, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %30 = llvm.insertvalue %c_ptr, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %31 = llvm.mlir.constant(0 : i32) : i32
    %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %33 = llvm.trunc %M : i64 to i32
    %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %35 = llvm.trunc %stride_cm : i64 to i32
    %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %37 = llvm.trunc %N : i64 to i32
    %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %39 = llvm.trunc %stride_cn : i64 to i32
    %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %C = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %dim = memref.dim %A, %c1 : memref<?x?xf16>
    %dim_0 = memref.dim %B, %c1 : memref<?x?xf16>
    %42 = arith.ceildivui %dim_0, %c128 : index
    %block_id_x = gpu.block_id  x
    %43 = arith.divui %block_id_x, %42 : index
    %44 = arith.remui %block_id_x, %42 : index
    %45 = arith.muli %43, %c128 : index
    %46 = arith.muli %44, %c128 : index
    %47 = scf.for %arg14 = %c0 to %dim step %c64 iter_args(%arg15 = %cst) -> (vector<128x128xf32>) {
      %48 = tile.load %A[%45, %45] : memref<?x?xf16> -> vector<128x64xf16>
      %49 = tile.load %B[%arg14, %46] : memref<?x?xf16> -> vector<64x128xf16>
      %50 = tile.dot %48, %49, %arg15 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %50 : vector<128x128xf32>
    }
    tile.store %47, %C[%45, %46] : vector<128x128xf32> -> memref<?x?xf16>
    gpu.return
  }
}

// -----

// Tiled for mma.sync: tile-to-nvgpu's kernel.
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @sync_kernels {
  // expected-error @+1 {{tile-to-wgmma: the kernel was tiled for mma=sync (tile-tiling mma=wgmma checks the block sizes)}}
  gpu.func @sync(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64) kernel attributes {known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %1 = llvm.insertvalue %a_ptr, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %2 = llvm.insertvalue %a_ptr, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %3 = llvm.mlir.constant(0 : i32) : i32
    %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %5 = llvm.trunc %M : i64 to i32
    %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %7 = llvm.trunc %stride_am : i64 to i32
    %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %9 = llvm.trunc %K : i64 to i32
    %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %11 = llvm.trunc %stride_ak : i64 to i32
    %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %A = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %15 = llvm.insertvalue %b_ptr, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %16 = llvm.insertvalue %b_ptr, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %17 = llvm.mlir.constant(0 : i32) : i32
    %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %19 = llvm.trunc %K : i64 to i32
    %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %21 = llvm.trunc %stride_bk : i64 to i32
    %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %23 = llvm.trunc %N : i64 to i32
    %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %25 = llvm.trunc %stride_bn : i64 to i32
    %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %B = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %29 = llvm.insertvalue %c_ptr, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %30 = llvm.insertvalue %c_ptr, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %31 = llvm.mlir.constant(0 : i32) : i32
    %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %33 = llvm.trunc %M : i64 to i32
    %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %35 = llvm.trunc %stride_cm : i64 to i32
    %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %37 = llvm.trunc %N : i64 to i32
    %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %39 = llvm.trunc %stride_cn : i64 to i32
    %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %C = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %dim = memref.dim %A, %c1 : memref<?x?xf16>
    %dim_0 = memref.dim %B, %c1 : memref<?x?xf16>
    %42 = arith.ceildivui %dim_0, %c128 : index
    %block_id_x = gpu.block_id  x
    %43 = arith.divui %block_id_x, %42 : index
    %44 = arith.remui %block_id_x, %42 : index
    %45 = arith.muli %43, %c128 : index
    %46 = arith.muli %44, %c128 : index
    %47 = scf.for %arg12 = %c0 to %dim step %c64 iter_args(%arg13 = %cst) -> (vector<128x128xf32>) {
      %48 = tile.load %A[%45, %arg12] : memref<?x?xf16> -> vector<128x64xf16>
      %49 = tile.load %B[%arg12, %46] : memref<?x?xf16> -> vector<64x128xf16>
      %50 = tile.dot %48, %49, %arg13 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %50 : vector<128x128xf32>
    }
    tile.store %47, %C[%45, %46] : vector<128x128xf32> -> memref<?x?xf16>
    gpu.return
  }
}

// -----

// Marked mma=wgmma after tile-to-gpu built it without the TMA descriptor
// parameters.
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @no_tma_kernels {
  // expected-error @+1 {{tile-to-wgmma: the kernel lacks the TMA descriptor parameters (run tile-to-gpu on a kernel tiled with mma=wgmma)}}
  gpu.func @no_tma(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64) kernel attributes {known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %1 = llvm.insertvalue %a_ptr, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %2 = llvm.insertvalue %a_ptr, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %3 = llvm.mlir.constant(0 : i32) : i32
    %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %5 = llvm.trunc %M : i64 to i32
    %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %7 = llvm.trunc %stride_am : i64 to i32
    %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %9 = llvm.trunc %K : i64 to i32
    %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %11 = llvm.trunc %stride_ak : i64 to i32
    %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %A = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %15 = llvm.insertvalue %b_ptr, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %16 = llvm.insertvalue %b_ptr, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %17 = llvm.mlir.constant(0 : i32) : i32
    %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %19 = llvm.trunc %K : i64 to i32
    %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %21 = llvm.trunc %stride_bk : i64 to i32
    %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %23 = llvm.trunc %N : i64 to i32
    %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %25 = llvm.trunc %stride_bn : i64 to i32
    %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %B = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %29 = llvm.insertvalue %c_ptr, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %30 = llvm.insertvalue %c_ptr, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %31 = llvm.mlir.constant(0 : i32) : i32
    %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %33 = llvm.trunc %M : i64 to i32
    %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %35 = llvm.trunc %stride_cm : i64 to i32
    %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %37 = llvm.trunc %N : i64 to i32
    %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %39 = llvm.trunc %stride_cn : i64 to i32
    %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %C = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %dim = memref.dim %A, %c1 : memref<?x?xf16>
    %dim_0 = memref.dim %B, %c1 : memref<?x?xf16>
    %42 = arith.ceildivui %dim_0, %c128 : index
    %block_id_x = gpu.block_id  x
    %43 = arith.divui %block_id_x, %42 : index
    %44 = arith.remui %block_id_x, %42 : index
    %45 = arith.muli %43, %c128 : index
    %46 = arith.muli %44, %c128 : index
    %47 = scf.for %arg12 = %c0 to %dim step %c64 iter_args(%arg13 = %cst) -> (vector<128x128xf32>) {
      %48 = tile.load %A[%45, %arg12] : memref<?x?xf16> -> vector<128x64xf16>
      %49 = tile.load %B[%arg12, %46] : memref<?x?xf16> -> vector<64x128xf16>
      %50 = tile.dot %48, %49, %arg13 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %50 : vector<128x128xf32>
    }
    tile.store %47, %C[%45, %46] : vector<128x128xf32> -> memref<?x?xf16>
    gpu.return
  }
}

// -----

// A valid configuration that would spill: 128 x 256 f32 accumulators over
// one warpgroup.
#k = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @spills_kernels {
  // expected-error @+1 {{tile-to-wgmma: a 128x256x64 block over 4 warps with num-stages=3 needs about 320 registers per thread, more than the 255 it may use}}
  gpu.func @spills() kernel attributes {tile.kernel = #k} {
    gpu.return
  }
}
