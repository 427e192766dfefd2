//===- driver.cpp - CUDA driver API loaded at run time --------------------===//

#include "tile_runtime_driver.h"

#include <dlfcn.h>

#include <atomic>
#include <mutex>

namespace tilert {

namespace {
DriverApi gDriver;
// Set once the table is complete; read without the lock.
std::atomic<bool> gLoaded{false};
std::mutex gMutex;
} // namespace

// Two levels so the argument is macro-expanded (cuMemAlloc -> cuMemAlloc_v2)
// before it is turned into the symbol name.
#define TILE_RT_STR2(x) #x
#define TILE_RT_STR(x) TILE_RT_STR2(x)

bool loadDriver(std::string &error) {
  std::lock_guard<std::mutex> lock(gMutex);
  if (gLoaded)
    return true;
  // libcuda.so.1 is the name the driver installs; the unversioned
  // libcuda.so is often only the toolkit's link-time stub.
  void *handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    error = std::string("cannot load libcuda.so.1: ") +
            (why ? why : "unknown reason");
    return false;
  }
  DriverApi api;
#define TILE_RT_RESOLVE(fn)                                                    \
  {                                                                            \
    void *sym = dlsym(handle, TILE_RT_STR(fn));                                \
    if (!sym) {                                                                \
      error = "libcuda.so.1 lacks " TILE_RT_STR(fn) " (driver too old?)";      \
      return false;                                                            \
    }                                                                          \
    api.fn = reinterpret_cast<decltype(api.fn)>(sym);                          \
  }
  TILE_RT_DRIVER_FUNCTIONS(TILE_RT_RESOLVE)
#undef TILE_RT_RESOLVE
  gDriver = api;
  gLoaded = true;
  return true;
}

const DriverApi &cu() { return gDriver; }

std::string cuErrorText(CUresult result) {
  const char *name = nullptr;
  const char *text = nullptr;
  if (gLoaded) {
    if (gDriver.cuGetErrorName(result, &name) != CUDA_SUCCESS)
      name = nullptr;
    if (gDriver.cuGetErrorString(result, &text) != CUDA_SUCCESS)
      text = nullptr;
  }
  // The toolkit's stub library answers nothing, not even error names; name
  // the results one meets at start-up ourselves.
  if (!name) {
    switch (result) {
    case CUDA_ERROR_STUB_LIBRARY:
      name = "CUDA_ERROR_STUB_LIBRARY";
      text = "the toolkit's stub libcuda was loaded, not the driver's";
      break;
    case CUDA_ERROR_NO_DEVICE:
      name = "CUDA_ERROR_NO_DEVICE";
      break;
    case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
      name = "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
      break;
    default:
      break;
    }
  }
  std::string s = name ? name : "CUresult " + std::to_string(int(result));
  if (text)
    s += std::string(": ") + text;
  return s;
}

} // namespace tilert
