//===- gpu_state.cpp - SM clock, power and temperature through NVML -------===//

#include "gpu_state.h"

#include <cstdio>
#include <dlfcn.h>

namespace tilerun {

namespace {

// The few NVML entry points used, declared from nvml.h's stable C ABI (the
// header is not part of every CUDA toolkit install).
using NvmlReturn = int; // nvmlReturn_t; 0 is NVML_SUCCESS
using NvmlDevice = void *;
constexpr int kClockSM = 1, kClockMem = 2; // nvmlClockType_t
constexpr int kTemperatureGpu = 0;         // nvmlTemperatureSensors_t

struct Nvml {
  NvmlReturn (*init)() = nullptr;
  const char *(*errorString)(NvmlReturn) = nullptr;
  NvmlReturn (*byPciBusId)(const char *, NvmlDevice *) = nullptr;
  NvmlReturn (*clockInfo)(NvmlDevice, int, unsigned *) = nullptr;
  NvmlReturn (*powerUsage)(NvmlDevice, unsigned *) = nullptr;
  NvmlReturn (*temperature)(NvmlDevice, int, unsigned *) = nullptr;
  NvmlReturn (*eventReasons)(NvmlDevice, unsigned long long *) = nullptr;
};

Nvml gNvml;

template <typename F> bool resolve(void *lib, const char *name, F &out) {
  out = reinterpret_cast<F>(dlsym(lib, name));
  return out != nullptr;
}

} // namespace

void GpuMonitor::open(const std::string &pciBusId) {
  void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *e = dlerror();
    why_ = std::string("cannot load libnvidia-ml.so.1: ") + (e ? e : "?");
    return;
  }
  Nvml &n = gNvml;
  if (!resolve(lib, "nvmlInit_v2", n.init) ||
      !resolve(lib, "nvmlErrorString", n.errorString) ||
      !resolve(lib, "nvmlDeviceGetHandleByPciBusId_v2", n.byPciBusId) ||
      !resolve(lib, "nvmlDeviceGetClockInfo", n.clockInfo) ||
      !resolve(lib, "nvmlDeviceGetPowerUsage", n.powerUsage) ||
      !resolve(lib, "nvmlDeviceGetTemperature", n.temperature)) {
    why_ = "libnvidia-ml.so.1 lacks an entry point tile-run needs";
    return;
  }
  // Renamed in NVML 12.x; older drivers have only the first name.
  if (!resolve(lib, "nvmlDeviceGetCurrentClocksEventReasons", n.eventReasons))
    resolve(lib, "nvmlDeviceGetCurrentClocksThrottleReasons", n.eventReasons);
  NvmlReturn r = n.init();
  if (r == 0) {
    NvmlDevice dev = nullptr;
    r = n.byPciBusId(pciBusId.c_str(), &dev);
    if (r == 0) {
      device_ = dev;
      return;
    }
  }
  why_ = std::string("NVML: ") + n.errorString(r);
}

GpuState GpuMonitor::read() const {
  GpuState s;
  if (!device_)
    return s;
  const Nvml &n = gNvml;
  unsigned milliwatts = 0;
  unsigned long long reasons = 0;
  s.valid = n.clockInfo(device_, kClockSM, &s.smClockMHz) == 0 &&
            n.clockInfo(device_, kClockMem, &s.memClockMHz) == 0 &&
            n.powerUsage(device_, &milliwatts) == 0 &&
            n.temperature(device_, kTemperatureGpu, &s.temperatureC) == 0;
  s.powerW = milliwatts / 1000.0;
  if (n.eventReasons && n.eventReasons(device_, &reasons) == 0)
    s.clockEventReasons = reasons;
  return s;
}

std::string describe(const GpuState &s) {
  if (!s.valid)
    return "no reading";
  char buf[128];
  std::snprintf(buf, sizeof(buf),
                "SM %u MHz, mem %u MHz, %.0f W, %u C, clock events 0x%llx",
                s.smClockMHz, s.memClockMHz, s.powerW, s.temperatureC,
                static_cast<unsigned long long>(s.clockEventReasons));
  return buf;
}

} // namespace tilerun
