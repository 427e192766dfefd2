//===- gpu.cpp - The device, its context and its memory -------------------===//

#include "gpu.h"
#include "errors.h"

namespace tilerun {

namespace {

int deviceAttribute(CUdevice dev, CUdevice_attribute attr) {
  int value = 0;
  CU_CHECK(cuDeviceGetAttribute, &value, attr, dev);
  return value;
}

} // namespace

Gpu initGpu() {
  std::string why;
  if (!loadDriver(why))
    die(kExitError, "no CUDA GPU available (%s)", why.c_str());
  CUresult r = cu().cuInit(0);
  if (r != CUDA_SUCCESS)
    die(kExitError, "no CUDA GPU available (cuInit: %s)",
        cuErrorText(r).c_str());
  int count = 0;
  r = cu().cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS || count < 1)
    die(kExitError, "no CUDA GPU available (cuDeviceGetCount: %s)",
        r != CUDA_SUCCESS ? cuErrorText(r).c_str() : "0 devices");

  Gpu gpu;
  CU_CHECK(cuDeviceGet, &gpu.device, 0);
  char name[256] = {0};
  CU_CHECK(cuDeviceGetName, name, sizeof(name) - 1, gpu.device);
  gpu.name = name;
  CU_CHECK(cuDriverGetVersion, &gpu.driverVersion);
  CU_CHECK(cuDeviceTotalMem, &gpu.totalMemory, gpu.device);
  char busId[32] = {0};
  CU_CHECK(cuDeviceGetPCIBusId, busId, sizeof(busId) - 1, gpu.device);
  gpu.monitor.open(busId);
  // The primary context is the one cuBLAS (through its runtime) picks up.
  CU_CHECK(cuDevicePrimaryCtxRetain, &gpu.context, gpu.device);
  CU_CHECK(cuCtxSetCurrent, gpu.context);
  CU_CHECK(cuStreamCreate, &gpu.stream, CU_STREAM_DEFAULT);

  DeviceLimits &d = gpu.limits;
  auto attr = [&](CUdevice_attribute a) {
    return deviceAttribute(gpu.device, a);
  };
  d.ccMajor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  d.ccMinor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  d.smCount = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  d.warpSize = attr(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  d.maxThreadsPerSM = attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  d.maxBlocksPerSM = attr(CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
  d.regsPerSM = attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
  d.regsPerBlock = attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK);
  d.sharedPerSM =
      attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
  d.sharedPerBlockOptin =
      attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  d.reservedSharedPerBlock =
      attr(CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK);
  gpu.l2Bytes = attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  return gpu;
}

CUdeviceptr allocDevice(size_t bytes, const char *what) {
  CUdeviceptr ptr = 0;
  CUresult r = cu().cuMemAlloc(&ptr, bytes);
  if (r != CUDA_SUCCESS)
    die(kExitError, "out of GPU memory allocating %zu bytes for %s (%s)", bytes,
        what, cuErrorText(r).c_str());
  return ptr;
}

void reserveZeroed(ZeroedBuffer &buf, size_t bytes, const char *what) {
  if (bytes <= buf.bytes)
    return;
  freeZeroed(buf);
  buf.ptr = allocDevice(bytes, what);
  buf.bytes = bytes;
  // On the legacy default stream, which the run's blocking stream waits for.
  CU_CHECK(cuMemsetD8, buf.ptr, 0, bytes);
}

void freeZeroed(ZeroedBuffer &buf) {
  if (buf.ptr)
    CU_CHECK(cuMemFree, buf.ptr);
  buf = ZeroedBuffer();
}

void releaseGpu(Gpu &gpu) {
  CU_CHECK(cuStreamDestroy, gpu.stream);
  CU_CHECK(cuDevicePrimaryCtxRelease, gpu.device);
}

void poison(CUdeviceptr ptr, tile_rt_dtype type, size_t count) {
  switch (type) {
  case TILE_RT_F16:
    CU_CHECK(cuMemsetD16, ptr, 0x7E00, count);
    break;
  case TILE_RT_BF16:
    CU_CHECK(cuMemsetD16, ptr, 0x7FC0, count);
    break;
  case TILE_RT_F32:
    CU_CHECK(cuMemsetD32, ptr, 0x7FC00000u, count);
    break;
  }
}

} // namespace tilerun
