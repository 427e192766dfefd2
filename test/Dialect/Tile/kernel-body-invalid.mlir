// #tile.kernel on tiled IR must describe that IR: the passes after tiling
// read the block, the schedule and the split count from the attribute, so
// one edited apart from its IR would launch a kernel that leaves C partly
// unwritten. The verifier compares it with the tile ops' sizes, the tile
// loop and the stored parts.
// RUN: tile-opt %s -split-input-file -verify-diagnostics
// The reproducers, through the pipeline: block_m, the schedule and the
// split count edited after tile-tiling.
// RUN: tile-opt %examples/matmul_f16.mlir --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64 num-stages=4" \
// RUN:   | sed 's/block_m = 128/block_m = 64/' | not tile-opt - --tile-to-ptx="mma=wgmma block-k=64" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCKM
// BLOCKM: error: 'tile.load' op does not match the kernel's #tile.kernel<block_m = 64, block_n = 128, block_k = 64, schedule = tiled, split_k = 1>: it loads a 128x64 tile
// RUN: tile-opt %examples/matmul_f16.mlir --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64 num-stages=4" \
// RUN:   | sed 's/schedule = tiled/schedule = persistent/' | not tile-opt - --tile-to-ptx="mma=wgmma block-k=64" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCHED
// SCHED: error: 'tile.store' op does not match the kernel's #tile.kernel<{{.*}}schedule = persistent{{.*}}>: it is stored once per program, without a loop over tiles
// RUN: tile-opt %examples/matmul_f16.mlir --tile-tiling="mma=wgmma block-m=64 block-n=64 block-k=64 num-stages=4 split-k=8" \
// RUN:   | sed 's/, split_k = 8//' | not tile-opt - --tile-to-ptx="mma=wgmma block-k=64" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: error: 'tile.store' op does not match the kernel's #tile.kernel<{{.*}}split_k = 1>: it is stored in parts, but split_k is 1

// Each schedule as its IR has it: accepted.
func.func @tiled_ok(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %m0 = arith.muli %pid, %c64 : index
  %n0 = arith.muli %pid, %c64 : index
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
    %d = tile.dot %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  tile.store %r, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf32>
  return
}
func.func @persistent_ok(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %n = tile.num_programs
  scf.for %t = %pid to %c64 step %n {
    %m0 = arith.muli %t, %c64 : index
    %n0 = arith.muli %t, %c64 : index
    %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
      %d = tile.dot %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %d : vector<128x128xf32>
    }
    tile.store %r, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf32>
  }
  return
}
func.func @split_ok(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 8, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %pid = tile.program_id
  %m0 = arith.muli %pid, %c64 : index
  %n0 = arith.muli %pid, %c64 : index
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<64x64xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x64xf16>
    %d = tile.dot %a, %b, %acc : vector<64x64xf16>, vector<64x64xf16> -> vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  tile.store %r, %C[%m0, %n0] split %pid of %c8 in tile %pid : vector<64x64xf32> -> memref<?x?xf32>
  return
}
func.func @stream_k_ok(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = stream_k, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c2 = arith.constant 2 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %n = tile.num_programs
  scf.for %t = %pid to %c64 step %n {
    %m0 = arith.muli %t, %c64 : index
    %n0 = arith.muli %t, %c64 : index
    %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
      %d = tile.dot %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %d : vector<128x128xf32>
    }
    tile.store %r, %C[%m0, %n0] split %pid of %n in tile %pid : vector<128x128xf32> -> memref<?x?xf32>
  }
  return
}

// -----

// block_m edited: the loads, dot and store are of 128-row tiles.
func.func @block_m(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %m0 = arith.muli %pid, %c64 : index
  %n0 = arith.muli %pid, %c64 : index
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    // expected-error @below {{'tile.load' op does not match the kernel's #tile.kernel<block_m = 64, block_n = 128, block_k = 64, schedule = tiled, split_k = 1>: it loads a 128x64 tile}}
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
    %d = tile.dot %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  tile.store %r, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf32>
  return
}

// -----

// block_n edited.
func.func @block_n(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %m0 = arith.muli %pid, %c64 : index
  %n0 = arith.muli %pid, %c64 : index
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
    // expected-error @below {{it loads a 64x128 tile}}
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
    %d = tile.dot %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  tile.store %r, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf32>
  return
}

// -----

