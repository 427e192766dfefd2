//===- occupancy.cpp - Explain how many blocks fit on an SM ---------------===//

#include "occupancy.h"

#include <algorithm>
#include <climits>

namespace tilerun {

static int64_t roundUp(int64_t x, int64_t to) { return (x + to - 1) / to * to; }

Occupancy computeOccupancy(const DeviceLimits &dev, const KernelUsage &use) {
  Occupancy occ;
  const int warpSize = dev.warpSize > 0 ? dev.warpSize : 32;
  occ.warpsPerBlock = (use.threadsPerBlock + warpSize - 1) / warpSize;
  occ.maxWarpsPerSM = dev.maxThreadsPerSM / warpSize;

  // Registers are handed to warps in chunks of 256, separately in each of
  // the SM's four sub-partitions (two on sm_60), so a warp can not use the
  // leftovers of another sub-partition.
  const int regGranularity = 256;
  const int subPartitions = (dev.ccMajor == 6 && dev.ccMinor == 0) ? 2 : 4;
  occ.regsPerWarp = static_cast<int>(
      roundUp(int64_t(use.regsPerThread) * warpSize, regGranularity));
  if (occ.regsPerWarp == 0) {
    occ.limitRegisters = INT_MAX;
  } else {
    // The hardware checks the per-block register file as if warps were
    // spread over all sub-partitions.
    int64_t assumedPerBlock =
        int64_t(occ.regsPerWarp) * roundUp(occ.warpsPerBlock, subPartitions);
    const int maxRegsPerThread = dev.ccMajor >= 7 ? 256 : 255;
    if (assumedPerBlock > dev.regsPerBlock ||
        use.regsPerThread > maxRegsPerThread) {
      occ.limitRegisters = 0;
    } else {
      int warpsPerSub = (dev.regsPerSM / subPartitions) / occ.regsPerWarp;
      occ.limitRegisters = warpsPerSub * subPartitions / occ.warpsPerBlock;
    }
  }

  // Shared memory is allocated per block in 128-byte units (256 before
  // sm_80), and the driver reserves a little for itself in every block.
  occ.sharedGranularity = dev.ccMajor >= 8 ? 128 : 256;
  int64_t sharedUsed =
      use.staticShared + use.dynamicShared + dev.reservedSharedPerBlock;
  occ.sharedPerBlock = roundUp(sharedUsed, occ.sharedGranularity);
  if (occ.sharedPerBlock == 0)
    occ.limitShared = INT_MAX;
  else if (use.staticShared + use.dynamicShared > dev.sharedPerBlockOptin)
    occ.limitShared = 0;
  else
    occ.limitShared = static_cast<int>(dev.sharedPerSM / occ.sharedPerBlock);

  occ.limitWarps =
      occ.warpsPerBlock ? occ.maxWarpsPerSM / occ.warpsPerBlock : INT_MAX;
  occ.limitBlocks = dev.maxBlocksPerSM;

  // Report the first binding limit in ncu's order.
  occ.blocksPerSM = occ.limitRegisters;
  occ.limiter = "registers";
  if (occ.limitShared < occ.blocksPerSM) {
    occ.blocksPerSM = occ.limitShared;
    occ.limiter = "shared memory";
  }
  if (occ.limitWarps < occ.blocksPerSM) {
    occ.blocksPerSM = occ.limitWarps;
    occ.limiter = "warps";
  }
  if (occ.limitBlocks < occ.blocksPerSM) {
    occ.blocksPerSM = occ.limitBlocks;
    occ.limiter = "the SM's block cap";
  }
  occ.theoreticalPct =
      occ.maxWarpsPerSM
          ? 100.0 * occ.blocksPerSM * occ.warpsPerBlock / occ.maxWarpsPerSM
          : 0.0;
  return occ;
}

static std::string limitText(int limit) {
  return limit == INT_MAX ? std::string("unlimited") : std::to_string(limit);
}

void printOccupancy(FILE *out, const DeviceLimits &dev, const KernelUsage &use,
                    const Occupancy &occ, int driverBlocks) {
  std::fprintf(out,
               "occupancy:\n"
               "  per SM: %d threads (%d warps), %d blocks, %d registers, "
               "%lld B shared; %lld B shared reserved per block\n",
               dev.maxThreadsPerSM, occ.maxWarpsPerSM, dev.maxBlocksPerSM,
               dev.regsPerSM, static_cast<long long>(dev.sharedPerSM),
               static_cast<long long>(dev.reservedSharedPerBlock));
  std::fprintf(out,
               "  per block: %d threads (%d warps), %d regs/thread -> %d "
               "regs/warp allocated, %lld B shared allocated (%lld static + "
               "%lld dynamic + %lld reserved, in %d B units)\n",
               use.threadsPerBlock, occ.warpsPerBlock, use.regsPerThread,
               occ.regsPerWarp, static_cast<long long>(occ.sharedPerBlock),
               static_cast<long long>(use.staticShared),
               static_cast<long long>(use.dynamicShared),
               static_cast<long long>(dev.reservedSharedPerBlock),
               occ.sharedGranularity);
  std::fprintf(out, "  block limit, registers:     %s\n",
               limitText(occ.limitRegisters).c_str());
  std::fprintf(out, "  block limit, shared memory: %s\n",
               limitText(occ.limitShared).c_str());
  std::fprintf(out, "  block limit, warps:         %s\n",
               limitText(occ.limitWarps).c_str());
  std::fprintf(out, "  block limit, SM:            %s\n",
               limitText(occ.limitBlocks).c_str());
  std::fprintf(out,
               "  theoretical: %d blocks/SM (limited by %s), %d of %d warps = "
               "%.1f%% occupancy\n",
               occ.blocksPerSM, occ.limiter,
               occ.blocksPerSM * occ.warpsPerBlock, occ.maxWarpsPerSM,
               occ.theoreticalPct);
  std::fprintf(out,
               "  driver (cuOccupancyMaxActiveBlocksPerMultiprocessor): "
               "%d blocks/SM%s\n",
               driverBlocks,
               driverBlocks == occ.blocksPerSM ? "" : "  [differs from above]");
}

} // namespace tilerun
