// tile-to-nvgpu on tile-to-gpu's kernels, with the memrefs as parameters
// (the pass reads the memrefs, not how the ABI builds them). One warp, a
// 32x16 block and a 16-deep K step keep the output small: two m16 A
// fragments (ldmatrix x4), one ldmatrix x4.trans of B split into two n8
// fragments, four mma.sync per K step.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-to-nvgpu | FileCheck %s

// CHECK-LABEL: gpu.func @mm(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xf32>)
// CHECK-DAG: %[[SA:.*]] = memref.alloc() : memref<32x16xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[SB:.*]] = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
// The aligned path is chosen at run time from the base addresses and strides.
// CHECK: memref.extract_aligned_pointer_as_index %[[B]]
// CHECK: memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[OK:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: %{{.*}}:4 = scf.if %[[OK]] -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c16{{[_0-9]*}} iter_args(
// 16-byte copies; src-size (elements left in the row, 0 past the last row)
// zero-fills the edges.
// CHECK: %[[LEFT:.*]] = arith.minui %{{.*}}, %c8{{[_0-9]*}} : index
// CHECK: %[[NUM:.*]] = arith.select %{{.*}}, %[[LEFT]], %c0{{[_0-9]*}} : index
// CHECK: %[[T0:.*]] = nvgpu.device_async_copy %[[A]][%{{.*}}, %{{.*}}], %[[SA]][%{{.*}}, %{{.*}}], 8, %[[NUM]] {bypassL1}
// CHECK: %[[T1:.*]] = nvgpu.device_async_copy %[[A]]{{.*}}, %[[SA]]
// CHECK: %[[T2:.*]] = nvgpu.device_async_copy %[[B]]{{.*}}, %[[SB]]
// CHECK: %[[G:.*]] = nvgpu.device_async_create_group %[[T0]], %[[T1]], %[[T2]]
// CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK: %[[A0:.*]] = nvgpu.ldmatrix %[[SA]][{{.*}}] {numTiles = 4 : i32, transpose = false}
// CHECK: %[[A1:.*]] = nvgpu.ldmatrix %[[SA]][{{.*}}] {numTiles = 4 : i32, transpose = false}
// CHECK: %[[BX:.*]] = nvgpu.ldmatrix %[[SB]][{{.*}}] {numTiles = 4 : i32, transpose = true}
// CHECK: %[[B0:.*]] = vector.shuffle %[[BX]], %[[BX]] [0, 1]
// CHECK: %[[B1:.*]] = vector.shuffle %[[BX]], %[[BX]] [2, 3]
// CHECK: nvgpu.mma.sync(%[[A0]], %[[B0]], %{{.*}}) {mmaShape = [16, 8, 16]}
// CHECK: nvgpu.mma.sync(%[[A0]], %[[B1]], %{{.*}})
// CHECK: nvgpu.mma.sync(%[[A1]], %[[B0]], %{{.*}})
// CHECK: nvgpu.mma.sync(%[[A1]], %[[B1]], %{{.*}})
// CHECK-NEXT: gpu.barrier
// Unaligned operands: element copies, masked, in a rolled loop.
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %{{.*}} to %c512 step %c32{{[_0-9]*}} {
// CHECK: scf.if %{{.*}} -> (f16) {
// CHECK: memref.load %[[A]]
// CHECK: memref.store %{{.*}}, %[[SA]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %c256 step %c32{{[_0-9]*}} {
// CHECK: memref.store %{{.*}}, %[[SB]]
// CHECK-COUNT-4: nvgpu.mma.sync
// Masked per-element stores of the fragments (c0..c3 of four fragments).
// CHECK-COUNT-16: memref.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK-NOT: memref.store
// CHECK-NOT: tile.
// CHECK: gpu.return
#k = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @mm_kernels {
  gpu.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.000000e+00> : vector<32x16xf32>
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16>
    %tiles_n = arith.ceildivui %N, %c16 : index
    %pid = gpu.block_id x
    %row = arith.divui %pid, %tiles_n : index
    %col = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %row, %c32 : index
    %n0 = arith.muli %col, %c16 : index
    %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc_k = %zero) -> (vector<32x16xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<32x16xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<16x16xf16>
      %d = tile.dot %a, %b, %acc_k : vector<32x16xf16>, vector<16x16xf16> -> vector<32x16xf32>
      scf.yield %d : vector<32x16xf32>
    }
    tile.store %acc, %C[%m0, %n0] : vector<32x16xf32> -> memref<?x?xf32>
    gpu.return
  }
}

// -----

