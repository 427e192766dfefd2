// Upstream's nvgpu patterns with one type converter of the requested index
// width: memref descriptors and indices are i32 by default (matching
// convert-gpu-to-nvvm{index-bitwidth=32}), i64 on request.
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm))" | FileCheck %s --check-prefixes=CHECK,I32
// RUN: tile-opt %s --pass-pipeline="builtin.module(gpu.module(tile-nvgpu-to-nvvm{index-bitwidth=64}))" | FileCheck %s --check-prefixes=CHECK,I64

// CHECK-LABEL: gpu.func @f
// I32: unrealized_conversion_cast %{{.*}} : memref<?x?xf16> to !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// I32: unrealized_conversion_cast %{{.*}} : memref<16x16xf16, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i32, array<2 x i32>, array<2 x i32>)>
// I64: unrealized_conversion_cast %{{.*}} : memref<?x?xf16> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I64: unrealized_conversion_cast %{{.*}} : memref<16x16xf16, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 1
// CHECK: nvvm.ldmatrix
// CHECK-NOT: nvgpu.
gpu.module @k {
  gpu.func @f(%g: memref<?x?xf16>, %i: index) kernel {
    %s = memref.alloc() : memref<16x16xf16, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %t = nvgpu.device_async_copy %g[%i, %c0], %s[%i, %c0], 8, %i {bypassL1} : memref<?x?xf16> to memref<16x16xf16, #gpu.address_space<workgroup>>
    %grp = nvgpu.device_async_create_group %t
    nvgpu.device_async_wait %grp {numGroups = 1 : i32}
    %a = nvgpu.ldmatrix %s[%i, %c0] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.return
  }
}
