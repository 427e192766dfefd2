// Warp-specialized wgmma kernels end to end: the PTX assembles for sm_90a
// without spills, and ptxas neither ignores setmaxnreg (C7508) nor
// serialises wgmma (C7511/C7517/C7519/C7520); any warning fails the test.
// A consumer warpgroup's registers show only as spills: under setmaxnreg
// ptxas reports the entry allocation (65536 / 384 rounded down: 168).
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=persistent order=grouped warp-specialize=cooperative block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=3" --tile-bundle=%t/coop -o /dev/null
// RUN: FileCheck %s --check-prefixes=PTX,COOP < %t/coop/matmul_f16.ptx
// RUN: grep -c 'cp.async.bulk.tensor.2d.global.shared::cta.bulk_group' %t/coop/matmul_f16.ptx | FileCheck %s --check-prefix=COOP-STORES
// COOP-STORES: {{^}}4{{$}}
// RUN: FileCheck %s --check-prefix=JSON < %t/coop/matmul_f16.json
// RUN: %ptxas -arch=sm_90a -v %t/coop/matmul_f16.ptx -o %t/coop.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=persistent order=grouped warp-specialize=pingpong block-m=128 block-n=128 block-k=64 num-warps=8 num-stages=4" --tile-bundle=%t/pp128 -o /dev/null
// RUN: FileCheck %s --check-prefixes=PTX,PP,PP128 < %t/pp128/matmul_f16.ptx
// RUN: FileCheck %s --check-prefix=PPJSON < %t/pp128/matmul_f16.json
// RUN: %ptxas -arch=sm_90a -v %t/pp128/matmul_f16.ptx -o %t/pp128.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: grep -cE "mbarrier\.arrive\.shared\.b64[[:space:]]+%%rd" %t/pp128/matmul_f16.ptx | FileCheck %s --check-prefix=ARRIVES
// RUN: tile-opt %examples/matmul_bf16.mlir --tile-to-ptx="mma=wgmma schedule=persistent order=grouped warp-specialize=pingpong block-m=128 block-n=192 block-k=64 num-warps=8 num-stages=3" --tile-bundle=%t/pp192 -o /dev/null
// RUN: FileCheck %s --check-prefixes=PTX,PP,PP192 < %t/pp192/matmul_bf16.ptx
// RUN: %ptxas -arch=sm_90a -v %t/pp192/matmul_bf16.ptx -o %t/pp192.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=persistent order=serpentine warp-specialize=cooperative cluster-m=2 block-m=128 block-n=256 block-k=64 num-warps=8 num-stages=3" --tile-bundle=%t/cluster -o /dev/null
// RUN: FileCheck %s --check-prefix=CLUSTER < %t/cluster/matmul_f16.ptx
// RUN: FileCheck %s --check-prefix=CLJSON < %t/cluster/matmul_f16.json
// RUN: %ptxas -arch=sm_90a -v %t/cluster/matmul_f16.ptx -o %t/cluster.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// Pingpong in clusters too.
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="mma=wgmma schedule=persistent order=grouped warp-specialize=pingpong cluster-m=2 block-m=128 block-n=128 block-k=64 num-warps=8 num-stages=4" --tile-bundle=%t/ppcluster -o /dev/null
// RUN: FileCheck %s --check-prefix=CLUSTER < %t/ppcluster/matmul_f16.ptx
// RUN: %ptxas -arch=sm_90a -v %t/ppcluster/matmul_f16.ptx -o %t/ppcluster.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// 8 MMA warps and a producer warpgroup; minnctapersm lets ptxas know the
// registers at entry (without it: C7508).
// PTX: .maxntid 384, 1, 1
// PTX-NEXT: .minnctapersm 1
// PTX: mbarrier.init.shared.b64
// PTX: fence.mbarrier_init.release.cluster;
// PTX: bar.sync 0;
// PTX: setmaxnreg.dec.sync.aligned.u32 40;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: setmaxnreg.inc.sync.aligned.u32 232;
// PTX-NOT: bar.sync 0;
// PTX: mbarrier.try_wait.parity.shared.b64

