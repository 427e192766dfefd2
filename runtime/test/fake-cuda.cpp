//===- fake-cuda.cpp - A libcuda.so.1 that encodes maps and nothing else --===//
//
// For tile-runtime-test --encode on machines without a GPU (a shared
// library named libcuda.so.1, found first on LD_LIBRARY_PATH): every entry
// point the runtime resolves exists, under cuda.h's (versioned) name, and
// fails with CUDA_ERROR_NOT_INITIALIZED; fake-cuda-encode.cpp overrides
// these weak definitions with the calls that succeed.
//
//===----------------------------------------------------------------------===//

#include "tile_runtime_driver.h"

extern "C" CUresult fake_not_initialized() {
  return CUDA_ERROR_NOT_INITIALIZED;
}

#pragma GCC diagnostic ignored "-Wattribute-alias"
#define TILE_RT_FAKE(fn)                                                       \
  extern "C" decltype(fn) fn                                                   \
      __attribute__((weak, alias("fake_not_initialized")));
TILE_RT_DRIVER_FUNCTIONS(TILE_RT_FAKE)
