// tile-lower-to-cpu: the programs of a tile kernel as a CPU loop (executed
// in test/Integration/CPU/schedules.mlir).
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-lower-to-cpu | FileCheck %s
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-lower-to-cpu=num-programs=3 | FileCheck %s --check-prefix=PROGS3
// RUN: not tile-opt %S/schedule-dialects.mlir --tile-lower-to-cpu=num-programs=-1 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: tile-lower-to-cpu: num-programs must be >= 0, got -1
// RUN: not tile-opt %S/schedule-dialects.mlir --tile-lower-to-cpu=splits=-2 2>&1 | FileCheck %s --check-prefix=SPLITSNEG
// SPLITSNEG: error: tile-lower-to-cpu: splits must be >= 0 and comes without num-programs, got -2
// RUN: not tile-opt %S/schedule-dialects.mlir --tile-lower-to-cpu="splits=2 num-programs=4" 2>&1 | FileCheck %s --check-prefix=SPLITSPROGS
// SPLITSPROGS: error: tile-lower-to-cpu: splits must be >= 0 and comes without num-programs, got 2
// More splits than the workspace's slots, and splits of a kernel without split-K.
// RUN: tile-opt %examples/matmul_f16.mlir --tile-tiling="block-m=16 block-n=32 block-k=16 num-warps=1 split-k=4" | not tile-opt - --tile-lower-to-cpu=splits=5 2>&1 | FileCheck %s --check-prefix=SPLITS5
// SPLITS5: error: tile-lower-to-cpu: splits=5 needs a split-K kernel of split_k >= 5 (its workspace slots per tile), got split_k = 4
// RUN: tile-opt %examples/matmul_f16.mlir --tile-tiling="block-m=16 block-n=32 block-k=16 num-warps=1 split-k=4" | not tile-opt - --tile-lower-to-cpu=num-programs=1 2>&1 | FileCheck %s --check-prefix=SPLITPROGS
// SPLITPROGS: error: tile-lower-to-cpu: num-programs on a split-K kernel, which runs tiles x splits programs; give splits= instead
// RUN: tile-opt %examples/matmul_f16.mlir --tile-tiling="block-m=16 block-n=32 block-k=16 num-warps=1" | not tile-opt - --tile-lower-to-cpu=splits=2 2>&1 | FileCheck %s --check-prefix=SPLITS1
// SPLITS1: error: tile-lower-to-cpu: splits=2 needs a split-K kernel of split_k >= 2 (its workspace slots per tile), got split_k = 1

// One program per C tile: pid runs over ceil(M/16) * ceil(N/16), M and N
// read from C. Loads are transfers padded with zero (masked: no in_bounds),
// the dot a contraction in f32, the store a masked transfer rounded to C's
// type. The signature stays; the kernel attribute goes.
// CHECK: #[[$MAP_A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK: #[[$MAP_B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK: #[[$MAP_C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @tiled(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xbf16>) {
// CHECK-DAG: %[[CM:.*]] = memref.dim %[[C]], %c0
// CHECK-DAG: %[[CN:.*]] = memref.dim %[[C]], %c1
// CHECK: %[[TM:.*]] = arith.ceildivui %[[CM]], %c16
// CHECK: %[[TN:.*]] = arith.ceildivui %[[CN]], %c16
// CHECK: %[[NP:.*]] = arith.muli %[[TM]], %[[TN]]
// CHECK: scf.for %[[PID:.*]] = %c0{{.*}} to %[[NP]] step %c1{{.*}} {
// CHECK: arith.divui %[[PID]], %{{.*}}
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16x16xf32>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]])
// CHECK: %[[PAD:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: %[[TA:.*]] = vector.transfer_read %[[A]][{{.*}}], %[[PAD]] : memref<?x?xf16>, vector<16x16xf16>
// CHECK: %[[TB:.*]] = vector.transfer_read %[[B]][{{.*}}], %{{.*}} : memref<?x?xf16>, vector<16x16xf16>
// CHECK-DAG: %[[FB:.*]] = arith.extf %[[TB]] : vector<16x16xf16> to vector<16x16xf32>
// CHECK-DAG: %[[FA:.*]] = arith.extf %[[TA]] : vector<16x16xf16> to vector<16x16xf32>
// CHECK: vector.contract {indexing_maps = [#[[$MAP_A]], #[[$MAP_B]], #[[$MAP_C]]], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %[[FA]], %[[FB]], %[[ACC]] : vector<16x16xf32>, vector<16x16xf32> into vector<16x16xf32>
// CHECK: %[[R:.*]] = arith.truncf %{{.*}} : vector<16x16xf32> to vector<16x16xbf16>
// CHECK: vector.transfer_write %[[R]], %[[C]][{{.*}}] : vector<16x16xbf16>, memref<?x?xbf16>
// CHECK-NOT: tile.
// A fixed number of programs.
// PROGS3-LABEL: func.func @tiled(
// PROGS3: %[[C3:.*]] = arith.constant 3 : index
// PROGS3: scf.for %{{.*}} = %{{.*}} to %[[C3]] step
#tiled = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @tiled(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xbf16>) attributes {tile.kernel = #tiled} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %tiles_n = arith.ceildivui %N, %c16 : index
  %pid = tile.program_id
  %row = arith.divui %pid, %tiles_n : index
  %col = arith.remui %pid, %tiles_n : index
  %m0 = arith.muli %row, %c16 : index
  %n0 = arith.muli %col, %c16 : index
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %acc = scf.for %k = %c0 to %K step %c16 iter_args(%c = %zero) -> (vector<16x16xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<16x16xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<16x16xf16>
    %d = tile.dot %a, %b, %c : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
    scf.yield %d : vector<16x16xf32>
  }
  tile.store %acc, %C[%m0, %n0] : vector<16x16xf32> -> memref<?x?xbf16>
  return
}

