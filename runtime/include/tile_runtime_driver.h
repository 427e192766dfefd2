//===- tile_runtime_driver.h - CUDA driver API loaded at run time -*- C++
//-*-===//
//
// The runtime opens libcuda.so.1 with dlopen instead of linking it, so that
// it, and every program built on it, loads on machines without an NVIDIA
// driver and can still read, check and plan bundles there (that is how their
// tests run in CI). C++ tools on the runtime (tile-run) call the driver
// through this same table.
//
// cuda.h maps many names to versioned entry points (cuMemAlloc ->
// cuMemAlloc_v2). The table below is spelled with the plain names; the
// macros turn both the member names and the dlsym strings into the
// versioned ones, so calls look like `cu().cuMemAlloc(...)`.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_DRIVER_H
#define TILE_RUNTIME_DRIVER_H

#include <cuda.h>

#include <string>

namespace tilert {

#define TILE_RT_DRIVER_FUNCTIONS(X)                                            \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuInit)                                                                    \
  X(cuDriverGetVersion)                                                        \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDeviceTotalMem)                                                          \
  X(cuDeviceGetPCIBusId)                                                       \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuDevicePrimaryCtxRelease)                                                 \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuCtxGetDevice)                                                            \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleGetFunction)                                                       \
  X(cuModuleUnload)                                                            \
  X(cuFuncGetAttribute)                                                        \
  X(cuFuncSetAttribute)                                                        \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor)                               \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemcpy2DAsync)                                                           \
  X(cuMemsetD8)                                                                \
  X(cuMemsetD16)                                                               \
  X(cuMemsetD32)                                                               \
  X(cuMemsetD32Async)                                                          \
  X(cuStreamCreate)                                                            \
  X(cuStreamDestroy)                                                           \
  X(cuStreamSynchronize)                                                       \
  X(cuEventCreate)                                                             \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventElapsedTime)                                                        \
  X(cuEventDestroy)                                                            \
  X(cuLaunchKernel)                                                            \
  X(cuLaunchKernelEx)                                                          \
  X(cuOccupancyMaxActiveClusters)                                              \
  X(cuTensorMapEncodeTiled)

struct DriverApi {
#define TILE_RT_DECLARE(fn) decltype(&::fn) fn = nullptr;
  TILE_RT_DRIVER_FUNCTIONS(TILE_RT_DECLARE)
#undef TILE_RT_DECLARE
};

// Opens libcuda.so.1 and resolves every entry point, once (safe to race). On
// failure returns false with `error` saying what was missing; no CUDA call
// has been made then.
bool loadDriver(std::string &error);

// The loaded table; only valid after loadDriver() succeeded.
const DriverApi &cu();

// "CUDA_ERROR_OUT_OF_MEMORY: out of memory"; safe for any result value.
std::string cuErrorText(CUresult result);

} // namespace tilert

#endif // TILE_RUNTIME_DRIVER_H