// Cooperative: 64x256 per consumer warpgroup. Epilogue per warpgroup (named
// barrier 1 + wg over 128 threads): its leader waits until the previous
// stores have read the staging tile; the accumulator goes in as f16 pairs
// with stmatrix (16 per 64x256), is fenced for the async proxy, and leaves
// as four TMA stores of 64x64 boxes in one bulk group, not waited for (or,
// where TMA cannot store C, by the threads: tile-to-wgmma-c-any-alignment).
// COOP-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// COOP: cp.async.bulk.wait_group.read 0;
// COOP-NEXT: $L__
// COOP: bar.sync %r{{[0-9]+}}, 128;
// COOP-NEXT: cvt.rn.f16x2.f32
// COOP-COUNT-16: stmatrix.sync.aligned.m8n8.x4.shared.b16
// COOP-NEXT: fence.proxy.async.shared::cta;
// COOP-NEXT: bar.sync %r{{[0-9]+}}, 128;
// COOP: cp.async.bulk.commit_group;
// COOP-NOT: stmatrix
// COOP: cp.async.bulk.wait_group.read 0;
// COOP-NEXT: $L__
// COOP-NEXT: ret;
// COOP-NOT: mbarrier.arrive.shared.b64 %rd

// Pingpong: a whole 128-row tile per warpgroup (two m64 wgmmas per k16),
// the other warpgroup's turn passed by a plain arrive on the ordered
// barrier, named barrier 1 + wg over 128 threads.
// PP: mbarrier.try_wait.parity.shared.b64
// PP128-COUNT-8: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// PP192-COUNT-8: wgmma.mma_async.sync.aligned.m64n192k16.f32.bf16.bf16
// PP: mbarrier.arrive.shared.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}];
// PP: wgmma.wait_group.sync.aligned 0;
// PP: bar.sync %r{{[0-9]+}}, 128;
// PP192: cvt.rn.bf16x2.f32
// PP: stmatrix.sync.aligned.m8n8.x4.shared.b16
// PP: bar.sync %r{{[0-9]+}}, 128;
// PP: cp.async.bulk.commit_group;
// PP-NOT: bar.sync 0;
// Two turns passed per tile: mainloop and epilogue.
// ARRIVES: 2

// Clusters of two: a cluster barrier after the barriers' initialisation and
// before exit; the producer multicasts its half of B to both blocks; each
// consumer warpgroup releases stages on both blocks' barriers.
// CLUSTER: .maxntid 384, 1, 1
// CLUSTER: fence.mbarrier_init.release.cluster;
// CLUSTER-NOT: bar.sync 0;
// CLUSTER: barrier.cluster.arrive;
// CLUSTER-NEXT: barrier.cluster.wait;
// CLUSTER: %cluster_ctarank
// CLUSTER: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster
// CLUSTER: mapa.shared::cluster.u64 %rd[[R:[0-9]+]],
// CLUSTER: @%p{{[0-9]+}} mbarrier.arrive.shared::cluster.b64 _, [%rd[[R]]];
// CLUSTER: barrier.cluster.arrive;
// CLUSTER-NEXT: barrier.cluster.wait;
// CLUSTER-NEXT: ret;
// CLJSON: "cluster_m": 2,
// CLJSON: "dynamic_shared_memory_bytes": 214144,
// CLJSON: "order": "serpentine",

// JSON: "cluster_m": 1,
// JSON: "dynamic_shared_memory_bytes": 214016,
// JSON: "threads_per_block": 384,
// JSON: "warp_specialize": "cooperative"
// PPJSON: "dynamic_shared_memory_bytes": 197632,
// PPJSON: "threads_per_block": 384,
// PPJSON: "warp_specialize": "pingpong"

// PTXAS-NOT: warning
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: warning
