// tile-persistent and tile-stream-k count C's tiles with memref.dim: they
// load the MemRef dialect themselves, so a tiled kernel whose input holds no
// memref op (static sizes, as constants) is scheduled, not a crash.
// RUN: tile-opt %s --tile-persistent | FileCheck %s --check-prefix=PERSISTENT
// RUN: tile-opt %s --tile-stream-k | FileCheck %s --check-prefix=STREAMK
// RUN: tile-opt %s --tile-persistent --tile-lower-to-cpu | FileCheck %s --check-prefix=CPU

// PERSISTENT-LABEL: func.func @static_sizes(
// PERSISTENT-SAME: schedule = persistent
// PERSISTENT: memref.dim
// PERSISTENT: tile.num_programs
// PERSISTENT: scf.for
// STREAMK-LABEL: func.func @static_sizes(
// STREAMK-SAME: schedule = stream_k
// STREAMK: memref.dim
// STREAMK: tile.store {{.*}} split
// CPU-LABEL: func.func @static_sizes(
// CPU-NOT: tile.
func.func @static_sizes(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %tm = arith.divui %pid, %c2 : index
  %tn = arith.remui %pid, %c2 : index
  %m0 = arith.muli %tm, %c128 : index
  %n0 = arith.muli %tn, %c128 : index
  %r = scf.for %k = %c0 to %c256 step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = tile.load %A[%m0, %k] : memref<256x256xf16> -> vector<128x64xf16>
    %b = tile.load %B[%k, %n0] : memref<256x256xf16> -> vector<64x128xf16>
    %d = tile.dot %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  tile.store %r, %C[%m0, %n0] : vector<128x128xf32> -> memref<256x256xf32>
  return
}
