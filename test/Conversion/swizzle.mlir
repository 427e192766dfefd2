// Shared tiles are XOR-swizzled by upstream's nvgpu-optimize-shared-memory.
// A 128x32 f16 tile has 64-byte rows: the eight 16-byte rows one ldmatrix
// phase reads would hit the same banks of every other row (4-way
// conflicts); permuting each row's 16-byte chunks by bits of the row index
// spreads them over all 32 banks. cp.async writes and ldmatrix reads are
// permuted alike.
// RUN: tile-opt %s --tile-tiling --tile-to-gpu \
// RUN:   | tile-opt --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=3},nvgpu-optimize-shared-memory))" \
// RUN:   | FileCheck %s
// RUN: tile-opt %s --tile-tiling --tile-to-gpu \
// RUN:   | tile-opt --pass-pipeline="builtin.module(gpu.module(tile-to-nvgpu,tile-pipeline{num-stages=3}))" \
// RUN:   | FileCheck %s --check-prefix=PLAIN

// CHECK-LABEL: gpu.func @mm
// CHECK: %[[COL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}, %{{.*}}, %[[COL]]]
// CHECK: scf.for
// CHECK: nvgpu.device_async_create_group
// CHECK: %[[RCOL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: nvgpu.ldmatrix %{{.*}}[%{{.*}}, %{{.*}}, %[[RCOL]]]
// PLAIN-NOT: arith.xori
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
