// tile-persistent wraps the per-tile body of a tiled kernel in a loop over
// tiles: for tile = pid; tile < tiles; tile += num_programs, num_programs
// read at run time.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-persistent | FileCheck %s

// Tile counts and the K extent are computed once, outside the tile loop;
// only the tile's own (m, n) mapping remains inside.
// CHECK-LABEL: func.func @linear(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xf16>)
// CHECK-SAME: schedule = persistent, order = linear,
// CHECK: %[[K:.*]] = memref.dim %[[A]], %c1
// CHECK: %[[TN:.*]] = arith.ceildivui %{{.*}}, %c64
// CHECK: %[[PID:.*]] = tile.program_id
// CHECK-DAG: %[[CM:.*]] = memref.dim %[[C]], %c0
// CHECK-DAG: %[[CN:.*]] = memref.dim %[[C]], %c1
// CHECK: %[[TM2:.*]] = arith.ceildivui %[[CM]], %c128
// CHECK: %[[TN2:.*]] = arith.ceildivui %[[CN]], %c64
// CHECK: %[[TILES:.*]] = arith.muli %[[TM2]], %[[TN2]]
// CHECK: %[[NP:.*]] = tile.num_programs
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<128x64xf32>
// CHECK: scf.for %[[T:.*]] = %[[PID]] to %[[TILES]] step %[[NP]] {
// CHECK-NEXT: %[[ROW:.*]] = arith.divui %[[T]], %[[TN]]
// CHECK-NEXT: %[[COL:.*]] = arith.remui %[[T]], %[[TN]]
// CHECK-NEXT: %[[M0:.*]] = arith.muli %[[ROW]], %c128
// CHECK-NEXT: %[[N0:.*]] = arith.muli %[[COL]], %c64
// CHECK-NEXT: %[[ACC:.*]] = scf.for %{{.*}} = %c0 to %[[K]] step %c32 iter_args(%{{.*}} = %[[ZERO]])
// CHECK: tile.load %[[A]][%[[M0]],
// CHECK: tile.dot
// CHECK: tile.store %[[ACC]], %[[C]][%[[M0]], %[[N0]]]
// CHECK-NEXT: }
// CHECK-NEXT: return
#tiled = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @linear(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) attributes {tile.kernel = #tiled} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %tiles_m = arith.ceildivui %M, %c128 : index
  %tiles_n = arith.ceildivui %N, %c64 : index
  %pid = tile.program_id
  %row = arith.divui %pid, %tiles_n : index
  %col = arith.remui %pid, %tiles_n : index
  %m0 = arith.muli %row, %c128 : index
  %n0 = arith.muli %col, %c64 : index
  %zero = arith.constant dense<0.000000e+00> : vector<128x64xf32>
  %acc = scf.for %k = %c0 to %K step %c32 iter_args(%c = %zero) -> (vector<128x64xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x32xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<32x64xf16>
    %d = tile.dot %a, %b, %c : vector<128x32xf16>, vector<32x64xf16> -> vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  tile.store %acc, %C[%m0, %n0] : vector<128x64xf32> -> memref<?x?xf16>
  return
}

// -----

// Grouped order: the grouped mapping of the tile index moves into the
// loop, but for the tiles per group, which is loop-invariant.
// CHECK-LABEL: func.func @grouped(
// CHECK-SAME: schedule = persistent, order = grouped, group_m = 8,
// CHECK: %[[TM:.*]] = arith.ceildivui %{{.*}}, %c128
// CHECK: %[[TN:.*]] = arith.ceildivui %{{.*}}, %c64
// CHECK: %[[NP:.*]] = tile.num_programs
// CHECK: %[[PER:.*]] = arith.muli %c8, %[[TN]]
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %[[NP]] {
// CHECK-NEXT: %[[G:.*]] = arith.divui %[[T]], %[[PER]]
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[G]], %c8
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[TM]], %[[FIRST]]
// CHECK-NEXT: %[[ROWS:.*]] = arith.minui %[[LEFT]], %c8
// CHECK-NEXT: %[[IN:.*]] = arith.remui %[[T]], %[[PER]]
// CHECK-NEXT: arith.remui %[[IN]], %[[ROWS]]
// CHECK: tile.store
// CHECK-NEXT: }
// CHECK-NEXT: return
#grouped = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = grouped, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @grouped(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #grouped} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %M = memref.dim %A, %c0 : memref<?x?xf16>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %tiles_m = arith.ceildivui %M, %c128 : index
  %tiles_n = arith.ceildivui %N, %c64 : index
  %pid = tile.program_id
  %per_group = arith.muli %c8, %tiles_n : index
  %group = arith.divui %pid, %per_group : index
  %first = arith.muli %group, %c8 : index
  %left = arith.subi %tiles_m, %first : index
  %rows = arith.minui %left, %c8 : index
  %in = arith.remui %pid, %per_group : index
  %r = arith.remui %in, %rows : index
  %row = arith.addi %first, %r : index
  %col = arith.divui %in, %rows : index
  %m0 = arith.muli %row, %c128 : index
  %n0 = arith.muli %col, %c64 : index
  %zero = arith.constant dense<0.000000e+00> : vector<128x64xf32>
  %acc = scf.for %k = %c0 to %K step %c32 iter_args(%c = %zero) -> (vector<128x64xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x32xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<32x64xf16>
    %d = tile.dot %a, %b, %c : vector<128x32xf16>, vector<32x64xf16> -> vector<128x64xf32>
    scf.yield %d : vector<128x64xf32>
  }
  tile.store %acc, %C[%m0, %n0] : vector<128x64xf32> -> memref<?x?xf32>
  return
}

