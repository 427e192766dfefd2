//===- launch.cpp - Loading a bundle's kernel and launching it ------------===//

#include "launch.h"
#include "errors.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace tilerun {

namespace {

// The TMA descriptor of a row-major rows x cols operand whose rows lie
// `pitch` elements apart: dimensions innermost first, 128-byte swizzle as
// the wgmma descriptors expect, zero fill outside the operand (TMA's OOB
// fill "none" writes zeros; stores there are dropped). The base comes from
// cuMemAlloc (256-byte aligned); the pitch is a multiple of 16 bytes, by the
// manifest's k_multiple/n_multiple, checked before, or by staging.
void encodeTensorMap(CUtensorMap &out, const Manifest &m, ElemType type,
                     CUdeviceptr base, int64_t rows, int64_t cols,
                     int64_t pitch, const int64_t (&box)[2]) {
  size_t esize = elemTypeBytes(type);
  cuuint64_t dims[2] = {cuuint64_t(cols), cuuint64_t(rows)};
  cuuint64_t strides[1] = {cuuint64_t(pitch) * esize};
  cuuint32_t boxDims[2] = {cuuint32_t(box[0]), cuuint32_t(box[1])};
  cuuint32_t elementStrides[2] = {1, 1};
  CUtensorMapDataType dataType = type == ElemType::BF16
                                     ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                 : type == ElemType::F32
                                     ? CU_TENSOR_MAP_DATA_TYPE_FLOAT32
                                     : CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  CUresult r = cu().cuTensorMapEncodeTiled(
      &out, dataType, 2, reinterpret_cast<void *>(base), dims, strides,
      boxDims, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
      CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    die(kExitError,
        "kernel '%s': cuTensorMapEncodeTiled (%lldx%lld operand, box "
        "%lldx%lld) failed: %s",
        m.kernel.c_str(), static_cast<long long>(rows),
        static_cast<long long>(cols), static_cast<long long>(box[1]),
        static_cast<long long>(box[0]), cuErrorText(r).c_str());
}

// First non-empty lines of a JIT log, for a one-glance error.
std::vector<std::string> logLines(const char *log, size_t maxLines) {
  std::vector<std::string> lines;
  std::string line;
  for (const char *p = log;; ++p) {
    if (*p == '\n' || *p == '\0') {
      if (line.find_first_not_of(" \t\r") != std::string::npos)
        lines.push_back(line);
      line.clear();
      if (*p == '\0' || lines.size() >= maxLines)
        break;
    } else {
      line += *p;
    }
  }
  return lines;
}

CUmodule loadModule(const Manifest &m) {
  static char infoLog[16384], errorLog[16384];
  infoLog[0] = errorLog[0] = '\0';
  CUjit_option options[] = {
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {infoLog, reinterpret_cast<void *>(sizeof(infoLog)),
                    errorLog, reinterpret_cast<void *>(sizeof(errorLog))};
  CUmodule module = nullptr;
  CUresult r =
      cu().cuModuleLoadDataEx(&module, m.ptxText.data(), 4, options, values);
  if (r != CUDA_SUCCESS) {
    std::vector<std::string> lines = logLines(errorLog, 6);
    std::string msg = "the driver rejected " + m.ptxPath + ": ";
    msg += lines.empty() ? cuErrorText(r) : lines[0];
    for (size_t i = 1; i < lines.size(); ++i)
      msg += "\n  " + lines[i];
    if (!lines.empty())
      msg += "\n  (" + cuErrorText(r) + ")";
    die(kExitError, "%s", msg.c_str());
  }
  return module;
}

int funcAttribute(CUfunction f, CUfunction_attribute attr) {
  int value = 0;
  CU_CHECK(cuFuncGetAttribute, &value, attr, f);
  return value;
}

// "sm_90a" -> 90; -1 when the manifest's chip is not in that form.
int chipNumber(const std::string &chip) {
  if (chip.compare(0, 3, "sm_") != 0)
    return -1;
  int value = 0, digits = 0;
  for (size_t i = 3; i < chip.size() && chip[i] >= '0' && chip[i] <= '9'; ++i)
    value = value * 10 + (chip[i] - '0'), ++digits;
  return digits ? value : -1;
}

std::string manifestSummary(const Manifest &m) {
  std::string s = m.schedule + " schedule";
  if (!m.order.empty())
    s += ", order " + m.order;
  if (m.groupM > 0)
    s += ", group_m " + std::to_string(m.groupM);
  if (m.clusterM > 1)
    s += ", clusters of " + std::to_string(m.clusterM);
  if (m.splitK > 1)
    s += ", split_k " + std::to_string(m.splitK) + " (workspace " +
         std::to_string(m.workspaceTileBytes) + " B per tile)";
  s += ", tile " + std::to_string(m.blockM) + "x" + std::to_string(m.blockN) +
       "x" + std::to_string(m.blockK);
  if (m.numWarps > 0)
    s += ", " + std::to_string(m.numWarps) + " warps";
  if (m.numStages > 0)
    s += ", " + std::to_string(m.numStages) +
         (m.numStages == 1 ? " stage" : " stages");
  if (!m.chip.empty())
    s += ", chip " + m.chip;
  return s;
}

// The device-to-device copy of a rows x cols matrix of `bytes`-byte
// elements whose rows lie `srcPitch` elements apart into one whose rows lie
// `dstPitch` elements apart.
CUDA_MEMCPY2D rowCopy(CUdeviceptr src, int64_t srcPitch, CUdeviceptr dst,
                      int64_t dstPitch, int64_t rows, int64_t cols,
                      size_t bytes) {
  CUDA_MEMCPY2D copy{};
  copy.srcMemoryType = copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  copy.srcDevice = src;
  copy.srcPitch = size_t(srcPitch) * bytes;
  copy.dstDevice = dst;
  copy.dstPitch = size_t(dstPitch) * bytes;
  copy.WidthInBytes = size_t(cols) * bytes;
  copy.Height = size_t(rows);
  return copy;
}

// Arguments in the ABI's order; each slot is 8 bytes, a pointer or an
// i64. A tensor map is passed as its 128 bytes.
struct LaunchArgs {
  std::vector<uint64_t> slots;
  std::vector<CUtensorMap> tensorMaps;
  std::vector<void *> args;
};

// `ops` are the buffers the kernel reads and writes: the problem's, or its
// padded copies when `s` is staged.
std::shared_ptr<LaunchArgs> packArgs(const Problem &p, const Manifest &m,
                                     const Staging &s, const Operands &ops,
                                     CUdeviceptr workspace) {
  auto storage = std::make_shared<LaunchArgs>();
  std::vector<uint64_t> &slots = storage->slots;
  std::vector<CUtensorMap> &tensorMaps = storage->tensorMaps;
  std::vector<void *> &args = storage->args;
  slots.assign(m.params.size(), 0);
  tensorMaps.resize(m.params.size());
  args.resize(m.params.size());
  for (size_t i = 0; i < m.params.size(); ++i) {
    ParamRole role = m.params[i].role;
    args[i] = &slots[i];
    switch (role) {
    case ParamRole::TmaA:
      encodeTensorMap(tensorMaps[i], m, m.aType, ops.a, p.m, p.k, s.kp,
                      m.tmaBoxA);
      args[i] = &tensorMaps[i];
      break;
    case ParamRole::TmaB:
      encodeTensorMap(tensorMaps[i], m, m.bType, ops.b, p.k, p.n, s.np,
                      m.tmaBoxB);
      args[i] = &tensorMaps[i];
      break;
    case ParamRole::TmaC:
      // C's rows are where the kernel's TMA stores land.
      encodeTensorMap(tensorMaps[i], m, m.cType, ops.c, p.m, p.n, s.np,
                      m.tmaBoxC);
      args[i] = &tensorMaps[i];
      break;
    case ParamRole::A:
    case ParamRole::B:
    case ParamRole::C: {
      // The kernel finds element (0, 0) its static offset past the pointer
      // (modulo 2^64, as the kernel's own address arithmetic wraps).
      CUdeviceptr data = role == ParamRole::A   ? ops.a
                         : role == ParamRole::B ? ops.b
                                                : ops.c;
      size_t bytes = elemTypeBytes(role == ParamRole::C ? m.cType : m.aType);
      CUdeviceptr ptr = data - CUdeviceptr(m.offset(role)) * bytes;
      std::memcpy(&slots[i], &ptr, sizeof(ptr));
      break;
    }
    case ParamRole::Workspace:
      std::memcpy(&slots[i], &workspace, sizeof(workspace));
      break;
    default: {
      int64_t v = scalarValue(role, p, s);
      std::memcpy(&slots[i], &v, sizeof(v));
    }
    }
  }
  return storage;
}

} // namespace

Staging planStaging(const Manifest &m, const Problem &p) {
  Staging s{false, p.k, p.n};
  // TMA kernels serve layout nn only; M never matters (C's rows are N long).
  if (!m.usesTma() || p.layout != "nn" ||
      (p.k % m.multiple[2] == 0 && p.n % m.multiple[1] == 0))
    return s;
  Staging padded{true, ceilDiv(p.k, m.multiple[2]) * m.multiple[2],
                 ceilDiv(p.n, m.multiple[1]) * m.multiple[1]};
  for (ParamRole role :
       {ParamRole::StrideAM, ParamRole::StrideBK, ParamRole::StrideCM}) {
    const std::optional<int64_t> &fixed = m.fixed[size_t(role)];
    if (fixed && *fixed != scalarValue(role, p, padded))
      return s;
  }
  return padded;
}

std::string stagingSummary(const Manifest &m, const Problem &p,
                           const Staging &s) {
  struct Dim {
    const char *name;
    int64_t size, padded, multiple;
  };
  std::vector<Dim> off;
  for (Dim d :
       {Dim{"N", p.n, s.np, m.multiple[1]}, Dim{"K", p.k, s.kp, m.multiple[2]}})
    if (d.size != d.padded)
      off.push_back(d);
  auto is = [](const Dim &d) {
    return std::string(d.name) + "=" + std::to_string(d.size);
  };
  std::string why;
  if (off.size() == 2 && off[0].multiple == off[1].multiple)
    why = is(off[0]) + " and " + is(off[1]) + " are not multiples of " +
          std::to_string(off[0].multiple);
  else
    for (const Dim &d : off)
      why += (why.empty() ? "" : " and ") + is(d) + " is not a multiple of " +
             std::to_string(d.multiple);
  // K first: A's rows, then B's and C's.
  std::string pads;
  for (auto it = off.rbegin(); it != off.rend(); ++it)
    pads += (pads.empty() ? "" : ", ") + std::string(it->name) + " " +
            std::to_string(it->size) + " -> " + std::to_string(it->padded);
  return why + "; A, B and C go through 16-byte-aligned copies (" + pads +
         "), which every timed launch includes";
}

int64_t scalarValue(ParamRole role, const Problem &p, const Staging &s) {
  switch (role) {
  case ParamRole::M:
    return p.m;
  case ParamRole::N:
    return p.n;
  case ParamRole::K:
    return p.k;
  case ParamRole::StrideAM:
    return p.aTransposed() ? 1 : s.kp;
  case ParamRole::StrideAK:
    return p.aTransposed() ? p.m : 1;
  case ParamRole::StrideBK:
    return p.bTransposed() ? 1 : s.np;
  case ParamRole::StrideBN:
    return p.bTransposed() ? p.k : 1;
  case ParamRole::StrideCM:
    return s.np;
  case ParamRole::StrideCN:
    return 1;
  case ParamRole::A:
  case ParamRole::B:
  case ParamRole::C:
  case ParamRole::TmaA:
  case ParamRole::TmaB:
  case ParamRole::TmaC:
  case ParamRole::Workspace:
    break;
  }
  return 0;
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

int64_t tileCount(const Manifest &m, const Problem &p) {
  return ceilDiv(ceilDiv(p.m, m.blockM), m.clusterM) * m.clusterM *
         ceilDiv(p.n, m.blockN);
}

int64_t workspaceBytes(const Manifest &m, const Problem &p) {
  return m.usesWorkspace() ? tileCount(m, p) * m.workspaceTileBytes : 0;
}

std::string workspaceSummary(const Manifest &m, const Problem &p) {
  int64_t tiles = tileCount(m, p);
  std::string workspace =
      "workspace " + std::to_string(tiles) + " x " +
      std::to_string(m.workspaceTileBytes) + " = " +
      std::to_string(workspaceBytes(m, p)) +
      " B (tiles x workspace_tile_bytes)";
  if (m.splitK == 1)
    return workspace;
  return std::to_string(m.splitK) + " x " + std::to_string(tiles) + " = " +
         std::to_string(m.splitK * tiles) + " blocks (split_k x tiles), " +
         workspace;
}

namespace {

// The launch of `grid` blocks in clusters of m.clusterM along x.
struct ClusterLaunch {
  CUlaunchAttribute attr{};
  CUlaunchConfig config{};
  ClusterLaunch(const Manifest &m, CUfunction func, int64_t grid,
                CUstream stream) {
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = static_cast<unsigned>(m.clusterM);
    attr.value.clusterDim.y = attr.value.clusterDim.z = 1;
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

} // namespace

void printBundle(const Gpu &gpu, const Manifest &m) {
  std::printf("\n== %s (%s) ==\n", m.kernel.c_str(), m.path.c_str());
  std::printf("bundle: %s\n", manifestSummary(m).c_str());
  std::printf("types: %s x %s -> %s%s%s\n", elemTypeName(m.aType),
              elemTypeName(m.bType), elemTypeName(m.cType),
              m.accType.empty() ? "" : ", accumulate ", m.accType.c_str());
  const DeviceLimits &dev = gpu.limits;
  int chip = chipNumber(m.chip);
  if (chip > 0 && chip != dev.ccMajor * 10 + dev.ccMinor)
    std::printf("note: bundle targets %s, this GPU is sm_%d%d\n",
                m.chip.c_str(), dev.ccMajor, dev.ccMinor);
}

CUfunction loadKernel(const Gpu &gpu, const Manifest &m, KernelResult &res) {
  const DeviceLimits &dev = gpu.limits;
  CUmodule module = loadModule(m);
  CUfunction func = nullptr;
  if (cu().cuModuleGetFunction(&func, module, m.kernel.c_str()) != CUDA_SUCCESS)
    die(kExitError, "kernel '%s' not found in %s", m.kernel.c_str(),
        m.ptxPath.c_str());

  res.regs = funcAttribute(func, CU_FUNC_ATTRIBUTE_NUM_REGS);
  res.localBytes = funcAttribute(func, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
  res.staticShared = funcAttribute(func, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  res.maxThreads = funcAttribute(func, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  res.ptxVersion = funcAttribute(func, CU_FUNC_ATTRIBUTE_PTX_VERSION);
  res.binaryVersion = funcAttribute(func, CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  std::printf("resources: %d regs/thread, %d B local (spill) per thread, "
              "%d B static shared, %lld B dynamic shared, max %d "
              "threads/block, PTX %d.%d, SASS sm_%d\n",
              res.regs, res.localBytes, res.staticShared,
              static_cast<long long>(m.dynamicSharedBytes), res.maxThreads,
              res.ptxVersion / 10, res.ptxVersion % 10, res.binaryVersion);

  if (m.threadsPerBlock > res.maxThreads)
    die(kExitError,
        "kernel '%s' can run at most %d threads per block (it uses %d "
        "registers per thread), but its manifest asks for %lld",
        m.kernel.c_str(), res.maxThreads, res.regs,
        static_cast<long long>(m.threadsPerBlock));
  if (res.staticShared + m.dynamicSharedBytes > dev.sharedPerBlockOptin)
    die(kExitError,
        "kernel '%s' needs %lld B of shared memory per block (%d static + "
        "%lld dynamic); this GPU allows at most %lld",
        m.kernel.c_str(),
        static_cast<long long>(res.staticShared + m.dynamicSharedBytes),
        res.staticShared, static_cast<long long>(m.dynamicSharedBytes),
        static_cast<long long>(dev.sharedPerBlockOptin));
  // Above 48 KiB of shared memory in all a kernel must opt in; the static
  // part counts too, so opt in whenever there is dynamic shared memory.
  if (m.dynamicSharedBytes > 0)
    CU_CHECK(cuFuncSetAttribute, func,
             CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
             static_cast<int>(m.dynamicSharedBytes));
  res.module = module;
  return func;
}

void reportOccupancy(const Gpu &gpu, const Manifest &m, CUfunction func,
                     KernelResult &res) {
  const DeviceLimits &dev = gpu.limits;
  res.usage.regsPerThread = res.regs;
  res.usage.staticShared = res.staticShared;
  res.usage.dynamicShared = m.dynamicSharedBytes;
  res.usage.threadsPerBlock = static_cast<int>(m.threadsPerBlock);
  res.occ = computeOccupancy(dev, res.usage);
  CU_CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor, &res.driverBlocks, func,
           static_cast<int>(m.threadsPerBlock),
           static_cast<size_t>(m.dynamicSharedBytes));
  printOccupancy(stdout, dev, res.usage, res.occ, res.driverBlocks);
  if (res.driverBlocks < 1)
    die(kExitError,
        "kernel '%s' cannot run: not one block fits on an SM (limited by %s)",
        m.kernel.c_str(), res.occ.limiter);
  if (m.clusterM > 1) {
    // Clusters must fit in one GPC each: fewer may be resident than SMs / 2.
    ClusterLaunch cl(m, func, m.clusterM, gpu.stream);
    CU_CHECK(cuOccupancyMaxActiveClusters, &res.maxClusters, func,
             &cl.config);
    std::printf("clusters: %lld blocks each, %d resident at once\n",
                static_cast<long long>(m.clusterM), res.maxClusters);
    if (res.maxClusters < 1)
      die(kExitError, "kernel '%s' cannot run: not one cluster of %lld "
                      "blocks fits on the GPU",
          m.kernel.c_str(), static_cast<long long>(m.clusterM));
  }
}

void planGrid(const Gpu &gpu, const Options &opts, const Problem &p,
              const Manifest &m, KernelResult &res) {
  const DeviceLimits &dev = gpu.limits;
  res.tiles = tileCount(m, p);
  if (m.persistent) {
    res.programsPerSM =
        opts.programsPerSM ? opts.programsPerSM : res.driverBlocks;
    int64_t slots = int64_t(dev.smCount) * res.programsPerSM;
    if (m.clusterM > 1)
      slots = std::min<int64_t>(slots / m.clusterM, res.maxClusters) *
              m.clusterM;
    // Both multiples of the cluster size.
    res.grid = std::min<int64_t>(slots, res.tiles);
    res.tilesPerProgramMin = res.tiles / res.grid;
    res.tilesPerProgramMax = ceilDiv(res.tiles, res.grid);
  } else {
    // A split-K kernel runs one program per split of each tile.
    res.grid = res.tiles * m.splitK;
  }
  res.workspaceBytes = workspaceBytes(m, p);
  res.wavesPerSM =
      double(res.grid) / (double(dev.smCount) * double(res.driverBlocks));
  std::printf("launch: grid %lld x %lld threads, %lld B dynamic shared; ",
              static_cast<long long>(res.grid),
              static_cast<long long>(m.threadsPerBlock),
              static_cast<long long>(m.dynamicSharedBytes));
  if (m.splitK > 1)
    std::printf("%s", workspaceSummary(m, p).c_str());
  else if (m.persistent && res.tilesPerProgramMin != res.tilesPerProgramMax)
    std::printf("%lld tiles, %lld-%lld per program",
                static_cast<long long>(res.tiles),
                static_cast<long long>(res.tilesPerProgramMin),
                static_cast<long long>(res.tilesPerProgramMax));
  else
    std::printf("%lld tiles, %lld per program",
                static_cast<long long>(res.tiles),
                static_cast<long long>(res.tilesPerProgramMax));
  if (m.persistent)
    std::printf(" (%lld programs/SM%s)",
                static_cast<long long>(res.programsPerSM),
                opts.programsPerSM ? "" : ", auto");
  if (m.streamK)
    std::printf(", Stream-K %s", workspaceSummary(m, p).c_str());
  std::printf("; ");
  std::printf("%.2f waves per SM (%lld / (%d SMs x %d blocks))\n",
              res.wavesPerSM, static_cast<long long>(res.grid), dev.smCount,
              res.driverBlocks);
}

std::function<void()> makeLaunch(const Gpu &gpu, const Problem &p,
                                 const Manifest &m, CUfunction func,
                                 int64_t grid, const Operands &problem,
                                 const Staging &s, const Operands &copies,
                                 CUdeviceptr workspace) {
  std::shared_ptr<LaunchArgs> storage =
      packArgs(p, m, s, s.staged ? copies : problem, workspace);
  // A and B into their copies' first K and N columns before the kernel, C's
  // first N columns back after it.
  std::vector<CUDA_MEMCPY2D> before, after;
  if (s.staged) {
    size_t in = elemTypeBytes(m.aType), out = elemTypeBytes(m.cType);
    before = {rowCopy(problem.a, p.k, copies.a, s.kp, p.m, p.k, in),
              rowCopy(problem.b, p.n, copies.b, s.np, p.k, p.n, in)};
    after = {rowCopy(copies.c, s.np, problem.c, p.n, p.m, p.n, out)};
  }
  // Outlives this function: every round times it again.
  std::function<void()> launch = [storage, before, after, func, grid, &m,
                                  stream = gpu.stream]() {
    for (const CUDA_MEMCPY2D &copy : before)
      CU_CHECK(cuMemcpy2DAsync, &copy, stream);
    CUresult r;
    if (m.clusterM > 1) {
      ClusterLaunch cl(m, func, grid, stream);
      r = cu().cuLaunchKernelEx(&cl.config, func, storage->args.data(),
                                nullptr);
    } else {
      r = cu().cuLaunchKernel(func, static_cast<unsigned>(grid), 1, 1,
                              static_cast<unsigned>(m.threadsPerBlock), 1, 1,
                              static_cast<unsigned>(m.dynamicSharedBytes),
                              stream, storage->args.data(), nullptr);
    }
    if (r != CUDA_SUCCESS)
      die(kExitError, "launching kernel '%s' failed: %s", m.kernel.c_str(),
          cuErrorText(r).c_str());
    for (const CUDA_MEMCPY2D &copy : after)
      CU_CHECK(cuMemcpy2DAsync, &copy, stream);
  };
  return launch;
}

} // namespace tilerun
