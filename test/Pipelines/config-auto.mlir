// --tile-to-ptx="config=auto": one bundle folder with a compiled kernel per
// family member (their own manifests, all TMA + wgmma on sm_90a) and
// <kernel>.json, the dispatch manifest tile-run resolves per shape
// (test/tile-run/dispatch.test). A block option beside it is refused: the
// family sets the block.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="config=auto mma=sync" --tile-bundle=%t/refused -o /dev/null 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not tile-opt %examples/matmul_f16.mlir --tile-to-ptx="chip=sm_90a config=auto" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not ls %t/refused
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="config=auto index-bitwidth=32" --tile-bundle=%t/auto -o /dev/null
// RUN: ls %t/auto | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=DISPATCH < %t/auto/matmul_f16.json
// RUN: FileCheck %s --check-prefix=M64 < %t/auto/matmul_f16__m64.json
// RUN: FileCheck %s --check-prefix=BIG < %t/auto/matmul_f16__big.json
// RUN: FileCheck %s --check-prefix=SMALL < %t/auto/matmul_f16__small.json
// RUN: FileCheck %s --check-prefix=SPLIT < %t/auto/matmul_f16__split.json
// RUN: %ptxas -arch=sm_90a -v %t/auto/matmul_f16__split.ptx -o %t/split.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: FileCheck %s --check-prefix=SPLITPTX < %t/auto/matmul_f16__split.ptx
// RUN: %ptxas -arch=sm_90a -v %t/auto/matmul_f16__m64.ptx -o %t/m64.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: for m in m64k m64w m64wk midk midws w192 m64n192 n192k; do %ptxas -arch=sm_90a -v %t/auto/matmul_f16__$m.ptx -o %t/$m.cubin 2>&1; done | FileCheck %s --check-prefix=PTXAS8
// RUN: %ptxas -arch=sm_90a -v %t/auto/matmul_f16__small.ptx -o %t/small.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %ptxas -arch=sm_90a -v %t/auto/matmul_f16__mid.ptx -o %t/mid.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %ptxas -arch=sm_90a -v %t/auto/matmul_f16__big.ptx -o %t/big.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// REFUSED: error: tile-to-ptx: config=auto picks the block itself and would ignore mma; pass config=manual to set it
// CHIP: error: tile-to-ptx: config=auto picks the block itself and would ignore chip; pass config=manual to set it
// The option list in --help names the block options.
// RUN: tile-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --config=<value> - Block configuration: manual (the block options: schedule, block-m, block-n, block-k, num-warps, num-stages, order, group-m, mma, warp-specialize, cluster-m, split-k, swap-ab, l2-promotion, chip) or auto
// HELP-SAME: it refuses the block options and reads the file options: tune-cache, calibration)

// FILES: matmul_f16.json
// FILES-NEXT: matmul_f16__big.json
// FILES-NEXT: matmul_f16__big.ptx
// FILES-NEXT: matmul_f16__m64.json
// FILES-NEXT: matmul_f16__m64.ptx
// FILES-NEXT: matmul_f16__m64k.json
// FILES-NEXT: matmul_f16__m64k.ptx
// FILES-NEXT: matmul_f16__m64n192.json
// FILES-NEXT: matmul_f16__m64n192.ptx
// FILES-NEXT: matmul_f16__m64w.json
// FILES-NEXT: matmul_f16__m64w.ptx
// FILES-NEXT: matmul_f16__m64wk.json
// FILES-NEXT: matmul_f16__m64wk.ptx
// FILES-NEXT: matmul_f16__mid.json
// FILES-NEXT: matmul_f16__mid.ptx
// FILES-NEXT: matmul_f16__midk.json
// FILES-NEXT: matmul_f16__midk.ptx
// FILES-NEXT: matmul_f16__midws.json
// FILES-NEXT: matmul_f16__midws.ptx
// FILES-NEXT: matmul_f16__n192k.json
// FILES-NEXT: matmul_f16__n192k.ptx
// FILES-NEXT: matmul_f16__small.json
// FILES-NEXT: matmul_f16__small.ptx
// FILES-NEXT: matmul_f16__split.json
// FILES-NEXT: matmul_f16__split.ptx
// FILES-NEXT: matmul_f16__w192.json
// FILES-NEXT: matmul_f16__w192.ptx
// FILES-NOT: {{.}}