// -----

// Persistent: the program loop, then the tile loop striding by the number
// of programs, one per tile by default.
// CHECK-LABEL: func.func @persistent(
// CHECK: %[[NP:.*]] = arith.muli
// CHECK: scf.for %[[PID:.*]] = %c0{{.*}} to %[[NP]] step %c1{{.*}} {
// CHECK: scf.for %{{.*}} = %[[PID]] to %{{.*}} step %[[NP]] {
// CHECK: vector.contract
// CHECK: vector.transfer_write %{{.*}} : vector<16x16xf32>, memref<?x?xf32>
// CHECK-NOT: tile.
// PROGS3-LABEL: func.func @persistent(
// PROGS3: %[[C3:.*]] = arith.constant 3 : index
// PROGS3: scf.for %[[PID:.*]] = %{{.*}} to %[[C3]] step %{{.*}} {
// PROGS3: scf.for %{{.*}} = %[[PID]] to %{{.*}} step %[[C3]] {
// PROGS3-NOT: tile.
#persistent = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = persistent, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @persistent(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #persistent} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %tiles_n = arith.ceildivui %N, %c16 : index
  %pid = tile.program_id
  %CM = memref.dim %C, %c0 : memref<?x?xf32>
  %CN = memref.dim %C, %c1 : memref<?x?xf32>
  %tiles_cm = arith.ceildivui %CM, %c16 : index
  %tiles_cn = arith.ceildivui %CN, %c16 : index
  %tiles = arith.muli %tiles_cm, %tiles_cn : index
  %np = tile.num_programs
  scf.for %t = %pid to %tiles step %np {
    %row = arith.divui %t, %tiles_n : index
    %col = arith.remui %t, %tiles_n : index
    %m0 = arith.muli %row, %c16 : index
    %n0 = arith.muli %col, %c16 : index
    %acc = scf.for %k = %c0 to %K step %c16 iter_args(%c = %zero) -> (vector<16x16xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<16x16xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<16x16xf16>
      %d = tile.dot %a, %b, %c : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
      scf.yield %d : vector<16x16xf32>
    }
    tile.store %acc, %C[%m0, %n0] : vector<16x16xf32> -> memref<?x?xf32>
  }
  return
}

// -----

// Not a kernel: left alone.
// CHECK-LABEL: func.func @not_a_kernel(
// CHECK-NEXT: tile.program_id
// CHECK-NEXT: tile.load
// PROGS3-LABEL: func.func @not_a_kernel(
// PROGS3-NEXT: tile.program_id
func.func @not_a_kernel(%A: memref<?x?xf16>, %i: index) -> vector<16x16xf16> {
  %pid = tile.program_id
  %a = tile.load %A[%pid, %i] : memref<?x?xf16> -> vector<16x16xf16>
  return %a : vector<16x16xf16>
}

// -----

