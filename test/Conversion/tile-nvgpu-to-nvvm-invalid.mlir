// tile-nvgpu-to-nvvm refuses warpgroup MMAs and TMA in a module whose
// target is not sm_90a (their NVVM ops would fail to verify); the same
// module for sm_90a converts.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-nvgpu-to-nvvm | FileCheck %s

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>

// expected-error @+1 {{tile-nvgpu-to-nvvm: warpgroup MMAs and TMA need chip sm_90a; this module's target is sm_80}}
gpu.module @k [#nvvm.target<chip = "sm_80">] {
  gpu.func @prefetch(%d: !map) kernel {
    nvgpu.tma.prefetch.descriptor %d : !map
    gpu.return
  }
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>

// CHECK-LABEL: gpu.func @prefetch(
// CHECK: nvvm.prefetch
gpu.module @k [#nvvm.target<chip = "sm_90a">] {
  gpu.func @prefetch(%d: !map) kernel {
    nvgpu.tma.prefetch.descriptor %d : !map
    gpu.return
  }
}