// B stored N x K: its shared tile keeps K contiguous, the copies read a
// transposed view, and B's ldmatrix does not transpose.
// CHECK-LABEL: gpu.func @nt(
// CHECK: %[[BT:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<?x?xf16, strided<[1, ?]>> to memref<?x?xf16, strided<[?, 1]>>
// CHECK: %[[SB:.*]] = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_copy %[[BT]][{{.*}}], %[[SB]]
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false}
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false}
// CHECK: nvgpu.ldmatrix %[[SB]]{{.*}} {numTiles = 4 : i32, transpose = false}
// C is f16: each f32 element is rounded before its store.
// CHECK: arith.truncf %{{.*}} : f32 to f16
#k = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @nt_kernels {
  gpu.func @nt(%A: memref<?x?xf16>, %B: memref<?x?xf16, strided<[1, ?]>>, %C: memref<?x?xf16>) kernel attributes {tile.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.000000e+00> : vector<32x16xf32>
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16, strided<[1, ?]>>
    %tiles_n = arith.ceildivui %N, %c16 : index
    %pid = gpu.block_id x
    %row = arith.divui %pid, %tiles_n : index
    %col = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %row, %c32 : index
    %n0 = arith.muli %col, %c16 : index
    %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc_k = %zero) -> (vector<32x16xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<32x16xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16, strided<[1, ?]>> -> vector<16x16xf16>
      %d = tile.dot %a, %b, %acc_k : vector<32x16xf16>, vector<16x16xf16> -> vector<32x16xf32>
      scf.yield %d : vector<32x16xf32>
    }
    tile.store %acc, %C[%m0, %n0] : vector<32x16xf32> -> memref<?x?xf16>
    gpu.return
  }
}

// -----

// bf16 goes to nvvm.mma.sync (nvgpu.mma.sync cannot lower bf16), its
// registers packed two elements per i32.
// CHECK-LABEL: gpu.func @bf16(
// CHECK: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
// CHECK-NOT: nvgpu.mma.sync
// CHECK: arith.truncf %{{.*}} : f32 to bf16
#k = #tile.kernel<block_m = 32, block_n = 16, block_k = 16, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @bf16_kernels {
  gpu.func @bf16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>, %C: memref<?x?xbf16>) kernel attributes {tile.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant dense<0.000000e+00> : vector<32x16xf32>
    %K = memref.dim %A, %c1 : memref<?x?xbf16>
    %N = memref.dim %B, %c1 : memref<?x?xbf16>
    %tiles_n = arith.ceildivui %N, %c16 : index
    %pid = gpu.block_id x
    %row = arith.divui %pid, %tiles_n : index
    %col = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %row, %c32 : index
    %n0 = arith.muli %col, %c16 : index
    %acc = scf.for %k = %c0 to %K step %c16 iter_args(%acc_k = %zero) -> (vector<32x16xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xbf16> -> vector<32x16xbf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xbf16> -> vector<16x16xbf16>
      %d = tile.dot %a, %b, %acc_k : vector<32x16xbf16>, vector<16x16xbf16> -> vector<32x16xf32>
      scf.yield %d : vector<32x16xf32>
    }
    tile.store %acc, %C[%m0, %n0] : vector<32x16xf32> -> memref<?x?xbf16>
    gpu.return
  }
}

// -----

// A function without tile.kernel is left alone.
// CHECK-LABEL: gpu.func @not_a_kernel(
// CHECK-NEXT: gpu.return
gpu.module @other {
  gpu.func @not_a_kernel(%A: memref<?x?xf16>) kernel {
    gpu.return
  }
}

// -----

// A kernel tiled for wgmma belongs to tile-to-wgmma.
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @wgmma_kernels {
  // expected-error @+1 {{tile-to-nvgpu: the kernel was tiled for mma=wgmma; lower it with tile-to-wgmma}}
  gpu.func @wgmma(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) kernel attributes {tile.kernel = #k} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %K = memref.dim %A, %c1 : memref<?x?xf16>
    %N = memref.dim %B, %c1 : memref<?x?xf16>
    %tiles_n = arith.ceildivui %N, %c128 : index
    %pid = gpu.block_id x
    %row = arith.divui %pid, %tiles_n : index
    %col = arith.remui %pid, %tiles_n : index
    %m0 = arith.muli %row, %c128 : index
    %n0 = arith.muli %col, %c128 : index
    %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_k = %zero) -> (vector<128x128xf32>) {
      %a = tile.load %A[%m0, %k] : memref<?x?xf16> -> vector<128x64xf16>
      %b = tile.load %B[%k, %n0] : memref<?x?xf16> -> vector<64x128xf16>
      %d = tile.dot %a, %b, %acc_k : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %d : vector<128x128xf32>
    }
    tile.store %acc, %C[%m0, %n0] : vector<128x128xf32> -> memref<?x?xf16>
    gpu.return
  }
}
