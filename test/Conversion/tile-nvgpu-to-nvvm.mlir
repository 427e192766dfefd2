// Upstream's nvgpu patterns with one type converter of the requested index
// width: memref descriptors and indices are i32 by default (matching
// convert-gpu-to-nvvm{index-bitwidth=32}), i64 on request.
// RUN: tile-opt %s -split-input-file --tile-nvgpu-to-nvvm | FileCheck %s --check-prefixes=CHECK,I32
// RUN: tile-opt %s -split-input-file --tile-nvgpu-to-nvvm=index-bitwidth=64 | FileCheck %s --check-prefixes=CHECK,I64

// CHECK-LABEL: gpu.func @f(
// I32: unrealized_conversion_cast %{{.*}} : memref<?x?xf16> to !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
// I32: unrealized_conversion_cast %{{.*}} : memref<16x16xf16, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i32, array<2 x i32>, array<2 x i32>)>
// I64: unrealized_conversion_cast %{{.*}} : memref<?x?xf16> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// I64: unrealized_conversion_cast %{{.*}} : memref<16x16xf16, #gpu.address_space<workgroup>> to !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
// A 16-byte copy with a source size (the zero fill), L1 bypassed.
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 1
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK-NOT: nvgpu.
// CHECK: gpu.return
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

// -----

// mma.sync m16n8k16 on f16 with f32 accumulators.
// CHECK-LABEL: gpu.func @mma(
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvgpu.
// CHECK: gpu.return
gpu.module @k {
  gpu.func @mma(%a: vector<4x2xf16>, %b: vector<2x2xf16>, %c: vector<2x2xf32>) kernel {
    %d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.return
  }
}
