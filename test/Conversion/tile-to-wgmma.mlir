// tile-to-wgmma on tile-to-gpu's wgmma kernels: the K loop becomes a TMA +
// mbarrier + wgmma ring num_stages deep (from #tile.kernel); the persistent
// tile loop carries the K-step count for the barrier phases.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-wgmma | FileCheck %s

// The kernel takes the four TMA descriptors (A, B, C, A's tail) after the
// 12 usual parameters; their boxes go to the manifest, and TMA's 16-byte
// row alignment as multiples of K and N.
// CHECK-LABEL: gpu.func @mm(
// CHECK-SAME: %[[TA:arg12]]: !llvm.ptr, %[[TB:arg13]]: !llvm.ptr, %[[TC:arg14]]: !llvm.ptr, %[[TT:arg15]]: !llvm.ptr) kernel
// CHECK-SAME: tile.abi = {{{.*}}k_multiple = 8 : i64, layouts = ["nn"]{{.*}}n_multiple = 8 : i64{{.*}}tma_box_a = [64, 128], tma_box_a_tail = [64, 64], tma_box_b = [64, 64], tma_box_c = [64, 128], tma_swizzle_bytes = 128 : i64}
// CHECK-SAME: num_stages = 3,{{.*}}mma = wgmma
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[T0:.*]] = arith.cmpi eq, %[[TID]], %c0{{[_0-9]*}} : index
// Ring: 3 x (16 KB of A + 16 KB of B), plus room to align the base to 1 KB;
// the 32 KB staging tile lies over it.
// CHECK: %[[SMEM:.*]] = memref.alloc() : memref<99328xi8, #gpu.address_space<workgroup>>
// CHECK: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[SMEM]]
// CHECK: %[[NEG:.*]] = arith.subi %c0{{[_0-9]*}}, %[[ADDR]] : index
// CHECK: %[[BASE:.*]] = arith.andi %[[NEG]], %c1023 : index
// CHECK: %[[BARS:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK-COUNT-3: nvgpu.mbarrier.init %[[BARS]][%{{.*}}], %c1{{[_0-9]*}}, predicate =
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: %[[DA:.*]] = builtin.unrealized_conversion_cast %[[TA]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: %[[DB:.*]] = builtin.unrealized_conversion_cast %[[TB]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>
// A's tail boxes: 64 of the tile's rows.
// CHECK: %[[DT:.*]] = builtin.unrealized_conversion_cast %[[TT]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>
// C's boxes: 128 bytes (64 f16) x the warpgroup's 128 rows.
// CHECK: %[[DC:.*]] = builtin.unrealized_conversion_cast %[[TC]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: nvgpu.tma.prefetch.descriptor %[[DA]]
// CHECK: nvgpu.tma.prefetch.descriptor %[[DB]]
// CHECK: nvgpu.tma.prefetch.descriptor %[[DC]]
// CHECK: nvgpu.tma.prefetch.descriptor %[[DT]]
// CHECK-NEXT: gpu.barrier
// K steps: ceil(K / 64).
// CHECK: %[[NUMK:.*]] = arith.ceildivui %{{.*}}, %c64{{[_0-9]*}} : index
// Prologue: steps 0 and 1, each predicated on k < numK and armed with B's
// 16 KB and A's 8 KB per box of 64 rows not wholly past M: A's box where
// the tile reaches its second box, else the first tail box.
// CHECK: %[[M:.*]] = memref.dim %{{.*}}, %c0{{[_0-9]*}} : memref<?x?xf16>
// CHECK: %[[IN0:.*]] = arith.cmpi ult, %c0{{[_0-9]*}}, %[[NUMK]] : index
// CHECK: %[[P0:.*]] = arith.andi %{{.*}}, %[[IN0]] : i1
// CHECK: %[[S0:.*]] = arith.remui %{{.*}}, %c3{{[_0-9]*}} : index
// CHECK: %[[K0:.*]] = arith.muli %c0{{[_0-9]*}}, %c64{{[_0-9]*}} : index
// CHECK: %[[LEFT:.*]] = arith.subi %[[M]], %[[M0:.*]] : index
// CHECK: %[[INM:.*]] = arith.cmpi ult, %[[M0]], %[[M]] : index
// CHECK: %[[ROWS:.*]] = arith.select %[[INM]], %[[LEFT]], %c128{{[_0-9]*}} : index
// CHECK: %[[BOXES:.*]] = arith.ceildivui %[[ROWS]], %c64{{[_0-9]*}} : index
// CHECK: %[[ISSUED:.*]] = arith.minui %c2{{[_0-9]*}}, %[[BOXES]] : index
// CHECK: %[[ABYTES:.*]] = arith.muli %[[ISSUED]], %c8192{{[_0-9]*}} : index
// CHECK: %[[TX:.*]] = arith.addi %[[ABYTES]], %c16384{{[_0-9]*}} : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%[[S0]]], %[[TX]], predicate = %[[P0]]
// One copy either way, through the descriptor the tile selects: A's where
// both boxes would be issued, else the tail's.
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %[[ISSUED]], %c2{{[_0-9]*}} : index
// CHECK: %[[PICK:.*]] = arith.select %[[WHOLE]], %[[TA]], %[[TT]] : !llvm.ptr
// CHECK: %[[DAT:.*]] = builtin.unrealized_conversion_cast %[[PICK]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16
// CHECK: nvgpu.tma.async.load %[[DAT]][%[[K0]], %[[M0]]], %[[BARS]][%[[S0]]] to %{{.*}}, predicate = %[[P0]]
// CHECK: nvgpu.tma.async.load %[[DB]][%[[N0:.*]], %[[K0]]], %[[BARS]][%[[S0]]]
// CHECK: nvgpu.tma.async.load %[[DB]][%{{.*}}, %[[K0]]], %[[BARS]][%[[S0]]]
// CHECK: arith.cmpi ult, %c1{{[_0-9]*}}, %[[NUMK]] : index
// CHECK: %[[S1:.*]] = arith.remui %{{.*}}, %c3{{[_0-9]*}} : index
// CHECK: %[[K1:.*]] = arith.muli %c1{{[_0-9]*}}, %c64{{[_0-9]*}} : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%[[S1]]]
// CHECK: nvgpu.tma.async.load %{{.*}}[%[[K1]], %[[M0]]], %[[BARS]][%[[S1]]]
// CHECK-COUNT-2: nvgpu.tma.async.load %[[DB]][%{{.*}}, %[[K1]]], %[[BARS]][%[[S1]]]
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: %[[ACC0:.*]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// CHECK: %[[ACC:.*]] = scf.for %[[K:.*]] = %c0{{[_0-9]*}} to %[[NUMK]] step %c1{{[_0-9]*}} iter_args(%[[C:.*]] = %[[ACC0]])
// Stage k % 3, phase (k / 3) % 2.
// CHECK: %[[IT:.*]] = arith.addi %{{.*}}, %[[K]] : index
// CHECK: %[[S:.*]] = arith.remui %[[IT]], %c3{{[_0-9]*}} : index
// CHECK: %[[U:.*]] = arith.divui %[[IT]], %c3{{[_0-9]*}} : index
// CHECK: %[[P:.*]] = arith.remui %[[U]], %c2{{[_0-9]*}} : index
// CHECK: %[[PAR:.*]] = arith.cmpi ne, %[[P]], %c0{{[_0-9]*}} : index
// CHECK: nvgpu.mbarrier.try_wait.parity %[[BARS]][%[[S]]], %[[PAR]], %c10000000
// CHECK: %[[VA:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<99328xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[VB:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<99328xi8, #gpu.address_space<workgroup>> to memref<64x128xf16, #gpu.address_space<workgroup>>
// CHECK: %[[GA:.*]] = nvgpu.warpgroup.generate.descriptor %[[VA]], %[[DA]]
// CHECK: %[[GB:.*]] = nvgpu.warpgroup.generate.descriptor %[[VB]], %[[DB]]
// CHECK: %[[NEXT:.*]] = nvgpu.warpgroup.mma %[[GA]], %[[GB]], %[[C]] {transposeB}
// Refill the stage step k - 1 used, with step k + 2, once every warp is past it.
// CHECK-NEXT: gpu.barrier
// CHECK: %[[KN:.*]] = arith.addi %[[K]], %c2{{[_0-9]*}} : index
// CHECK: arith.cmpi ult, %[[KN]], %[[NUMK]] : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx
// CHECK: arith.select %{{.*}}, %[[TA]], %[[TT]] : !llvm.ptr
// CHECK: nvgpu.tma.async.load
// CHECK: scf.yield %[[NEXT]]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: gpu.barrier
// Epilogue: the accumulator in C's type, as the two 128x64 boxes of C's
// descriptor (swizzled like A's), over the ring; after a proxy fence and a
// barrier thread 0 stores both with TMA and waits until they have read
// shared memory. No masks: TMA drops what falls outside C.
// CHECK: %[[STG:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<99328xi8, #gpu.address_space<workgroup>> to memref<128x128xf16, #gpu.address_space<workgroup>>
// CHECK: tile.stage_accumulator %[[ACC]][0], %[[STG]]
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: %[[BOX0:.*]] = memref.view %[[SMEM]][%{{.*}}][] : {{.*}} to memref<128x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.async.store %[[BOX0]] to %[[DC]][%[[N0]], %{{.*}}], predicate = %[[T0]] : memref<128x64xf16, #gpu.address_space<workgroup>> -> <tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// Box 1: 16 KB on, 64 columns on.
// CHECK: %[[AT1:.*]] = arith.addi %{{.*}}, %c16384{{[_0-9]*}} : index
// CHECK: %[[BOX1:.*]] = memref.view %[[SMEM]][%[[AT1]]][]
// CHECK: %[[N1:.*]] = arith.addi %[[N0]], %c64{{[_0-9]*}} : index
// CHECK: nvgpu.tma.async.store %[[BOX1]] to %[[DC]][%[[N1]], %{{.*}}], predicate = %[[T0]]
// CHECK-NOT: nvgpu.tma.async.store
// CHECK: scf.if %[[T0]] {
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: }
// Where TMA cannot store C, the threads do (tile-to-wgmma-c-any-alignment).
// CHECK-NEXT: } else {
// CHECK-NOT: vector.store
// CHECK-NOT: tile.
// CHECK: gpu.return
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @mm_kernels {
  gpu.func @mm(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64, %tma_a: !llvm.ptr, %tma_b: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
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
      %48 = tile.load %A[%45, %arg14] : memref<?x?xf16> -> vector<128x64xf16>
      %49 = tile.load %B[%arg14, %46] : memref<?x?xf16> -> vector<64x128xf16>
      %50 = tile.dot %48, %49, %arg15 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %50 : vector<128x128xf32>
    }
    tile.store %47, %C[%45, %46] : vector<128x128xf32> -> memref<?x?xf16>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.func @persistent(
// CHECK: %[[NUMK:.*]] = arith.ceildivui %{{.*}}, %c64{{[_0-9]*}} : index
// CHECK: %{{.*}} = scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[IT0:.*]] = %c0{{[_0-9]*}}) -> (index) {
// CHECK: arith.remui %[[IT0]], %c3{{[_0-9]*}} : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[NUMK]] step %{{.*}} iter_args(
// CHECK: %[[IT:.*]] = arith.addi %[[IT0]], %[[K]] : index
// CHECK: arith.remui %[[IT]], %c3{{[_0-9]*}} : index
// CHECK: nvgpu.mbarrier.try_wait.parity
// The next tile's copies overwrite the staging tile: thread 0, which
// issues them, first waits until the TMA stores have read it.
// CHECK: tile.stage_accumulator
// CHECK: nvgpu.tma.async.store
// CHECK: scf.if
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: }
// CHECK: %[[NEXT:.*]] = arith.addi %[[IT0]], %[[NUMK]] : index
// CHECK-NEXT: scf.yield %[[NEXT]] : index
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @persistent_kernels {
  gpu.func @persistent(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64, %tma_a: !llvm.ptr, %tma_b: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
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
    %dim_1 = memref.dim %C, %c0 : memref<?x?xf16>
    %dim_2 = memref.dim %C, %c1 : memref<?x?xf16>
    %43 = arith.ceildivui %dim_1, %c128 : index
    %44 = arith.ceildivui %dim_2, %c128 : index
    %45 = arith.muli %43, %44 : index
    %grid_dim_x = gpu.grid_dim  x
    scf.for %arg14 = %block_id_x to %45 step %grid_dim_x {
      %46 = arith.divui %arg14, %42 : index
      %47 = arith.remui %arg14, %42 : index
      %48 = arith.muli %46, %c128 : index
      %49 = arith.muli %47, %c128 : index
      %50 = scf.for %arg15 = %c0 to %dim step %c64 iter_args(%arg16 = %cst) -> (vector<128x128xf32>) {
        %51 = tile.load %A[%48, %arg15] : memref<?x?xf16> -> vector<128x64xf16>
        %52 = tile.load %B[%arg15, %49] : memref<?x?xf16> -> vector<64x128xf16>
        %53 = tile.dot %51, %52, %arg16 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
        scf.yield %53 : vector<128x128xf32>
      }
      tile.store %50, %C[%48, %49] : vector<128x128xf32> -> memref<?x?xf16>
    }
    gpu.return
  }
}

// -----

// Two warpgroups stacked along M, 4 stages: warpgroup g reads the 64 rows
// from 64 g of the A stage (128 bytes a row); B is one 64x256 descriptor
// over four 64x64 TMA boxes.
// CHECK-LABEL: gpu.func @two(
// CHECK: %[[WG:.*]] = arith.divui %{{.*}}, %c128 : index
// CHECK: %[[WGROW:.*]] = arith.muli %[[WG]], %c64 : index
// CHECK: nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: nvgpu.tma.async.load %{{.*}}[%[[K0:.*]], %{{.*}}], %{{.*}}[%[[S0:.*]]] to %{{.*}} : <tensor = memref<128x64xf16
// CHECK-COUNT-4: nvgpu.tma.async.load %{{.*}}[%{{.*}}, %[[K0]]], %{{.*}}[%[[S0]]] to %{{.*}} : <tensor = memref<64x64xf16
// CHECK: scf.for
// CHECK: %[[ROWS:.*]] = arith.muli %[[WGROW]], %c128{{[_0-9]*}} : index
// CHECK: memref.view {{.*}} to memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: memref.view {{.*}} to memref<64x256xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.warpgroup.mma {{.*}} {transposeB} : <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x256xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x256xf32>>
// Each warpgroup stages its 64 rows as four 64x64 boxes, 32 KB from the
// other's; thread 0 stores all eight, warpgroup 1's 64 rows down.
// CHECK: %[[WGSTG:.*]] = arith.muli %[[WG]], %c32768{{[_0-9]*}} : index
// CHECK: %[[AT:.*]] = arith.addi %{{.*}}, %[[WGSTG]] : index
// CHECK: %[[STG:.*]] = memref.view %{{.*}}[%[[AT]]][] : {{.*}} to memref<64x256xf16, #gpu.address_space<workgroup>>
// CHECK: tile.stage_accumulator %{{.*}}[0], %[[STG]] : <fragmented = vector<64x256xf32>>
// CHECK-COUNT-4: nvgpu.tma.async.store %{{.*}} to %{{.*}}[%{{.*}}, %{{.*}}], predicate = %{{.*}} : memref<64x64xf16
// CHECK: %[[ROW1:.*]] = arith.addi %{{.*}}, %c64{{[_0-9]*}} : index
// CHECK: nvgpu.tma.async.store %{{.*}} to %{{.*}}[%{{.*}}, %[[ROW1]]]
// CHECK-COUNT-3: nvgpu.tma.async.store
// CHECK-NOT: nvgpu.tma.async.store
#k = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @two_kernels {
  gpu.func @two(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64, %tma_a: !llvm.ptr, %tma_b: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
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
    %c256 = arith.constant 256 : index
    %cst = arith.constant dense<0.000000e+00> : vector<128x256xf32>
    %dim = memref.dim %A, %c1 : memref<?x?xf16>
    %dim_0 = memref.dim %B, %c1 : memref<?x?xf16>
    %42 = arith.ceildivui %dim_0, %c256 : index
    %block_id_x = gpu.block_id  x
    %43 = arith.divui %block_id_x, %42 : index
    %44 = arith.remui %block_id_x, %42 : index
    %45 = arith.muli %43, %c128 : index
    %46 = arith.muli %44, %c256 : index
    %47 = scf.for %arg14 = %c0 to %dim step %c64 iter_args(%arg15 = %cst) -> (vector<128x256xf32>) {
      %48 = tile.load %A[%45, %arg14] : memref<?x?xf16> -> vector<128x64xf16>
      %49 = tile.load %B[%arg14, %46] : memref<?x?xf16> -> vector<64x256xf16>
      %50 = tile.dot %48, %49, %arg15 : vector<128x64xf16>, vector<64x256xf16> -> vector<128x256xf32>
      scf.yield %50 : vector<128x256xf32>
    }
    tile.store %47, %C[%45, %46] : vector<128x256xf32> -> memref<?x?xf16>
    gpu.return
  }
}

// -----

// Row-major bf16 into f32: C's boxes are 128 bytes of f32 (32 columns), so
// four per 128 columns, and staging in f32 takes 64 KB.
// CHECK-LABEL: gpu.func @bf16(
// CHECK-SAME: tma_box_c = [32, 128]
// CHECK: !nvgpu.tensormap.descriptor<tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[DC:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x32xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.warpgroup.mma {{.*}} : <tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x128xbf16, #gpu.address_space<workgroup>>>
// CHECK: tile.stage_accumulator %{{.*}}[0], %{{.*}} : <fragmented = vector<128x128xf32>> to memref<128x128xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.tma.async.store %{{.*}} to %[[DC]]
// CHECK-NOT: nvgpu.tma.async.store
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @bf16_kernels {
  gpu.func @bf16(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64, %tma_a: !llvm.ptr, %tma_b: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "bf16", b_type = "bf16", c_type = "f32", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
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
    %A = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xbf16>
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
    %B = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xbf16>
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
    %dim = memref.dim %A, %c1 : memref<?x?xbf16>
    %dim_0 = memref.dim %B, %c1 : memref<?x?xbf16>
    %42 = arith.ceildivui %dim_0, %c128 : index
    %block_id_x = gpu.block_id  x
    %43 = arith.divui %block_id_x, %42 : index
    %44 = arith.remui %block_id_x, %42 : index
    %45 = arith.muli %43, %c128 : index
    %46 = arith.muli %44, %c128 : index
    %47 = scf.for %arg14 = %c0 to %dim step %c64 iter_args(%arg15 = %cst) -> (vector<128x128xf32>) {
      %48 = tile.load %A[%45, %arg14] : memref<?x?xbf16> -> vector<128x64xbf16>
      %49 = tile.load %B[%arg14, %46] : memref<?x?xbf16> -> vector<64x128xbf16>
      %50 = tile.dot %48, %49, %arg15 : vector<128x64xbf16>, vector<64x128xbf16> -> vector<128x128xf32>
      scf.yield %50 : vector<128x128xf32>
    }
    tile.store %47, %C[%45, %46] : vector<128x128xf32> -> memref<?x?xf32>
    gpu.return
  }
}

// -----

// Not a kernel: left alone.
// CHECK-LABEL: gpu.func @not_a_kernel(
// CHECK-NEXT: gpu.return
gpu.module @other {
  gpu.func @not_a_kernel(%tma_a: !llvm.ptr) kernel {
    gpu.return
  }
}
