// tile-to-wgmma on a split-K kernel whose partial sums meet in the
// workspace (split_k = 16, above a cluster's 8; tiled; the grid holds S <=
// 16 programs per tile, side by side): the K loop starts at the program's
// share, and the epilogue writes the partial sum to the program's slot of
// the tile's workspace record [16 slots of 64 x 64 f32 | arrival count |
// leaving count] (rows inside M only), arrives with one atomic and waits
// until all S have; each program then adds its share of the tile's 4-wide
// groups over the S slots in split order (loads masked like the stores),
// writes them to C with masked 4-wide stores and leaves; the last to leave
// resets both counts.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-wgmma | FileCheck %s

// The workspace is the parameter after the TMA descriptors; its record size
// goes to the manifest (4 x (16 x 64 x 64 + 4) bytes), and so does that the
// tile's programs wait for one another ("resident").
// CHECK-LABEL: gpu.func @matmul(
// CHECK-SAME: %[[TA:arg12]]: !llvm.ptr, %[[TB:arg13]]: !llvm.ptr, %[[TC:arg14]]: !llvm.ptr, %{{.*}}: !llvm.ptr, %[[WS:arg16]]: !llvm.ptr) kernel
// CHECK-SAME: splits = "resident"
// CHECK-SAME: workspace_tile_bytes = 262160 : i64
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[T0:.*]] = arith.cmpi eq, %[[TID]], %c0{{[_0-9]*}} : index
// CHECK: %[[TILES:.*]] = arith.muli
// The grid holds S programs per tile (the launch chooses S <= split_k).
// CHECK: %[[GRID:.*]] = gpu.grid_dim x
// CHECK-NEXT: %[[S:.*]] = arith.divui %[[GRID]], %[[TILES]]
// CHECK-NEXT: %[[TILE:.*]] = arith.divui %{{.*}}, %[[S]]
// CHECK-NEXT: %[[SPLIT:.*]] = arith.remui %{{.*}}, %[[S]]
// CHECK: %[[BEGIN:.*]] = arith.muli %[[SPLIT]], %{{.*}}
// CHECK: %[[END:.*]] = arith.minui
// K steps of the share, none when it starts past K.
// CHECK: %[[HI:.*]] = arith.maxui %[[END]], %[[BEGIN]]
// CHECK: %[[LEN:.*]] = arith.subi %[[HI]], %[[BEGIN]]
// CHECK: %[[NUMK:.*]] = arith.ceildivui %[[LEN]], %c64
// The copies start at the share's first K element.
// CHECK: %[[K0:.*]] = arith.addi %[[BEGIN]], %{{.*}}
// CHECK: nvgpu.tma.async.load %{{.*}}[%[[K0]], %{{.*}}]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: gpu.barrier
// CHECK: %[[PARTS:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?xf32>
// CHECK: %[[COUNTS:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?xi32>
// CHECK: %[[REC:.*]] = arith.muli %[[TILE]], %c65540
// CHECK: %[[SLOT:.*]] = arith.muli %[[SPLIT]], %c4096
// CHECK: %[[AT:.*]] = arith.addi %[[REC]], %[[SLOT]]
// CHECK: %[[MINE:.*]] = memref.reinterpret_cast %[[PARTS]] to offset: [%{{.*}}], sizes: [64, 64], strides: [64, 1]
// A warp stores its rows only when its first one (16 x its warp in the
// warpgroup) lies inside M: rows past M are never read.
// CHECK: %[[LANE:.*]] = arith.remui %[[TID]], %c128
// CHECK: %[[WARP:.*]] = arith.divui %[[LANE]], %c32
// CHECK: %[[WROW:.*]] = arith.muli %[[WARP]], %c16
// CHECK: %[[ROW0:.*]] = arith.addi %{{.*}}, %[[WROW]]
// CHECK: %[[MINE_IN:.*]] = arith.cmpi ult, %[[ROW0]], %[[M:.*]] : index
// CHECK-NEXT: scf.if %[[MINE_IN]] {
// CHECK-NEXT: nvgpu.warpgroup.mma.store %{{.*}}, %[[MINE]]
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// Thread 0 arrives between acquire-release fences at GPU scope, waiting
// in between until all S programs of the tile have arrived (the runtime
// launches them all at once: "splits": "resident").
// CHECK: %[[CAT:.*]] = arith.addi %[[REC]], %c65536
// CHECK: %[[SI32:.*]] = arith.index_cast %[[S]] : index to i32
// CHECK: scf.if %[[T0]] {
// CHECK-NEXT: llvm.fence syncscope("device") acq_rel
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[COUNTS]][%[[CAT]]]
// CHECK-NEXT: scf.while : () -> () {
// CHECK: %[[SEEN:.*]] = memref.atomic_rmw ori %{{.*}}, %[[COUNTS]][%[[CAT]]]
// CHECK-NEXT: %[[MORE:.*]] = arith.cmpi ult, %[[SEEN]], %[[SI32]] : i32
// CHECK-NEXT: scf.condition(%[[MORE]])
// CHECK: llvm.fence syncscope("device") acq_rel
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// Then each adds a share: chunks of 2 groups of 4 columns, program s
// taking chunks s, s + S, ... of the tile's 4.
// CHECK: scf.for %[[CH:.*]] = %[[SPLIT]] to %c4{{[_0-9]*}} step %[[S]] {
// CHECK: %[[AT0:.*]] = arith.muli %{{.*}}, %c4
// CHECK: %[[AT1:.*]] = arith.muli %{{.*}}, %c4
// Each 4-wide group is stored only inside M and N; one outside loads the
// tile's first group instead (offset 0), so that no load waits on a branch.
// CHECK: %[[COL:.*]] = arith.cmpi ult, %{{.*}}, %[[N:.*]] : index
// CHECK-NEXT: %[[ROW:.*]] = arith.cmpi ult, %{{.*}}, %[[M]] : index
// CHECK-NEXT: %[[IN0:.*]] = arith.andi %[[ROW]], %[[COL]] : i1
// CHECK: %[[IN1:.*]] = arith.andi
// CHECK: %[[FROM0:.*]] = arith.select %[[IN0]], %[[AT0]], %c0{{[_0-9]*}} : index
// CHECK: %[[FROM1:.*]] = arith.select %[[IN1]], %[[AT1]], %c0{{[_0-9]*}} : index
// The first S slots in split order: unrolled for each S from 2 to 8; for
// any other, a loop over whole runs of 4 slots (each run's loads in
// flight at once), then a loop over the rest.
// CHECK: %[[SUMS:.*]]:2 = scf.index_switch %[[S]] -> vector<4xf32>, vector<4xf32>
// CHECK-NEXT: case 2 {
// CHECK-NOT: scf.if
// CHECK: %[[OFF0:.*]] = arith.muli %c0{{[_0-9]*}}, %c4096{{[_0-9]*}}
// CHECK-NEXT: %[[FIRST0:.*]] = arith.addi %[[REC]], %[[OFF0]]
// CHECK-NEXT: %[[AT00:.*]] = arith.addi %[[FIRST0]], %[[FROM0]]
// CHECK-NEXT: %[[P0:.*]] = vector.load %[[PARTS]][%[[AT00]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NEXT: %[[ADD0:.*]] = arith.addf %{{.*}}, %[[P0]] : vector<4xf32>
// CHECK: vector.load %[[PARTS]]
// CHECK: %[[OFF1:.*]] = arith.muli %c1{{[_0-9]*}}, %c4096{{[_0-9]*}}
// CHECK-NEXT: %[[FIRST1:.*]] = arith.addi %[[REC]], %[[OFF1]]
// CHECK-NEXT: arith.addi %[[FIRST1]], %[[FROM0]]
// CHECK-NEXT: vector.load
// CHECK-NEXT: arith.addf %[[ADD0]],
// CHECK: vector.load %[[PARTS]]
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: case 3 {
// CHECK-COUNT-6: vector.load %[[PARTS]]
// CHECK: case 4 {
// CHECK-COUNT-8: vector.load %[[PARTS]]
// CHECK: case 8 {
// CHECK-COUNT-16: vector.load %[[PARTS]]
// CHECK: default {
// CHECK: %[[RUNS:.*]] = arith.divui %[[S]], %c4
// CHECK: %[[WHOLE:.*]] = arith.muli %[[RUNS]], %c4
// CHECK: %[[PART:.*]]:2 = scf.for %[[RI:.*]] = %c0{{[_0-9]*}} to %[[WHOLE]] step %c4
// CHECK: %[[RAT:.*]] = arith.muli %[[RI]], %c4096
// CHECK-COUNT-8: vector.load %[[PARTS]]
// CHECK-NOT: vector.load
// CHECK: scf.yield
// CHECK: scf.for %[[SI:.*]] = %[[WHOLE]] to %[[S]] step %c1{{[_0-9]*}} iter_args(%{{.*}} = %[[PART]]#0,
// CHECK: %[[SAT:.*]] = arith.muli %[[SI]], %c4096
// CHECK: %[[FIRST:.*]] = arith.addi %[[REC]], %[[SAT]]
// CHECK-COUNT-2: vector.load %[[PARTS]]
// CHECK-NOT: vector.load
// CHECK: scf.yield
// CHECK: scf.if %[[IN0]] {
// CHECK-NEXT: arith.truncf %[[SUMS]]#0 : vector<4xf32> to vector<4xf16>
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<?x?xf16>, vector<4xf16>
// CHECK: vector.store
// The program leaves; the last of the S to leave resets both counts for
// the next launch.
// CHECK: scf.if %[[T0]] {
// CHECK: %[[LAT:.*]] = arith.addi %[[CAT]], %c1
// CHECK: %[[LEFT:.*]] = memref.atomic_rmw addi %{{.*}}, %[[COUNTS]][%[[LAT]]]
// CHECK: %[[S1:.*]] = arith.subi %[[SI32]], %c1_i32
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[LEFT]], %[[S1]] : i32
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-NEXT: llvm.fence syncscope("device") acq_rel
// CHECK: memref.store %c0_i32{{.*}}, %[[COUNTS]][%[[CAT]]]
// CHECK: memref.store %c0_i32{{.*}}, %[[COUNTS]][%[[LAT]]]
// CHECK-NOT: tile.
module attributes {gpu.container_module} {
  gpu.module @matmul_kernels {
    gpu.func @matmul(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 16, chip = sm_90a, shared_bytes = 0>} {
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

// A split store needs a split-K kernel: the #tile.kernel verifier refuses
// it on the GPU function too.
module attributes {gpu.container_module} {
  gpu.module @k_kernels {
    gpu.func @k(%a0: !llvm.ptr, %a1: !llvm.ptr, %a2: !llvm.ptr, %a3: i64, %a4: i64, %a5: i64, %a6: i64, %a7: i64, %a8: i64, %a9: i64, %a10: i64, %a11: i64, %a12: !llvm.ptr, %a13: !llvm.ptr, %a14: !llvm.ptr, %A: memref<?x?xf16>, %C: memref<?x?xf16>, %i: index) kernel attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant dense<0.000000e+00> : vector<64x64xf32>
      %acc = scf.for %k = %c0 to %i step %c64 iter_args(%c = %zero) -> (vector<64x64xf32>) {
        %a = tile.load %A[%c0, %k] : memref<?x?xf16> -> vector<64x64xf16>
        %b = tile.load %A[%k, %c0] : memref<?x?xf16> -> vector<64x64xf16>
        %d = tile.dot %a, %b, %c : vector<64x64xf16>, vector<64x64xf16> -> vector<64x64xf32>
        scf.yield %d : vector<64x64xf32>
      }
      // expected-error @+1 {{'tile.store' op does not match the kernel's #tile.kernel<block_m = 64, block_n = 64, block_k = 64, schedule = tiled, split_k = 1>: it is stored in parts, but split_k is 1}}
      tile.store %acc, %C[%c0, %c0] split %i of %i in tile %i : vector<64x64xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}

// -----

// A split-K kernel, but not from tile-to-gpu (no tile.abi to say its index
// width).
module attributes {gpu.container_module} {
  gpu.module @k_kernels {
    // expected-error @+1 {{tile-to-wgmma: a split-k kernel must come from tile-to-gpu with schedule=tiled, a stream-k kernel from tile-stream-k}}
    gpu.func @k(%a0: !llvm.ptr, %a1: !llvm.ptr, %a2: !llvm.ptr, %a3: i64, %a4: i64, %a5: i64, %a6: i64, %a7: i64, %a8: i64, %a9: i64, %a10: i64, %a11: i64, %a12: !llvm.ptr, %a13: !llvm.ptr, %a14: !llvm.ptr, %a15: !llvm.ptr, %a16: !llvm.ptr) kernel attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 16, chip = sm_90a, shared_bytes = 0>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %A = memref.alloc(%c64, %c64) : memref<?x?xf16>
      %C = memref.alloc(%c64, %c64) : memref<?x?xf16>
      %zero = arith.constant dense<0.000000e+00> : vector<64x64xf32>
      %acc = scf.for %k = %c0 to %c64 step %c64 iter_args(%c = %zero) -> (vector<64x64xf32>) {
        %a = tile.load %A[%c0, %k] : memref<?x?xf16> -> vector<64x64xf16>
        %b = tile.load %A[%k, %c0] : memref<?x?xf16> -> vector<64x64xf16>
        %d = tile.dot %a, %b, %c : vector<64x64xf16>, vector<64x64xf16> -> vector<64x64xf32>
        scf.yield %d : vector<64x64xf32>
      }
      tile.store %acc, %C[%c0, %c0] split %c0 of %c2 in tile %c0 : vector<64x64xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
}

// -----

// Stream-K (tile-stream-k's loop over the tiles of the program's share):
// the K-step count of each tile, computed in the loop, carries the ring
// position into the next tile; a tile the program holds whole (one part)
// is stored with TMA as usual, a shared one through the workspace.
// CHECK-LABEL: gpu.func @matmul(
// CHECK-SAME: %[[WS:arg16]]: !llvm.ptr) kernel
// CHECK-SAME: workspace_tile_bytes = 131088 : i64
// CHECK: %[[END:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[IT:.*]] = %c0{{[_0-9]*}}) -> (index) {
// CHECK: %[[PARTS:.*]] = arith.addi %{{.*}}, %c1{{[_0-9]*}} : index
// CHECK: %[[HI:.*]] = arith.maxui
// CHECK: %[[LEN:.*]] = arith.subi %[[HI]]
// CHECK: %[[NUMK:.*]] = arith.ceildivui %[[LEN]], %c64
// CHECK: scf.for %{{.*}} = %c0{{[_0-9]*}} to %[[NUMK]] step
// CHECK: %[[WHOLE:.*]] = arith.cmpi eq, %[[PARTS]], %c1{{[_0-9]*}} : index
// CHECK: scf.if %[[WHOLE]] {
// CHECK: nvgpu.tma.async.store
// CHECK: } else {
// CHECK: memref.atomic_rmw addi
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[PARTS]] step %{{.*}} iter_args
// CHECK: %[[NEXT:.*]] = arith.addi %[[IT]], %[[NUMK]] : index
// CHECK-NEXT: scf.yield %[[NEXT]] : index
module attributes {gpu.container_module} {
  gpu.module @matmul_kernels {
    gpu.func @matmul(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr, %arg15: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = stream_k, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
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
      %c1_4 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %44 = arith.ceildivui %dim_0, %c64 : index
      %45 = arith.maxui %44, %c1_4 : index
      %c0_5 = arith.constant 0 : index
      %dim_6 = memref.dim %41, %c0_5 : memref<?x?xf16>
      %c1_7 = arith.constant 1 : index
      %dim_8 = memref.dim %41, %c1_7 : memref<?x?xf16>
      %c128_9 = arith.constant 128 : index
      %46 = arith.ceildivui %dim_6, %c128_9 : index
      %c128_10 = arith.constant 128 : index
      %47 = arith.ceildivui %dim_8, %c128_10 : index
      %48 = arith.muli %46, %47 : index
      %49 = arith.muli %48, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %50 = arith.ceildivui %49, %grid_dim_x : index
      %51 = arith.maxui %45, %50 : index
      %52 = arith.muli %block_id_x, %51 : index
      %53 = arith.minui %49, %52 : index
      %54 = arith.addi %53, %51 : index
      %55 = arith.minui %49, %54 : index
      %c1_11 = arith.constant 1 : index
      %56 = arith.ceildivui %55, %45 : index
      %57 = arith.divui %53, %45 : index
      %c1_12 = arith.constant 1 : index
      %c1_13 = arith.constant 1 : index
      %c64_14 = arith.constant 64 : index
      %c0_15 = arith.constant 0 : index
      %c128_16 = arith.constant 128 : index
      %c128_17 = arith.constant 128 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
      %c64_18 = arith.constant 64 : index
      %c64_19 = arith.constant 64 : index
      scf.for %arg16 = %57 to %56 step %c1_11 {
        %58 = arith.muli %arg16, %45 : index
        %59 = arith.maxui %53, %58 : index
        %60 = arith.subi %59, %58 : index
        %61 = arith.addi %58, %45 : index
        %62 = arith.minui %55, %61 : index
        %63 = arith.subi %62, %58 : index
        %64 = arith.divui %58, %51 : index
        %65 = arith.addi %58, %45 : index
        %66 = arith.subi %65, %c1_13 : index
        %67 = arith.divui %66, %51 : index
        %68 = arith.subi %67, %64 : index
        %69 = arith.addi %68, %c1_12 : index
        %70 = arith.subi %block_id_x, %64 : index
        %71 = arith.muli %60, %c64_14 : index
        %72 = arith.divui %arg16, %43 : index
        %73 = arith.remui %arg16, %43 : index
        %74 = arith.muli %72, %c128_16 : index
        %75 = arith.muli %73, %c128_17 : index
        %76 = arith.muli %63, %c64_19 : index
        %77 = arith.minui %dim_0, %76 : index
        %78 = scf.for %arg17 = %71 to %77 step %c64_18 iter_args(%arg18 = %cst) -> (vector<128x128xf32>) {
          %79 = tile.load %13[%74, %arg17] : memref<?x?xf16> -> vector<128x64xf16>
          %80 = tile.load %27[%arg17, %75] : memref<?x?xf16> -> vector<64x128xf16>
          %81 = tile.dot %79, %80, %arg18 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
          scf.yield %81 : vector<128x128xf32>
        }
        tile.store %78, %41[%74, %75] split %70 of %69 in tile %arg16 : vector<128x128xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}

