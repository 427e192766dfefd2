// One warp, a 32x16 block and a 16-deep K step keep the output small: two
// m16 A fragments (ldmatrix x4), one ldmatrix x4.trans of B split into two
// n8 fragments, four mma.sync per K step.
// RUN: tile-opt %s --split-input-file --tile-tiling="block-m=32 block-n=16 block-k=16 num-warps=1" --tile-to-gpu \
// RUN:   | tile-opt --split-input-file --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu),canonicalize,cse)" | FileCheck %s

// CHECK-LABEL: gpu.func @mm
// CHECK-DAG: %[[SA:.*]] = memref.alloc() : memref<32x16xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[SB:.*]] = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
// The aligned path is chosen at run time from the base addresses and strides.
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: %[[OK:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: %[[RES:.*]]:4 = scf.if %[[OK]] -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
// CHECK: scf.for %[[K:.*]] = %c0 to %{{.*}} step %c16 iter_args(
// 16-byte copies; src-size (elements left in the row, 0 past the last row)
// zero-fills the edges.
// CHECK: %[[LEFT:.*]] = arith.minui %{{.*}}, %c8 : index
// CHECK: %[[N:.*]] = arith.select %{{.*}}, %[[LEFT]], %c0 : index
// CHECK: %[[T0:.*]] = nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[SA]][%{{.*}}, %{{.*}}], 8, %[[N]] {bypassL1}
// CHECK: %[[T1:.*]] = nvgpu.device_async_copy {{.*}}, %[[SA]]
// CHECK: %[[T2:.*]] = nvgpu.device_async_copy {{.*}}, %[[SB]]
// CHECK: %[[G:.*]] = nvgpu.device_async_create_group %[[T0]], %[[T1]], %[[T2]]
// CHECK: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
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
// CHECK: scf.for %{{.*}} = %{{.*}} to %c512 step %c32 {
// CHECK: scf.if %{{.*}} -> (f16) {
// CHECK: memref.load
// CHECK: memref.store %{{.*}}, %[[SA]]
// Masked per-element stores of the fragments (c0..c3 of four fragments).
// CHECK-COUNT-16: memref.store %{{.*}} : memref<?x?xf32>
// CHECK-NOT: tile.
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// -----

// B stored N x K: its shared tile keeps K contiguous, the copies read a
// transposed view, and B's ldmatrix does not transpose.
// CHECK-LABEL: gpu.func @nt
// CHECK-DAG: memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[BT:.*]] = memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<?x?xf16, strided<[1, ?]>> to memref<?x?xf16, strided<[?, 1]>>
// CHECK: nvgpu.device_async_copy %[[BT]]
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false}
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false}
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false}
func.func @nt(%A: memref<?x?xf16>, %B: memref<?x?xf16, strided<[1, ?]>>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16, strided<[1, ?]>> into memref<?x?xf16>
  return
}

// -----

// bf16 goes to nvvm.mma.sync (nvgpu.mma.sync cannot lower bf16), its
// registers packed two elements per i32.
// CHECK-LABEL: gpu.func @bf16
// CHECK: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @bf16(%A: memref<?x?xbf16>, %B: memref<?x?xbf16>, %C: memref<?x?xbf16>) {
  tile.matmul %A, %B into %C : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
