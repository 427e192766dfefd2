//===- occupancy.h - Explain how many blocks fit on an SM -------*- C++ -*-===//
//
// Mirrors the per-resource limits that Nsight Compute's Occupancy section
// shows (the rules of CUDA's cuda_occupancy.h), so a slow kernel's report
// says *why* only so many blocks are resident: registers, shared memory,
// warps, or the SM's block cap.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_OCCUPANCY_H
#define TILE_RUN_OCCUPANCY_H

#include <cstdint>
#include <cstdio>
#include <string>

namespace tilerun {

struct DeviceLimits {
  int ccMajor = 0, ccMinor = 0;
  int smCount = 0;
  int warpSize = 32;
  int maxThreadsPerSM = 0;
  int maxBlocksPerSM = 0;
  int regsPerSM = 0;
  int regsPerBlock = 0;
  int64_t sharedPerSM = 0;
  int64_t sharedPerBlockOptin = 0;
  int64_t reservedSharedPerBlock = 0;
};

struct KernelUsage {
  int regsPerThread = 0;
  int64_t staticShared = 0;
  int64_t dynamicShared = 0;
  int threadsPerBlock = 0;
};

struct Occupancy {
  int warpsPerBlock = 0;
  int regsPerWarp = 0;        // after rounding to the allocation granularity
  int64_t sharedPerBlock = 0; // static + dynamic + reserved, rounded
  int sharedGranularity = 128;
  int limitRegisters = 0;
  int limitShared = 0;
  int limitWarps = 0;
  int limitBlocks = 0;
  int blocksPerSM = 0; // min of the four limits
  const char *limiter = "";
  int maxWarpsPerSM = 0;
  double theoreticalPct = 0;
};

Occupancy computeOccupancy(const DeviceLimits &dev, const KernelUsage &use);

// Multi-line explanation; `driverBlocks` is what the driver's occupancy
// query said, printed next to our own figure so a disagreement is visible.
void printOccupancy(FILE *out, const DeviceLimits &dev, const KernelUsage &use,
                    const Occupancy &occ, int driverBlocks);

} // namespace tilerun

#endif // TILE_RUN_OCCUPANCY_H
