// The K loop after tile-to-nvgpu, pipelined num-stages deep.
// RUN: tile-opt %s --tile-tiling="block-m=32 block-n=16 block-k=16 num-warps=1" --tile-to-gpu > %t.mlir
// RUN: tile-opt %t.mlir --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=1}),canonicalize,cse)" | FileCheck %s --check-prefix=S1
// RUN: tile-opt %t.mlir --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=2}),canonicalize,cse)" | FileCheck %s --check-prefix=S2
// RUN: tile-opt %t.mlir --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=3}),canonicalize,cse)" | FileCheck %s --check-prefix=S3
// RUN: tile-opt %t.mlir --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=4}),canonicalize,cse)" | FileCheck %s --check-prefix=S4
// RUN: not tile-opt %t.mlir --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=0}))" 2>&1 | FileCheck %s --check-prefix=S0
// RUN: not tile-opt %t.mlir --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=9}))" 2>&1 | FileCheck %s --check-prefix=S9

// num-stages=1 is the unpipelined loop: one buffer, wait for everything.
// S1: tile.kernel = {{{.*}}num_stages = 1
// S1: memref.alloc() : memref<32x16xf16, #gpu.address_space<workgroup>>
// S1: scf.for
// S1: nvgpu.device_async_create_group
// S1-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// S1-NEXT: gpu.barrier
// S1-COUNT-4: nvgpu.mma.sync
// S1-NEXT: gpu.barrier
// S1-NEXT: scf.yield

// Two stages: prologue issues one group; the loop waits for all but the
// copies it is about to issue (0 in flight), then copies k+1, then computes k.
// S2: memref.alloc() : memref<2x32x16xf16, #gpu.address_space<workgroup>>
// S2: memref.alloc() : memref<2x16x16xf16, #gpu.address_space<workgroup>>
// S2: scf.if
// S2-COUNT-1: nvgpu.device_async_create_group
// S2: scf.for
// S2-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// S2-NEXT: gpu.barrier
// S2: nvgpu.device_async_copy
// S2: nvgpu.device_async_create_group
// S2: nvgpu.ldmatrix
// S2-COUNT-4: nvgpu.mma.sync
// S2-NEXT: scf.yield
// Epilogue: one iteration, nothing left in flight.
// S2: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// S2-COUNT-4: nvgpu.mma.sync
// An epilogue iteration's result is kept only if that iteration exists
// (K may be shorter than the pipeline).
// S2-COUNT-4: arith.select
// The barrier moved out of the loop guards the buffers' next use.
// S2-NEXT: gpu.barrier
// S2: } else {

// Three stages: two groups in the prologue, one in flight at the loop's
// wait, then 1 and 0 in the two epilogue iterations.
// S3: tile.kernel = {{{.*}}num_stages = 3
// S3: memref.alloc() : memref<3x32x16xf16, #gpu.address_space<workgroup>>
// S3: memref.alloc() : memref<3x16x16xf16, #gpu.address_space<workgroup>>
// S3: scf.if
// S3-COUNT-2: nvgpu.device_async_create_group
// S3: scf.for
// S3-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// S3-NEXT: gpu.barrier
// The buffer of this iteration's copies: ((k - lb) / step) mod 3.
// S3: %[[IT:.*]] = arith.divsi %{{.*}}, %c16
// S3: %[[STAGE:.*]] = arith.remsi %[[IT]], %c3
// S3: nvgpu.device_async_copy {{.*}}[%[[STAGE]], {{.*}}], 8
// S3: nvgpu.device_async_create_group
// S3-COUNT-4: nvgpu.mma.sync
// S3-NEXT: scf.yield
// S3: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// S3-NEXT: gpu.barrier
// S3-COUNT-4: nvgpu.mma.sync
// S3: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// S3-NEXT: gpu.barrier
// S3-COUNT-4: nvgpu.mma.sync
// S3-COUNT-4: arith.select
// S3-NEXT: gpu.barrier
// The unaligned loop is multi-buffered but not pipelined.
// S3: } else {
// S3: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<3x32x16xf16, #gpu.address_space<workgroup>>

// S4: memref.alloc() : memref<4x32x16xf16, #gpu.address_space<workgroup>>
// S4-COUNT-3: nvgpu.device_async_create_group
// S4: scf.for
// S4-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// S4: scf.yield
// S4: nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// S4: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// S4: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
// S4: } else {

// S0: error: tile-pipeline: num-stages must be between 1 and 8, got 0
// S9: error: tile-pipeline: num-stages must be between 1 and 8, got 9
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
