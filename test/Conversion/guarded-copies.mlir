// More threads than 16-byte chunks in a shared tile: the copies of the last
// round sit under an scf.if. Their tokens stay inside it and the group takes
// only the tokens of unguarded copies (cp.async.commit_group commits all of
// a thread's copies anyway); the pipeliner puts the guards and the address
// arithmetic their copies use at stage 0. These configurations used to fail
// with "operand #N does not dominate this use" and "operation scheduled
// before its operands".
// RUN: tile-opt %s --split-input-file --tile-tiling="block-m=128 block-n=16 block-k=32 num-warps=4" --tile-to-gpu \
// RUN:   | tile-opt --split-input-file --tile-to-nvgpu | FileCheck %s --check-prefix=MIXED
// RUN: tile-opt %s --split-input-file --tile-tiling="block-m=64 block-n=64 block-k=16 num-warps=16" --tile-to-gpu \
// RUN:   | tile-opt --split-input-file --tile-to-nvgpu --tile-pipeline=num-stages=3 --canonicalize | FileCheck %s --check-prefix=ALL

// A: 512 chunks, 4 per thread; B: 64 chunks for 128 threads, all guarded.
// MIXED-LABEL: gpu.func @mm(
// MIXED: scf.for
// MIXED-COUNT-4: %[[T:.*]] = nvgpu.device_async_copy {{.*}} to memref<128x32xf16
// MIXED: scf.if
// MIXED: nvgpu.device_async_copy {{.*}} to memref<32x16xf16
// MIXED: nvgpu.device_async_create_group %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}{{$}}

// 16 warps: both tiles guarded, a group without tokens, pipelined 3 deep.
// ALL-LABEL: gpu.func @mm(
// ALL: scf.if
// ALL: nvgpu.device_async_copy {{.*}}[%c0, {{.*}} to memref<3x64x16xf16
// ALL: scf.if
// ALL: nvgpu.device_async_copy {{.*}}[%c0, {{.*}} to memref<3x16x64xf16
// ALL: nvgpu.device_async_create_group{{ *$}}
// ALL: scf.for
// ALL: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// ALL: scf.if
// ALL: nvgpu.device_async_copy
// ALL: nvgpu.device_async_create_group{{ *$}}
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