// Two stores: not what tile-tiling makes.
#bad = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-lower-to-cpu: expected a tile kernel with one block and one tile.store}}
func.func @two_stores(%C: memref<?x?xf32>, %v: vector<16x16xf32>) attributes {tile.kernel = #bad} {
  %pid = tile.program_id
  tile.store %v, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  tile.store %v, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// Split-K: split_k programs per tile and a workspace the loop allocates, as
// the GPU runner provides one: split_k slots of 16 x 16 f32 per tile and a
// zeroed count per tile. Each program writes its slot and counts itself;
// the one that brings the count to 2 adds the slots in split order, writes
// C and resets the count.
// CHECK-LABEL: func.func @split(
// CHECK-SAME: %[[C:.*]]: memref<?x?xf16>
// CHECK: %[[TILES:.*]] = arith.muli
// CHECK: %[[NP:.*]] = arith.muli %[[TILES]], %c2
// CHECK: %[[SLOTS:.*]] = arith.muli %[[TILES]], %c512
// CHECK: %[[PARTS:.*]] = memref.alloc(%[[SLOTS]]) : memref<?xf32>
// CHECK: %[[COUNTS:.*]] = memref.alloc(%[[TILES]]) : memref<?xi32>
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %[[TILES]]
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: memref.store %[[Z]], %[[COUNTS]][%[[T]]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[NP]] step
// CHECK: %[[FIRST:.*]] = arith.muli %[[TILE:.*]], %c2
// CHECK: %[[FLAT:.*]] = vector.shape_cast %{{.*}} : vector<16x16xf32> to vector<256xf32>
// CHECK: %[[MINE:.*]] = arith.addi %[[FIRST]], %[[SPLIT:.*]] : index
// CHECK: %[[AT:.*]] = arith.muli %[[MINE]], %c256
// CHECK: vector.transfer_write %[[FLAT]], %[[PARTS]][%[[AT]]] {in_bounds = [true]}
// CHECK: %[[OLD:.*]] = memref.load %[[COUNTS]][%[[TILE]]]
// CHECK: %[[NEW:.*]] = arith.addi %[[OLD]], %c1_i32
// CHECK: %[[N:.*]] = arith.index_cast %c2{{[_0-9]*}} : index to i32
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[NEW]], %[[N]]
// CHECK: scf.if %[[LAST]] {
// CHECK: %[[SUM:.*]] = scf.for %[[S:.*]] = %{{.*}} to %c2{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<256xf32>) {
// CHECK: %[[SLOT:.*]] = arith.addi %[[FIRST]], %[[S]]
// CHECK: %[[SAT:.*]] = arith.muli %[[SLOT]], %c256
// CHECK: %[[P:.*]] = vector.transfer_read %[[PARTS]][%[[SAT]]]
// CHECK: arith.addf %[[ACC]], %[[P]] : vector<256xf32>
// CHECK: %[[TILEV:.*]] = vector.shape_cast %[[SUM]] : vector<256xf32> to vector<16x16xf32>
// CHECK: %[[R:.*]] = arith.truncf %[[TILEV]] : vector<16x16xf32> to vector<16x16xf16>
// CHECK: vector.transfer_write %[[R]], %[[C]]
// CHECK: memref.store %{{.*}}, %[[COUNTS]][%[[TILE]]]
// CHECK: } else {
// CHECK: memref.store %[[NEW]], %[[COUNTS]][%[[TILE]]]
// CHECK: memref.dealloc %[[PARTS]]
// CHECK: memref.dealloc %[[COUNTS]]
// CHECK-NOT: tile.
#split = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, split_k = 2, chip = sm_90, shared_bytes = 0>
func.func @split(%C: memref<?x?xf16>, %v: vector<16x16xf32>) attributes {tile.kernel = #split} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %pid = tile.program_id
  %tile = arith.divui %pid, %c2 : index
  %split = arith.remui %pid, %c2 : index
  tile.store %v, %C[%c0, %c0] split %split of %c2 in tile %tile : vector<16x16xf32> -> memref<?x?xf16>
  return
}

// -----

#nosplit = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// A split store in a kernel without split-K: the #tile.kernel verifier
// refuses it before any pass runs.
func.func @split_store_without_split_k(%C: memref<?x?xf16>, %v: vector<16x16xf32>) attributes {tile.kernel = #nosplit} {
  %pid = tile.program_id
  // expected-error @+1 {{'tile.store' op does not match the kernel's #tile.kernel<block_m = 16, block_n = 16, block_k = 16, schedule = tiled, split_k = 1>: it is stored in parts, but split_k is 1}}
  tile.store %v, %C[%pid, %pid] split %pid of %pid in tile %pid : vector<16x16xf32> -> memref<?x?xf16>
  return
}
