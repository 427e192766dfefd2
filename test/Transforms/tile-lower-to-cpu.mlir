// The CPU form of a kernel (executed in test/Integration/CPU/schedules.mlir).
// RUN: tile-opt %s --tile-tiling="block-m=16 block-n=16 block-k=16 num-warps=1" --tile-lower-to-cpu --canonicalize --cse | FileCheck %s --check-prefix=TILED
// RUN: tile-opt %s --tile-tiling="block-m=16 block-n=16 block-k=16 num-warps=1" --tile-persistent --tile-lower-to-cpu=num-programs=3 --canonicalize --cse | FileCheck %s --check-prefix=PERS
// RUN: not tile-opt %s --tile-tiling --tile-lower-to-cpu=num-programs=-1 2>&1 | FileCheck %s --check-prefix=NEG

// One program per C tile: pid runs over ceil(M/16) * ceil(N/16). Loads are
// masked transfers padded with zero, the dot a contraction in f32, the store
// a masked transfer rounded to C's type. The signature is unchanged.
// TILED-LABEL: func.func @mm(%{{.*}}: memref<?x?xf16>, %{{.*}}: memref<?x?xf16>, %{{.*}}: memref<?x?xbf16>) {
// TILED-NOT: tile.kernel
// TILED: %[[TM:.*]] = arith.ceildivui
// TILED: %[[TN:.*]] = arith.ceildivui
// TILED: %[[NP:.*]] = arith.muli %[[TM]], %[[TN]]
// TILED: scf.for %[[PID:.*]] = %c0 to %[[NP]] step %c1 {
// TILED: arith.divui %[[PID]]
// TILED: vector.transfer_read {{.*}}, %cst : memref<?x?xf16>, vector<16x16xf16>
// TILED: vector.contract {{.*}} : vector<16x16xf32>, vector<16x16xf32> into vector<16x16xf32>
// TILED: %[[R:.*]] = arith.truncf %{{.*}} : vector<16x16xf32> to vector<16x16xbf16>
// TILED: vector.transfer_write %[[R]], {{.*}} : vector<16x16xbf16>, memref<?x?xbf16>
// TILED-NOT: tile.

// Persistent with three programs: the program loop, then the tile loop
// striding by num_programs = 3.
// PERS: %[[C3:.*]] = arith.constant 3 : index
// PERS: scf.for %[[PID:.*]] = %c0 to %[[C3]] step %c1 {
// PERS: scf.for %{{.*}} = %[[PID]] to %{{.*}} step %[[C3]] {
// PERS-NOT: tile.

// NEG: error: tile-lower-to-cpu: num-programs must be >= 0, got -1
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xbf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xbf16>
  return
}
