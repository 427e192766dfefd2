// mma=wgmma end to end: PTX for sm_90a assembled by ptxas (no GPU needed),
// the launch manifest's TMA fields, and no serialising wgmma (ptxas warns
// C7517/C7519 when it must insert warpgroup waits: treated as failures).
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma block-m=128 block-n=128 block-k=64 num-warps=4 num-stages=3" --tile-bundle=%t/w4 -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/w4/matmul_f16.ptx
// RUN: FileCheck %s --check-prefix=JSON < %t/w4/matmul_f16.json
// RUN: %ptxas -arch=sm_90a -v %t/w4/matmul_f16.ptx -o %t/w4.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %examples/matmul_bf16.mlir --tile-to-ptx="mma=wgmma schedule=persistent order=grouped block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=4 l2-promotion=128" --tile-bundle=%t/w8 -o /dev/null
// RUN: FileCheck %s --check-prefix=BF16 < %t/w8/matmul_bf16.ptx
// RUN: FileCheck %s --check-prefix=PROMO < %t/w8/matmul_bf16.json
// RUN: %ptxas -arch=sm_90a -v %t/w8/matmul_bf16.ptx -o %t/w8.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// Stream-K: the workspace parameter, a whole tile through the TMA store, a
// shared one through the workspace.
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=stream-k order=grouped block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=4" --tile-bundle=%t/sk -o /dev/null
// RUN: FileCheck %s --check-prefix=SK < %t/sk/matmul_f16.ptx
// RUN: FileCheck %s --check-prefix=SKJSON < %t/sk/matmul_f16.json
// RUN: %ptxas -arch=sm_90a -v %t/sk/matmul_f16.ptx -o %t/sk.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// The largest split (128 slots of a 128x256 tile) and the largest tile
// assemble without spills too.
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma split-k=128 block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=4" --tile-bundle=%t/split128 -o /dev/null
// RUN: %ptxas -arch=sm_90a -v %t/split128/matmul_f16.ptx -o %t/split128.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// Stream-K with warp specialization or clusters is refused with the reason.
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=stream-k block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=3 warp-specialize=cooperative" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SKWS
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=stream-k block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=3 warp-specialize=cooperative cluster-m=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SKCL
// SKWS: error: tile-to-gpu: schedule=stream-k needs mma=wgmma and warp-specialize=none (the TMA + wgmma kernel adds the partial sums)
// SKCL: error: tile-stream-k: expected a tiled kernel without split-k or clusters

// SK: .param .u64 .ptr .align 1 matmul_f16_param_16
// SK-DAG: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
// SK-DAG: atom.global.add.u32
// SK-DAG: ld.global.v4.b32
// SKJSON: "name": "workspace",
// SKJSON: "schedule": "stream_k",
// SKJSON: "workspace_tile_bytes": 262160

// PTX: .target sm_90a
// PTX: .entry matmul_f16(
// PTX: .param .align 64 .b8 matmul_f16_param_12[128],
// PTX-NEXT: .param .align 64 .b8 matmul_f16_param_13[128]
// PTX: .maxntid 128, 1, 1
// The descriptors are read in parameter space, not copied.
// PTX: cvta.param.u64
// PTX: mbarrier.init.shared.b64
// PTX: prefetch.tensormap
// PTX: mbarrier.arrive.expect_tx.shared.b64
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: wgmma.fence.sync.aligned;
// Two m64 halves x four k16 steps of one 64-wide K step.
// PTX-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PTX: wgmma.commit_group.sync.aligned;
// PTX-NEXT: wgmma.wait_group.sync.aligned 1;
// PTX-NEXT: bar.sync 0;
// PTX: wgmma.wait_group.sync.aligned 0;

// The TMA loads' L2 promotion: 256 bytes unless set.
// JSON: "l2_promotion": 256,
// JSON: "mma": "wgmma",
// JSON: "name": "tma_a",
// JSON-NEXT: "type": "tensormap"
// JSON: "name": "tma_b",
// JSON-NEXT: "type": "tensormap"
// JSON: "tma_box_a": [
// JSON-NEXT: 64,
// JSON-NEXT: 128
// JSON: "tma_box_b": [
// JSON-NEXT: 64,
// JSON-NEXT: 64
// JSON: "tma_swizzle_bytes": 128

// PROMO: "l2_promotion": 128,

// BF16: .entry matmul_bf16(
// BF16: .maxntid 256, 1, 1
// BF16-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// BF16: wgmma.wait_group.sync.aligned 1;
// BF16: cvt.rn.bf16x2.f32

// PTXAS-NOT: warning
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: warning
