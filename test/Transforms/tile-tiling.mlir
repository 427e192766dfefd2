// RUN: tile-opt %s --split-input-file --tile-tiling | FileCheck %s --check-prefixes=CHECK,DEF
// RUN: tile-opt %s --split-input-file --tile-tiling="block-m=64 block-n=128 block-k=64 num-warps=8" | FileCheck %s --check-prefixes=CHECK,BIG
// RUN: tile-opt %s --split-input-file --tile-tiling="order=grouped group-m=4" --canonicalize --cse | FileCheck %s --check-prefix=GROUPED

// The default configuration is the reference study's: 128x64x32, 4 warps.
// CHECK-LABEL: func.func @matmul
// DEF-SAME: tile.kernel = {block_k = 32 : i64, block_m = 128 : i64, block_n = 64 : i64, {{.*}}num_stages = 1 : i64, num_warps = 4 : i64, order = "linear", schedule = "tiled"}
// BIG-SAME: tile.kernel = {block_k = 64 : i64, block_m = 64 : i64, block_n = 128 : i64, {{.*}}num_warps = 8 : i64
// CHECK-DAG: %[[M:.*]] = memref.dim %[[A:.*]], %c0
// CHECK-DAG: %[[K:.*]] = memref.dim %[[A]], %c1
// CHECK-DAG: %[[N:.*]] = memref.dim %[[B:.*]], %c1
// DEF: %[[TM:.*]] = arith.ceildivui %[[M]], %c128
// DEF: %[[TN:.*]] = arith.ceildivui %[[N]], %c64
// CHECK: %[[PID:.*]] = tile.program_id
// Linear order: row-major over tiles.
// DEF: %[[ROW:.*]] = arith.divui %[[PID]], %[[TN]]
// DEF: %[[COL:.*]] = arith.remui %[[PID]], %[[TN]]
// DEF: %[[M0:.*]] = arith.muli %[[ROW]], %c128
// DEF: %[[N0:.*]] = arith.muli %[[COL]], %c64
// DEF: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<128x64xf32>
// DEF: %[[ACC:.*]] = scf.for %[[KK:.*]] = %c0{{.*}} to %[[K]] step %c32{{.*}} iter_args(%[[C:.*]] = %[[ZERO]])
// DEF: %[[TA:.*]] = tile.load %[[A]][%[[M0]], %[[KK]]] : memref<?x?xf16> -> vector<128x32xf16>
// DEF: %[[TB:.*]] = tile.load %[[B]][%[[KK]], %[[N0]]] : memref<?x?xf16> -> vector<32x64xf16>
// DEF: %[[D:.*]] = tile.dot %[[TA]], %[[TB]], %[[C]] : vector<128x32xf16>, vector<32x64xf16> -> vector<128x64xf32>
// DEF: scf.yield %[[D]]
// DEF: tile.store %[[ACC]], %{{.*}}[%[[M0]], %[[N0]]] : vector<128x64xf32> -> memref<?x?xf16>
// BIG: tile.load {{.*}} -> vector<64x64xf16>
// BIG: tile.load {{.*}} -> vector<64x128xf16>
// BIG: tile.dot {{.*}} -> vector<64x128xf32>
// CHECK-NOT: tile.matmul

// Grouped order (Triton's GROUP_M): group = pid / (group_m * tiles_n).
// GROUPED-LABEL: func.func @matmul
// GROUPED: %[[TM:.*]] = arith.ceildivui %{{.*}}, %c128
// GROUPED: %[[TN:.*]] = arith.ceildivui %{{.*}}, %c64
// GROUPED: %[[PID:.*]] = tile.program_id
// GROUPED: %[[PER:.*]] = arith.muli %[[TN]], %c4
// GROUPED: %[[G:.*]] = arith.divui %[[PID]], %[[PER]]
// GROUPED: %[[FIRST:.*]] = arith.muli %[[G]], %c4
// GROUPED: %[[LEFT:.*]] = arith.subi %[[TM]], %[[FIRST]]
// GROUPED: %[[ROWS:.*]] = arith.minui %[[LEFT]], %c4
// GROUPED: %[[IN:.*]] = arith.remui %[[PID]], %[[PER]]
// GROUPED: %[[R:.*]] = arith.remui %[[IN]], %[[ROWS]]
// GROUPED: %[[ROW:.*]] = arith.addi %[[FIRST]], %[[R]]
// GROUPED: %[[COL:.*]] = arith.divui %[[IN]], %[[ROWS]]
// GROUPED: arith.muli %[[ROW]], %c128
// GROUPED: arith.muli %[[COL]], %c64
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// A function without tile.matmul is left alone.
// CHECK-LABEL: func.func @other
// CHECK-NOT: tile.kernel
// CHECK: return
func.func @other() {
  return
}