// -----

// A persistent kernel (the pass's own output) is left as it is: one tile
// loop, one tile.num_programs.
// CHECK-LABEL: func.func @already_persistent(
// CHECK-SAME: schedule = persistent
// CHECK-COUNT-1: tile.num_programs
// CHECK-NOT: tile.num_programs
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: scf.for
// CHECK: return
#persistent = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = persistent, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @already_persistent(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) attributes {tile.kernel = #persistent} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant dense<0.000000e+00> : vector<128x64xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %tiles_n = arith.ceildivui %N, %c64 : index
  %pid = tile.program_id
  %CM = memref.dim %C, %c0 : memref<?x?xf16>
  %CN = memref.dim %C, %c1 : memref<?x?xf16>
  %tiles_cm = arith.ceildivui %CM, %c128 : index
  %tiles_cn = arith.ceildivui %CN, %c64 : index
  %tiles = arith.muli %tiles_cm, %tiles_cn : index
  %np = tile.num_programs
  scf.for %t = %pid to %tiles step %np {
    %row = arith.divui %t, %tiles_n : index
    %col = arith.remui %t, %tiles_n : index
    %m0 = arith.muli %row, %c128 : index
    %n0 = arith.muli %col, %c64 : index
    %acc = scf.for %k = %c0 to %K step %c32 iter_args(%c = %zero) -> (vector<128x64xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x32xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<32x64xf16>
      %d = tile.dot %a, %b, %c : vector<128x32xf16>, vector<32x64xf16> -> vector<128x64xf32>
      scf.yield %d : vector<128x64xf32>
    }
    tile.store %acc, %C[%m0, %n0] : vector<128x64xf32> -> memref<?x?xf16>
  }
  return
}

// -----

// Not a kernel (no tile.kernel): left alone.
// CHECK-LABEL: func.func @not_a_kernel(
// CHECK-NOT: tile.num_programs
// CHECK-NOT: scf.for
// CHECK: return
func.func @not_a_kernel(%A: memref<?x?xf16>, %i: index) -> vector<16x16xf16> {
  %pid = tile.program_id
  %a = tile.load %A[%pid, %i] : memref<?x?xf16> -> vector<16x16xf16>
  return %a : vector<16x16xf16>
}

// -----

// Two stores: not what tile-tiling makes.
#bad = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-persistent: expected the output of tile-tiling (one tile.program_id and one tile.store)}}
func.func @two_stores(%C: memref<?x?xf32>, %v: vector<16x16xf32>) attributes {tile.kernel = #bad} {
  %pid = tile.program_id
  tile.store %v, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  tile.store %v, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// Split-K runs one program per split of each tile.
#split = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, split_k = 2, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-persistent: a split-k=2 kernel runs one program per split of each tile; it needs schedule=tiled}}
func.func @split(%C: memref<?x?xf32>, %v: vector<16x16xf32>) attributes {tile.kernel = #split} {
  %pid = tile.program_id
  %c2 = arith.constant 2 : index
  tile.store %v, %C[%pid, %pid] split %pid of %c2 in tile %pid : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// Stream-K already gave the kernel its grid.
// expected-error @+1 {{tile-persistent: the kernel is already scheduled (stream-k)}}
func.func @stream_k(%C: memref<?x?xf32>, %v: vector<16x16xf32>) attributes {tile.kernel = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = stream_k, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  %pid = tile.program_id
  %n = tile.num_programs
  scf.for %t = %pid to %n step %n {
    tile.store %v, %C[%t, %t] split %t of %n in tile %t : vector<16x16xf32> -> memref<?x?xf32>
  }
  return
}
