// tile-stream-k on tile-tiling's output, hybrid Stream-K: the whole waves
// of tiles but the last full one are data-parallel; the other tiles' K steps
// form one range, program p takes [p s, (p + 1) s) with s = max(steps per
// tile, ceil(range / num_programs)). One loop runs the shared tiles the
// program's range touches, then its data-parallel tiles; each tile's store
// names this program's part and the tile's number of parts (1 when whole).
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-stream-k | FileCheck %s

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xf16>)
// CHECK-SAME: schedule = stream_k,
// CHECK: %[[K:.*]] = memref.dim %[[A]], %c1
// CHECK: %[[TN:.*]] = arith.ceildivui %{{.*}}, %c32
// CHECK: %[[PID:.*]] = tile.program_id
// Steps per tile (at least one, for K = 0).
// CHECK: %[[KS:.*]] = arith.ceildivui %[[K]], %c16
// CHECK: %[[STEPS:.*]] = arith.maxui %[[KS]], %c1
// CHECK: %[[TILES:.*]] = arith.muli
// CHECK: %[[NP:.*]] = tile.num_programs
// Data-parallel waves: all whole ones, less one when a partial wave follows.
// CHECK: %[[WAVES:.*]] = arith.divui %[[TILES]], %[[NP]]
// CHECK: %[[WHOLE:.*]] = arith.muli %[[WAVES]], %[[NP]]
// CHECK: %[[RAGGED:.*]] = arith.cmpi ult, %[[WHOLE]], %[[TILES]]
// CHECK: %[[W1:.*]] = arith.maxui %[[WAVES]], %c1
// CHECK: %[[FEWER:.*]] = arith.subi %[[W1]], %c1
// CHECK: %[[DPW:.*]] = arith.select %[[RAGGED]], %[[FEWER]], %[[WAVES]]
// CHECK: %[[DPT:.*]] = arith.muli %[[DPW]], %[[NP]]
// CHECK: %[[SKT:.*]] = arith.subi %[[TILES]], %[[DPT]]
// The shared tiles' steps and this program's share of them.
// CHECK: %[[TOTAL:.*]] = arith.muli %[[SKT]], %[[STEPS]]
// CHECK: %[[EVEN:.*]] = arith.ceildivui %[[TOTAL]], %[[NP]]
// CHECK: %[[SHARE:.*]] = arith.maxui %[[STEPS]], %[[EVEN]]
// CHECK: %[[AT:.*]] = arith.muli %[[PID]], %[[SHARE]]
// CHECK: %[[START:.*]] = arith.minui %[[TOTAL]], %[[AT]]
// CHECK: %[[AFTER:.*]] = arith.addi %[[START]], %[[SHARE]]
// CHECK: %[[END:.*]] = arith.minui %[[TOTAL]], %[[AFTER]]
// CHECK: %[[SKEND:.*]] = arith.ceildivui %[[END]], %[[STEPS]]
// CHECK: %[[UB:.*]] = arith.addi %[[SKEND]], %[[DPW]]
// CHECK: %[[LB:.*]] = arith.divui %[[START]], %[[STEPS]]
// CHECK: %[[DP0:.*]] = arith.addi %[[SKT]], %[[PID]]
// CHECK: scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %c1
// Item i is shared tile i, or data-parallel tile skTiles + pid + j programs.
// CHECK: %[[SH:.*]] = arith.cmpi ult, %[[I]], %[[SKEND]]
// CHECK: %[[J:.*]] = arith.subi %[[I]], %[[SKEND]]
// CHECK: %[[JP:.*]] = arith.muli %[[J]], %[[NP]]
// CHECK: %[[DPTILE:.*]] = arith.addi %[[DP0]], %[[JP]]
// CHECK: %[[T:.*]] = arith.select %[[SH]], %[[I]], %[[DPTILE]]
// This program's steps of tile t: [from, to), all of a data-parallel one.
// CHECK: %[[FIRST:.*]] = arith.muli %[[T]], %[[STEPS]]
// CHECK: %[[LO:.*]] = arith.maxui %[[START]], %[[FIRST]]
// CHECK: %[[FROM0:.*]] = arith.subi %[[LO]], %[[FIRST]]
// CHECK: %[[FROM:.*]] = arith.select %[[SH]], %[[FROM0]], %c0
// CHECK: %[[NEXT:.*]] = arith.addi %[[FIRST]], %[[STEPS]]
// CHECK: %[[HI:.*]] = arith.minui %[[END]], %[[NEXT]]
// CHECK: %[[TO0:.*]] = arith.subi %[[HI]], %[[FIRST]]
// CHECK: %[[TO:.*]] = arith.select %[[SH]], %[[TO0]], %[[STEPS]]
// The programs holding a shared tile's first and last steps share it.
// CHECK: %[[P0:.*]] = arith.divui %[[FIRST]], %[[SHARE]]
// CHECK: %[[LASTSTEP:.*]] = arith.subi %{{.*}}, %c1
// CHECK: %[[P1:.*]] = arith.divui %[[LASTSTEP]], %[[SHARE]]
// CHECK: %[[D:.*]] = arith.subi %[[P1]], %[[P0]]
// CHECK: %[[N:.*]] = arith.addi %[[D]], %c1
// CHECK: %[[PARTS:.*]] = arith.select %[[SH]], %[[N]], %c1
// CHECK: %[[P:.*]] = arith.subi %[[PID]], %[[P0]]
// CHECK: %[[PART:.*]] = arith.select %[[SH]], %[[P]], %c0
// CHECK: %[[KLO:.*]] = arith.muli %[[FROM]], %c16
// The tile's coordinates come from t, not the program id.
// CHECK: arith.divui %[[T]], %[[TN]]
// CHECK: arith.remui %[[T]], %[[TN]]
// CHECK: %[[KHI0:.*]] = arith.muli %[[TO]], %c16
// CHECK: %[[KHI:.*]] = arith.minui %[[K]], %[[KHI0]]
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %[[KLO]] to %[[KHI]] step %c16
// CHECK: tile.store %[[ACC]], %[[C]][%{{.*}}, %{{.*}}] split %[[PART]] of %[[PARTS]] in tile %[[T]]
  func.func @matmul(%arg0: memref<?x?xf16>, %arg1: memref<?x?xf16>, %arg2: memref<?x?xf16>) attributes {tile.kernel = #tile.kernel<block_m = 16, block_n = 32, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
    %c0 = arith.constant 0 : index
    %dim = memref.dim %arg0, %c0 : memref<?x?xf16>
    %c1 = arith.constant 1 : index
    %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf16>
    %c1_1 = arith.constant 1 : index
    %dim_2 = memref.dim %arg1, %c1_1 : memref<?x?xf16>
    %c16 = arith.constant 16 : index
    %0 = arith.ceildivui %dim, %c16 : index
    %c32 = arith.constant 32 : index
    %1 = arith.ceildivui %dim_2, %c32 : index
    %2 = tile.program_id
    %c0_3 = arith.constant 0 : index
    %3 = arith.divui %2, %1 : index
    %4 = arith.remui %2, %1 : index
    %c16_4 = arith.constant 16 : index
    %5 = arith.muli %3, %c16_4 : index
    %c32_5 = arith.constant 32 : index
    %6 = arith.muli %4, %c32_5 : index
    %cst = arith.constant dense<0.000000e+00> : vector<16x32xf32>
    %c16_6 = arith.constant 16 : index
    %7 = scf.for %arg3 = %c0_3 to %dim_0 step %c16_6 iter_args(%arg4 = %cst) -> (vector<16x32xf32>) {
      %8 = tile.load %arg0[%5, %arg3] : memref<?x?xf16> -> vector<16x16xf16>
      %9 = tile.load %arg1[%arg3, %6] : memref<?x?xf16> -> vector<16x32xf16>
      %10 = tile.dot %8, %9, %arg4 : vector<16x16xf16>, vector<16x32xf16> -> vector<16x32xf32>
      scf.yield %10 : vector<16x32xf32>
    }
    tile.store %7, %arg2[%5, %6] : vector<16x32xf32> -> memref<?x?xf16>
    return
  }