// DISPATCH: "dispatch": [
// Each rule holds the cost model's SMs and coefficients (data/sm_90a.json);
// a member whose splits meet in a cluster also the blocks resident per cluster size.
// DISPATCH: "bundle": "matmul_f16__split.json",
// DISPATCH-NEXT: "cluster_slots": [
// DISPATCH-NEXT: 132,
// DISPATCH: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__m64k.json",
// DISPATCH-NEXT: "cluster_slots": [
// DISPATCH-NEXT: 132,
// DISPATCH: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__m64.json",
// DISPATCH-NEXT: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__m64w.json",
// DISPATCH-NEXT: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__m64wk.json",
// DISPATCH-NEXT: "cluster_slots": [
// DISPATCH-NEXT: 132,
// DISPATCH: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__small.json",
// DISPATCH-NEXT: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__midk.json",
// DISPATCH-NEXT: "cluster_slots": [
// DISPATCH-NEXT: 132,
// DISPATCH: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__mid.json",
// DISPATCH-NEXT: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__midws.json",
// DISPATCH-NEXT: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__w192.json",
// DISPATCH-NEXT: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__big.json",
// DISPATCH-NEXT: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__m64n192.json",
// DISPATCH-NEXT: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "bundle": "matmul_f16__n192k.json",
// DISPATCH-NEXT: "cluster_slots": [
// DISPATCH-NEXT: 132,
// DISPATCH: "cost": [
// DISPATCH-NEXT: 132,
// DISPATCH: "kernel": "matmul_f16"

// M64: "block_m": 64,
// M64: "kernel": "matmul_f16__m64",
// M64: "mma": "wgmma",
// M64: "schedule": "persistent",
// BIG: "kernel": "matmul_f16__big",
// BIG: "order": "serpentine",
// BIG: "warp_specialize": "cooperative"
// The smallest tiles with a producer warpgroup beside their one consumer.
// SMALL: "kernel": "matmul_f16__small",
// SMALL: "num_warps": 4,
// SMALL: "threads_per_block": 256,
// SMALL: "warp_specialize": "cooperative"
// The split-K member adds its 2 or 4 programs' partial sums in a cluster:
// no workspace parameter, the launch's splits from the grid.
// SPLIT: "name": "tma_c",
// SPLIT-NOT: "workspace
// SPLIT: "schedule": "tiled",
// SPLIT: "split_k": 4,
// SPLIT: "splits": "cluster",
// SPLIT-NOT: "workspace
// The partial over the ring, a cluster barrier, the peers' partials 16
// bytes at a time through distributed shared memory, a barrier before exit.
// SPLITPTX: .param .align 64 .b8 matmul_f16__split_param_15[128]
// SPLITPTX-NOT: matmul_f16__split_param_16
// SPLITPTX: st.shared.v2.b32
// SPLITPTX: barrier.cluster.arrive;
// SPLITPTX-NEXT: barrier.cluster.wait;
// SPLITPTX: mapa.shared::cluster.u64
// SPLITPTX: ld.shared::cluster.v4.b32
// SPLITPTX: barrier.cluster.arrive;
// SPLITPTX-NEXT: barrier.cluster.wait;
// SPLITPTX-NOT: atom.global

// PTXAS: 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: warning
// The other eight members, each without spills or warnings.
// PTXAS8-COUNT-8: 0 bytes spill stores, 0 bytes spill loads
// PTXAS8-NOT: {{warning|[1-9][0-9]* bytes spill}}
