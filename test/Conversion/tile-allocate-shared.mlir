// RUN: tile-opt %s --tile-tiling="block-m=32 block-n=16 block-k=16 num-warps=1" --tile-to-gpu > %t.mlir
// RUN: tile-opt %t.mlir --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=2},tile-allocate-shared))" | FileCheck %s
// RUN: not tile-opt %t.mlir --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=2},tile-allocate-shared{max-bytes=2048}))" 2>&1 | FileCheck %s --check-prefix=TOOBIG

// A: 2 x 32 x 16 f16 = 2048 bytes at 0; B: 2 x 16 x 16 f16 = 1024 bytes at
// 2048 (128-byte aligned); 3072 bytes in all, recorded for the manifest.
// CHECK-LABEL: gpu.func @mm
// CHECK-SAME: dynamic_shared_memory_bytes = 3072
// CHECK: %[[BASE:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2048:.*]] = arith.constant 2048 : index
// CHECK-DAG: memref.view %[[BASE]][%[[C0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x32x16xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: memref.view %[[BASE]][%[[C2048]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x16x16xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.alloc

// TOOBIG: error: tile-allocate-shared: the kernel needs 3072 bytes of shared memory per block, more than the 2048 the target allows; use fewer stages or smaller blocks
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
