// The whole pipeline, checked by assembling its PTX with ptxas (no GPU needed).
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="schedule=tiled block-m=128 block-n=64 block-k=32 num-warps=4 num-stages=1 chip=sm_90" --tile-bundle=%t/s1 -o %t/s1.mlir
// RUN: FileCheck %s --check-prefix=IR < %t/s1.mlir
// RUN: FileCheck %s --check-prefixes=PTX,PTX1 < %t/s1/matmul_f16.ptx
// RUN: %ptxas -arch=sm_90 -v %t/s1/matmul_f16.ptx -o %t/s1.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL
// RUN: tile-opt %examples/matmul_f16.mlir --tile-to-ptx="num-stages=3" --tile-bundle=%t/s3 -o /dev/null
// RUN: FileCheck %s --check-prefixes=PTX,PTX3 < %t/s3/matmul_f16.ptx
// RUN: %ptxas -arch=sm_90 -v %t/s3/matmul_f16.ptx -o %t/s3.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL
// RUN: tile-opt %examples/matmul_bf16.mlir --tile-to-ptx="schedule=persistent order=grouped num-stages=4" --tile-bundle=%t/bf -o /dev/null
// RUN: FileCheck %s --check-prefixes=BF16 < %t/bf/matmul_bf16.ptx
// RUN: %ptxas -arch=sm_90 -v %t/bf/matmul_bf16.ptx -o %t/bf.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL
// RUN: tile-opt %examples/matmul_f16_nt.mlir --tile-to-ptx --tile-bundle=%t/nt -o /dev/null
// RUN: %ptxas -arch=sm_90 -v %t/nt/matmul_f16_nt.ptx -o %t/nt.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL

// IR: module attributes {gpu.container_module, tile.manifests = {matmul_f16 = {
// IR: gpu.binary @matmul_f16_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "

// PTX: .target sm_90
// PTX: .entry matmul_f16(
// PTX-COUNT-3: .param .u64 .ptr .align 1 matmul_f16_param_{{[0-9]+}},
// PTX-COUNT-8: .param .u64 matmul_f16_param_{{[0-9]+}},
// PTX-NEXT: .param .u64 matmul_f16_param_11
// PTX: .maxntid 128, 1, 1
// PTX: cp.async.cg.shared.global [%{{.*}}], [%{{.*}}], 16, %{{.*}};
// PTX: cp.async.commit_group;
// PTX1: cp.async.wait_group 0;
// PTX3: cp.async.wait_group 1;
// PTX3: cp.async.wait_group 0;
// PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PTX: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

// BF16: .entry matmul_bf16(
// BF16: cp.async.wait_group 2;
// BF16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// BF16: cvt.rn.bf16.f32

// NOSPILL: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
