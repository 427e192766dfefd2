//===- gpu.h - The device, its context and its memory -----------*- C++ -*-===//
//
// The one GPU a run uses: device 0's primary context (the one cuBLAS picks
// up through its runtime), a stream, the limits the occupancy report needs,
// and NVML for its clocks. Everything here needs a GPU, so nothing in it is
// called before the command line and the bundles have been checked.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_GPU_H
#define TILE_RUN_GPU_H

#include "gpu_state.h"
#include "occupancy.h"
#include "tile_runtime.h"
#include "tile_runtime_driver.h"

#include <cstddef>
#include <string>

namespace tilerun {

struct Gpu {
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  std::string name;
  int driverVersion = 0;
  size_t totalMemory = 0;
  int l2Bytes = 0;
  DeviceLimits limits;
  GpuMonitor monitor;
};

// Opens the driver and device 0, or ends the run with "no CUDA GPU
// available (why)".
Gpu initGpu();

// Destroys the stream and releases the primary context.
void releaseGpu(Gpu &gpu);

// `bytes` of device memory; `what` names them when there is not enough.
CUdeviceptr allocDevice(size_t bytes, const char *what);

// Fills C with NaN so a kernel that skips some outputs cannot pass.
void poison(CUdeviceptr ptr, tile_rt_dtype type, size_t count);

// A device buffer, zeroed when allocated, that only grows: a split-K
// kernel's workspace, which must be zero before the kernel's first launch
// and which the kernel leaves ready for its next launch, so one buffer
// serves all its launches that fit in it; also a staged kernel's padded
// copies of A, B and C.
struct ZeroedBuffer {
  CUdeviceptr ptr = 0;
  size_t bytes = 0;
};

// Makes `buf` hold at least `bytes` zeros, reallocating it when it is
// smaller (no launch may still use the old one).
void reserveZeroed(ZeroedBuffer &buf, size_t bytes, const char *what);
void freeZeroed(ZeroedBuffer &buf);

} // namespace tilerun

#endif // TILE_RUN_GPU_H
