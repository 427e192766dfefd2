// tile-nvgpu-to-nvvm's nvgpu.warpgroup.mma for every operand orientation
// (128-byte swizzle, f16): descriptors count 16-byte units. Along K a
// K-major operand steps 32 bytes (+2) inside its 128-byte rows, an MN-major
// one 16 rows of 128 bytes (+128); a second 64-row block of A is 8192 bytes
// on (+512) either way. wgmma's layouts: A row = K-major, col = M-major; B
// col = K-major, row = N-major. (Upstream's pattern knows only K-major A and
// N-major B.)
// RUN: tile-opt %s -split-input-file --tile-nvgpu-to-nvvm | FileCheck %s

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
!da = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, #gpu.address_space<workgroup>>>
!db = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, #gpu.address_space<workgroup>>>

// A M-major (tile.transpose_a), B N-major (transposeB): layout tn.
// CHECK-LABEL: gpu.func @tn(
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async %[[DA:[0-9]+]], %[[DB:[0-9]+]], %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <col>], B[<f16>, <one>, <row>]
// CHECK: %[[S1:.*]] = llvm.mlir.constant(128 : i32) : i64
// CHECK-NEXT: llvm.add %[[DA]], %[[S1]] : i64
// CHECK: %[[T1:.*]] = llvm.mlir.constant(128 : i32) : i64
// CHECK-NEXT: llvm.add %[[DB]], %[[T1]] : i64
// CHECK: llvm.mlir.constant(384 : i32) : i64
// CHECK: llvm.mlir.constant(384 : i32) : i64
// The second 64-row block of A: one box on.
// CHECK: %[[M1:.*]] = llvm.mlir.constant(512 : i32) : i64
// CHECK-NEXT: llvm.add %[[DA]], %[[M1]] : i64
// CHECK-NEXT: nvvm.wgmma.mma_async %{{.*}}, %[[DB]],
// CHECK: llvm.mlir.constant(896 : i32) : i64
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
gpu.module @k {
  gpu.func @tn(%ptr: !llvm.ptr, %c: !acc) kernel {
    %smem = memref.alloc() : memref<65536xi8, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %c16k = arith.constant 16384 : index
    %a = memref.view %smem[%c0][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
    %b = memref.view %smem[%c16k][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<64x128xf16, #gpu.address_space<workgroup>>
    %map = builtin.unrealized_conversion_cast %ptr : !llvm.ptr to !map
    %da = nvgpu.warpgroup.generate.descriptor %a, %map : memref<128x64xf16, #gpu.address_space<workgroup>>, !map -> !da
    %db = nvgpu.warpgroup.generate.descriptor %b, %map : memref<64x128xf16, #gpu.address_space<workgroup>>, !map -> !db
    %r = nvgpu.warpgroup.mma %da, %db, %c {tile.transpose_a, transposeB} : !da, !db, !acc -> !acc
    gpu.return
  }
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>
!da = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, #gpu.address_space<workgroup>>>
!db = !nvgpu.warpgroup.descriptor<tensor = memref<64x128xf16, #gpu.address_space<workgroup>>>

// A K-major, B K-major (no transposeB): layout nt, nn.Linear's x @ w.T.
// CHECK-LABEL: gpu.func @nt(
// CHECK: nvvm.wgmma.mma_async %[[DA:[0-9]+]], %[[DB:[0-9]+]], %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// CHECK: %[[S1:.*]] = llvm.mlir.constant(2 : i32) : i64
// CHECK-NEXT: llvm.add %[[DA]], %[[S1]] : i64
// CHECK: %[[T1:.*]] = llvm.mlir.constant(2 : i32) : i64
// CHECK-NEXT: llvm.add %[[DB]], %[[T1]] : i64
// The second 64-row block of A: 64 rows of 128 bytes on.
// CHECK: %[[M1:.*]] = llvm.mlir.constant(512 : i32) : i64
// CHECK-NEXT: llvm.add %[[DA]], %[[M1]] : i64
// CHECK: llvm.mlir.constant(518 : i32) : i64
// CHECK: llvm.mlir.constant(6 : i32) : i64
gpu.module @k {
  gpu.func @nt(%ptr: !llvm.ptr, %c: !acc) kernel {
    %smem = memref.alloc() : memref<65536xi8, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %c16k = arith.constant 16384 : index
    %a = memref.view %smem[%c0][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
    %b = memref.view %smem[%c16k][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<64x128xf16, #gpu.address_space<workgroup>>
    %map = builtin.unrealized_conversion_cast %ptr : !llvm.ptr to !map
    %da = nvgpu.warpgroup.generate.descriptor %a, %map : memref<128x64xf16, #gpu.address_space<workgroup>>, !map -> !da
    %db = nvgpu.warpgroup.generate.descriptor %b, %map : memref<64x128xf16, #gpu.address_space<workgroup>>, !map -> !db
    %r = nvgpu.warpgroup.mma %da, %db, %c : !da, !db, !acc -> !acc
    gpu.return
  }
}
