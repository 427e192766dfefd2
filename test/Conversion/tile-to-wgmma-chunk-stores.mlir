// tile-to-wgmma{chunk-stores=1}: where TMA cannot store C (C's first
// element, row pitch or N not whole 16-byte chunks), the threads store a
// staged part wholly inside N in C's own 16-byte chunks: a row d bytes
// before a 16-byte boundary has its whole chunks d bytes into the part's
// row, each read as two staged chunks (of two boxes at a box's end) and
// shifted by d bytes; its ends (its first d bytes, its last 16 - d) an
// element a thread in the same loop. A part at N's edge goes box by box,
// element by element, as without the option
// (tile-to-wgmma-c-any-alignment.mlir, which also checks the test on C).
// Inputs: tile-to-gpu's output (tiled 128x128, warp-specialized 128x256,
// transposed 208x64, f32 C), checked in.
// RUN: tile-opt %s -split-input-file --tile-to-wgmma=chunk-stores=1 | FileCheck %s

// One warpgroup, no producer: TMA's two boxes, or the threads' stores
// from the same staged (swizzled) boxes, one part of 128 columns.
// CHECK-LABEL: gpu.func @mm(
// CHECK: tile.stage_accumulator
// CHECK: memref.extract_strided_metadata %[[C:.*]] : memref<?x?xf16>
// CHECK: scf.if %{{.*}} {
// CHECK-COUNT-2: nvgpu.tma.async.store
// CHECK: } else {
// CHECK: %[[M:.*]] = memref.dim %[[C]], %c0
// CHECK: %[[N:.*]] = memref.dim %[[C]], %c1
// The part wholly inside N goes in C's 16-byte chunks.
// CHECK: %[[END:.*]] = arith.addi %[[COL0:.*]], %c128{{[_0-9]*}} : index
// CHECK: %[[INN:.*]] = arith.cmpi ule, %[[END]], %[[N]] : index
// CHECK: scf.if %[[INN]] {
// The thread's index read in place (not hoisted out of the tile loop).
// CHECK: %[[TID:.*]] = llvm.inline_asm has_side_effects "mov.u32 $0, %tid.x;", "=r"  : () -> i32
// CHECK-NEXT: %[[TI:.*]] = arith.index_castui %[[TID]] : i32 to index
// CHECK: %[[T:.*]] = arith.remui %[[TI]], %c128{{[_0-9]*}} : index
// Thread t takes chunk t % 16 of rows t / 16, t / 16 + 8, ...: a warp two
// whole part rows of 256 bytes, the part's two boxes one after another.
// CHECK: %[[U:.*]] = arith.remui %[[T]], %c16{{[_0-9]*}} : index
// CHECK: %[[R0:.*]] = arith.divui %[[T]], %c16{{[_0-9]*}} : index
// CHECK: %[[PART:.*]] = memref.view %{{.*}} to memref<2x128x64xf16, #gpu.address_space<workgroup>>
// C as one run of elements.
// CHECK: %{{.*}}, %[[COFF:.*]], %{{.*}}:2, %[[CSTR:.*]]:2 = memref.extract_strided_metadata %[[C]]
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[C]] to offset: [%[[COFF]]], sizes: [%{{.*}}], strides: [1] : memref<?x?xf16> to memref<?xf16, strided<[1], offset: ?>>
// CHECK: scf.for %[[R:.*]] = %[[R0]] to %c128{{[_0-9]*}} step %c8{{[_0-9]*}} iter_args(%[[FIRST:.*]] = %{{.*}}) -> (index) {
// d: bytes from the row's first element to a 16-byte boundary, from the
// pointer's low bits read in place.
// CHECK: %[[LOW:.*]] = llvm.inline_asm has_side_effects "cvt.u32.u64 $0, $1;", "=r,l"
// CHECK: %[[EB:.*]] = arith.addi %[[COFF]], %[[FIRST]] : index
// CHECK: %[[BY:.*]] = arith.muli %[[EB]], %c2{{[_0-9]*}} : index
// CHECK: %[[AB:.*]] = arith.addi %{{.*}}, %[[BY]] : index
// CHECK: %[[MIS:.*]] = arith.remui %[[AB]], %c16{{[_0-9]*}} : index
// CHECK: %[[D16:.*]] = arith.subi %c16{{[_0-9]*}}, %[[MIS]] : index
// CHECK: %[[D:.*]] = arith.remui %[[D16]], %c16{{[_0-9]*}} : index
// CHECK: %[[INM:.*]] = arith.cmpi ult, %{{.*}}, %[[M]] : index
// The row's swizzle (mod 8), as C's descriptor's.
// CHECK: %[[SW:.*]] = arith.remui %{{.*}}, %c8{{[_0-9]*}} : index
// Whole: inside M, and not the last chunk unless d is 0.
// CHECK: %[[D0:.*]] = arith.cmpi eq, %[[D]], %c0{{[_0-9]*}} : index
// CHECK: %[[NOTLAST:.*]] = arith.cmpi ult, %[[U]], %c15{{[_0-9]*}} : index
// CHECK: %[[W:.*]] = arith.ori %[[NOTLAST]], %[[D0]] : i1
// CHECK: %[[WHOLE:.*]] = arith.andi %[[W]], %[[INM]] : i1
// CHECK: scf.if %[[WHOLE]] {
// Part chunks u and min(u + 1, 15): box k / 8, its chunk k % 8 swizzled.
// CHECK: %[[NEXT:.*]] = arith.minui %{{.*}}, %c15{{[_0-9]*}} : index
// CHECK: %[[K0:.*]] = arith.remui %[[U]], %c8{{[_0-9]*}} : index
// CHECK: %[[P0:.*]] = arith.xori %[[K0]], %[[SW]] : index
// CHECK: %[[C0:.*]] = arith.muli %[[P0]], %c8{{[_0-9]*}} : index
// CHECK: %[[B0:.*]] = arith.divui %[[U]], %c8{{[_0-9]*}} : index
// CHECK: vector.load %[[PART]][%[[B0]], %[[R]], %[[C0]]] {alignment = 16 : i64} : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: %[[K1:.*]] = arith.remui %[[NEXT]], %c8{{[_0-9]*}} : index
// CHECK: %[[P1:.*]] = arith.xori %[[K1]], %[[SW]] : index
// CHECK: %[[C1:.*]] = arith.muli %[[P1]], %c8{{[_0-9]*}} : index
// CHECK: %[[B1:.*]] = arith.divui %[[NEXT]], %c8{{[_0-9]*}} : index
// CHECK: vector.load %[[PART]][%[[B1]], %[[R]], %[[C1]]] {alignment = 16 : i64} : memref<2x128x64xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// Word k of the result: word d / 4 + k of the two, funnel-shifted by
// d % 4 bytes into the next.
// CHECK: %[[Q:.*]] = arith.divui %[[D]], %c4{{[_0-9]*}} : index
// CHECK-COUNT-15: arith.select
// CHECK: %[[SH:.*]] = arith.remui %[[D]], %c4{{[_0-9]*}} : index
// CHECK: %[[BITS:.*]] = arith.muli %[[SH]], %c8{{[_0-9]*}} : index
// CHECK: %[[B32:.*]] = arith.index_castui %[[BITS]] : index to i32
// CHECK-COUNT-4: llvm.intr.fshr(%{{.*}}, %{{.*}}, %[[B32]]) : (i32, i32, i32) -> i32
// CHECK: %[[V8:.*]] = vector.bitcast %{{.*}} : vector<4xi32> to vector<8xf16>
// One 16-byte store at the row's element d / 2 + 8 u.
// CHECK: %[[UE:.*]] = arith.muli %[[U]], %c8{{[_0-9]*}} : index
// CHECK: %[[DE:.*]] = arith.divui %[[D]], %c2{{[_0-9]*}} : index
// CHECK: %[[OE:.*]] = arith.addi %[[DE]], %[[UE]] : index
// CHECK: %[[AT:.*]] = arith.addi %[[FIRST]], %[[OE]] : index
// CHECK: vector.store %[[V8]], %[[FLAT]][%[[AT]]] {alignment = 16 : i64} : memref<?xf16, strided<[1], offset: ?>>, vector<8xf16>
// CHECK-NEXT: }
// The row's ends, where d is not 0 (and inside M), by threads u < 8: end
// element u, the row's element u where u < d / 2, else its element
// 120 + u; read from its box's swizzled chunk, stored alone.
// CHECK: %[[HN:.*]] = arith.divui %[[D]], %c2{{[_0-9]*}} : index
// CHECK: %[[DN:.*]] = arith.cmpi ne, %[[D]], %c0{{[_0-9]*}} : index
// CHECK: %[[ENDS:.*]] = arith.andi %[[DN]], %[[INM]] : i1
// CHECK: %[[U8:.*]] = arith.cmpi ult, %[[U]], %c8{{[_0-9]*}} : index
// CHECK: %[[MINE:.*]] = arith.andi %[[ENDS]], %[[U8]] : i1
// CHECK: scf.if %[[MINE]] {
// CHECK: %[[TAILC:.*]] = arith.addi %[[U]], %c120 : index
// CHECK: %[[INH:.*]] = arith.cmpi ult, %[[U]], %[[HN]] : index
// CHECK: %[[COL:.*]] = arith.select %[[INH]], %[[U]], %[[TAILC]] : index
// CHECK: %[[INBOX:.*]] = arith.remui %[[COL]], %c64{{[_0-9]*}} : index
// CHECK: %[[CC:.*]] = arith.divui %[[INBOX]], %c8{{[_0-9]*}} : index
// CHECK: %[[CS:.*]] = arith.xori %[[CC]], %[[SW]] : index
// CHECK: %[[BOX:.*]] = arith.divui %[[COL]], %c64{{[_0-9]*}} : index
// CHECK: %[[X:.*]] = memref.load %[[PART]][%[[BOX]], %[[R]], %{{.*}}] : memref<2x128x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[AE:.*]] = arith.addi %[[FIRST]], %[[COL]] : index
// CHECK: memref.store %[[X]], %[[FLAT]][%[[AE]]] : memref<?xf16, strided<[1], offset: ?>>
// CHECK-NEXT: }
// The next rows: 8 rows of C on.
// CHECK: %[[STEP:.*]] = arith.muli %[[CSTR]]#0, %c8{{[_0-9]*}} : index
// CHECK: %[[NEXT8:.*]] = arith.addi %[[FIRST]], %[[STEP]] : index
// CHECK: scf.yield %[[NEXT8]] : index
// The part at N's edge: box by box, element by element, as without the
// option (4-byte units of every fourth row, each element inside M and N).
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0{{[_0-9]*}} to %c2{{[_0-9]*}} step %c1{{[_0-9]*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %c128{{[_0-9]*}} step %c8{{[_0-9]*}} iter_args(
// CHECK: vector.load %{{.*}} : memref<128x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-COUNT-2: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xf16, strided<[1], offset: ?>>
// CHECK: gpu.barrier
// CHECK: gpu.return
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @mm_kernels {
  gpu.func @mm(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64, %tma_a: !llvm.ptr, %tma_b: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %1 = llvm.insertvalue %a_ptr, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %2 = llvm.insertvalue %a_ptr, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %3 = llvm.mlir.constant(0 : i32) : i32
    %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %5 = llvm.trunc %M : i64 to i32
    %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %7 = llvm.trunc %stride_am : i64 to i32
    %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %9 = llvm.trunc %K : i64 to i32
    %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %11 = llvm.trunc %stride_ak : i64 to i32
    %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %A = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %15 = llvm.insertvalue %b_ptr, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %16 = llvm.insertvalue %b_ptr, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %17 = llvm.mlir.constant(0 : i32) : i32
    %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %19 = llvm.trunc %K : i64 to i32
    %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %21 = llvm.trunc %stride_bk : i64 to i32
    %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %23 = llvm.trunc %N : i64 to i32
    %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %25 = llvm.trunc %stride_bn : i64 to i32
    %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %B = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %29 = llvm.insertvalue %c_ptr, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %30 = llvm.insertvalue %c_ptr, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %31 = llvm.mlir.constant(0 : i32) : i32
    %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %33 = llvm.trunc %M : i64 to i32
    %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %35 = llvm.trunc %stride_cm : i64 to i32
    %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %37 = llvm.trunc %N : i64 to i32
    %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %39 = llvm.trunc %stride_cn : i64 to i32
    %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %C = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %dim = memref.dim %A, %c1 : memref<?x?xf16>
    %dim_0 = memref.dim %B, %c1 : memref<?x?xf16>
    %42 = arith.ceildivui %dim_0, %c128 : index
    %block_id_x = gpu.block_id  x
    %43 = arith.divui %block_id_x, %42 : index
    %44 = arith.remui %block_id_x, %42 : index
    %45 = arith.muli %43, %c128 : index
    %46 = arith.muli %44, %c128 : index
    %47 = scf.for %arg14 = %c0 to %dim step %c64 iter_args(%arg15 = %cst) -> (vector<128x128xf32>) {
      %48 = tile.load %A[%45, %arg14] : memref<?x?xf16> -> vector<128x64xf16>
      %49 = tile.load %B[%arg14, %46] : memref<?x?xf16> -> vector<64x128xf16>
      %50 = tile.dot %48, %49, %arg15 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %50 : vector<128x128xf32>
    }
    tile.store %47, %C[%45, %46] : vector<128x128xf32> -> memref<?x?xf16>
    gpu.return
  }
}

// -----

// Warp-specialized (cooperative, 64 rows a consumer warpgroup): each
// warpgroup stores its own four 64x64 boxes, by TMA or by its 128 threads;
// no barrier after them (the next tile's staging waits on one already).
// CHECK-LABEL: gpu.func @coop(
// CHECK: tile.stage_accumulator
// CHECK: %[[REM:.*]] = arith.remui %{{.*}}, %c16{{[_0-9]*}} : index
// CHECK-NEXT: %[[TMA:.*]] = arith.cmpi eq, %[[REM]], %c0{{[_0-9]*}} : index
// CHECK: scf.if %[[TMA]] {
// CHECK-COUNT-4: nvgpu.tma.async.store
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK: } else {
// Its part: four boxes, rows of 512 bytes, 32 chunks: a warp one row.
// CHECK: memref.view %{{.*}} to memref<4x64x64xf16, #gpu.address_space<workgroup>>
// CHECK: scf.for %{{.*}} = %{{.*}} to %c64{{[_0-9]*}} step %c4{{[_0-9]*}} iter_args(
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<?xf16, strided<[1], offset: ?>>, vector<8xf16>
// CHECK: memref.store
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0{{[_0-9]*}} to %c4{{[_0-9]*}} step %c1{{[_0-9]*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %c64{{[_0-9]*}} step %c8{{[_0-9]*}} iter_args(
// CHECK: vector.load %{{.*}} : memref<64x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-COUNT-2: memref.store
// CHECK-NOT: gpu.barrier
// CHECK-NOT: nvvm.barrier
// CHECK: }
module attributes {gpu.container_module} {
  gpu.module @coop_kernels {
    gpu.func @coop(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 384, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 128, block_n = 256, block_k = 64, num_warps = 8, num_stages = 3, schedule = persistent, order = grouped, group_m = 8, mma = wgmma, warp_specialize = cooperative, chip = sm_90a, shared_bytes = 0>} {
      %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %2 = llvm.insertvalue %arg0, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %3 = llvm.mlir.constant(0 : i32) : i32
      %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %5 = llvm.trunc %arg3 : i64 to i32
      %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %7 = llvm.trunc %arg6 : i64 to i32
      %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %9 = llvm.trunc %arg5 : i64 to i32
      %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %11 = llvm.trunc %arg7 : i64 to i32
      %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %13 = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %15 = llvm.insertvalue %arg1, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %16 = llvm.insertvalue %arg1, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %17 = llvm.mlir.constant(0 : i32) : i32
      %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %19 = llvm.trunc %arg5 : i64 to i32
      %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %21 = llvm.trunc %arg8 : i64 to i32
      %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %23 = llvm.trunc %arg4 : i64 to i32
      %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %25 = llvm.trunc %arg9 : i64 to i32
      %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %27 = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %29 = llvm.insertvalue %arg2, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %30 = llvm.insertvalue %arg2, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %31 = llvm.mlir.constant(0 : i32) : i32
      %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %33 = llvm.trunc %arg3 : i64 to i32
      %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %35 = llvm.trunc %arg10 : i64 to i32
      %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %37 = llvm.trunc %arg4 : i64 to i32
      %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %39 = llvm.trunc %arg11 : i64 to i32
      %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %41 = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %c0 = arith.constant 0 : index
      %dim = memref.dim %13, %c0 : memref<?x?xf16>
      %c1 = arith.constant 1 : index
      %dim_0 = memref.dim %13, %c1 : memref<?x?xf16>
      %c1_1 = arith.constant 1 : index
      %dim_2 = memref.dim %27, %c1_1 : memref<?x?xf16>
      %c128 = arith.constant 128 : index
      %42 = arith.ceildivui %dim, %c128 : index
      %c256 = arith.constant 256 : index
      %43 = arith.ceildivui %dim_2, %c256 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %dim_4 = memref.dim %41, %c0_3 : memref<?x?xf16>
      %c1_5 = arith.constant 1 : index
      %dim_6 = memref.dim %41, %c1_5 : memref<?x?xf16>
      %c128_7 = arith.constant 128 : index
      %44 = arith.ceildivui %dim_4, %c128_7 : index
      %c256_8 = arith.constant 256 : index
      %45 = arith.ceildivui %dim_6, %c256_8 : index
      %46 = arith.muli %44, %45 : index
      %grid_dim_x = gpu.grid_dim  x
      %c8 = arith.constant 8 : index
      %47 = arith.muli %c8, %43 : index
      %c128_9 = arith.constant 128 : index
      %c256_10 = arith.constant 256 : index
      %cst = arith.constant dense<0.000000e+00> : vector<128x256xf32>
      %c64 = arith.constant 64 : index
      %c0_11 = arith.constant 0 : index
      scf.for %arg14 = %block_id_x to %46 step %grid_dim_x {
        %48 = arith.divui %arg14, %47 : index
        %49 = arith.muli %48, %c8 : index
        %50 = arith.subi %42, %49 : index
        %51 = arith.minui %50, %c8 : index
        %52 = arith.remui %arg14, %47 : index
        %53 = arith.remui %52, %51 : index
        %54 = arith.addi %49, %53 : index
        %55 = arith.divui %52, %51 : index
        %56 = arith.muli %54, %c128_9 : index
        %57 = arith.muli %55, %c256_10 : index
        %58 = scf.for %arg15 = %c0_11 to %dim_0 step %c64 iter_args(%arg16 = %cst) -> (vector<128x256xf32>) {
          %59 = tile.load %13[%56, %arg15] : memref<?x?xf16> -> vector<128x64xf16>
          %60 = tile.load %27[%arg15, %57] : memref<?x?xf16> -> vector<64x256xf16>
          %61 = tile.dot %59, %60, %arg16 : vector<128x64xf16>, vector<64x256xf16> -> vector<128x256xf32>
          scf.yield %61 : vector<128x256xf32>
        }
        tile.store %58, %41[%56, %57] : vector<128x256xf32> -> memref<?x?xf16>
      }
      gpu.return
    }
  }
}

// -----

// Transposed (swap_ab, 208 rows of M by 64 of N): the staged box holds
// C's rows as they are stored, 208 of them; the threads take them in 16s
// by chunks, in 8s by elements.
// CHECK-LABEL: gpu.func @matmul_f16_nt(
// CHECK: scf.if %{{.*}} {
// CHECK: nvgpu.tma.async.store
// CHECK: } else {
// CHECK: memref.view %{{.*}} to memref<1x208x64xf16, #gpu.address_space<workgroup>>
// CHECK: scf.for %{{.*}} = %{{.*}} to %c208{{[_0-9]*}} step %c16{{[_0-9]*}} iter_args(
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<?xf16, strided<[1], offset: ?>>, vector<8xf16>
// CHECK: memref.store
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0{{[_0-9]*}} to %c1{{[_0-9]*}} step %c1{{[_0-9]*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %c208{{[_0-9]*}} step %c8{{[_0-9]*}} iter_args(
// CHECK: vector.load %{{.*}} : memref<208x64xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-COUNT-2: memref.store
// CHECK: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @matmul_f16_nt_kernels {
    gpu.func @matmul_f16_nt(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i64, %arg7: i64, %arg8: i64, %arg9: i64, %arg10: i64, %arg11: i64, %arg12: !llvm.ptr, %arg13: !llvm.ptr, %arg14: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f16", index_bitwidth = 32 : i64, layouts = ["nt"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bk = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #tile.kernel<block_m = 208, block_n = 64, block_k = 64, num_warps = 4, num_stages = 4, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, swap_ab = 1, chip = sm_90a, shared_bytes = 0>} {
      %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %1 = llvm.insertvalue %arg0, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %2 = llvm.insertvalue %arg0, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %3 = llvm.mlir.constant(0 : i32) : i32
      %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %5 = llvm.trunc %arg3 : i64 to i32
      %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %7 = llvm.trunc %arg6 : i64 to i32
      %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %9 = llvm.trunc %arg5 : i64 to i32
      %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %11 = llvm.trunc %arg7 : i64 to i32
      %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %13 = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %15 = llvm.insertvalue %arg1, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %16 = llvm.insertvalue %arg1, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %17 = llvm.mlir.constant(0 : i32) : i32
      %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %19 = llvm.trunc %arg5 : i64 to i32
      %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %21 = llvm.trunc %arg8 : i64 to i32
      %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %23 = llvm.trunc %arg4 : i64 to i32
      %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %25 = llvm.trunc %arg9 : i64 to i32
      %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %27 = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16, strided<[1, ?]>>
      %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
      %29 = llvm.insertvalue %arg2, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %30 = llvm.insertvalue %arg2, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %31 = llvm.mlir.constant(0 : i32) : i32
      %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %33 = llvm.trunc %arg3 : i64 to i32
      %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %35 = llvm.trunc %arg10 : i64 to i32
      %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %37 = llvm.trunc %arg4 : i64 to i32
      %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %39 = llvm.trunc %arg11 : i64 to i32
      %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
      %41 = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
      %c0 = arith.constant 0 : index
      %dim = memref.dim %13, %c0 : memref<?x?xf16>
      %c1 = arith.constant 1 : index
      %dim_0 = memref.dim %13, %c1 : memref<?x?xf16>
      %c1_1 = arith.constant 1 : index
      %dim_2 = memref.dim %27, %c1_1 : memref<?x?xf16, strided<[1, ?]>>
      %c208 = arith.constant 208 : index
      %42 = arith.ceildivui %dim, %c208 : index
      %c64 = arith.constant 64 : index
      %43 = arith.ceildivui %dim_2, %c64 : index
      %block_id_x = gpu.block_id  x
      %c0_3 = arith.constant 0 : index
      %44 = arith.divui %block_id_x, %43 : index
      %45 = arith.remui %block_id_x, %43 : index
      %c208_4 = arith.constant 208 : index
      %46 = arith.muli %44, %c208_4 : index
      %c64_5 = arith.constant 64 : index
      %47 = arith.muli %45, %c64_5 : index
      %cst = arith.constant dense<0.000000e+00> : vector<208x64xf32>
      %c64_6 = arith.constant 64 : index
      %48 = scf.for %arg15 = %c0_3 to %dim_0 step %c64_6 iter_args(%arg16 = %cst) -> (vector<208x64xf32>) {
        %49 = tile.load %13[%46, %arg15] : memref<?x?xf16> -> vector<208x64xf16>
        %50 = tile.load %27[%arg15, %47] : memref<?x?xf16, strided<[1, ?]>> -> vector<64x64xf16>
        %51 = tile.dot %49, %50, %arg16 : vector<208x64xf16>, vector<64x64xf16> -> vector<208x64xf32>
        scf.yield %51 : vector<208x64xf32>
      }
      tile.store %48, %41[%46, %47] : vector<208x64xf32> -> memref<?x?xf16>
      gpu.return
    }
  }
  
}

// -----

// f32 C, 32 elements a box row, four boxes a part row: d is a multiple
// of 4 bytes, so the chunk is the pair's words from d / 4 on, unshifted; a
// row's 4 end elements go to the row's threads u < 4 (the part row's
// element 124 + u for the tail).
// CHECK-LABEL: gpu.func @mm_f32c(
// CHECK: } else {
// CHECK: scf.if %{{.*}} {
// CHECK: scf.for %{{.*}} = %{{.*}} to %c128{{[_0-9]*}} step %c4{{[_0-9]*}} iter_args(
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<4x128x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT: llvm.intr.fshr
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<?xf32, strided<[1], offset: ?>>, vector<4xf32>
// CHECK: %[[E4:.*]] = arith.cmpi ult, %[[U:.*]], %c4{{[_0-9]*}} : index
// CHECK: %[[MINE:.*]] = arith.andi %{{.*}}, %[[E4]] : i1
// CHECK: scf.if %[[MINE]] {
// CHECK: arith.addi %[[U]], %c124 : index
// CHECK: memref.store %{{.*}} : memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
#k = #tile.kernel<block_m = 128, block_n = 128, block_k = 64, num_warps = 4, num_stages = 3, schedule = tiled, order = linear, group_m = 8, mma = wgmma, warp_specialize = none, chip = sm_90a, shared_bytes = 0>
gpu.module @mm_kernels {
  gpu.func @mm_f32c(%a_ptr: !llvm.ptr, %b_ptr: !llvm.ptr, %c_ptr: !llvm.ptr, %M: i64, %N: i64, %K: i64, %stride_am: i64, %stride_ak: i64, %stride_bk: i64, %stride_bn: i64, %stride_cm: i64, %stride_cn: i64, %tma_a: !llvm.ptr, %tma_b: !llvm.ptr, %tma_c: !llvm.ptr, %tma_a_tail: !llvm.ptr) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tile.abi = {a_type = "f16", b_type = "f16", c_type = "f32", index_bitwidth = 32 : i64, layouts = ["nn"], min_blocks_per_sm = 0 : i64, static_offset_a = 0 : i64, static_offset_b = 0 : i64, static_offset_c = 0 : i64, static_stride_ak = 1 : i64, static_stride_bn = 1 : i64, static_stride_cn = 1 : i64}, tile.kernel = #k} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %1 = llvm.insertvalue %a_ptr, %0[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %2 = llvm.insertvalue %a_ptr, %1[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %3 = llvm.mlir.constant(0 : i32) : i32
    %4 = llvm.insertvalue %3, %2[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %5 = llvm.trunc %M : i64 to i32
    %6 = llvm.insertvalue %5, %4[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %7 = llvm.trunc %stride_am : i64 to i32
    %8 = llvm.insertvalue %7, %6[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %9 = llvm.trunc %K : i64 to i32
    %10 = llvm.insertvalue %9, %8[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %11 = llvm.trunc %stride_ak : i64 to i32
    %12 = llvm.insertvalue %11, %10[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %A = builtin.unrealized_conversion_cast %12 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %14 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %15 = llvm.insertvalue %b_ptr, %14[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %16 = llvm.insertvalue %b_ptr, %15[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %17 = llvm.mlir.constant(0 : i32) : i32
    %18 = llvm.insertvalue %17, %16[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %19 = llvm.trunc %K : i64 to i32
    %20 = llvm.insertvalue %19, %18[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %21 = llvm.trunc %stride_bk : i64 to i32
    %22 = llvm.insertvalue %21, %20[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %23 = llvm.trunc %N : i64 to i32
    %24 = llvm.insertvalue %23, %22[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %25 = llvm.trunc %stride_bn : i64 to i32
    %26 = llvm.insertvalue %25, %24[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %B = builtin.unrealized_conversion_cast %26 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf16>
    %28 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
    %29 = llvm.insertvalue %c_ptr, %28[0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %30 = llvm.insertvalue %c_ptr, %29[1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %31 = llvm.mlir.constant(0 : i32) : i32
    %32 = llvm.insertvalue %31, %30[2] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %33 = llvm.trunc %M : i64 to i32
    %34 = llvm.insertvalue %33, %32[3, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %35 = llvm.trunc %stride_cm : i64 to i32
    %36 = llvm.insertvalue %35, %34[4, 0] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %37 = llvm.trunc %N : i64 to i32
    %38 = llvm.insertvalue %37, %36[3, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %39 = llvm.trunc %stride_cn : i64 to i32
    %40 = llvm.insertvalue %39, %38[4, 1] : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> 
    %C = builtin.unrealized_conversion_cast %40 : !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)> to memref<?x?xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %cst = arith.constant dense<0.000000e+00> : vector<128x128xf32>
    %dim = memref.dim %A, %c1 : memref<?x?xf16>
    %dim_0 = memref.dim %B, %c1 : memref<?x?xf16>
    %42 = arith.ceildivui %dim_0, %c128 : index
    %block_id_x = gpu.block_id  x
    %43 = arith.divui %block_id_x, %42 : index
    %44 = arith.remui %block_id_x, %42 : index
    %45 = arith.muli %43, %c128 : index
    %46 = arith.muli %44, %c128 : index
    %47 = scf.for %arg14 = %c0 to %dim step %c64 iter_args(%arg15 = %cst) -> (vector<128x128xf32>) {
      %48 = tile.load %A[%45, %arg14] : memref<?x?xf16> -> vector<128x64xf16>
      %49 = tile.load %B[%arg14, %46] : memref<?x?xf16> -> vector<64x128xf16>
      %50 = tile.dot %48, %49, %arg15 : vector<128x64xf16>, vector<64x128xf16> -> vector<128x128xf32>
      scf.yield %50 : vector<128x128xf32>
    }
    tile.store %47, %C[%45, %46] : vector<128x128xf32> -> memref<?x?xf32>
    gpu.return
  }
}
