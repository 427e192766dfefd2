//===- gpu_state.h - SM clock, power and temperature through NVML -*- C++ -*-=//
//
// Under a power cap a matmul's speed follows the SM clock, so every timing
// run records the clock and board power before and after it. NVML is opened
// with dlopen (libnvidia-ml.so.1 comes with the driver, like libcuda), so
// tile-run still starts without it; the run then says why there is no
// reading instead of failing.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_GPU_STATE_H
#define TILE_RUN_GPU_STATE_H

#include <cstdint>
#include <string>

namespace tilerun {

struct GpuState {
  bool valid = false;
  unsigned smClockMHz = 0, memClockMHz = 0, temperatureC = 0;
  double powerW = 0;
  // NVML's clock event ("throttle") reasons, a bit mask: 0x4 software power
  // cap, 0x20 software thermal slowdown, 0x40 hardware thermal slowdown,
  // 0x80 hardware power brake (nvml.h, nvmlClocksEventReason*).
  uint64_t clockEventReasons = 0;
};

class GpuMonitor {
public:
  // Finds the NVML device with this PCI bus id ("0000:19:00.0", from
  // cuDeviceGetPCIBusId); on failure available() stays false and why() says
  // what went wrong.
  void open(const std::string &pciBusId);
  bool available() const { return device_ != nullptr; }
  const std::string &why() const { return why_; }
  // A reading now; invalid when NVML is not available or a query failed.
  GpuState read() const;

private:
  void *device_ = nullptr;
  std::string why_ = "NVML not opened";
};

// "SM 1980 MHz, mem 3201 MHz, 512 W, 48 C" or "no reading".
std::string describe(const GpuState &s);

} // namespace tilerun

#endif // TILE_RUN_GPU_STATE_H
