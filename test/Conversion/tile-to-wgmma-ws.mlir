// tile-to-wgmma on persistent kernels (the output of tile-tiling,
// tile-persistent and tile-to-gpu, checked in): the warp-specialized roles
// (warp-specialize=cooperative and pingpong) and the rows each warpgroup's
// accumulator is stored to.
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma))" | FileCheck %s

// Cooperative 128x256, 3 stages: 384 threads; a producer warpgroup
// (tid >= 256; thread 256 issues) fills the ring, both consumer warpgroups
// read every stage (empty counts 256) and share each tile, 64 rows each.
// Ring 3 x 48 KB, then each warpgroup's staging tile (64 x 256 f16 as four
// 64x64 TMA boxes, 32 KB), 1 KB to align.
// CHECK-LABEL: gpu.func @coop(
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WG:.*]] = arith.divui %[[TID]], %c128 : index
// CHECK: %[[WGROW:.*]] = arith.muli %[[WG]], %c64 : index
// CHECK: %[[INWG:.*]] = arith.remui %[[TID]], %c128{{.*}} : index
// CHECK: %[[LEADER:.*]] = arith.cmpi eq, %[[INWG]], %c0{{.*}} : index
// CHECK: memref.alloc() : memref<214016xi8, #gpu.address_space<workgroup>>
// CHECK: %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK-COUNT-3: nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1{{(_[0-9]+)?}}, predicate =
// CHECK: %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK-COUNT-3: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c256{{(_[0-9]+)?}}, predicate =
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NOT: nvgpu.mbarrier.create
// CHECK: gpu.barrier
// CHECK: %[[LEAD:.*]] = arith.cmpi eq, %[[TID]], %c256{{.*}} : index
// CHECK: %[[PRODUCER:.*]] = arith.cmpi uge, %[[TID]], %c256{{.*}} : index
// CHECK: scf.if %[[PRODUCER]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: scf.if %[[LEAD]] {
// CHECK-NEXT: scf.for %{{.*}} = %[[BID:.*]] to %[[TILES:.*]] step %[[GRID:.*]] iter_args(%[[PIT0:.*]] = %c0{{.*}}) -> (index) {
// Per K step: wait until the stage is released, arm it with B's 32 KB and
// A's 8 KB per 64 rows in M, load A (its box, or its first tail box) and
// four 64-column boxes of B.
// CHECK: scf.for
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]][
// CHECK: %[[ABYTES:.*]] = arith.muli %{{.*}}, %c8192{{.*}} : index
// CHECK: %[[TX:.*]] = arith.addi %[[ABYTES]], %c32768{{.*}} : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %[[TX]] :
// CHECK-COUNT-5: nvgpu.tma.async.load
// CHECK-NOT: nvgpu.warpgroup.mma
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// Consumers walk the same tiles, the ring position carried across tiles.
// CHECK-NEXT: scf.for %{{.*}} = %[[BID]] to %[[TILES]] step %[[GRID]] iter_args(%{{.*}} = %c0{{.*}}) -> (index) {
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x256xf32>>
// CHECK: scf.for
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]][
// CHECK: nvgpu.warpgroup.mma {{.*}} -> <fragmented = vector<64x256xf32>>
// Release of the previous step's stage: predicated, not branched on.
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%{{.*}}], %c0{{.*}}, predicate =
// CHECK: scf.yield
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%{{.*}}], %c0{{.*}}, predicate =
// Epilogue, per warpgroup (named barrier 1 + wg over its 128 threads; bar.sync
// 0 would wait for the producer): its leader first waits until the previous
// tile's TMA stores have read the staging tile; the warpgroup writes its 64
// rows after the ring (147456 bytes), 32 KB per warpgroup, fences them for
// the async proxy, and its leader stores the four boxes, 64 columns apart,
// at row m0 + 64 wg, without waiting.
// CHECK: scf.if %[[LEADER]] {
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: }
// CHECK: %[[WGI32:.*]] = arith.index_cast %[[WG]] : index to i32
// CHECK: %[[BAR:.*]] = arith.addi %c1_i32{{.*}}, %[[WGI32]] : i32
// CHECK: nvvm.barrier id = %[[BAR]] number_of_threads = %c128_i32
// CHECK: %[[RING:.*]] = arith.addi %{{.*}}, %c147456 : index
// CHECK: %[[OFF:.*]] = arith.muli %[[WG]], %c32768{{.*}} : index
// CHECK: %[[AT:.*]] = arith.addi %[[RING]], %[[OFF]] : index
// CHECK: %[[STG:.*]] = memref.view %{{.*}}[%[[AT]]][] : {{.*}} to memref<64x256xf16, #gpu.address_space<workgroup>>
// CHECK: tile.stage_accumulator %{{.*}}[0], %[[STG]]
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
// CHECK: %[[ROW:.*]] = arith.addi %[[M0:.*]], %[[WGROW]] : index
// CHECK: nvgpu.tma.async.store %{{.*}} to %{{.*}}[%[[N0:.*]], %[[ROW]]], predicate = %[[LEADER]] : memref<64x64xf16
// CHECK: arith.addi %[[N0]], %c64{{.*}} : index
// CHECK-COUNT-3: nvgpu.tma.async.store %{{.*}}, predicate = %[[LEADER]] : memref<64x64xf16
// CHECK: scf.if %[[LEADER]] {
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: }
// CHECK: scf.yield
// The leader waits for its last stores to read shared memory before exit.
// CHECK: scf.if %[[LEADER]] {
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NOT: gpu.barrier
// CHECK-NOT: nvgpu.mbarrier.arrive %
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @coop_kernels {
    gpu.func @coop(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
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
      %c256 = arith.constant 256 : index
      %43 = arith.ceildivui %dim_2, %c256 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %dim_4 = memref.dim %41, %c0_3 : memref<?x?xf16>
      %c1_5 = arith.constant 1 : index
      %dim_6 = memref.dim %41, %c1_5 : memref<?x?xf16>
      %c128_7 = arith.constant 128 : index
      %44 = arith.ceildivui %dim_4, %c128_7 : index
      %c256_8 = arith.constant 256 : index
      %45 = arith.ceildivui %dim_6, %c256_8 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c8 = arith.constant 8 : index
      %47 = arith.muli %c8, %43 : index
      %c128_9 = arith.constant 128 : index
      %c256_10 = arith.constant 256 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x256xf32>
      %c64 = arith.constant 64 : index
      %c0_11 = arith.constant 0 : index
      scf.for %arg14 = %block_id_x to %46 step %grid_dim_x {
        %48 = arith.divui %arg14, %47 : index
        %49 = arith.muli %48, %c8 : index
        %50 = arith.subi %42, %49 : index
        %51 = arith.minui %50, %c8 : index
        %52 = arith.remui %arg14, %47 : index
        %53 = arith.remui %52, %51 : index
        %54 = arith.addi %49, %53 : index
        %55 = arith.divui %52, %51 : index
        %56 = arith.muli %54, %c128_9 : index
        %57 = arith.muli %55, %c256_10 : index
        %58 = scf.for %arg15 = %c0_11 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<128x256xf32>) {
          %59 = tile.load %13[%56, %arg15] : memref<?x?xf16> -> vector<128x64xf16>
          %60 = tile.load %27[%arg15, %57] : memref<?x?xf16> -> vector<64x256xf16>
          %61 = tile.dot %59, %60, %arg16 : vector<128x64xf16>, vector<64x256xf16> -> vector<128x256xf32>
          scf.yield %61 : vector<128x256xf32>
        }
        tile.store %58, %41[%56, %57] : vector<128x256xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}


// -----

// Pingpong 128x128, 4 stages: each consumer warpgroup computes whole tiles
// (a 128x128 accumulator, two m64 wgmmas per k16); they take alternate tiles
// of the program, so each stage is read by one warpgroup (empty counts 128).
// Ring 4 x 32 KB, two f16 staging tiles of two 128x64 boxes (one per
// warpgroup), 1 KB to align.
// CHECK-LABEL: gpu.func @pingpong(
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WG:.*]] = arith.divui %[[TID]], %c128 : index
// CHECK: %[[INWG:.*]] = arith.remui %[[TID]], %c128{{.*}} : index
// CHECK: %[[LEADER:.*]] = arith.cmpi eq, %[[INWG]], %c0{{.*}} : index
// CHECK: memref.alloc() : memref<197632xi8, #gpu.address_space<workgroup>>
// CHECK: %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-COUNT-4: nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1{{(_[0-9]+)?}}, predicate =
// CHECK: %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-COUNT-4: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c128{{(_[0-9]+)?}}, predicate =
// The ordered barrier: [mainloop WG0, mainloop WG1, epilogue WG0,
// epilogue WG1], passed by the other warpgroup's 128 threads.
// CHECK: %[[ORD:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-COUNT-4: nvgpu.mbarrier.init %[[ORD]][%{{.*}}], %c128{{(_[0-9]+)?}}, predicate =
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// CHECK: %[[LEAD:.*]] = arith.cmpi eq, %[[TID]], %c256{{.*}} : index
// CHECK: %[[PRODUCER:.*]] = arith.cmpi uge, %[[TID]], %c256{{.*}} : index
// CHECK: %[[NUMK:.*]] = arith.ceildivui %{{.*}}, %c64{{.*}} : index
// The producer walks every tile of the program in order.
// CHECK: scf.if %[[PRODUCER]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: scf.if %[[LEAD]] {
// CHECK-NEXT: scf.for %{{.*}} = %[[BID:.*]] to %[[TILES:.*]] step %[[GRID:.*]] iter_args(%[[PIT0:.*]] = %c0{{.*}}) -> (index) {
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]][
// CHECK: %[[ABYTES:.*]] = arith.muli %{{.*}}, %c8192{{.*}} : index
// CHECK: %[[TX:.*]] = arith.addi %[[ABYTES]], %c16384{{.*}} : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %[[TX]] :
// CHECK-COUNT-3: nvgpu.tma.async.load
// CHECK: arith.addi %[[PIT0]], %[[NUMK]] : index
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// Warpgroup w: tiles bid + w grid, step 2 grid; ring positions from
// w numK, step 2 numK (tile j of the program starts at j numK, as the
// producer counts); WG0 takes the first turn (parity 1 passes at once).
// CHECK: %[[ISWG0:.*]] = arith.cmpi eq, %[[WG]], %c0{{.*}} : index
// CHECK: %[[OTHER:.*]] = arith.subi %c1{{.*}}, %[[WG]] : index
// CHECK: %[[MYEPI:.*]] = arith.addi %[[WG]], %c2{{.*}} : index
// CHECK: %[[OTHEREPI:.*]] = arith.addi %[[OTHER]], %c2{{.*}} : index
// CHECK: %[[SKIP:.*]] = arith.muli %[[WG]], %[[GRID]] : index
// CHECK: %[[LB:.*]] = arith.addi %[[BID]], %[[SKIP]] : index
// CHECK: %[[STEP:.*]] = arith.addi %[[GRID]], %[[GRID]] : index
// CHECK: %[[IT00:.*]] = arith.muli %[[WG]], %[[NUMK]] : index
// CHECK: %[[TWOK:.*]] = arith.addi %[[NUMK]], %[[NUMK]] : index
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[TILES]] step %[[STEP]] iter_args(%[[IT0:.*]] = %[[IT00]], %[[PH:.*]] = %[[ISWG0]]) -> (index, i1) {
// CHECK-NOT: nvgpu.tma.async.load
// Mainloop turn.
// CHECK: nvgpu.mbarrier.try_wait.parity %[[ORD]][%[[WG]]], %[[PH]], %{{.*}}
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[NUMK]] step
// CHECK: arith.addi %[[IT0]], %[[K]] : index
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]][
// CHECK: nvgpu.warpgroup.mma {{.*}} : <tensor = memref<128x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x128xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<128x128xf32>>
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%{{.*}}], %c0{{.*}}, predicate =
// CHECK: scf.yield
// Every wgmma issued: the other warpgroup's mainloop turn, then wait.
// CHECK-NEXT: }
// CHECK-NEXT: nvgpu.mbarrier.arrive %[[ORD]][%[[OTHER]]]
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[EMPTY]][%{{.*}}], %c0{{.*}}, predicate =
// Epilogue turn; the warpgroup's own staging tile (32 KB apart, after the
// 128 KB ring), synchronised by named barrier 1 + wg over its 128 threads;
// its leader stores the whole tile (row m0) and passes the turn on without
// waiting for the stores.
// CHECK: nvgpu.mbarrier.try_wait.parity %[[ORD]][%[[MYEPI]]], %[[PH]], %{{.*}}
// CHECK: scf.if %[[LEADER]] {
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: }
// CHECK: %[[WGI32:.*]] = arith.index_cast %[[WG]] : index to i32
// CHECK: %[[BAR:.*]] = arith.addi %c1_i32{{.*}}, %[[WGI32]] : i32
// CHECK: nvvm.barrier id = %[[BAR]] number_of_threads = %c128_i32
// CHECK: arith.addi %{{.*}}, %c131072 : index
// CHECK: %[[STGOFF:.*]] = arith.muli %[[WG]], %c32768 : index
// CHECK: memref.view {{.*}} to memref<128x128xf16, #gpu.address_space<workgroup>>
// CHECK: tile.stage_accumulator %{{.*}}[0], %{{.*}} : <fragmented = vector<128x128xf32>>
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
// CHECK: nvgpu.tma.async.store %{{.*}} to %{{.*}}[%{{.*}}, %{{.*}}], predicate = %[[LEADER]] : memref<128x64xf16
// CHECK: nvgpu.tma.async.store %{{.*}} to %{{.*}}[%{{.*}}, %{{.*}}], predicate = %[[LEADER]] : memref<128x64xf16
// CHECK-NEXT: scf.if %[[LEADER]] {
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: }
// CHECK: nvgpu.mbarrier.arrive %[[ORD]][%[[OTHEREPI]]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[IT0]], %[[TWOK]] : index
// CHECK: %[[FLIP:.*]] = arith.xori %[[PH]], %true : i1
// CHECK: scf.yield %[[NEXT]], %[[FLIP]] : index, i1
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @pingpong_kernels {
    gpu.func @pingpong(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = pingpong, chip = sm_90a, shared_bytes = 0>} {
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
      %c128_3 = arith.constant 128 : index
      %43 = arith.ceildivui %dim_2, %c128_3 : index
      %block_id_x = gpu.block_id  x
      %c0_4 = arith.constant 0 : index
      %dim_5 = memref.dim %41, %c0_4 : memref<?x?xf16>
      %c1_6 = arith.constant 1 : index
      %dim_7 = memref.dim %41, %c1_6 : memref<?x?xf16>
      %c128_8 = arith.constant 128 : index
      %44 = arith.ceildivui %dim_5, %c128_8 : index
      %c128_9 = arith.constant 128 : index
      %45 = arith.ceildivui %dim_7, %c128_9 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c8 = arith.constant 8 : index
      %47 = arith.muli %c8, %43 : index
      %c128_10 = arith.constant 128 : index
      %c128_11 = arith.constant 128 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
      %c64 = arith.constant 64 : index
      %c0_12 = arith.constant 0 : index
      scf.for %arg14 = %block_id_x to %46 step %grid_dim_x {
        %48 = arith.divui %arg14, %47 : index
        %49 = arith.muli %48, %c8 : index
        %50 = arith.subi %42, %49 : index
        %51 = arith.minui %50, %c8 : index
        %52 = arith.remui %arg14, %47 : index
        %53 = arith.remui %52, %51 : index
        %54 = arith.addi %49, %53 : index
        %55 = arith.divui %52, %51 : index
        %56 = arith.muli %54, %c128_10 : index
        %57 = arith.muli %55, %c128_11 : index
        %58 = scf.for %arg15 = %c0_12 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<128x128xf32>) {
          %59 = tile.load %13[%56, %arg15] : memref<?x?xf16> -> vector<128x64xf16>
          %60 = tile.load %27[%arg15, %57] : memref<?x?xf16> -> vector<64x128xf16>
          %61 = tile.dot %59, %60, %arg16 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
          scf.yield %61 : vector<128x128xf32>
        }
        tile.store %58, %41[%56, %57] : vector<128x128xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}


// -----

// Without warp specialization (8 warps, 128x256): the block barrier stays,
// and each warpgroup stages its own 64 rows, 32 KB apart, over the ring.
// CHECK-LABEL: gpu.func @plain(
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WG:.*]] = arith.divui %[[TID]], %c128 : index
// CHECK: %[[WGROW:.*]] = arith.muli %[[WG]], %c64 : index
// CHECK-NOT: nvvm.setmaxregister
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: gpu.barrier
// CHECK: %[[OFF:.*]] = arith.muli %[[WG]], %c32768{{.*}} : index
// CHECK: %[[STG:.*]] = memref.view %{{.*}}[%{{.*}}][] : {{.*}} to memref<64x256xf16, #gpu.address_space<workgroup>>
// CHECK: tile.stage_accumulator %{{.*}}[0], %[[STG]]
// CHECK-NEXT: nvvm.fence.proxy
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: nvvm.barrier
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @plain_kernels {
    gpu.func @plain(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
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
      %c256 = arith.constant 256 : index
      %43 = arith.ceildivui %dim_2, %c256 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %dim_4 = memref.dim %41, %c0_3 : memref<?x?xf16>
      %c1_5 = arith.constant 1 : index
      %dim_6 = memref.dim %41, %c1_5 : memref<?x?xf16>
      %c128_7 = arith.constant 128 : index
      %44 = arith.ceildivui %dim_4, %c128_7 : index
      %c256_8 = arith.constant 256 : index
      %45 = arith.ceildivui %dim_6, %c256_8 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c8 = arith.constant 8 : index
      %47 = arith.muli %c8, %43 : index
      %c128_9 = arith.constant 128 : index
      %c256_10 = arith.constant 256 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x256xf32>
      %c64 = arith.constant 64 : index
      %c0_11 = arith.constant 0 : index
      scf.for %arg14 = %block_id_x to %46 step %grid_dim_x {
        %48 = arith.divui %arg14, %47 : index
        %49 = arith.muli %48, %c8 : index
        %50 = arith.subi %42, %49 : index
        %51 = arith.minui %50, %c8 : index
        %52 = arith.remui %arg14, %47 : index
        %53 = arith.remui %52, %51 : index
        %54 = arith.addi %49, %53 : index
        %55 = arith.divui %52, %51 : index
        %56 = arith.muli %54, %c128_9 : index
        %57 = arith.muli %55, %c256_10 : index
        %58 = scf.for %arg15 = %c0_11 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<128x256xf32>) {
          %59 = tile.load %13[%56, %arg15] : memref<?x?xf16> -> vector<128x64xf16>
          %60 = tile.load %27[%arg15, %57] : memref<?x?xf16> -> vector<64x256xf16>
          %61 = tile.dot %59, %60, %arg16 : vector<128x64xf16>, vector<64x256xf16> -> vector<128x256xf32>
          scf.yield %61 : vector<128x256xf32>
        }
        tile.store %58, %41[%56, %57] : vector<128x256xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}


// -----

// Cooperative 128x128 in clusters of two along M (cluster_m = 2), 4 stages.
// The empty barriers are raw mbarriers after ring and staging (163840
// bytes on), counting one arrive per consumer warpgroup and block (2 x 2);
// both blocks initialise before either multicasts (cluster barrier). The
// producer of block r loads its A and the B boxes j with j % 2 = r,
// multicast to both blocks (mask 0b11). Consumer thread t < 2 of each
// warpgroup releases a stage on block t's barrier (mapa + a predicated
// remote arrive); a last cluster barrier keeps either block from leaving
// while the other may still write to it.
// CHECK-LABEL: gpu.func @matmul_f16(
// CHECK: %[[SMEM:.*]] = memref.alloc() : memref<164896xi8, #gpu.address_space<workgroup>>
// CHECK: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[SMEM]]
// CHECK: %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-COUNT-4: nvgpu.mbarrier.init %[[FULL]]
// CHECK: %[[RANK32:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[RANK:.*]] = arith.index_cast %[[RANK32]] : i32 to index
// CHECK: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: arith.constant 163840 : index
// CHECK: %[[E0:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK-NEXT: nvvm.mbarrier.init %[[E0]], %[[C4]], predicate = %{{.*}} : !llvm.ptr<3>, i32, i1
// CHECK-COUNT-3: nvvm.mbarrier.init %{{.*}} : !llvm.ptr<3>, i32, i1
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK-NOT: nvgpu.mbarrier.create
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NOT: gpu.barrier
// Producer: waits on the raw empty barrier, arms its full barrier with all
// of B's 16 KB (half comes from the other block) and its own A's, loads.
// CHECK: nvvm.setmaxregister decrease 40
// CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32, i32
// CHECK: %[[TX:.*]] = arith.addi %{{.*}}, %c16384{{.*}} : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %[[TX]]
// CHECK: nvgpu.tma.async.load %{{.*}}, %[[FULL]][%{{.*}}] to %{{.*}} : <tensor = memref<128x64xf16
// CHECK: %[[MASK:.*]] = arith.constant 3 : i16
// CHECK: %[[OWN0:.*]] = arith.cmpi eq, %[[RANK]], %c0{{.*}} : index
// CHECK: nvgpu.tma.async.load %{{.*}} multicast_mask = %[[MASK]], predicate = %[[OWN0]] : <tensor = memref<64x64xf16
// CHECK: %[[OWN1:.*]] = arith.cmpi eq, %[[RANK]], %c1{{.*}} : index
// CHECK: nvgpu.tma.async.load %{{.*}} multicast_mask = %[[MASK]], predicate = %[[OWN1]] : <tensor = memref<64x64xf16
// Consumers: wait on full, wgmma, release through the cluster.
// CHECK: nvvm.setmaxregister increase 232
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]]
// CHECK: nvgpu.warpgroup.mma
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %c128{{.*}} : index
// CHECK: %[[TARGET:.*]] = arith.remui %[[LANE]], %c2{{.*}} : index
// CHECK: %[[T32:.*]] = arith.index_cast %[[TARGET]] : index to i32
// CHECK: %[[LOCAL:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[REMOTE:.*]] = nvvm.mapa %[[LOCAL]], %[[T32]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[SIGNALS:.*]] = arith.cmpi ult, %[[LANE]], %c2{{.*}} : index
// CHECK: %[[P:.*]] = arith.andi %{{.*}}, %[[SIGNALS]] : i1
// CHECK: nvvm.inline_ptx "mbarrier.arrive.shared::cluster.b64 _, [$0];" ro(%[[REMOTE]] : !llvm.ptr<7>), predicate = %[[P]]
// CHECK-NOT: nvgpu.mbarrier.arrive
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: gpu.return
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_kernels {
    gpu.func @matmul_f16(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = serpentine, group_m = 8, mma = wgmma, warp_specialize = cooperative, cluster_m = 2, chip = sm_90a, shared_bytes = 0>} {
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
      %c128_3 = arith.constant 128 : index
      %43 = arith.ceildivui %dim_2, %c128_3 : index
      %block_id_x = gpu.block_id  x
      %c0_4 = arith.constant 0 : index
      %dim_5 = memref.dim %41, %c0_4 : memref<?x?xf16>
      %c1_6 = arith.constant 1 : index
      %dim_7 = memref.dim %41, %c1_6 : memref<?x?xf16>
      %c128_8 = arith.constant 128 : index
      %44 = arith.ceildivui %dim_5, %c128_8 : index
      %c128_9 = arith.constant 128 : index
      %45 = arith.ceildivui %dim_7, %c128_9 : index
      %c2 = arith.constant 2 : index
      %46 = arith.ceildivui %44, %c2 : index
      %47 = arith.muli %46, %c2 : index
      %48 = arith.muli %47, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c2_10 = arith.constant 2 : index
      %49 = arith.ceildivui %42, %c2_10 : index
      %c8 = arith.constant 8 : index
      %50 = arith.muli %c8, %43 : index
      %c1_11 = arith.constant 1 : index
      %c0_12 = arith.constant 0 : index
      %51 = arith.subi %43, %c1_11 : index
      %c0_13 = arith.constant 0 : index
      %c128_14 = arith.constant 128 : index
      %c128_15 = arith.constant 128 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
      %c64 = arith.constant 64 : index
      %c0_16 = arith.constant 0 : index
      scf.for %arg15 = %block_id_x to %48 step %grid_dim_x {
        %52 = arith.divui %arg15, %c2_10 : index
        %53 = arith.remui %arg15, %c2_10 : index
        %54 = arith.divui %52, %50 : index
        %55 = arith.muli %54, %c8 : index
        %56 = arith.subi %49, %55 : index
        %57 = arith.minui %56, %c8 : index
        %58 = arith.remui %52, %50 : index
        %59 = arith.remui %58, %57 : index
        %60 = arith.divui %58, %57 : index
        %61 = arith.subi %57, %c1_11 : index
        %62 = arith.subi %61, %59 : index
        %63 = arith.andi %60, %c1_11 : index
        %64 = arith.cmpi ne, %63, %c0_12 : index
        %65 = arith.select %64, %62, %59 : index
        %66 = arith.subi %51, %60 : index
        %67 = arith.andi %54, %c1_11 : index
        %68 = arith.cmpi ne, %67, %c0_13 : index
        %69 = arith.select %68, %66, %60 : index
        %70 = arith.addi %55, %65 : index
        %71 = arith.muli %70, %c2_10 : index
        %72 = arith.addi %71, %53 : index
        %73 = arith.muli %72, %c128_14 : index
        %74 = arith.muli %69, %c128_15 : index
        %75 = scf.for %arg16 = %c0_16 to %dim_0 step %c64 iter_args(%arg17 = %cst) -> (vector<128x128xf32>) {
          %76 = tile.load %13[%73, %arg16] : memref<?x?xf16> -> vector<128x64xf16>
          %77 = tile.load %27[%arg16, %74] : memref<?x?xf16> -> vector<64x128xf16>
          %78 = tile.dot %76, %77, %arg17 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
          scf.yield %78 : vector<128x128xf32>
        }
        tile.store %75, %41[%73, %74] : vector<128x128xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}


// -----

// Cooperative 256x128, 4 stages: each consumer warpgroup holds 128 rows
// (two 64-row wgmma per K step, a 128x128 accumulator): its rows start
// 128 x 128 bytes into the A stage (one 256-row box), and it stages and
// stores its 128 rows in two parts of 64 columns (the ring, 4 x 48 KB,
// leaves 32 KB per warpgroup).
// CHECK-LABEL: gpu.func @matmul_f16(
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WG:.*]] = arith.divui %[[TID]], %c128 : index
// CHECK: %[[WGROW:.*]] = arith.muli %[[WG]], %c128{{.*}} : index
// CHECK: nvgpu.tma.prefetch.descriptor %{{.*}} : <tensor = memref<256x64xf16
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// CHECK: %[[ROWBYTES:.*]] = arith.muli %[[WGROW]], %c128{{.*}} : index
// CHECK: %[[AT:.*]] = arith.addi %{{.*}}, %[[ROWBYTES]] : index
// CHECK: %[[AVIEW:.*]] = memref.view %{{.*}}[%[[AT]]][] : memref<230400xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.warpgroup.generate.descriptor %[[AVIEW]]
// CHECK: tile.stage_accumulator %{{.*}}[0], %{{.*}} : <fragmented = vector<128x128xf32>> to memref<128x64xf16
// CHECK: nvgpu.tma.async.store %{{.*}} : memref<128x64xf16
// CHECK: tile.stage_accumulator %{{.*}}[64], %{{.*}} : <fragmented = vector<128x128xf32>> to memref<128x64xf16
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_kernels {
    gpu.func @matmul_f16(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 256, block_n = 128, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
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
      %c256 = arith.constant 256 : index
      %42 = arith.ceildivui %dim, %c256 : index
      %c128 = arith.constant 128 : index
      %43 = arith.ceildivui %dim_2, %c128 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %dim_4 = memref.dim %41, %c0_3 : memref<?x?xf16>
      %c1_5 = arith.constant 1 : index
      %dim_6 = memref.dim %41, %c1_5 : memref<?x?xf16>
      %c256_7 = arith.constant 256 : index
      %44 = arith.ceildivui %dim_4, %c256_7 : index
      %c128_8 = arith.constant 128 : index
      %45 = arith.ceildivui %dim_6, %c128_8 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c0_9 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %47 = arith.muli %c8, %43 : index
      %c256_10 = arith.constant 256 : index
      %c128_11 = arith.constant 128 : index
      %cst = arith.constant dense<0.000000e+00> : vector<256x128xf32>
      %c64 = arith.constant 64 : index
      scf.for %arg16 = %block_id_x to %46 step %grid_dim_x {
        %48 = arith.divui %arg16, %47 : index
        %49 = arith.muli %48, %c8 : index
        %50 = arith.subi %42, %49 : index
        %51 = arith.minui %50, %c8 : index
        %52 = arith.remui %arg16, %47 : index
        %53 = arith.remui %52, %51 : index
        %54 = arith.divui %52, %51 : index
        %55 = arith.addi %49, %53 : index
        %56 = arith.muli %55, %c256_10 : index
        %57 = arith.muli %54, %c128_11 : index
        %58 = scf.for %arg17 = %c0_9 to %dim_0 step %c64 iter_args(%arg18 = %cst) -> (vector<256x128xf32>) {
          %59 = tile.load %13[%56, %arg17] : memref<?x?xf16> -> vector<256x64xf16>
          %60 = tile.load %27[%arg17, %57] : memref<?x?xf16> -> vector<64x128xf16>
          %61 = tile.dot %59, %60, %arg18 : vector<256x64xf16>, vector<64x128xf16> -> vector<256x128xf32>
          scf.yield %61 : vector<256x128xf32>
        }
        tile.store %58, %41[%56, %57] : vector<256x128xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}

// -----

// Cooperative with one consumer warpgroup (4 warps), 64x64, 8 stages: 256
// threads; the producer warpgroup is tid >= 128 (thread 128 issues), the
// consumer releases each stage (empty counts 128), holds the whole 64-row
// tile and stages it after the 8 x 16 KB ring behind named barrier 1.
// CHECK-LABEL: gpu.func @coop_one(
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: memref.alloc() : memref<140288xi8, #gpu.address_space<workgroup>>
// CHECK: %[[FULL1:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 8>
// CHECK-COUNT-8: nvgpu.mbarrier.init %[[FULL1]][%{{.*}}], %c1{{(_[0-9]+)?}}, predicate =
// CHECK: %[[EMPTY1:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 8>
// CHECK-COUNT-8: nvgpu.mbarrier.init %[[EMPTY1]][%{{.*}}], %c128{{(_[0-9]+)?}}, predicate =
// CHECK: %[[LEAD1:.*]] = arith.cmpi eq, %{{.*}}, %c128{{.*}} : index
// CHECK: %[[PRODUCER1:.*]] = arith.cmpi uge, %{{.*}}, %c128{{.*}} : index
// CHECK: scf.if %[[PRODUCER1]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: scf.if %[[LEAD1]] {
// CHECK-NOT: nvgpu.warpgroup.mma
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x64xf32>>
// CHECK: nvgpu.warpgroup.mma {{.*}} -> <fragmented = vector<64x64xf32>>
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[EMPTY1]][%{{.*}}], %c0{{.*}}, predicate =
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %c128_i32
// CHECK: arith.addi %{{.*}}, %c131072 : index
// CHECK: tile.stage_accumulator %{{.*}}[0], %{{.*}} : <fragmented = vector<64x64xf32>> to memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.async.store
// CHECK-NOT: nvgpu.tma.async.store
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @coop_one_kernels {
    gpu.func @coop_one(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 8, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
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
      %c64_3 = arith.constant 64 : index
      %43 = arith.ceildivui %dim_2, %c64_3 : index
      %block_id_x = gpu.block_id  x
      %c0_4 = arith.constant 0 : index
      %dim_5 = memref.dim %41, %c0_4 : memref<?x?xf16>
      %c1_6 = arith.constant 1 : index
      %dim_7 = memref.dim %41, %c1_6 : memref<?x?xf16>
      %c64_8 = arith.constant 64 : index
      %44 = arith.ceildivui %dim_5, %c64_8 : index
      %c64_9 = arith.constant 64 : index
      %45 = arith.ceildivui %dim_7, %c64_9 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c0_10 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %47 = arith.muli %c8, %43 : index
      %c64_11 = arith.constant 64 : index
      %c64_12 = arith.constant 64 : index
      %cst = arith.constant dense<0.000000e+00> : vector<64x64xf32>
      %c64_13 = arith.constant 64 : index
      scf.for %arg16 = %block_id_x to %46 step %grid_dim_x {
        %48 = arith.divui %arg16, %47 : index
        %49 = arith.muli %48, %c8 : index
        %50 = arith.subi %42, %49 : index
        %51 = arith.minui %50, %c8 : index
        %52 = arith.remui %arg16, %47 : index
        %53 = arith.remui %52, %51 : index
        %54 = arith.divui %52, %51 : index
        %55 = arith.addi %49, %53 : index
        %56 = arith.muli %55, %c64_11 : index
        %57 = arith.muli %54, %c64_12 : index
        %58 = scf.for %arg17 = %c0_10 to %dim_0 step %c64_13 iter_args(%arg18 = %cst) -> (vector<64x64xf32>) {
          %59 = tile.load %13[%56, %arg17] : memref<?x?xf16> -> vector<64x64xf16>
          %60 = tile.load %27[%arg17, %57] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x64xf16>
          %61 = tile.dot %59, %60, %arg18 : vector<64x64xf16>, vector<64x64xf16> -> vector<64x64xf32>
          scf.yield %61 : vector<64x64xf32>
        }
        tile.store %58, %41[%56, %57] : vector<64x64xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}
