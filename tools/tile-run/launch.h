//===- launch.h - One bundle's kernel on the GPU ----------------*- C++ -*-===//
//
// What tile-run shows of a kernel the runtime loads, plans and launches:
// its configuration, resources and occupancy, its grid, and a launch that
// every round times again.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_LAUNCH_H
#define TILE_RUN_LAUNCH_H

#include "check.h"
#include "gpu.h"
#include "occupancy.h"
#include "options.h"
#include "problem.h"
#include "timing.h"
#include "tile_runtime.h"

#include <cstdint>
#include <functional>
#include <memory>

namespace tilerun {

// What one kernel gave: resources, occupancy, plan, check and, once every
// round ran, its timing.
struct KernelResult {
  const tile_rt_bundle *kernel = nullptr;
  tile_rt_bundle_info info{};
  tile_rt_kernel_info resources{};
  KernelUsage usage;
  Occupancy occ;
  std::shared_ptr<tile_rt_plan> plan;
  tile_rt_plan_info planInfo{};
  int64_t programsPerSM = 0;
  double wavesPerSM = 0;
  Check check;
  // Its launch, kept until every round is timed.
  Timed timed;
};

// The runtime's plan of `p` on `kernel` (a kernel bundle, or a dispatch
// manifest that picks one), ended with the runtime's message when refused.
std::shared_ptr<tile_rt_plan> makePlan(const tile_rt_bundle *kernel,
                                       const Problem &p,
                                       const tile_rt_device *device);

// "== kernel (manifest) ==", the bundle's configuration and types, and a
// note when it targets another chip than this GPU.
void printBundle(const Gpu &gpu, const tile_rt_bundle_info &info);

// Loads the kernel through the runtime, prints its resources and explains
// its occupancy next to the driver's figure; ends the run when the GPU
// cannot run it.
void loadKernel(const Gpu &gpu, KernelResult &res);

// Plans the problem with this GPU's grid (res.plan, res.planInfo) and
// prints the launch; programsPerSM sizes a persistent grid (0: the driver's
// occupancy figure).
void planKernel(const Gpu &gpu, int64_t programsPerSM, const Problem &p,
                KernelResult &res);

// The launch of res.plan on `buffers`; it outlives the caller (every round
// times it again) and ends the run if the runtime refuses it.
std::function<void()> makeLaunch(const Gpu &gpu, const KernelResult &res,
                                 const tile_rt_buffers &buffers);

} // namespace tilerun

#endif // TILE_RUN_LAUNCH_H
