// The block configuration comes from the options: one RUN line each.
// RUN: tile-opt %s -split-input-file --tile-tiling | FileCheck %s --check-prefixes=CHECK,DEF
// RUN: tile-opt %s -split-input-file --tile-tiling="block-m=64 block-n=128 block-k=64 num-warps=8 num-stages=4 chip=sm_80" | FileCheck %s --check-prefixes=CHECK,BIG
// RUN: tile-opt %s -split-input-file --tile-tiling="order=grouped group-m=4" | FileCheck %s --check-prefix=GROUPED
// RUN: tile-opt %s -split-input-file --tile-tiling="order=serpentine group-m=4" | FileCheck %s --check-prefix=SERP
// RUN: tile-opt %s -split-input-file --tile-tiling="cluster-m=2" | FileCheck %s --check-prefix=CLUSTER
// RUN: tile-opt %s -split-input-file --tile-tiling="split-k=3" | FileCheck %s --check-prefix=SPLITK
// RUN: tile-opt %s -split-input-file --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64" | FileCheck %s --check-prefix=WGMMA
// RUN: tile-opt %s -split-input-file --tile-tiling="mma=wgmma block-m=128 block-n=192 block-k=64 num-warps=8 warp-specialize=pingpong" | FileCheck %s --check-prefix=WSPP

// The default configuration is the reference study's: 128x64x32, 4 warps,
// 3 stages, mma.sync on sm_90.
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xf16>)
// DEF-SAME: attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 64, block_k = 32, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>}
// BIG-SAME: attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 128, block_k = 64, num_warps = 8, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_80, shared_bytes = 0>}
// CHECK: %[[M:.*]] = memref.dim %[[A]], %c0
// CHECK: %[[K:.*]] = memref.dim %[[A]], %c1
// CHECK: %[[N:.*]] = memref.dim %[[B]], %c1
// DEF: %[[TM:.*]] = arith.ceildivui %[[M]], %c128 : index
// DEF: %[[TN:.*]] = arith.ceildivui %[[N]], %c64 : index
// BIG: %[[TN:.*]] = arith.ceildivui %[[N]], %c128 : index
// CHECK: %[[PID:.*]] = tile.program_id
// Linear order: row-major over tiles.
// CHECK: %[[ROW:.*]] = arith.divui %[[PID]], %[[TN]]
// CHECK: %[[COL:.*]] = arith.remui %[[PID]], %[[TN]]
// DEF: %[[M0:.*]] = arith.muli %[[ROW]], %c128{{(_[0-9]+)?}} : index
// DEF: %[[N0:.*]] = arith.muli %[[COL]], %c64{{(_[0-9]+)?}} : index
// DEF: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<128x64xf32>
// DEF: %[[ACC:.*]] = scf.for %[[KK:.*]] = %c0{{(_[0-9]+)?}} to %[[K]] step %c32 iter_args(%[[CC:.*]] = %[[ZERO]])
// DEF: %[[TA:.*]] = tile.load %[[A]][%[[M0]], %[[KK]]] : memref<?x?xf16> -> vector<128x32xf16>
// DEF: %[[TB:.*]] = tile.load %[[B]][%[[KK]], %[[N0]]] : memref<?x?xf16> -> vector<32x64xf16>
// DEF: %[[D:.*]] = tile.dot %[[TA]], %[[TB]], %[[CC]] : vector<128x32xf16>, vector<32x64xf16> -> vector<128x64xf32>
// DEF: scf.yield %[[D]]
// DEF: tile.store %[[ACC]], %[[C]][%[[M0]], %[[N0]]] : vector<128x64xf32> -> memref<?x?xf16>
// BIG: %[[M0:.*]] = arith.muli %[[ROW]], %c64{{(_[0-9]+)?}} : index
// BIG: %[[N0:.*]] = arith.muli %[[COL]], %c128{{(_[0-9]+)?}} : index
// BIG: scf.for %{{.*}} = %{{.*}} to %[[K]] step %c64{{(_[0-9]+)?}} iter_args
// BIG: tile.load {{.*}} -> vector<64x64xf16>
// BIG: tile.load {{.*}} -> vector<64x128xf16>
// BIG: tile.dot {{.*}} -> vector<64x128xf32>
// BIG: tile.store %{{.*}}, %[[C]][%[[M0]], %[[N0]]] : vector<64x128xf32> -> memref<?x?xf16>
// CHECK-NOT: tile.matmul
// CHECK: return

