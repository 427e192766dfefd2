// tile-grid-constants: after convert-gpu-to-nvvm, the four tensor-map
// parameters of a wgmma kernel (the last four of KernelABI.h's 16) become
// 128-byte by-value __grid_constant__ parameters; other functions are left
// alone.
// RUN: tile-opt %s -split-input-file --tile-grid-constants | FileCheck %s

// CHECK-LABEL: llvm.func @wgmma_kernel(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}) attributes {nvvm.kernel}
gpu.module @k {
  llvm.func @wgmma_kernel(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr, %m: i64, %n: i64, %k: i64,
                          %s0: i64, %s1: i64, %s2: i64, %s3: i64, %s4: i64, %s5: i64,
                          %ta: !llvm.ptr, %tb: !llvm.ptr, %tc: !llvm.ptr, %tt: !llvm.ptr) attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

// A kernel with the 12 parameters of an mma.sync kernel: unchanged.
// CHECK-LABEL: llvm.func @sync_kernel({{[^{]*}}) attributes {nvvm.kernel}
gpu.module @k {
  llvm.func @sync_kernel(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr, %m: i64, %n: i64, %k: i64,
                         %s0: i64, %s1: i64, %s2: i64, %s3: i64, %s4: i64, %s5: i64) attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

// Not a kernel, though 16 parameters: unchanged.
// CHECK-LABEL: llvm.func @not_a_kernel({{[^{]*}}) {
gpu.module @k {
  llvm.func @not_a_kernel(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr, %m: i64, %n: i64, %k: i64,
                          %s0: i64, %s1: i64, %s2: i64, %s3: i64, %s4: i64, %s5: i64,
                          %ta: !llvm.ptr, %tb: !llvm.ptr, %tc: !llvm.ptr, %tt: !llvm.ptr) {
    llvm.return
  }
}
