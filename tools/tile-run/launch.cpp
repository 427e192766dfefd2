//===- launch.cpp - One bundle's kernel on the GPU ------------------------===//

#include "launch.h"
#include "errors.h"

#include <cstdio>
#include <string>

namespace tilerun {

namespace {

// "sm_90a" -> 90; -1 when the manifest's chip is not in that form.
int chipNumber(const std::string &chip) {
  if (chip.compare(0, 3, "sm_") != 0)
    return -1;
  int value = 0, digits = 0;
  for (size_t i = 3; i < chip.size() && chip[i] >= '0' && chip[i] <= '9'; ++i)
    value = value * 10 + (chip[i] - '0'), ++digits;
  return digits ? value : -1;
}

std::string manifestSummary(const tile_rt_bundle_info &m) {
  std::string s = std::string(m.schedule) + " schedule";
  if (*m.order)
    s += std::string(", order ") + m.order;
  if (m.group_m > 0)
    s += ", group_m " + std::to_string(m.group_m);
  if (m.cluster_m > 1)
    s += ", clusters of " + std::to_string(m.cluster_m);
  if (m.split_k > 1)
    s += ", split_k " + std::to_string(m.split_k) +
         (m.uses_workspace ? " (workspace " +
                                 std::to_string(m.workspace_tile_bytes) +
                                 " B per tile)"
                           : " (in a cluster per tile)");
  s += ", tile " + std::to_string(m.block_m) + "x" + std::to_string(m.block_n) +
       "x" + std::to_string(m.block_k);
  if (m.num_warps > 0)
    s += ", " + std::to_string(m.num_warps) + " warps";
  if (m.num_stages > 0)
    s += ", " + std::to_string(m.num_stages) +
         (m.num_stages == 1 ? " stage" : " stages");
  if (*m.chip)
    s += std::string(", chip ") + m.chip;
  return s;
}

} // namespace

std::shared_ptr<tile_rt_plan> makePlan(const tile_rt_bundle *kernel,
                                       const Problem &p,
                                       const tile_rt_device *device) {
  tile_rt_status status;
  tile_rt_plan *plan = nullptr;
  checkRuntime(tile_rt_plan_create(kernel, &p, device, &plan, &status), status);
  return std::shared_ptr<tile_rt_plan>(plan, tile_rt_plan_free);
}

void printBundle(const Gpu &gpu, const tile_rt_bundle_info &m) {
  std::printf("\n== %s (%s) ==\n", m.kernel, m.path);
  std::printf("bundle: %s\n", manifestSummary(m).c_str());
  std::printf("types: %s x %s -> %s%s%s\n", tile_rt_dtype_name(m.a_type),
              tile_rt_dtype_name(m.b_type), tile_rt_dtype_name(m.c_type),
              *m.acc_type ? ", accumulate " : "", m.acc_type);
  const DeviceLimits &dev = gpu.limits;
  int chip = chipNumber(m.chip);
  if (chip > 0 && chip != dev.ccMajor * 10 + dev.ccMinor)
    std::printf("note: bundle targets %s, this GPU is sm_%d%d\n", m.chip,
                dev.ccMajor, dev.ccMinor);
}

void loadKernel(const Gpu &gpu, KernelResult &res) {
  const tile_rt_bundle_info &m = res.info;
  tile_rt_kernel_info &k = res.resources;
  tile_rt_status status;
  tile_rt_code code = tile_rt_kernel_load(res.kernel, &k, &status);
  if (k.function)
    std::printf("resources: %d regs/thread, %d B local (spill) per thread, "
                "%d B static shared, %lld B dynamic shared, max %d "
                "threads/block, PTX %d.%d, SASS sm_%d\n",
                k.regs, k.local_bytes, k.static_shared,
                static_cast<long long>(m.dynamic_shared_bytes), k.max_threads,
                k.ptx_version / 10, k.ptx_version % 10, k.binary_version);
  checkRuntime(code, status);

  const DeviceLimits &dev = gpu.limits;
  res.usage.regsPerThread = k.regs;
  res.usage.staticShared = k.static_shared;
  res.usage.dynamicShared = m.dynamic_shared_bytes;
  res.usage.threadsPerBlock = static_cast<int>(m.threads_per_block);
  res.occ = computeOccupancy(dev, res.usage);
  printOccupancy(stdout, dev, res.usage, res.occ, k.blocks_per_sm);
  if (m.cluster_m > 1)
    std::printf("clusters: %lld blocks each, %d resident at once\n",
                static_cast<long long>(m.cluster_m), k.max_active_clusters);
}

void planKernel(const Gpu &gpu, int64_t programsPerSM, const Problem &p,
                KernelResult &res) {
  const tile_rt_bundle_info &m = res.info;
  const DeviceLimits &dev = gpu.limits;
  res.programsPerSM =
      programsPerSM ? programsPerSM : res.resources.blocks_per_sm;
  tile_rt_device device{dev.smCount, res.programsPerSM,
                        res.resources.max_active_clusters};
  res.plan = makePlan(res.kernel, p, &device);
  tile_rt_status status;
  checkRuntime(tile_rt_plan_get_info(res.plan.get(), &res.planInfo, &status),
               status);
  const tile_rt_plan_info &plan = res.planInfo;
  res.wavesPerSM = double(plan.grid) /
                   (double(dev.smCount) * double(res.resources.blocks_per_sm));
  char workspace[512];
  tile_rt_plan_text(res.plan.get(), TILE_RT_TEXT_WORKSPACE, workspace,
                    sizeof(workspace));
  std::printf("launch: grid %lld x %lld threads, %lld B dynamic shared; ",
              static_cast<long long>(plan.grid),
              static_cast<long long>(m.threads_per_block),
              static_cast<long long>(m.dynamic_shared_bytes));
  if (m.split_k > 1)
    std::printf("%s", workspace);
  else if (m.persistent &&
           plan.tiles_per_program_min != plan.tiles_per_program_max)
    std::printf("%lld tiles, %lld-%lld per program",
                static_cast<long long>(plan.tiles),
                static_cast<long long>(plan.tiles_per_program_min),
                static_cast<long long>(plan.tiles_per_program_max));
  else
    std::printf("%lld tiles, %lld per program",
                static_cast<long long>(plan.tiles),
                static_cast<long long>(plan.tiles_per_program_max));
  if (m.persistent)
    std::printf(" (%lld programs/SM%s)",
                static_cast<long long>(res.programsPerSM),
                programsPerSM ? "" : ", auto");
  if (m.stream_k)
    std::printf(", Stream-K %s", workspace);
  std::printf("; %.2f waves per SM (%lld / (%d SMs x %d blocks))\n",
              res.wavesPerSM, static_cast<long long>(plan.grid), dev.smCount,
              res.resources.blocks_per_sm);
}

std::function<void()> makeLaunch(const Gpu &gpu, const KernelResult &res,
                                 const tile_rt_buffers &buffers) {
  // Packed once here, so that a refusal ends the run before any timing.
  tile_rt_status status;
  void **args = nullptr;
  checkRuntime(tile_rt_plan_pack(res.plan.get(), &buffers, &args, &status),
               status);
  return [plan = res.plan, buffers, stream = gpu.stream] {
    tile_rt_status status;
    checkRuntime(tile_rt_launch(plan.get(), &buffers, stream, &status), status);
  };
}

} // namespace tilerun