// Grouped order (Triton's GROUP_M): group = pid / (group_m * tiles_n).
// GROUPED-LABEL: func.func @matmul
// GROUPED-SAME: order = grouped, group_m = 4,
// GROUPED: %[[TM:.*]] = arith.ceildivui %{{.*}}, %c128
// GROUPED: %[[TN:.*]] = arith.ceildivui %{{.*}}, %c64
// GROUPED: %[[PID:.*]] = tile.program_id
// GROUPED: %[[C4:.*]] = arith.constant 4 : index
// GROUPED: %[[PER:.*]] = arith.muli %[[C4]], %[[TN]]
// GROUPED: %[[G:.*]] = arith.divui %[[PID]], %[[PER]]
// GROUPED: %[[FIRST:.*]] = arith.muli %[[G]], %[[C4]]
// GROUPED: %[[LEFT:.*]] = arith.subi %[[TM]], %[[FIRST]]
// GROUPED: %[[ROWS:.*]] = arith.minui %[[LEFT]], %[[C4]]
// GROUPED: %[[IN:.*]] = arith.remui %[[PID]], %[[PER]]
// GROUPED: %[[R:.*]] = arith.remui %[[IN]], %[[ROWS]]
// GROUPED: %[[COL:.*]] = arith.divui %[[IN]], %[[ROWS]]
// GROUPED-NOT: arith.select
// GROUPED: %[[ROW:.*]] = arith.addi %[[FIRST]], %[[R]]
// GROUPED: arith.muli %[[ROW]], %c128
// GROUPED: arith.muli %[[COL]], %c64

// Serpentine: the grouped sweep with odd columns of a group walked up
// (row -> rows - 1 - row) and odd groups right to left (col -> tiles_n - 1 -
// col), one path through neighbouring tiles.
// SERP-LABEL: func.func @matmul
// SERP-SAME: order = serpentine, group_m = 4,
// SERP: %[[TN:.*]] = arith.ceildivui %{{.*}}, %c64
// SERP: %[[G:.*]] = arith.divui %[[PID:.*]], %[[PER:.*]]
// SERP: %[[FIRST:.*]] = arith.muli %[[G]], %{{.*}}
// SERP: %[[ROWS:.*]] = arith.minui %{{.*}}, %{{.*}}
// SERP: %[[R:.*]] = arith.remui %{{.*}}, %[[ROWS]]
// SERP: %[[COL:.*]] = arith.divui %{{.*}}, %[[ROWS]]
// SERP: %[[C1:.*]] = arith.constant 1 : index
// SERP: %[[LASTR:.*]] = arith.subi %[[ROWS]], %[[C1]]
// SERP: %[[UP:.*]] = arith.subi %[[LASTR]], %[[R]]
// SERP: %[[CBIT:.*]] = arith.andi %[[COL]], %[[C1]]
// SERP: %[[CODD:.*]] = arith.cmpi ne, %[[CBIT]], %{{.*}}
// SERP: %[[ROW:.*]] = arith.select %[[CODD]], %[[UP]], %[[R]]
// SERP: %[[LASTC:.*]] = arith.subi %[[TN]], %[[C1]]
// SERP: %[[LEFT:.*]] = arith.subi %[[LASTC]], %[[COL]]
// SERP: %[[GBIT:.*]] = arith.andi %[[G]], %[[C1]]
// SERP: %[[GODD:.*]] = arith.cmpi ne, %[[GBIT]], %{{.*}}
// SERP: %[[COL2:.*]] = arith.select %[[GODD]], %[[LEFT]], %[[COL]]
// SERP: %[[TILEM:.*]] = arith.addi %[[FIRST]], %[[ROW]]
// SERP: arith.muli %[[TILEM]], %c128
// SERP: arith.muli %[[COL2]], %c64

// cluster-m=2 (recorded): programs 2 c and 2 c + 1 form cluster c, which
// takes its place in the order over ceil(tiles_m / 2) x tiles_n; its blocks
// compute tile rows 2 m and 2 m + 1.
// CLUSTER-LABEL: func.func @matmul
// CLUSTER-SAME: warp_specialize = none, cluster_m = 2, chip = sm_90,
// CLUSTER: %[[TM:.*]] = arith.ceildivui %{{.*}}, %c128
// CLUSTER: %[[TN:.*]] = arith.ceildivui %{{.*}}, %c64
// CLUSTER: %[[PID:.*]] = tile.program_id
// CLUSTER: %[[C2:.*]] = arith.constant 2 : index
// CLUSTER: %[[CID:.*]] = arith.divui %[[PID]], %[[C2]]
// CLUSTER: %[[RANK:.*]] = arith.remui %[[PID]], %[[C2]]
// CLUSTER: %[[CTM:.*]] = arith.ceildivui %[[TM]], %[[C2]]
// CLUSTER: %[[CROW:.*]] = arith.divui %[[CID]], %[[TN]]
// CLUSTER: %[[COL:.*]] = arith.remui %[[CID]], %[[TN]]
// CLUSTER: %[[ROW2:.*]] = arith.muli %[[CROW]], %[[C2]]
// CLUSTER: %[[ROW:.*]] = arith.addi %[[ROW2]], %[[RANK]]
// CLUSTER: arith.muli %[[ROW]], %c128
// CLUSTER: arith.muli %[[COL]], %c64

