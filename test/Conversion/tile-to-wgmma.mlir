// tile-to-wgmma: the K loop becomes a TMA + mbarrier + wgmma ring; the
// persistent tile loop carries the K-step count for the barrier phases.
// RUN: tile-opt %s --split-input-file --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64 num-warps=4" --tile-to-gpu \
// RUN:   | tile-opt --split-input-file --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma{num-stages=3}),canonicalize,cse)" \
// RUN:   | FileCheck %s
// RUN: tile-opt %s --split-input-file --tile-tiling="mma=wgmma block-m=128 block-n=128 block-k=64 num-warps=4" --tile-persistent --tile-to-gpu \
// RUN:   | tile-opt --split-input-file --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma{num-stages=3}),canonicalize,cse)" \
// RUN:   | FileCheck %s --check-prefix=PERSIST
// RUN: tile-opt %s --split-input-file --tile-tiling="mma=wgmma block-m=128 block-n=256 block-k=64 num-warps=8" --tile-to-gpu \
// RUN:   | tile-opt --split-input-file --pass-pipeline="builtin.module(gpu.module(tile-to-wgmma{num-stages=4}),canonicalize,cse)" \
// RUN:   | FileCheck %s --check-prefix=TWO

// The kernel takes the two TMA descriptors after the 12 usual parameters.
// CHECK-LABEL: gpu.func @mm(
// CHECK-SAME: %[[TA:arg12]]: !llvm.ptr, %[[TB:arg13]]: !llvm.ptr) kernel
// CHECK-SAME: tile.abi = {{{.*}}layouts = ["nn"]{{.*}}tma_box_a = [64, 128], tma_box_b = [64, 64], tma_swizzle_bytes = 128
// CHECK-SAME: mma = "wgmma", num_stages = 3
// Ring: 3 x (16 KB of A + 16 KB of B), plus room to align the base to 1 KB.
// CHECK: %[[SMEM:.*]] = memref.alloc() : memref<99328xi8, #gpu.address_space<workgroup>>
// CHECK: %[[ADDR:.*]] = memref.extract_aligned_pointer_as_index %[[SMEM]]
// CHECK: %[[NEG:.*]] = arith.subi %c0, %[[ADDR]] : index
// CHECK: %[[BASE:.*]] = arith.andi %[[NEG]], %c1023 : index
// CHECK: %[[BARS:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK-COUNT-3: nvgpu.mbarrier.init %[[BARS]][%{{.*}}], %c1, predicate =
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: %[[DA:.*]] = builtin.unrealized_conversion_cast %[[TA]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
// CHECK: %[[DB:.*]] = builtin.unrealized_conversion_cast %[[TB]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.prefetch.descriptor %[[DA]]
// CHECK: gpu.barrier
// K steps: ceil(K / 64).
// CHECK: %[[NUMK:.*]] = arith.ceildivui %{{.*}}, %c64 : index
// Prologue: steps 0 and 1, each armed with 32 KB and predicated on k < numK.
// CHECK: arith.cmpi ugt, %[[NUMK]], %c0 : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%c0], %c32768, predicate =
// CHECK: nvgpu.tma.async.load %[[DA]][%c0, %[[M0:.*]]], %[[BARS]][%c0] to %{{.*}}, predicate =
// CHECK: nvgpu.tma.async.load %[[DB]][%[[N0:.*]], %c0], %[[BARS]][%c0]
// CHECK: nvgpu.tma.async.load %[[DB]][%{{.*}}, %c0], %[[BARS]][%c0]
// CHECK: arith.cmpi ugt, %[[NUMK]], %c1 : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%c1], %c32768
// CHECK: nvgpu.tma.async.load %[[DA]][%c64, %[[M0]]], %[[BARS]][%c1]
// CHECK-COUNT-2: nvgpu.tma.async.load %[[DB]][%{{.*}}, %c64], %[[BARS]][%c1]
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: %[[ACC0:.*]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// CHECK: %[[ACC:.*]] = scf.for %[[K:.*]] = %c0 to %[[NUMK]] step %c1 iter_args(%[[C:.*]] = %[[ACC0]])
// Stage k % 3, phase (k / 3) % 2.
// CHECK: %[[S:.*]] = arith.remui %[[K]], %c3 : index
// CHECK: %[[U:.*]] = arith.divui %[[K]], %c3 : index
// CHECK: %[[P:.*]] = arith.remui %[[U]], %c2 : index
// CHECK: %[[PAR:.*]] = arith.cmpi ne, %[[P]], %c0 : index
// CHECK: nvgpu.mbarrier.try_wait.parity %[[BARS]][%[[S]]], %[[PAR]], %c10000000
// CHECK: %[[VA:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<99328xi8, #gpu.address_space<workgroup>> to memref<128x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[VB:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<99328xi8, #gpu.address_space<workgroup>> to memref<64x128xf16, #gpu.address_space<workgroup>>
// CHECK: %[[GA:.*]] = nvgpu.warpgroup.generate.descriptor %[[VA]], %[[DA]]
// CHECK: %[[GB:.*]] = nvgpu.warpgroup.generate.descriptor %[[VB]], %[[DB]]
// CHECK: %[[NEXT:.*]] = nvgpu.warpgroup.mma %[[GA]], %[[GB]], %[[C]] {transposeB}
// Refill the stage step k - 1 used, with step k + 2, once every warp is past it.
// CHECK-NEXT: gpu.barrier
// CHECK: %[[KN:.*]] = arith.addi %[[K]], %c2 : index
// CHECK: arith.cmpi ult, %[[KN]], %[[NUMK]] : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx
// CHECK: nvgpu.tma.async.load %[[DA]]
// CHECK: scf.yield %[[NEXT]]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: gpu.barrier
// Epilogue: padded f32 staging over the ring, then masked 4-wide stores.
// CHECK: %[[STG:.*]] = memref.view %[[SMEM]][%[[BASE]]][] : memref<99328xi8, #gpu.address_space<workgroup>> to memref<128x132xf32, #gpu.address_space<workgroup>>
// CHECK: %[[SUB:.*]] = memref.subview %[[STG]][0, 0] [128, 128] [1, 1]
// CHECK: nvgpu.warpgroup.mma.store %[[ACC]], %[[SUB]]
// CHECK-NEXT: gpu.barrier
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c1 {
// CHECK: vector.load %[[STG]][%{{.*}}, %{{.*}}] : memref<128x132xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: scf.if %{{.*}} {
// CHECK: vector.store %{{.*}} {alignment = 8 : i64} : memref<?x?xf16>, vector<4xf16>
// CHECK: } else {
// CHECK-COUNT-4: memref.store
// One tile per program: no barrier or proxy fence after the epilogue.
// CHECK-NOT: gpu.barrier
// CHECK-NOT: nvvm.fence.proxy
// CHECK: gpu.return

// PERSIST-LABEL: gpu.func @mm(
// PERSIST: %[[NUMK:.*]] = arith.ceildivui %{{.*}}, %c64 : index
// PERSIST: %{{.*}} = scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[IT0:.*]] = %c0) -> (index) {
// PERSIST: arith.remui %[[IT0]], %c3 : index
// PERSIST: scf.for %[[K:.*]] = %c0 to %[[NUMK]] step %c1 iter_args(
// PERSIST: %[[IT:.*]] = arith.addi %[[IT0]], %[[K]] : index
// PERSIST: arith.remui %[[IT]], %c3 : index
// PERSIST: nvgpu.mbarrier.try_wait.parity
// The next tile's copies overwrite the staging buffer: barrier first.
// PERSIST: nvgpu.warpgroup.mma.store
// PERSIST: vector.store
// PERSIST: gpu.barrier
// PERSIST-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// PERSIST-NEXT: %[[NEXT:.*]] = arith.addi %[[IT0]], %[[NUMK]] : index
// PERSIST-NEXT: scf.yield %[[NEXT]] : index

// Two warpgroups stacked along M: warpgroup g reads rows 64 g of the A
// stage; B is one 64x256 descriptor over four 64x64 TMA boxes.
// TWO-LABEL: gpu.func @mm(
// TWO: %[[WG:.*]] = arith.divui %{{.*}}, %c128 : index
// TWO: nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// TWO-COUNT-4: nvgpu.tma.async.load %{{.*}}[%{{.*}}, %c0], %{{.*}}[%c0] to %{{.*}} : <tensor = memref<64x64xf16
// TWO: %[[ROWS:.*]] = arith.muli %[[WG]], %c8192 : index
// TWO: memref.view {{.*}} to memref<64x64xf16, #gpu.address_space<workgroup>>
// TWO: memref.view {{.*}} to memref<64x256xf16, #gpu.address_space<workgroup>>
// TWO: nvgpu.warpgroup.mma {{.*}} {transposeB} : <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x256xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x256xf32>>
// TWO: memref.subview %{{.*}}[0, 0] [64, 256] [1, 1] : memref<128x260xf32
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