// The dot alone disagrees (its operands are loaded elsewhere in a hand-written kernel).
func.func @dot(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %m0 = arith.muli %pid, %c64 : index
  %n0 = arith.muli %pid, %c64 : index
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
    %a2 = arith.constant dense<0.0> : vector<128x32xf16>
    %b2 = arith.constant dense<0.0> : vector<32x128xf16>
    // expected-error @below {{'tile.dot' op does not match the kernel's #tile.kernel<block_m = 128, block_n = 128, block_k = 64, schedule = tiled, split_k = 1>: it multiplies other tile sizes}}
    %d = tile.dot %a2, %b2, %acc : vector<128x32xf16>, vector<32x128xf16> -> vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  tile.store %r, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf32>
  return
}

// -----

// schedule = persistent on tiled IR: there is no tile loop.
func.func @persistent_on_tiled(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = persistent, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %m0 = arith.muli %pid, %c64 : index
  %n0 = arith.muli %pid, %c64 : index
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
    %d = tile.dot %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
    scf.yield %d : vector<128x128xf32>
  }
  // expected-error @below {{it is stored once per program, without a loop over tiles}}
  tile.store %r, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf32>
  return
}

// -----

// schedule = tiled on persistent IR: the grid would be one program per tile and the loop would run each tile again.
func.func @tiled_on_persistent(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %n = tile.num_programs
  scf.for %t = %pid to %c64 step %n {
    %m0 = arith.muli %t, %c64 : index
    %n0 = arith.muli %t, %c64 : index
    %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
      %d = tile.dot %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %d : vector<128x128xf32>
    }
    // expected-error @below {{it is stored in a loop over tiles}}
    tile.store %r, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf32>
  }
  return
}

// -----

// stream_k on a persistent kernel: its tiles are not stored in parts.
func.func @stream_k_on_persistent(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 4, schedule = stream_k, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<128x128xf32>
  %pid = tile.program_id
  %n = tile.num_programs
  scf.for %t = %pid to %c64 step %n {
    %m0 = arith.muli %t, %c64 : index
    %n0 = arith.muli %t, %c64 : index
    %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<128x128xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
      %d = tile.dot %a, %b, %acc : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %d : vector<128x128xf32>
    }
    // expected-error @below {{it is not stored in parts}}
    tile.store %r, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf32>
  }
  return
}

// -----

// split_k = 2 on IR tiled for 8 splits.
func.func @split_2_of_8(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 2, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %pid = tile.program_id
  %m0 = arith.muli %pid, %c64 : index
  %n0 = arith.muli %pid, %c64 : index
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<64x64xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x64xf16>
    %d = tile.dot %a, %b, %acc : vector<64x64xf16>, vector<64x64xf16> -> vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  // expected-error @below {{its 8 parts do not fit split_k}}
  tile.store %r, %C[%m0, %n0] split %pid of %c8 in tile %pid : vector<64x64xf32> -> memref<?x?xf32>
  return
}

// -----

// split_k = 8 on IR without splits.
func.func @split_8_of_none(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, split_k = 8, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %pid = tile.program_id
  %m0 = arith.muli %pid, %c64 : index
  %n0 = arith.muli %pid, %c64 : index
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<64x64xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x64xf16>
    %d = tile.dot %a, %b, %acc : vector<64x64xf16>, vector<64x64xf16> -> vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  // expected-error @below {{it is not stored in parts}}
  tile.store %r, %C[%m0, %n0] : vector<64x64xf32> -> memref<?x?xf32>
  return
}

// -----

// No split_k (1) on IR tiled for 8 splits.
func.func @split_none_of_8(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 64, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c8 = arith.constant 8 : index
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant dense<0.0> : vector<64x64xf32>
  %pid = tile.program_id
  %m0 = arith.muli %pid, %c64 : index
  %n0 = arith.muli %pid, %c64 : index
  %r = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %zero) -> (vector<64x64xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<64x64xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x64xf16>
    %d = tile.dot %a, %b, %acc : vector<64x64xf16>, vector<64x64xf16> -> vector<64x64xf32>
    scf.yield %d : vector<64x64xf32>
  }
  // expected-error @below {{it is stored in parts, but split_k is 1}}
  tile.store %r, %C[%m0, %n0] split %pid of %c8 in tile %pid : vector<64x64xf32> -> memref<?x?xf32>
  return
}
