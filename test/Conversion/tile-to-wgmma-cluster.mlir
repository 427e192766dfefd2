// tile-to-wgmma on a persistent kernel without warp roles in clusters of two
// along M (cluster_m = 2; the output of tile-tiling, tile-persistent and
// tile-to-gpu, checked in): the pair shares each B tile through TMA
// multicast, and a stage is refilled once both blocks released it.
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma))" | FileCheck %s

// 64x64, 4 warps, 4 stages: the ring (4 x 16 KB), then the staging tile
// (64 x 64 f16, 8 KB: the peer's multicast may refill the ring while this
// block stores C), then four raw empty barriers (73728 bytes on) counting
// one arrive per block; both blocks initialise before either multicasts.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK: memref.alloc() : memref<74784xi8, #gpu.address_space<workgroup>>
// CHECK: %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %[[RANK32:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: %[[RANK:.*]] = arith.index_cast %[[RANK32]] : i32 to index
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK: arith.constant 73728 : index
// CHECK: nvvm.mbarrier.init %{{.*}}, %[[C2]], predicate = %{{.*}} : !llvm.ptr<3>, i32, i1
// CHECK-COUNT-3: nvvm.mbarrier.init %{{.*}} : !llvm.ptr<3>, i32, i1
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NOT: gpu.barrier
// The prologue: each of the three first stages waits on its empty barrier
// (every thread, no branch), then is armed with A's 8 KB and all of B's
// 8 KB, A loaded by this block and B by block 0 for both (mask 0b11).
// CHECK: scf.for
// CHECK-COUNT-3: nvvm.mbarrier.try_wait.parity %{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32, i32
// CHECK-NOT: nvvm.mbarrier.try_wait.parity
// CHECK: %[[OWN:.*]] = arith.cmpi eq, %[[RANK]], %c0{{.*}} : index
// CHECK: nvgpu.tma.async.load %{{.*}} multicast_mask = %{{.*}}, predicate = %{{.*}} : <tensor = memref<64x64xf16
// The K loop: wait for the stage, wgmma; once the block is past the
// previous step, thread t < 2 releases its stage on block t's barrier,
// every thread waits until both blocks did, and the stage is refilled.
// CHECK: scf.for
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]]
// CHECK: nvgpu.warpgroup.mma
// CHECK-NEXT: gpu.barrier
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %c128{{.*}} : index
// CHECK: %[[TARGET:.*]] = arith.remui %[[LANE]], %c2{{.*}} : index
// CHECK: %[[T32:.*]] = arith.index_cast %[[TARGET]] : index to i32
// CHECK: %[[REMOTE:.*]] = nvvm.mapa %{{.*}}, %[[T32]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: nvvm.inline_ptx "mbarrier.arrive.shared::cluster.b64 _, [$0];" ro(%[[REMOTE]] : !llvm.ptr<7>), predicate = %{{.*}}
// CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32, i32
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]]
// CHECK: nvgpu.tma.async.load %{{.*}} multicast_mask = %{{.*}}, predicate = %{{.*}} : <tensor = memref<64x64xf16
// CHECK: scf.yield
// After the loop the last stage is released too; C is staged after the
// ring (32768 + 32768 bytes on) and stored; a last cluster barrier keeps
// either block from leaving while the other may still write to it.
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: gpu.barrier
// CHECK: nvvm.inline_ptx "mbarrier.arrive.shared::cluster.b64 _, [$0];"
// CHECK: arith.constant 65536 : index
// CHECK: nvgpu.tma.async.store
// CHECK: scf.yield
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: gpu.return
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = none, cluster_m = 2, chip = sm_90a, shared_bytes = 0>} {
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
      %c2 = arith.constant 2 : index
      %46 = arith.ceildivui %44, %c2 : index
      %47 = arith.muli %46, %c2 : index
      %48 = arith.muli %47, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c0_10 = arith.constant 0 : index
      %c2_11 = arith.constant 2 : index
      %49 = arith.ceildivui %42, %c2_11 : index
      %c8 = arith.constant 8 : index
      %50 = arith.muli %c8, %43 : index
      %c64_12 = arith.constant 64 : index
      %c64_13 = arith.constant 64 : index
      %cst = arith.constant dense<0.000000e+00> : vector<64x64xf32>
      %c64_14 = arith.constant 64 : index
      scf.for %arg16 = %block_id_x to %48 step %grid_dim_x {
        %51 = arith.divui %arg16, %c2_11 : index
        %52 = arith.remui %arg16, %c2_11 : index
        %53 = arith.divui %51, %50 : index
        %54 = arith.muli %53, %c8 : index
        %55 = arith.subi %49, %54 : index
        %56 = arith.minui %55, %c8 : index
        %57 = arith.remui %51, %50 : index
        %58 = arith.remui %57, %56 : index
        %59 = arith.divui %57, %56 : index
        %60 = arith.addi %54, %58 : index
        %61 = arith.muli %60, %c2_11 : index
        %62 = arith.addi %61, %52 : index
        %63 = arith.muli %62, %c64_12 : index
        %64 = arith.muli %59, %c64_13 : index
        %65 = scf.for %arg17 = %c0_10 to %dim_0 step %c64_14 iter_args(%arg18 = %cst) -> (vector<64x64xf32>) {
          %66 = tile.load %13[%63, %arg17] : memref<?x?xf16> -> vector<64x64xf16>
          %67 = tile.load %27[%arg17, %64] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x64xf16>
          %68 = tile.dot %66, %67, %arg18 : vector<64x64xf16>, vector<64x64xf16> -> vector<64x64xf32>
          scf.yield %68 : vector<64x64xf32>
        }
        tile.store %65, %41[%63, %64] : vector<64x64xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}

