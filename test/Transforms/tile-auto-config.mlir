// tile-auto-config (config=auto): each kernel function becomes one tiled
// copy per member of the built-in calibration table (data/sm_90a.json), in
// its order, each with its schedule, and the module records each member's
// cost coefficients (the SMs, then the table's four; their values are the
// table's, tile-auto-config-calibration.test checks how they are carried).
// Other functions are left alone.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-auto-config | FileCheck %s
// With tile-tune's cache: the winners for the kernel's types (TMA + wgmma)
// come first, each for its shape class; a bf16 entry and an mma.sync one
// are left out for this f16 kernel.
// RUN: tile-opt %S/Inputs/auto-config-f16.mlir --tile-auto-config="tune-cache=%S/Inputs/tune-cache.json" | FileCheck %s --check-prefix=TUNED
// RUN: not tile-opt %S/Inputs/auto-config-f16.mlir --tile-auto-config="tune-cache=%t.none.json" 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not tile-opt %S/Inputs/auto-config-f16.mlir --tile-auto-config="tune-cache=%S/Inputs/tune-cache-bad.json" 2>&1 | FileCheck %s --check-prefix=BADCFG
// RUN: not tile-opt %S/Inputs/auto-config-f16.mlir --tile-auto-config="tune-cache=%S/Inputs/auto-config-f16.mlir" 2>&1 | FileCheck %s --check-prefix=NOTJSON
// RUN: %python -c "print('{\"entries\": ' + '[' * 100000 + ']' * 100000 + '}')" > %t.deep.json
// RUN: not tile-opt %S/Inputs/auto-config-f16.mlir --tile-auto-config="tune-cache=%t.deep.json" 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: echo '{"entries": [{"chip": "sm_90a", "dtype": "f16", "c_type": "f16", "class": "m2^1-n2^1-k2^1"}]}' > %t.noconfig.json
// RUN: not tile-opt %S/Inputs/auto-config-f16.mlir --tile-auto-config="tune-cache=%t.noconfig.json" 2>&1 | FileCheck %s --check-prefix=NOCONFIG

// TUNED-LABEL: module attributes {tile.dispatch = {mm = [
// TUNED-SAME: {class = "m2^12-n2^12-k2^12", kernel = "mm__tuned0", why = "tuned: w128x128, the fastest tile-tune measured for this class"},
// TUNED-SAME: {class = "m2^5-n2^13-k2^13", kernel = "mm__tuned1", why = "tuned: m64x64, the fastest tile-tune measured for this class"},
// TUNED-SAME: {cluster_slots = [{{[0-9, ]+}}], cost = [132, {{.*}}], kernel = "mm__split"
// TUNED-SAME: {cost = [132, {{.*}}], kernel = "mm__m64"
// TUNED-NOT: other-types
// TUNED-NOT: tuned2
// TUNED: func.func @mm__tuned0(
// TUNED-SAME: #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 5, schedule = persistent, order = serpentine, group_m = 4, mma = wgmma, warp_specialize = pingpong, chip = sm_90a, shared_bytes = 0>
// A tiled winner stays tiled.
// TUNED: func.func @mm__tuned1(
// TUNED-SAME: schedule = tiled, order = linear
// NOFILE: error: tile-auto-config: tune cache '{{.*}}none.json': No such file or directory
// BADCFG: error: tile-auto-config: tune cache '{{.*}}tune-cache-bad.json': class m2^12-n2^12-k2^12: mma = wgmma needs block_k = 64 (one 128-byte swizzled row of f16/bf16), got 32
// NOTJSON: error: tile-auto-config: tune cache '{{.*}}auto-config-f16.mlir': {{.*}}
// DEEP: error: tile-auto-config: tune cache '{{.*}}deep.json': brackets nested deeper than 512 levels
// NOCONFIG: error: tile-auto-config: tune cache '{{.*}}noconfig.json': class m2^1-n2^1-k2^1: no "config" object

