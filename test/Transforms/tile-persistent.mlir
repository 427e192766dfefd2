// RUN: tile-opt %s --tile-tiling --tile-persistent --canonicalize --cse | FileCheck %s
// RUN: tile-opt %s --tile-tiling="order=grouped" --tile-persistent --canonicalize --cse | FileCheck %s --check-prefix=GROUPED
// A second run of the pass leaves a persistent kernel as it is.
// RUN: tile-opt %s --tile-tiling --tile-persistent --tile-persistent | FileCheck %s --check-prefix=TWICE
// TWICE-COUNT-1: tile.num_programs
// TWICE-NOT: tile.num_programs

// One program per SM slot: for tile = pid; tile < tiles; tile += num_programs,
// with num_programs read at run time. Tile counts and the K extent are
// computed once, outside the tile loop; only the tile's own (m, n) mapping
// remains inside.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: schedule = "persistent"
// CHECK-DAG: %[[TN:.*]] = arith.ceildivui %{{.*}}, %c64
// CHECK-DAG: %[[PID:.*]] = tile.program_id
// CHECK-DAG: %[[TM2:.*]] = arith.ceildivui %{{.*}}, %c128
// CHECK: %[[TILES:.*]] = arith.muli %[[TM2]], %{{.*}}
// CHECK: %[[NP:.*]] = tile.num_programs
// CHECK: scf.for %[[T:.*]] = %[[PID]] to %[[TILES]] step %[[NP]] {
// CHECK-NEXT: %[[ROW:.*]] = arith.divui %[[T]], %[[TN]]
// CHECK-NEXT: %[[COL:.*]] = arith.remui %[[T]], %[[TN]]
// CHECK-NEXT: %[[M0:.*]] = arith.muli %[[ROW]], %c128
// CHECK-NEXT: %[[N0:.*]] = arith.muli %[[COL]], %c64
// CHECK-NEXT: %[[ACC:.*]] = scf.for
// CHECK: tile.dot
// CHECK: tile.store %[[ACC]], %{{.*}}[%[[M0]], %[[N0]]]
// CHECK-NEXT: }
// CHECK-NEXT: return

// GROUPED-LABEL: func.func @matmul
// GROUPED: scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// GROUPED: arith.divui %[[T]], %{{.*}}
// GROUPED: arith.minui
// GROUPED: arith.remui %[[T]], %{{.*}}
// GROUPED: tile.store
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