// split-k=3: the grid holds S = programs / tiles programs per tile (the
// launch chooses S <= 3); program p takes split p % S of tile p / S;
// the split's K range is its share of the ceil(K / 32) steps, [s * share,
// min(K, (s + 1) * share)), empty past K; the store names the split, S and
// the tile.
// SPLITK-LABEL: func.func @matmul
// SPLITK-SAME: warp_specialize = none, split_k = 3, chip = sm_90,
// SPLITK: %[[K:.*]] = memref.dim %{{.*}}, %c1
// SPLITK: %[[TM:.*]] = arith.ceildivui %{{.*}}, %c128
// SPLITK: %[[TN:.*]] = arith.ceildivui %{{.*}}, %c64
// SPLITK: %[[PID:.*]] = tile.program_id
// SPLITK: %[[TILES:.*]] = arith.muli %[[TM]], %[[TN]]
// SPLITK: %[[PROGRAMS:.*]] = tile.num_programs
// SPLITK: %[[PARTS:.*]] = arith.divui %[[PROGRAMS]], %[[TILES]]
// SPLITK: %[[TILE:.*]] = arith.divui %[[PID]], %[[PARTS]]
// SPLITK: %[[SPLIT:.*]] = arith.remui %[[PID]], %[[PARTS]]
// SPLITK: %[[STEPS:.*]] = arith.ceildivui %[[K]], %c32
// SPLITK: %[[PER:.*]] = arith.ceildivui %[[STEPS]], %[[PARTS]]
// SPLITK: %[[SHARE:.*]] = arith.muli %[[PER]], %c32
// SPLITK: %[[BEGIN:.*]] = arith.muli %[[SPLIT]], %[[SHARE]]
// SPLITK: %[[NEXT:.*]] = arith.addi %[[BEGIN]], %[[SHARE]]
// SPLITK: %[[END:.*]] = arith.minui %[[K]], %[[NEXT]]
// SPLITK: %[[ROW:.*]] = arith.divui %[[TILE]], %[[TN]]
// SPLITK: %[[COL:.*]] = arith.remui %[[TILE]], %[[TN]]
// SPLITK: %[[ACC:.*]] = scf.for %{{.*}} = %[[BEGIN]] to %[[END]] step %c32
// SPLITK: tile.store %[[ACC]], %{{.*}}[%{{.*}}, %{{.*}}] split %[[SPLIT]] of %[[PARTS]] in tile %[[TILE]] : vector<128x64xf32> -> memref<?x?xf16>

// mma=wgmma without a chip targets sm_90a, the only chip with wgmma.
// WGMMA-LABEL: func.func @matmul
// WGMMA-SAME: tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
// WGMMA: tile.dot {{.*}} : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
// Warp specialization is recorded, not applied: the tile-level body is the
// same; tile-to-wgmma splits the roles.
// WSPP-LABEL: func.func @matmul
// WSPP-SAME: tile.kernel = #tile.kernel<block_m = 128, block_n = 192, block_k = 64, num_warps = 8, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = pingpong, chip = sm_90a, shared_bytes = 0>
// WSPP: tile.dot {{.*}} : vector<128x64xf16>, vector<64x192xf16> -> vector<128x192xf32>
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// Static shapes that are not multiples of the block: the same program (the
// loads and the store are masked), on the static types; bf16 in and out.
// CHECK-LABEL: func.func @static(
// CHECK-SAME: %[[A:.*]]: memref<256x96xbf16>, %[[B:.*]]: memref<96x100xbf16>, %[[C:.*]]: memref<256x100xbf16>)
// CHECK-SAME: tile.kernel = #tile.kernel<
// CHECK: %[[K:.*]] = memref.dim %[[A]], %c1
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[K]] step
// DEF: tile.load %[[A]][{{.*}}] : memref<256x96xbf16> -> vector<128x32xbf16>
// DEF: tile.load %[[B]][{{.*}}] : memref<96x100xbf16> -> vector<32x64xbf16>
// DEF: tile.dot {{.*}} : vector<128x32xbf16>, vector<32x64xbf16> -> vector<128x64xf32>
// DEF: tile.store %{{.*}}, %[[C]][{{.*}}] : vector<128x64xf32> -> memref<256x100xbf16>
// BIG: tile.store %{{.*}}, %[[C]][{{.*}}] : vector<64x128xf32> -> memref<256x100xbf16>
// GROUPED-LABEL: func.func @static(
// GROUPED: arith.minui
// WGMMA-LABEL: func.func @static(
// WGMMA-SAME: mma = wgmma, warp_specialize = none, chip = sm_90a
func.func @static(%A: memref<256x96xbf16>, %B: memref<96x100xbf16>, %C: memref<256x100xbf16>) {
  tile.matmul %A, %B into %C : memref<256x96xbf16>, memref<96x100xbf16> into memref<256x100xbf16>
  return
}

// -----

// A function without tile.matmul is left alone.
// CHECK-LABEL: func.func @other()
// CHECK-NOT: tile.kernel
// CHECK-NEXT: return
// GROUPED-LABEL: func.func @other()
// GROUPED-NOT: tile.kernel
// WGMMA-LABEL: func.func @other()
// WGMMA-NOT: tile.kernel
func.func @other() {
  return
}
