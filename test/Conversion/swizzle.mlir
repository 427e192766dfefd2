// Shared tiles are XOR-swizzled by upstream's nvgpu-optimize-shared-memory,
// which runs on tile-pipeline's output (here a 32x16x32 block on one warp,
// 3 stages, canonicalized). A 32x32 f16 tile has 64-byte rows: the eight
// 16-byte rows one ldmatrix phase reads would hit the same banks of every
// other row (4-way conflicts); permuting each row's 16-byte chunks by bits
// of the row index spreads them over all 32 banks. cp.async writes, the
// unaligned path's element stores and ldmatrix reads are permuted alike; the
// input has no arith.xori.
// RUN: tile-opt %s -split-input-file --nvgpu-optimize-shared-memory | FileCheck %s

// CHECK-LABEL: gpu.func @mm(
// CHECK: %[[SA:.*]] = memref.alloc() : memref<3x32x32xf16, #gpu.address_space<workgroup>>
// CHECK: %[[SB:.*]] = memref.alloc() : memref<3x32x16xf16, #gpu.address_space<workgroup>>
// Prologue copies.
// CHECK: %[[COL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[SA]][%{{.*}}, %{{.*}}, %[[COL]]]
// CHECK-COUNT-3: nvgpu.device_async_copy {{.*}} to memref<3x32x32xf16
// CHECK: %[[BCOL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[SB]][%{{.*}}, %{{.*}}, %[[BCOL]]]
// The pipelined loop: the copies of a later step, then reads of this one.
// CHECK: scf.for
// CHECK: %[[LCOL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[SA]][%{{.*}}, %{{.*}}, %[[LCOL]]]
// CHECK: nvgpu.device_async_create_group
// CHECK: %[[RCOL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: nvgpu.ldmatrix %[[SA]][%{{.*}}, %{{.*}}, %[[RCOL]]]
// CHECK: nvgpu.ldmatrix %[[SA]]
// CHECK: %[[RBCOL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: nvgpu.ldmatrix %[[SB]][%{{.*}}, %{{.*}}, %[[RBCOL]]]
// CHECK: scf.yield
// The unaligned path.
// CHECK: } else {
// CHECK: %[[SCOL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: memref.store %{{.*}}, %[[SA]][%{{.*}}, %{{.*}}, %[[SCOL]]]
// CHECK: %[[SBCOL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: memref.store %{{.*}}, %[[SB]][%{{.*}}, %{{.*}}, %[[SBCOL]]]
// CHECK: %[[UCOL:.*]] = arith.xori %{{.*}}, %{{.*}} : index
// CHECK-NEXT: nvgpu.ldmatrix %[[SA]][%{{.*}}, %{{.*}}, %[[UCOL]]]
#k = #tile.kernel<block_m = 32, block_n = 16, block_k = 32, num_warps = 1, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = sync, warp_specialize = none, chip = sm_90, shared_bytes = 0>
gpu.module @mm_kernels {
  gpu.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) kernel attributes {tile.kernel = #k} {
    %c3 = arith.constant 3 : index
    %c512 = arith.constant 512 : index
    %cst = arith.constant 0.000000e+00 : f16
    %c1024 = arith.constant 1024 : index
    %c96 = arith.constant 96 : index
    %c64 = arith.constant 64 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c15 = arith.constant 15 : index
    %c2 = arith.constant 2 : index
    %cst_0 = arith.constant dense<0.000000e+00> : vector<2x2xf32>
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id  x
    %0 = arith.remui %tid, %c32 : index
    %1 = arith.divui %tid, %c32 : index
    %2 = arith.muli %1, %c32 : index
    %sa = memref.alloc() : memref<3x32x32xf16, #gpu.address_space<workgroup>>
    %sb = memref.alloc() : memref<3x32x16xf16, #gpu.address_space<workgroup>>
    %dim = memref.dim %A, %c1 : memref<?x?xf16>
    %dim_2 = memref.dim %B, %c1 : memref<?x?xf16>
    %3 = arith.ceildivui %dim_2, %c16 : index
    %pid = gpu.block_id  x
    %4 = arith.divui %pid, %3 : index
    %5 = arith.remui %pid, %3 : index
    %6 = arith.muli %4, %c32 : index
    %7 = arith.muli %5, %c16 : index
    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %B : memref<?x?xf16> -> memref<f16>, index, index, index, index, index
    %intptr = memref.extract_aligned_pointer_as_index %B : memref<?x?xf16> -> index
    %8 = arith.muli %strides#0, %c2 : index
    %9 = arith.andi %8, %c15 : index
    %10 = arith.andi %intptr, %c15 : index
    %11 = arith.ori %10, %9 : index
    %12 = arith.cmpi eq, %11, %c0 : index
    %base_buffer_3, %offset_4, %sizes_5:2, %strides_6:2 = memref.extract_strided_metadata %A : memref<?x?xf16> -> memref<f16>, index, index, index, index, index
    %intptr_7 = memref.extract_aligned_pointer_as_index %A : memref<?x?xf16> -> index
    %13 = arith.muli %strides_6#0, %c2 : index
    %14 = arith.andi %13, %c15 : index
    %15 = arith.andi %intptr_7, %c15 : index
    %16 = arith.ori %15, %14 : index
    %17 = arith.cmpi eq, %16, %c0 : index
    %18 = arith.andi %17, %12 : i1
    scf.if %18 {
      %dim_8 = memref.dim %A, %c0 : memref<?x?xf16>
      %19 = arith.divui %tid, %c4 : index
      %20 = arith.remui %tid, %c4 : index
      %21 = arith.muli %20, %c8 : index
      %22 = arith.addi %6, %19 : index
      %23 = arith.cmpi ult, %22, %dim_8 : index
      %24 = arith.addi %tid, %c32 : index
      %25 = arith.divui %24, %c4 : index
      %26 = arith.remui %24, %c4 : index
      %27 = arith.muli %26, %c8 : index
      %28 = arith.addi %6, %25 : index
      %29 = arith.cmpi ult, %28, %dim_8 : index
      %30 = arith.addi %tid, %c64 : index
      %31 = arith.divui %30, %c4 : index
      %32 = arith.remui %30, %c4 : index
      %33 = arith.muli %32, %c8 : index
      %34 = arith.addi %6, %31 : index
      %35 = arith.cmpi ult, %34, %dim_8 : index
      %36 = arith.addi %tid, %c96 : index
      %37 = arith.divui %36, %c4 : index
      %38 = arith.remui %36, %c4 : index
      %39 = arith.muli %38, %c8 : index
      %40 = arith.addi %6, %37 : index
      %41 = arith.cmpi ult, %40, %dim_8 : index
      %dim_9 = memref.dim %B, %c0 : memref<?x?xf16>
      %42 = arith.divui %tid, %c2 : index
      %43 = arith.remui %tid, %c2 : index
      %44 = arith.muli %43, %c8 : index
      %45 = arith.addi %7, %44 : index
      %46 = arith.maxui %dim_2, %45 : index
      %47 = arith.subi %46, %45 : index
      %48 = arith.minui %47, %c8 : index
      %49 = arith.divui %24, %c2 : index
      %50 = arith.remui %24, %c2 : index
      %51 = arith.muli %50, %c8 : index
      %52 = arith.addi %7, %51 : index
      %53 = arith.maxui %dim_2, %52 : index
      %54 = arith.subi %53, %52 : index
      %55 = arith.minui %54, %c8 : index
      %56 = arith.remui %0, %c16 : index
      %57 = arith.divui %0, %c16 : index
      %58 = arith.addi %2, %56 : index
      %59 = arith.muli %57, %c8 : index
      %60 = arith.addi %2, %c16 : index
      %61 = arith.addi %60, %56 : index
      %62 = arith.addi %59, %c16 : index
      %63 = arith.addi %56, %c16 : index
      %64 = arith.maxui %dim, %21 : index
      %65 = arith.subi %64, %21 : index
      %66 = arith.minui %65, %c8 : index
      %67 = arith.select %23, %66, %c0 : index
      %68 = nvgpu.device_async_copy %A[%22, %21], %sa[%c0, %19, %21], 8, %67 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
      %69 = arith.maxui %dim, %27 : index
      %70 = arith.subi %69, %27 : index
      %71 = arith.minui %70, %c8 : index
      %72 = arith.select %29, %71, %c0 : index
      %73 = nvgpu.device_async_copy %A[%28, %27], %sa[%c0, %25, %27], 8, %72 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
      %74 = arith.maxui %dim, %33 : index
      %75 = arith.subi %74, %33 : index
      %76 = arith.minui %75, %c8 : index
      %77 = arith.select %35, %76, %c0 : index
      %78 = nvgpu.device_async_copy %A[%34, %33], %sa[%c0, %31, %33], 8, %77 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
      %79 = arith.maxui %dim, %39 : index
      %80 = arith.subi %79, %39 : index
      %81 = arith.minui %80, %c8 : index
      %82 = arith.select %41, %81, %c0 : index
      %83 = nvgpu.device_async_copy %A[%40, %39], %sa[%c0, %37, %39], 8, %82 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
      %84 = arith.cmpi ult, %42, %dim_9 : index
      %85 = arith.select %84, %48, %c0 : index
      %86 = nvgpu.device_async_copy %B[%42, %45], %sb[%c0, %42, %44], 8, %85 {bypassL1} : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
      %87 = arith.cmpi ult, %49, %dim_9 : index
      %88 = arith.select %87, %55, %c0 : index
      %89 = nvgpu.device_async_copy %B[%49, %52], %sb[%c0, %49, %51], 8, %88 {bypassL1} : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
      %90 = nvgpu.device_async_create_group %68, %73, %78, %83, %86, %89
      %91 = arith.addi %21, %c32 : index
      %92 = arith.maxui %dim, %91 : index
      %93 = arith.subi %92, %91 : index
      %94 = arith.minui %93, %c8 : index
      %95 = arith.select %23, %94, %c0 : index
      %96 = nvgpu.device_async_copy %A[%22, %91], %sa[%c1, %19, %21], 8, %95 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
      %97 = arith.addi %27, %c32 : index
      %98 = arith.maxui %dim, %97 : index
      %99 = arith.subi %98, %97 : index
      %100 = arith.minui %99, %c8 : index
      %101 = arith.select %29, %100, %c0 : index
      %102 = nvgpu.device_async_copy %A[%28, %97], %sa[%c1, %25, %27], 8, %101 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
      %103 = arith.addi %33, %c32 : index
      %104 = arith.maxui %dim, %103 : index
      %105 = arith.subi %104, %103 : index
      %106 = arith.minui %105, %c8 : index
      %107 = arith.select %35, %106, %c0 : index
      %108 = nvgpu.device_async_copy %A[%34, %103], %sa[%c1, %31, %33], 8, %107 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
      %109 = arith.addi %39, %c32 : index
      %110 = arith.maxui %dim, %109 : index
      %111 = arith.subi %110, %109 : index
      %112 = arith.minui %111, %c8 : index
      %113 = arith.select %41, %112, %c0 : index
      %114 = nvgpu.device_async_copy %A[%40, %109], %sa[%c1, %37, %39], 8, %113 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
      %115 = arith.addi %42, %c32 : index
      %116 = arith.cmpi ult, %115, %dim_9 : index
      %117 = arith.select %116, %48, %c0 : index
      %118 = nvgpu.device_async_copy %B[%115, %45], %sb[%c1, %42, %44], 8, %117 {bypassL1} : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
      %119 = arith.addi %49, %c32 : index
      %120 = arith.cmpi ult, %119, %dim_9 : index
      %121 = arith.select %120, %55, %c0 : index
      %122 = nvgpu.device_async_copy %B[%119, %52], %sb[%c1, %49, %51], 8, %121 {bypassL1} : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
      %123 = nvgpu.device_async_create_group %96, %102, %108, %114, %118, %122
      %124 = arith.subi %dim, %c64 : index
      %125:8 = scf.for %arg3 = %c0 to %124 step %c32 iter_args(%arg4 = %cst_0, %arg5 = %cst_0, %arg6 = %cst_0, %arg7 = %cst_0, %arg8 = %90, %arg9 = %123, %arg10 = %c0, %arg11 = %c1) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index) {
        nvgpu.device_async_wait %arg8 {numGroups = 1 : i32}
        gpu.barrier
        %126 = arith.addi %arg3, %c64 : index
        %127 = arith.divsi %126, %c32 : index
        %128 = arith.remsi %127, %c3 : index
        %129 = arith.addi %126, %21 : index
        %130 = arith.maxui %dim, %129 : index
        %131 = arith.subi %130, %129 : index
        %132 = arith.minui %131, %c8 : index
        %133 = arith.select %23, %132, %c0 : index
        %134 = nvgpu.device_async_copy %A[%22, %129], %sa[%128, %19, %21], 8, %133 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
        %135 = arith.addi %126, %27 : index
        %136 = arith.maxui %dim, %135 : index
        %137 = arith.subi %136, %135 : index
        %138 = arith.minui %137, %c8 : index
        %139 = arith.select %29, %138, %c0 : index
        %140 = nvgpu.device_async_copy %A[%28, %135], %sa[%128, %25, %27], 8, %139 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
        %141 = arith.addi %126, %33 : index
        %142 = arith.maxui %dim, %141 : index
        %143 = arith.subi %142, %141 : index
        %144 = arith.minui %143, %c8 : index
        %145 = arith.select %35, %144, %c0 : index
        %146 = nvgpu.device_async_copy %A[%34, %141], %sa[%128, %31, %33], 8, %145 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
        %147 = arith.addi %126, %39 : index
        %148 = arith.maxui %dim, %147 : index
        %149 = arith.subi %148, %147 : index
        %150 = arith.minui %149, %c8 : index
        %151 = arith.select %41, %150, %c0 : index
        %152 = nvgpu.device_async_copy %A[%40, %147], %sa[%128, %37, %39], 8, %151 {bypassL1} : memref<?x?xf16> to memref<3x32x32xf16, #gpu.address_space<workgroup>>
        %153 = arith.addi %126, %42 : index
        %154 = arith.cmpi ult, %153, %dim_9 : index
        %155 = arith.select %154, %48, %c0 : index
        %156 = nvgpu.device_async_copy %B[%153, %45], %sb[%128, %42, %44], 8, %155 {bypassL1} : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
        %157 = arith.addi %126, %49 : index
        %158 = arith.cmpi ult, %157, %dim_9 : index
        %159 = arith.select %158, %55, %c0 : index
        %160 = nvgpu.device_async_copy %B[%157, %52], %sb[%128, %49, %51], 8, %159 {bypassL1} : memref<?x?xf16> to memref<3x32x16xf16, #gpu.address_space<workgroup>>
        %161 = nvgpu.device_async_create_group %134, %140, %146, %152, %156, %160
        %162 = nvgpu.ldmatrix %sa[%arg10, %58, %59] {numTiles = 4 : i32, transpose = false} : memref<3x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %163 = nvgpu.ldmatrix %sa[%arg10, %61, %59] {numTiles = 4 : i32, transpose = false} : memref<3x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %164 = nvgpu.ldmatrix %sb[%arg10, %56, %59] {numTiles = 4 : i32, transpose = true} : memref<3x32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %165 = vector.shuffle %164, %164 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
        %166 = vector.shuffle %164, %164 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
        %167 = nvgpu.mma.sync(%162, %165, %arg4) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %168 = nvgpu.mma.sync(%162, %166, %arg5) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %169 = nvgpu.mma.sync(%163, %165, %arg6) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %170 = nvgpu.mma.sync(%163, %166, %arg7) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %171 = nvgpu.ldmatrix %sa[%arg10, %58, %62] {numTiles = 4 : i32, transpose = false} : memref<3x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %172 = nvgpu.ldmatrix %sa[%arg10, %61, %62] {numTiles = 4 : i32, transpose = false} : memref<3x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %173 = nvgpu.ldmatrix %sb[%arg10, %63, %59] {numTiles = 4 : i32, transpose = true} : memref<3x32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %174 = vector.shuffle %173, %173 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
        %175 = vector.shuffle %173, %173 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
        %176 = nvgpu.mma.sync(%171, %174, %167) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %177 = nvgpu.mma.sync(%171, %175, %168) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %178 = nvgpu.mma.sync(%172, %174, %169) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %179 = nvgpu.mma.sync(%172, %175, %170) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        scf.yield %176, %177, %178, %179, %arg9, %161, %arg11, %128 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, !nvgpu.device.async.token, !nvgpu.device.async.token, index, index
      }
      nvgpu.device_async_wait %125#4 {numGroups = 1 : i32}
      gpu.barrier
      nvgpu.device_async_wait %125#5 {numGroups = 0 : i32}
      gpu.barrier
    } else {
      %19:4 = scf.for %arg3 = %c0 to %dim step %c32 iter_args(%arg4 = %cst_0, %arg5 = %cst_0, %arg6 = %cst_0, %arg7 = %cst_0) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
        %20 = arith.divsi %arg3, %c32 : index
        %21 = arith.remsi %20, %c3 : index
        %dim_8 = memref.dim %A, %c0 : memref<?x?xf16>
        scf.for %arg8 = %tid to %c1024 step %c32 {
          %48 = arith.divui %arg8, %c32 : index
          %49 = arith.remui %arg8, %c32 : index
          %50 = arith.addi %6, %48 : index
          %51 = arith.addi %arg3, %49 : index
          %52 = arith.cmpi ult, %51, %dim : index
          %53 = arith.cmpi ult, %50, %dim_8 : index
          %54 = arith.andi %53, %52 : i1
          %55 = scf.if %54 -> (f16) {
            %56 = memref.load %A[%50, %51] : memref<?x?xf16>
            scf.yield %56 : f16
          } else {
            scf.yield %cst : f16
          }
          memref.store %55, %sa[%21, %48, %49] : memref<3x32x32xf16, #gpu.address_space<workgroup>>
        }
        %dim_9 = memref.dim %B, %c0 : memref<?x?xf16>
        scf.for %arg8 = %tid to %c512 step %c32 {
          %48 = arith.divui %arg8, %c16 : index
          %49 = arith.remui %arg8, %c16 : index
          %50 = arith.addi %arg3, %48 : index
          %51 = arith.addi %7, %49 : index
          %52 = arith.cmpi ult, %51, %dim_2 : index
          %53 = arith.cmpi ult, %50, %dim_9 : index
          %54 = arith.andi %53, %52 : i1
          %55 = scf.if %54 -> (f16) {
            %56 = memref.load %B[%50, %51] : memref<?x?xf16>
            scf.yield %56 : f16
          } else {
            scf.yield %cst : f16
          }
          memref.store %55, %sb[%21, %48, %49] : memref<3x32x16xf16, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %22 = arith.remui %0, %c16 : index
        %23 = arith.divui %0, %c16 : index
        %24 = arith.addi %2, %22 : index
        %25 = arith.muli %23, %c8 : index
        %26 = nvgpu.ldmatrix %sa[%21, %24, %25] {numTiles = 4 : i32, transpose = false} : memref<3x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %27 = arith.addi %2, %c16 : index
        %28 = arith.addi %27, %22 : index
        %29 = nvgpu.ldmatrix %sa[%21, %28, %25] {numTiles = 4 : i32, transpose = false} : memref<3x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %30 = nvgpu.ldmatrix %sb[%21, %22, %25] {numTiles = 4 : i32, transpose = true} : memref<3x32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %31 = vector.shuffle %30, %30 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
        %32 = vector.shuffle %30, %30 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
        %33 = nvgpu.mma.sync(%26, %31, %arg4) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %34 = nvgpu.mma.sync(%26, %32, %arg5) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %35 = nvgpu.mma.sync(%29, %31, %arg6) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %36 = nvgpu.mma.sync(%29, %32, %arg7) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %37 = arith.addi %25, %c16 : index
        %38 = nvgpu.ldmatrix %sa[%21, %24, %37] {numTiles = 4 : i32, transpose = false} : memref<3x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %39 = nvgpu.ldmatrix %sa[%21, %28, %37] {numTiles = 4 : i32, transpose = false} : memref<3x32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %40 = arith.addi %22, %c16 : index
        %41 = nvgpu.ldmatrix %sb[%21, %40, %25] {numTiles = 4 : i32, transpose = true} : memref<3x32x16xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
        %42 = vector.shuffle %41, %41 [0, 1] : vector<4x2xf16>, vector<4x2xf16>
        %43 = vector.shuffle %41, %41 [2, 3] : vector<4x2xf16>, vector<4x2xf16>
        %44 = nvgpu.mma.sync(%38, %42, %33) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %45 = nvgpu.mma.sync(%38, %43, %34) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %46 = nvgpu.mma.sync(%39, %42, %35) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        %47 = nvgpu.mma.sync(%39, %43, %36) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
        gpu.barrier
        scf.yield %44, %45, %46, %47 : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>
      }
    }
    gpu.return
  }
}