// CHECK-LABEL: module attributes {tile.dispatch = {mm = [
// CHECK-SAME: {cluster_slots = [132, 132, 117, 120, 110, 102, 105, 120], cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__split", why = "{{[^"]+}}"},
// CHECK-SAME: {cluster_slots = [132, 132, 117, 120, 110, 102, 105, 120], cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__m64k", why = "{{[^"]+}}"},
// CHECK-SAME: {cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__m64", why = "{{[^"]+}}"},
// CHECK-SAME: {cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__m64w", why = "{{[^"]+}}"},
// CHECK-SAME: {cluster_slots = [132, 132, 117, 120, 110, 102, 105, 120], cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__m64wk", why = "{{[^"]+}}"},
// CHECK-SAME: {cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__small", why = "{{[^"]+}}"},
// CHECK-SAME: {cluster_slots = [132, 132, 117, 120, 110, 102, 105, 120], cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__midk", why = "{{[^"]+}}"},
// CHECK-SAME: {cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__mid", why = "{{[^"]+}}"},
// CHECK-SAME: {cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__midws", why = "{{[^"]+}}"},
// CHECK-SAME: {cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__w192", why = "{{[^"]+}}"},
// CHECK-SAME: {cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__big", why = "{{[^"]+}}"},
// CHECK-SAME: {cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__m64n192", why = "{{[^"]+}}"},
// CHECK-SAME: {cluster_slots = [132, 132, 117, 120, 110, 102, 105, 120], cost = [132, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], kernel = "mm__n192k", why = "{{[^"]+}}"}]
// CHECK-SAME: mm32 = [{cluster_slots = [132, 132, 117, 120, 110, 102, 105, 120], cost = [132, {{.*}}], kernel = "mm32__split"
// A tiled split-K member: up to 8 programs per tile, as many as the grid
// holds.
// CHECK: func.func @mm__split(
// CHECK-SAME: #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 8, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 4, chip = sm_90a, shared_bytes = 0>
// CHECK: %[[PROGRAMS:.*]] = tile.num_programs
// CHECK: %[[PARTS:.*]] = arith.divui %[[PROGRAMS]],
// CHECK: tile.store {{.*}} split %{{.*}} of %[[PARTS]] in tile %{{.*}}
// CHECK: func.func @mm__m64(
// CHECK-SAME: #tile.kernel<block_m = 64, block_n = 128, block_k = 64, num_warps = 4, num_stages = 8, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>
// CHECK: tile.program_id
// CHECK: scf.for
// CHECK: tile.dot {{.*}} : vector<64x64xf16>, vector<64x128xf16> -> vector<64x128xf32>
// CHECK: func.func @mm__m64w(
// CHECK-SAME: block_m = 64, block_n = 256, block_k = 64, num_warps = 4, num_stages = 5, schedule = persistent
// CHECK: func.func @mm__m64wk(
// CHECK-SAME: block_m = 64, block_n = 256, block_k = 64, num_warps = 4, num_stages = 5, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 4
// The smallest tiles: a producer warpgroup beside one consumer (4 warps of
// MMA, 256 threads).
// CHECK: func.func @mm__small(
// CHECK-SAME: block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 8, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative
// CHECK: func.func @mm__midk(
// CHECK-SAME: block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 6, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 8
// CHECK: func.func @mm__mid(
// CHECK-SAME: block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 6, schedule = persistent
// CHECK: func.func @mm__midws(
// CHECK-SAME: block_m = 128, block_n = 128, block_k = 64, num_warps = 8, num_stages = 6, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative
// CHECK: func.func @mm__w192(
// CHECK-SAME: block_m = 128, block_n = 192, block_k = 64, num_warps = 8, num_stages = 4, schedule = persistent, order = serpentine, group_m = 8, mma = wgmma, warp_specialize = cooperative
// CHECK: func.func @mm__big(
// CHECK-SAME: block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = serpentine, group_m = 8, mma = wgmma, warp_specialize = cooperative
// CHECK: func.func @mm__m64n192(
// CHECK-SAME: block_m = 64, block_n = 192, block_k = 64, num_warps = 4, num_stages = 6, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative,
// CHECK: func.func @mm__n192k(
// CHECK-SAME: block_m = 128, block_n = 192, block_k = 64, num_warps = 8, num_stages = 5, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 4
// An f32 C takes the same members (the warp-specialized one stages its C
// in halves).
// CHECK: func.func @mm32__big(
// CHECK-SAME: block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = serpentine, group_m = 8, mma = wgmma, warp_specialize = cooperative
// CHECK-NOT: func.func @mm(
// CHECK-NOT: func.func @mm32(
// CHECK: func.func @helper(
// CHECK-NOT: tile.kernel
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
func.func @mm32(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xf32>
  return
}
func.func @helper(%x: index) -> index {
  return %x : index
}

// -----

// A function that is not a kernel (three memrefs A, B, C): refused, as
// tile-tiling refuses it.
// expected-error @+1 {{tile-auto-config: a kernel function takes the memrefs A, B and C}}
func.func @four(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>, %x: index) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// Members are named <kernel>__<member> and so are their bundle files: @a's
// member a__big would overwrite the dispatch manifest of @a__big.
// expected-error @+1 {{tile-auto-config: @a's member @a__big would have the name (and bundle file) of another symbol; rename one of them}}
func.func @a(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
func.func @a__big(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

// A clash with any symbol, not only with another kernel.
// expected-error @+1 {{tile-auto-config: @b's member @b__m64 would have the name (and bundle file) of another symbol}}
func.func @b(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
func.func private @b__m64()

// -----

// The kernel function is replaced by its members: a call to it would dangle.
// expected-error @+1 {{tile-auto-config: @called is referenced in the module (a func.call?); a kernel is launched from the host, not called}}
func.func @called(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
func.func @host(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  func.call @called(%A, %B, %C) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
  return
}