// -----

// A split-K kernel has its own programs per tile.
#split = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, split_k = 2, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-stream-k: expected a tiled kernel without split-k or clusters}}
func.func @split(%C: memref<?x?xf32>, %v: vector<16x16xf32>) attributes {tile.kernel = #split} {
  %pid = tile.program_id
  %c2 = arith.constant 2 : index
  tile.store %v, %C[%pid, %pid] split %pid of %c2 in tile %pid : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// The stored tile must come from tile-tiling's K loop.
#tiled = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-stream-k: expected the K loop of tile-tiling (from 0 to K) to produce the stored tile}}
func.func @no_k_loop(%C: memref<?x?xf32>, %v: vector<16x16xf32>) attributes {tile.kernel = #tiled} {
  %pid = tile.program_id
  tile.store %v, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// Two program ids: not tile-tiling's output.
// expected-error @+1 {{tile-stream-k: expected the output of tile-tiling (one tile.program_id and one tile.store)}}
func.func @two_pids(%C: memref<?x?xf32>, %v: vector<16x16xf32>) attributes {tile.kernel = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  %pid = tile.program_id
  %pid2 = tile.program_id
  tile.store %v, %C[%pid, %pid2] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// Already scheduled: left alone.
// CHECK-LABEL: func.func @done(
// CHECK-NEXT: tile.program_id
// CHECK-NEXT: tile.num_programs
// CHECK-NEXT: scf.for
func.func @done(%C: memref<?x?xf32>, %v: vector<16x16xf32>) attributes {tile.kernel = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = stream_k, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  %pid = tile.program_id
  %n = tile.num_programs
  scf.for %t = %pid to %n step %n {
    tile.store %v, %C[%t, %t] split %t of %n in tile %t : vector<16x16xf32> -> memref<?x?xf32>
  }
  return
}
