// Tiled kernels tile-to-gpu cannot outline: a diagnostic each, no crash.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-gpu

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: a kernel function takes exactly the memrefs A, B and C and returns nothing}}
func.func @extra_arg(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>, %x: index) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf16>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: A and B need a unit stride in one dimension (or fully dynamic strides) and C a unit column stride}}
func.func @c_transposed(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16, strided<[1, ?]>>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf16, strided<[1, ?]>>
  return
}

// -----

// A and B may be one memref for the CPU lowering (the verifier allows it),
// not for a kernel.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: A and B are the same memref; the kernel takes them as two parameters, so pass the matrix as two arguments}}
func.func @a_is_b(%A: memref<?x?xf16>, %unused: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: A and B are the same memref}}
func.func @a_is_b_static(%A: memref<64x64xf16>, %unused: memref<64x64xf16>, %C: memref<64x64xf16>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<64x64xf16> -> vector<16x16xf16>
  %b = tile.load %A[%pid, %pid] : memref<64x64xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<64x64xf16>
  return
}

// -----

// B loaded from C: the kernel would keep the uses of the argument no load
// reads (%unused), which it does not take.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: C is also loaded as B; the kernel reads A and B and writes C, three distinct memrefs}}
func.func @b_is_c(%A: memref<?x?xf16>, %unused: memref<?x?xf16>, %C: memref<?x?xf16>) attributes {tile.kernel = #k} {
  %c1 = arith.constant 1 : index
  %n = memref.dim %unused, %c1 : memref<?x?xf16>
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %n] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %C[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf16>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: C is also loaded as A}}
func.func @a_is_c(%unused: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %C[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf16>
  return
}

// -----

// The configuration is valid, but the kernel would spill: 704 registers per
// thread.
#k = #tile.kernel<block_m = 256, block_n = 256, block_k = 32, num_warps = 4, num_stages = 1, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: a 256x256x32 block over 4 warps with num-stages=1 needs about 704 registers per thread, more than the 255 it may use}}
func.func @spills(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant dense<0.000000e+00> : vector<256x256xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %N = memref.dim %B, %c1 : memref<?x?xf16>
  %tiles_n = arith.ceildivui %N, %c256 : index
  %pid = tile.program_id
  %row = arith.divui %pid, %tiles_n : index
  %col = arith.remui %pid, %tiles_n : index
  %m0 = arith.muli %row, %c256 : index
  %n0 = arith.muli %col, %c256 : index
  %acc = scf.for %k = %c0 to %K step %c32 iter_args(%acc_k = %zero) -> (vector<256x256xf32>) {
    %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<256x32xf16>
    %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<32x256xf16>
    %d = tile.dot %a, %b, %acc_k : vector<256x32xf16>, vector<32x256xf16> -> vector<256x256xf32>
    scf.yield %d : vector<256x256xf32>
  }
  tile.store %acc, %C[%m0, %n0] : vector<256x256xf32> -> memref<?x?xf32>
  return
}

// -----

// Not the shape tile-tiling makes: two dots.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: expected one tile.dot and one tile.store (the output of tile-tiling)}}
func.func @two_dots(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  %e = tile.dot %a, %b, %d : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %e, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
func.func @dot_of_a_constant(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = arith.constant dense<1.000000e+00> : vector<16x16xf16>
  // expected-error @+1 {{'tile.dot' op operands must come from tile.load}}
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf32>
  return
}

// -----

// Clusters need the warp-specialized protocol (multicast loads, releases to
// both blocks).
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, cluster_m = 2, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: cluster-m=2 needs warp-specialize=cooperative or pingpong (the blocks of a cluster share loads through the producer's multicast)}}
func.func @cluster_without_roles(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<?x?xf16>
  return
}

// -----

// The partial sums meet in the TMA + wgmma kernel's epilogue.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, split_k = 2, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: split-k=2 needs mma=wgmma and warp-specialize=none (the TMA + wgmma kernel adds the partial sums)}}
func.func @split_sync(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %c2 = arith.constant 2 : index
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<?x?xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] split %pid of %c2 in tile %pid : vector<16x16xf32> -> memref<?x?xf16>
  return
}

// -----

#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = stream_k, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: schedule=stream-k needs mma=wgmma and warp-specialize=none (the TMA + wgmma kernel adds the partial sums)}}
func.func @stream_k_sync(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %n = tile.num_programs
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  scf.for %t = %pid to %n step %n {
    %a = tile.load %A[%t, %t] : memref<?x?xf16> -> vector<16x16xf16>
    %b = tile.load %B[%t, %t] : memref<?x?xf16> -> vector<16x16xf16>
    %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
    tile.store %d, %C[%t, %t] split %t of %n in tile %t : vector<16x16xf32> -> memref<?x?xf16>
  }
  return
}

// -----

// The kernel function becomes a GPU kernel: a call to it would be left
// dangling (invalid IR after the pass), so it is refused.
// expected-error @+1 {{tile-to-gpu: @called is referenced in the module (a func.call?); a kernel is launched from the host, not called}}
func.func @called(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) attributes {tile.kernel = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>} {
  return
}
func.func @host(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  func.call @called(%A, %B, %C) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> ()
  return
}

// -----

// An empty static dimension: the manifest's static_m must be at least 1.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: static static_m = 0: it must be at least 1}}
func.func @empty_m(%A: memref<0x16xf16>, %B: memref<16x16xf16>, %C: memref<0x16xf16>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<0x16xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<16x16xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<0x16xf16>
  return
}

// -----

// A stride of 0 (every row one row) is no layout the runtime can pass.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: static static_stride_am = 0: it must be at least 1}}
func.func @zero_stride(%A: memref<16x16xf16, strided<[0, 1]>>, %B: memref<16x16xf16>, %C: memref<16x16xf16>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<16x16xf16, strided<[0, 1]>> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<16x16xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<16x16xf16>
  return
}

// -----

// A negative stride: the runtime takes none.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: static static_stride_bk = -16: it must be at least 1}}
func.func @negative_stride(%A: memref<16x16xf16>, %B: memref<16x16xf16, strided<[-16, 1], offset: 240>>, %C: memref<16x16xf16>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<16x16xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<16x16xf16, strided<[-16, 1], offset: 240>> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<16x16xf16>
  return
}

// -----

// A negative offset would address memory before C's pointer.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: static static_offset_c = -4: it must be at least 0}}
func.func @negative_offset(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16, strided<[16, 1], offset: -4>>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<16x16xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<16x16xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<16x16xf16, strided<[16, 1], offset: -4>>
  return
}

// -----

// 2^31 rows do not fit the default 32-bit index.
#k = #tile.kernel<block_m = 16, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
// expected-error @+1 {{tile-to-gpu: static static_m = 2147483648 does not fit the kernel's 32-bit index (index-bitwidth=64 compiles it)}}
func.func @rows_past_i32(%A: memref<2147483648x16xf16>, %B: memref<16x16xf16>, %C: memref<2147483648x16xf16>) attributes {tile.kernel = #k} {
  %pid = tile.program_id
  %zero = arith.constant dense<0.000000e+00> : vector<16x16xf32>
  %a = tile.load %A[%pid, %pid] : memref<2147483648x16xf16> -> vector<16x16xf16>
  %b = tile.load %B[%pid, %pid] : memref<16x16xf16> -> vector<16x16xf16>
  %d = tile.dot %a, %b, %zero : vector<16x16xf16>, vector<16x16xf16> -> vector<16x16xf32>
  tile.store %d, %C[%pid, %pid] : vector<16x16xf32> -> memref<2147483648x16xf16>
  return
}

// -----

// A gpu.module an earlier run lowered: tile-to-ptx would attach its own
// target and compile it again.
module attributes {gpu.container_module} {
  // expected-error @+1 {{tile-to-gpu: gpu.module @done already has a target (an earlier run lowered it); tile-to-gpu takes tile-level IR}}
  gpu.module @done [#nvvm.target<chip = "sm_90a">] {
  }
}
