//===- kernel.cpp - A bundle's kernel on the GPU, and its launch ----------===//

#include "handles.h"

#include <vector>

namespace tilert {

namespace {

// The first non-empty lines of a JIT log, joined into one line.
std::string logSummary(const char *log, size_t maxLines) {
  std::string out, line;
  size_t lines = 0;
  for (const char *p = log;; ++p) {
    if (*p == '\n' || *p == '\0') {
      if (line.find_first_not_of(" \t\r") != std::string::npos) {
        out += (out.empty() ? "" : "; ") + line;
        ++lines;
      }
      line.clear();
      if (*p == '\0' || lines >= maxLines)
        break;
    } else {
      line += *p;
    }
  }
  return out;
}

// The launch of `grid` blocks in clusters of `size` along x, or (size 1)
// cooperatively: all resident at once or refused by the driver, for a
// kernel whose programs wait for one another.
struct ExLaunch {
  CUlaunchAttribute attr{};
  CUlaunchConfig config{};
  ExLaunch(const Manifest &m, int64_t grid, int64_t size, CUstream stream) {
    if (size > 1) {
      attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      attr.value.clusterDim.x = static_cast<unsigned>(size);
      attr.value.clusterDim.y = attr.value.clusterDim.z = 1;
    } else {
      attr.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
      attr.value.cooperative = 1;
    }
    config.gridDimX = static_cast<unsigned>(grid);
    config.gridDimY = config.gridDimZ = 1;
    config.blockDimX = static_cast<unsigned>(m.threadsPerBlock);
    config.blockDimY = config.blockDimZ = 1;
    config.sharedMemBytes = static_cast<unsigned>(m.dynamicSharedBytes);
    config.hStream = stream;
    config.attrs = &attr;
    config.numAttrs = 1;
  }
};

// Loads the module and fills `k.info`; on failure the caller unloads.
bool load(const Manifest &m, LoadedKernel &k, Error &error) {
  const DriverApi &d = cu();
  tile_rt_kernel_info &info = k.info;
  std::string where = "kernel '" + m.kernel + "'";
  auto check = [&](CUresult r, const char *call) {
    return r == CUDA_SUCCESS ||
           fail(error, TILE_RT_CUDA_ERROR,
                where + ": " + call + " failed: " + cuErrorText(r));
  };
  CUdevice device;
  CUresult r = d.cuCtxGetDevice(&device);
  if (r != CUDA_SUCCESS)
    return fail(error, TILE_RT_CUDA_ERROR,
                where + ": no current CUDA context (" + cuErrorText(r) + ")");

  std::vector<char> log(16384, '\0');
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log.data(), reinterpret_cast<void *>(log.size())};
  r = d.cuModuleLoadDataEx(&k.module, m.ptxText.data(), 2, options, values);
  if (r != CUDA_SUCCESS) {
    k.module = nullptr;
    std::string lines = logSummary(log.data(), 6);
    return fail(error, TILE_RT_CUDA_ERROR,
                "the driver rejected " + m.ptxPath + ": " +
                    (lines.empty() ? cuErrorText(r)
                                   : lines + " (" + cuErrorText(r) + ")"));
  }
  if (d.cuModuleGetFunction(&k.function, k.module, m.kernel.c_str()) !=
      CUDA_SUCCESS)
    return fail(error, TILE_RT_CUDA_ERROR,
                where + " not found in " + m.ptxPath);
  info.function = k.function;

  struct {
    int *out;
    CUfunction_attribute attr;
  } funcAttrs[] = {{&info.regs, CU_FUNC_ATTRIBUTE_NUM_REGS},
                   {&info.local_bytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES},
                   {&info.static_shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES},
                   {&info.max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK},
                   {&info.ptx_version, CU_FUNC_ATTRIBUTE_PTX_VERSION},
                   {&info.binary_version, CU_FUNC_ATTRIBUTE_BINARY_VERSION}};
  for (auto &a : funcAttrs)
    if (!check(d.cuFuncGetAttribute(a.out, a.attr, k.function),
               "cuFuncGetAttribute"))
      return false;
  if (!check(d.cuDeviceGetAttribute(&info.sm_count,
                                    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                    device),
             "cuDeviceGetAttribute") ||
      !check(d.cuDeviceGetAttribute(
                 &info.shared_optin,
                 CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, device),
             "cuDeviceGetAttribute"))
    return false;

  if (m.threadsPerBlock > info.max_threads)
    return fail(error, TILE_RT_CUDA_ERROR,
                where + " can run at most " + std::to_string(info.max_threads) +
                    " threads per block (it uses " + std::to_string(info.regs) +
                    " registers per thread), but its manifest asks for " +
                    std::to_string(m.threadsPerBlock));
  int64_t shared = info.static_shared + m.dynamicSharedBytes;
  if (shared > info.shared_optin)
    return fail(error, TILE_RT_CUDA_ERROR,
                where + " needs " + std::to_string(shared) +
                    " B of shared memory per block (" +
                    std::to_string(info.static_shared) + " static + " +
                    std::to_string(m.dynamicSharedBytes) +
                    " dynamic); this GPU allows at most " +
                    std::to_string(info.shared_optin));
  // Above 48 KiB of shared memory in all a kernel must opt in; the static
  // part counts too, so opt in whenever there is dynamic shared memory.
  if (m.dynamicSharedBytes > 0 &&
      !check(d.cuFuncSetAttribute(
                 k.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                 static_cast<int>(m.dynamicSharedBytes)),
             "cuFuncSetAttribute"))
    return false;
  if (!check(d.cuOccupancyMaxActiveBlocksPerMultiprocessor(
                 &info.blocks_per_sm, k.function,
                 static_cast<int>(m.threadsPerBlock),
                 static_cast<size_t>(m.dynamicSharedBytes)),
             "cuOccupancyMaxActiveBlocksPerMultiprocessor"))
    return false;
  if (info.blocks_per_sm < 1)
    return fail(error, TILE_RT_CUDA_ERROR,
                where + " cannot run: not one block (" +
                    std::to_string(m.threadsPerBlock) + " threads of " +
                    std::to_string(info.regs) + " registers, " +
                    std::to_string(shared) +
                    " B of shared memory) fits on an SM");
  // Clusters must fit in one GPC each: fewer may be resident than SMs / 2.
  // A split-K kernel's largest cluster is one of split_k blocks.
  int64_t cluster = m.splitsInCluster() ? m.splitK : m.clusterM;
  if (cluster > 1) {
    ExLaunch cl(m, cluster, cluster, nullptr);
    int active = 0;
    if (!check(d.cuOccupancyMaxActiveClusters(&active, k.function,
                                              &cl.config),
               "cuOccupancyMaxActiveClusters"))
      return false;
    if (active < 1)
      return fail(error, TILE_RT_CUDA_ERROR,
                  where + " cannot run: not one cluster of " +
                      std::to_string(cluster) + " blocks fits on the GPU");
    if (m.clusterM > 1)
      info.max_active_clusters = active;
  }
  return true;
}

} // namespace

bool loadKernel(const Manifest &m, LoadedKernel &k, tile_rt_kernel_info *info,
                Error &error) {
  std::lock_guard<std::mutex> lock(k.mutex);
  if (!k.loaded) {
    std::string why;
    if (!loadDriver(why))
      return fail(error, TILE_RT_NO_DRIVER, "no CUDA driver (" + why + ")");
    k.info = tile_rt_kernel_info();
    k.loaded = load(m, k, error);
    if (!k.loaded) {
      if (k.module)
        cu().cuModuleUnload(k.module);
      k.module = nullptr;
      k.function = nullptr;
      k.info.function = nullptr;
    }
  }
  if (info)
    *info = k.info;
  return k.loaded;
}

bool checkGrid(const tile_rt_plan &plan, Error &error) {
  const Manifest &m = plan.kernel->manifest;
  if (plan.grid.blocks < 1)
    return fail(error, TILE_RT_INVALID_ARGUMENT,
                m.named() + (m.persistent
                                 ? " is persistent; its plan needs a device "
                                   "to size the grid"
                                 : " waits for all of a tile's splits at "
                                   "once; its plan needs a device to bound "
                                   "them"));
  return true;
}

bool launchPlan(tile_rt_plan &plan, CUstream stream, Error &error) {
  const tile_rt_bundle &kernel = *plan.kernel;
  const Manifest &m = kernel.manifest;
  if (!loadKernel(m, kernel.kernel, nullptr, error))
    return false;
  const DriverApi &d = cu();
  auto check = [&](CUresult r, const std::string &what) {
    return r == CUDA_SUCCESS || fail(error, TILE_RT_CUDA_ERROR,
                                     what + " for kernel '" + m.kernel +
                                         "' failed: " + cuErrorText(r));
  };
  const bool *copied = plan.staging.copied;
  if ((copied[0] &&
       !check(d.cuMemcpy2DAsync(&plan.copyIn[0], stream), "copying A in")) ||
      (copied[1] &&
       !check(d.cuMemcpy2DAsync(&plan.copyIn[1], stream), "copying B in")))
    return false;
  CUresult r;
  CUfunction f = kernel.kernel.function;
  if (plan.grid.cluster > 1 || (m.splitsResident() && plan.grid.splits > 1)) {
    ExLaunch ex(m, plan.grid.blocks, plan.grid.cluster, stream);
    r = d.cuLaunchKernelEx(&ex.config, f, plan.args.data(), nullptr);
  } else {
    r = d.cuLaunchKernel(f, static_cast<unsigned>(plan.grid.blocks), 1, 1,
                         static_cast<unsigned>(m.threadsPerBlock), 1, 1,
                         static_cast<unsigned>(m.dynamicSharedBytes), stream,
                         plan.args.data(), nullptr);
  }
  if (r != CUDA_SUCCESS)
    return fail(error, TILE_RT_CUDA_ERROR,
                "launching kernel '" + m.kernel +
                    "' failed: " + cuErrorText(r));
  return !copied[2] ||
         check(d.cuMemcpy2DAsync(&plan.copyOut, stream), "copying C out");
}

} // namespace tilert

tile_rt_bundle::~tile_rt_bundle() {
  // The context may be gone by now; there is nothing to do about it then.
  if (kernel.module)
    tilert::cu().cuModuleUnload(kernel.module);
}
