//===- tile-run.cpp - Launch a tile-opt bundle and compare with cuBLAS ----===//
//
// tile-run loads the PTX that tile-opt wrote, launches it the way its launch
// manifest says, checks the result against cuBLAS, times both with CUDA
// events, and explains the kernel's resource use and occupancy. Several
// bundles can be given at once; they then run on the same inputs, next to
// one cuBLAS baseline, so their numbers are directly comparable.
//
// Only the CUDA driver API (loaded at run time, see driver.h), NVML (for
// clocks and power, see gpu_state.h) and cuBLAS are used. Everything that needs no GPU (command line, manifests, shape limits)
// is checked before the driver is touched, so those errors are testable on
// machines without one.
//
//===----------------------------------------------------------------------===//

#include "blas.h"
#include "driver.h"
#include "gpu_state.h"
#include "json.h"
#include "manifest.h"
#include "numeric.h"
#include "occupancy.h"
#include "options.h"
#include "problem.h"
#include "stats.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <tuple>
#include <unistd.h>
#include <vector>

using namespace tilerun;

namespace {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

[[noreturn]] __attribute__((format(printf, 2, 3))) void
die(int code, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fail(code, nullptr, fmt, args);
}

void checkCu(CUresult result, const char *call) {
  if (result != CUDA_SUCCESS)
    die(kExitError, "%s failed: %s", call, cuErrorText(result).c_str());
}

// `fn` is spelled plainly in the message; cu().fn resolves to the versioned
// entry point that cuda.h maps it to.
#define CU_CHECK(fn, ...) checkCu(cu().fn(__VA_ARGS__), #fn)

void checkBlas(cublasStatus_t status, const char *call) {
  if (status != CUBLAS_STATUS_SUCCESS)
    die(kExitError, "%s failed: %s (%s)", call, cublasGetStatusName(status),
        cublasGetStatusString(status));
}

//===----------------------------------------------------------------------===//
// Kernel parameters
//===----------------------------------------------------------------------===//

// Value of a scalar parameter for this problem. A is M x K, stored
// row-major (n) or as its K x M transpose (t); B likewise K x N or N x K;
// C is always row-major M x N.
int64_t scalarValue(ParamRole role, const Problem &p) {
  switch (role) {
  case ParamRole::M:
    return p.m;
  case ParamRole::N:
    return p.n;
  case ParamRole::K:
    return p.k;
  case ParamRole::StrideAM:
    return p.aTransposed() ? 1 : p.k;
  case ParamRole::StrideAK:
    return p.aTransposed() ? p.m : 1;
  case ParamRole::StrideBK:
    return p.bTransposed() ? 1 : p.n;
  case ParamRole::StrideBN:
    return p.bTransposed() ? p.k : 1;
  case ParamRole::StrideCM:
    return p.n;
  case ParamRole::StrideCN:
    return 1;
  case ParamRole::A:
  case ParamRole::B:
  case ParamRole::C:
  case ParamRole::TmaA:
  case ParamRole::TmaB:
    break;
  }
  return 0;
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

int64_t tileCount(const Manifest &m, const Problem &p) {
  return ceilDiv(p.m, m.blockM) * ceilDiv(p.n, m.blockN);
}

// Everything about the bundles that can be refused without a GPU.
void validateBundles(const Options &opts, const std::vector<Manifest> &bundles,
                     const Problem &p) {
  const Manifest &first = bundles.front();
  for (const Manifest &m : bundles) {
    if (!opts.dtype.empty() && opts.dtype != elemTypeName(m.aType))
      die(kExitError, "bundle %s was compiled for %s, not %s", m.path.c_str(),
          elemTypeName(m.aType), opts.dtype.c_str());
    if (m.aType != first.aType || m.cType != first.cType)
      die(kExitError,
          "bundles %s (%s -> %s) and %s (%s -> %s) have different types; "
          "bundles compared in one run must share a_type and c_type",
          first.path.c_str(), elemTypeName(first.aType),
          elemTypeName(first.cType), m.path.c_str(), elemTypeName(m.aType),
          elemTypeName(m.cType));
    if (!m.servesLayout(p.layout))
      die(kExitError, "bundle %s cannot serve layout %s (it serves: %s)",
          m.path.c_str(), p.layout.c_str(), m.layoutList().c_str());
    // Sizes and strides that the kernel's memref types fix. tile-run stores
    // every operand densely, so a stride follows from the shape and layout.
    for (size_t i = 0; i < kParamCount; ++i) {
      auto role = ParamRole(i);
      bool isSize = role == ParamRole::M || role == ParamRole::N ||
                    role == ParamRole::K;
      bool isStride =
          role >= ParamRole::StrideAM && role <= ParamRole::StrideCN;
      if (!m.fixed[i] || (!isSize && !isStride))
        continue;
      long long fixed = *m.fixed[i], given = scalarValue(role, p);
      if (fixed == given)
        continue;
      if (isSize)
        die(kExitError,
            "bundle %s was compiled for %s=%lld; --shape asks for %lld",
            m.path.c_str(), paramName(role), fixed, given);
      die(kExitError,
          "bundle %s was compiled for %s=%lld; tile-run stores the operands "
          "densely, which gives %lld for --shape %lldx%lldx%lld and layout %s",
          m.path.c_str(), paramName(role), fixed, given,
          static_cast<long long>(p.m), static_cast<long long>(p.n),
          static_cast<long long>(p.k), p.layout.c_str());
    }
    // Every operand is dense (its strides follow from the shape), so the
    // largest element offset is its static offset plus its element count
    // minus one.
    int64_t limit = m.indexBitwidth >= 64
                        ? INT64_MAX
                        : (int64_t(1) << (m.indexBitwidth - 1));
    for (auto [elems, operand] : {std::pair{p.m * p.k, ParamRole::A},
                                  std::pair{p.k * p.n, ParamRole::B},
                                  std::pair{p.m * p.n, ParamRole::C}})
      if (elems + std::abs(m.offset(operand)) > limit)
        die(kExitError,
            "bundle %s indexes with %lld-bit offsets; shape %lldx%lldx%lld "
            "needs more (recompile with index-bitwidth=64)",
            m.path.c_str(), static_cast<long long>(m.indexBitwidth),
            static_cast<long long>(p.m), static_cast<long long>(p.n),
            static_cast<long long>(p.k));
    // TMA addresses rows at 16-byte multiples (cuTensorMapEncodeTiled's
    // globalStrides); buffers come from cuMemAlloc, 256-byte aligned.
    if (m.usesTma())
      for (auto [name, dim] : {std::pair{"K", p.k}, std::pair{"N", p.n}})
        if (dim * int64_t(elemTypeBytes(m.aType)) % 16)
          die(kExitError,
              "bundle %s reads A and B with TMA, which needs rows of a "
              "multiple of 16 bytes; %s=%lld %s elements is not (use an "
              "mma=sync bundle)",
              m.path.c_str(), name, static_cast<long long>(dim),
              elemTypeName(m.aType));
    if (tileCount(m, p) > INT32_MAX)
      die(kExitError,
          "manifest %s: shape %lldx%lld needs %lld tiles of %lldx%lld, more "
          "than one grid can hold",
          m.path.c_str(), static_cast<long long>(p.m),
          static_cast<long long>(p.n), static_cast<long long>(tileCount(m, p)),
          static_cast<long long>(m.blockM), static_cast<long long>(m.blockN));
  }
}

//===----------------------------------------------------------------------===//
// GPU state
//===----------------------------------------------------------------------===//

struct Gpu {
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  std::string name;
  int driverVersion = 0;
  size_t totalMemory = 0;
  int l2Bytes = 0;
  DeviceLimits limits;
  GpuMonitor monitor;
};

// The TMA descriptor of a dense row-major rows x cols operand: dimensions
// innermost first, 128-byte swizzle as the wgmma descriptors expect, zero
// fill outside the operand (TMA's OOB fill "none" writes zeros).
void encodeTensorMap(CUtensorMap &out, const Manifest &m, CUdeviceptr base,
                     int64_t rows, int64_t cols, const int64_t (&box)[2]) {
  size_t esize = elemTypeBytes(m.aType);
  cuuint64_t dims[2] = {cuuint64_t(cols), cuuint64_t(rows)};
  cuuint64_t strides[1] = {cuuint64_t(cols) * esize};
  cuuint32_t boxDims[2] = {cuuint32_t(box[0]), cuuint32_t(box[1])};
  cuuint32_t elementStrides[2] = {1, 1};
  CUresult r = cu().cuTensorMapEncodeTiled(
      &out,
      m.aType == ElemType::BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                : CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
      2, reinterpret_cast<void *>(base), dims, strides, boxDims,
      elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
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

int deviceAttribute(CUdevice dev, CUdevice_attribute attr) {
  int value = 0;
  CU_CHECK(cuDeviceGetAttribute, &value, attr, dev);
  return value;
}

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

// Fills C with NaN so a kernel that skips some outputs cannot pass.
void poison(CUdeviceptr ptr, ElemType type, size_t count) {
  switch (type) {
  case ElemType::F16:
    CU_CHECK(cuMemsetD16, ptr, 0x7E00, count);
    break;
  case ElemType::BF16:
    CU_CHECK(cuMemsetD16, ptr, 0x7FC0, count);
    break;
  case ElemType::F32:
    CU_CHECK(cuMemsetD32, ptr, 0x7FC00000u, count);
    break;
  }
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

// Something timed: cuBLAS or a kernel, with its samples over all rounds.
struct Timed {
  std::string name;
  std::function<void()> launch;
  std::vector<double> samples;
  Stats stats;
  // Launches per block, fixed before the first round.
  int64_t warmups = 0, reps = 0;
};

// The buffer whose writing flushes the L2 before each sample: twice the L2,
// and at least the 256 MiB that triton.testing.do_bench writes, so that the
// write also outlasts the host's work to queue the launch that follows.
struct L2Flush {
  CUdeviceptr ptr = 0;
  size_t words = 0;
  size_t bytes() const { return words * 4; }
};

// Elapsed milliseconds between two recorded events, once the second fired.
float elapsedMs(CUevent start, CUevent stop) {
  CU_CHECK(cuEventSynchronize, stop);
  float ms = 0;
  CU_CHECK(cuEventElapsedTime, &ms, start, stop);
  return ms;
}

// Fixes `t`'s launches per block as do_bench does: after one untimed launch
// (cuBLAS loads its kernels on first use), five launches (each after a
// flush, when flushing) timed together give the time of one, and the
// block's warm-up and samples take about --warmup and --rep milliseconds.
void sizeBlocks(const Gpu &gpu, const Options &opts, const L2Flush &flush,
                Timed &t) {
  t.launch();
  CU_CHECK(cuCtxSynchronize);
  CUevent start, stop;
  CU_CHECK(cuEventCreate, &start, CU_EVENT_DEFAULT);
  CU_CHECK(cuEventCreate, &stop, CU_EVENT_DEFAULT);
  CU_CHECK(cuEventRecord, start, gpu.stream);
  for (int i = 0; i < 5; ++i) {
    if (opts.flushL2)
      CU_CHECK(cuMemsetD32Async, flush.ptr, 0, flush.words, gpu.stream);
    t.launch();
  }
  CU_CHECK(cuEventRecord, stop, gpu.stream);
  double each = std::max(elapsedMs(start, stop) / 5.0, 1e-3);
  CU_CHECK(cuEventDestroy, start);
  CU_CHECK(cuEventDestroy, stop);
  t.reps = opts.reps ? opts.reps
                     : std::max<int64_t>(1, int64_t(double(opts.repMs) / each));
  // On a warm L2 one untimed launch must lead the samples (timeSamples).
  t.warmups = std::max<int64_t>(opts.flushL2 ? 0 : 1,
                                int64_t(double(opts.warmupMs) / each));
}

// One round's block of `t`: untimed warm-up launches, then samples. Each
// sample sits between its own pair of events, and the GPU is busy when its
// start event is queued -- writing the flush buffer, or (warm L2) running
// the launch before -- so the event does not fire until the launch is
// queued behind it and no sample holds the host's launch latency.
void timeSamples(const Gpu &gpu, const Options &opts, const L2Flush &flush,
                 Timed &t) {
  std::vector<CUevent> start(t.reps), stop(t.reps);
  for (int64_t i = 0; i < t.reps; ++i) {
    CU_CHECK(cuEventCreate, &start[i], CU_EVENT_DEFAULT);
    CU_CHECK(cuEventCreate, &stop[i], CU_EVENT_DEFAULT);
  }
  for (int64_t i = 0; i < t.warmups; ++i)
    t.launch();
  for (int64_t i = 0; i < t.reps; ++i) {
    if (opts.flushL2)
      CU_CHECK(cuMemsetD32Async, flush.ptr, static_cast<unsigned>(i),
               flush.words, gpu.stream);
    CU_CHECK(cuEventRecord, start[i], gpu.stream);
    t.launch();
    CU_CHECK(cuEventRecord, stop[i], gpu.stream);
  }
  CU_CHECK(cuEventSynchronize, stop.back());
  CU_CHECK(cuCtxSynchronize);
  for (int64_t i = 0; i < t.reps; ++i) {
    t.samples.push_back(elapsedMs(start[i], stop[i]));
    CU_CHECK(cuEventDestroy, start[i]);
    CU_CHECK(cuEventDestroy, stop[i]);
  }
}

// GPU state around the timed rounds: before the first, after the last, and
// the lowest and highest SM clock seen after each round.
struct GpuStates {
  GpuState before, after;
  unsigned smClockMin = 0, smClockMax = 0;
  void sawRound(const GpuState &s) {
    if (!s.valid)
      return;
    smClockMin = smClockMin ? std::min(smClockMin, s.smClockMHz) : s.smClockMHz;
    smClockMax = std::max(smClockMax, s.smClockMHz);
  }
};

double tflops(const Problem &p, double ms) {
  return ms > 0 ? p.flops() / ms / 1e9 : 0.0;
}

//===----------------------------------------------------------------------===//
// Correctness
//===----------------------------------------------------------------------===//

// Bounds on ||C - C_ref||_F / ||C_ref||_F. The reference keeps its f32
// accumulator in an f32 output, so a correct kernel differs mostly by the
// rounding of its output to c_type (unit roundoff 2^-11 for f16, 2^-8 for
// bf16) and, for f32 outputs, by summation order. The f32 bounds also leave
// room for partial sums kept in the input type (e.g. split-K), which costs
// more with bf16's 8-bit mantissa than with f16's 11 bits.
struct ErrorBound {
  ElemType in, out;
  double bound;
};
const ErrorBound kErrorBounds[] = {
    {ElemType::F16, ElemType::F16, 2e-3},
    {ElemType::BF16, ElemType::F16, 2e-3},
    {ElemType::F16, ElemType::BF16, 1e-2},
    {ElemType::BF16, ElemType::BF16, 1e-2},
    {ElemType::F16, ElemType::F32, 1e-3},
    {ElemType::BF16, ElemType::F32, 5e-3},
};

double errorBound(ElemType in, ElemType out) {
  for (const ErrorBound &b : kErrorBounds)
    if (b.in == in && b.out == out)
      return b.bound;
  return 1e-3;
}

// The element-wise bound, which one wrong output already breaks:
//   |C - C_ref| <= u_c |C_ref| + K 2^-20 (|A|.|B|) + 2^-24
// with u_c the unit roundoff of c_type (0 for f32, whose output is the
// accumulator itself). tools/tile-run/README.md shows why a correct kernel
// always meets it; past K = 2^18 that argument fails and it is not checked.
constexpr int64_t kMaxElementwiseK = int64_t(1) << 18;

double unitRoundoff(ElemType out) {
  switch (out) {
  case ElemType::F16:
    return 0x1p-11;
  case ElemType::BF16:
    return 0x1p-8;
  case ElemType::F32:
    break;
  }
  return 0;
}

// What every kernel's C is compared with, both from cublasGemmEx with f32
// output: the product, and the product of the operands' magnitudes.
struct Reference {
  std::vector<float> c, magnitude;
};

struct Check {
  bool pass = false;
  double relErr = 0, bound = 0;
  int64_t nonFinite = 0;
  bool elementwise = false; // whether the element-wise bound was checked
  int64_t overBound = 0;    // outputs over it
  double worstRatio = 0;    // the largest |C - C_ref| / element-wise bound
  int64_t worst = -1; // the first non-finite output, else the largest ratio
  float worstGot = 0, worstWant = 0;
  double worstAllowed = 0;
};

float loadElement(const std::vector<uint8_t> &raw, ElemType type, size_t i) {
  if (type == ElemType::F32) {
    float f;
    std::memcpy(&f, raw.data() + 4 * i, 4);
    return f;
  }
  uint16_t h;
  std::memcpy(&h, raw.data() + 2 * i, 2);
  return type == ElemType::F16 ? halfToFloat(h) : bf16ToFloat(h);
}

Check compare(const std::vector<uint8_t> &got, ElemType type,
              const Reference &ref, int64_t k, double bound) {
  Check c;
  c.bound = bound;
  c.elementwise = k <= kMaxElementwiseK;
  const double u = unitRoundoff(type), perMagnitude = double(k) * 0x1p-20;
  double diff2 = 0, ref2 = 0;
  for (size_t i = 0; i < ref.c.size(); ++i) {
    float g = loadElement(got, type, i);
    double w = ref.c[i];
    double allowed = u * std::fabs(w) + perMagnitude * ref.magnitude[i] +
                     0x1p-24;
    ref2 += w * w;
    if (!std::isfinite(g)) {
      if (c.nonFinite++ == 0) {
        c.worst = static_cast<int64_t>(i);
        c.worstGot = g;
        c.worstWant = ref.c[i];
        c.worstAllowed = allowed;
      }
      continue;
    }
    double d = std::fabs(double(g) - w);
    diff2 += d * d;
    double ratio = d / allowed;
    c.overBound += c.elementwise && ratio > 1;
    if (ratio > c.worstRatio) {
      c.worstRatio = ratio;
      if (c.nonFinite == 0) {
        c.worst = static_cast<int64_t>(i);
        c.worstGot = g;
        c.worstWant = ref.c[i];
        c.worstAllowed = allowed;
      }
    }
  }
  c.relErr = ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
  c.pass = c.nonFinite == 0 && c.relErr <= bound && c.overBound == 0;
  return c;
}

void printCheck(const Check &c, const Problem &p) {
  const char *verdict = c.pass ? "PASS" : "FAIL";
  if (c.nonFinite)
    std::printf("check: %s %lld non-finite outputs (bound %.1e)\n", verdict,
                static_cast<long long>(c.nonFinite), c.bound);
  else if (!c.elementwise)
    std::printf("check: %s rel_err=%.1e (bound %.1e), element-wise bound "
                "not checked (K > 2^18)\n",
                verdict, c.relErr, c.bound);
  else if (c.overBound == 0)
    std::printf("check: %s rel_err=%.1e (bound %.1e), element-wise within "
                "bound (worst %.2g of it)\n",
                verdict, c.relErr, c.bound, c.worstRatio);
  else
    std::printf("check: %s rel_err=%.1e (bound %.1e), element-wise bound "
                "exceeded by %lld output%s (worst %.3g times it)\n",
                verdict, c.relErr, c.bound,
                static_cast<long long>(c.overBound),
                c.overBound == 1 ? "" : "s", c.worstRatio);
  if (!c.pass && c.worst >= 0)
    std::printf("  worst output: C[%lld][%lld] = %g, cuBLAS says %g (element-"
                "wise bound %.3g)\n",
                static_cast<long long>(c.worst / p.n),
                static_cast<long long>(c.worst % p.n), double(c.worstGot),
                double(c.worstWant), c.worstAllowed);
}

//===----------------------------------------------------------------------===//
// One bundle
//===----------------------------------------------------------------------===//

struct KernelResult {
  const Manifest *manifest = nullptr;
  int regs = 0, localBytes = 0, staticShared = 0, maxThreads = 0;
  int ptxVersion = 0, binaryVersion = 0;
  KernelUsage usage;
  Occupancy occ;
  int driverBlocks = 0;
  int64_t tiles = 0, grid = 0, programsPerSM = 0;
  int64_t tilesPerProgramMin = 1, tilesPerProgramMax = 1;
  double wavesPerSM = 0;
  Check check;
  // Its launch is kept, with the module, until every round is timed.
  Timed timed;
  CUmodule module = nullptr;
};

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

// Loads, describes and checks one kernel; timing comes later, for all.
KernelResult runBundle(const Gpu &gpu, const Options &opts, const Problem &p,
                       const Manifest &m, CUdeviceptr a, CUdeviceptr b,
                       CUdeviceptr c, const Reference &reference) {
  KernelResult res;
  res.manifest = &m;
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

  res.tiles = tileCount(m, p);
  if (m.persistent) {
    res.programsPerSM =
        opts.programsPerSM ? opts.programsPerSM : res.driverBlocks;
    res.grid =
        std::min<int64_t>(int64_t(dev.smCount) * res.programsPerSM, res.tiles);
    res.tilesPerProgramMin = res.tiles / res.grid;
    res.tilesPerProgramMax = ceilDiv(res.tiles, res.grid);
  } else {
    res.grid = res.tiles;
  }
  res.wavesPerSM =
      double(res.grid) / (double(dev.smCount) * double(res.driverBlocks));
  std::printf("launch: grid %lld x %lld threads, %lld B dynamic shared; "
              "%lld tiles, ",
              static_cast<long long>(res.grid),
              static_cast<long long>(m.threadsPerBlock),
              static_cast<long long>(m.dynamicSharedBytes),
              static_cast<long long>(res.tiles));
  if (m.persistent && res.tilesPerProgramMin != res.tilesPerProgramMax)
    std::printf("%lld-%lld per program",
                static_cast<long long>(res.tilesPerProgramMin),
                static_cast<long long>(res.tilesPerProgramMax));
  else
    std::printf("%lld per program",
                static_cast<long long>(res.tilesPerProgramMax));
  if (m.persistent)
    std::printf(" (%lld programs/SM%s)",
                static_cast<long long>(res.programsPerSM),
                opts.programsPerSM ? "" : ", auto");
  std::printf("; ");
  std::printf("%.2f waves per SM (%lld / (%d SMs x %d blocks))\n",
              res.wavesPerSM, static_cast<long long>(res.grid), dev.smCount,
              res.driverBlocks);

  // Arguments in the ABI's order; each slot is 8 bytes, a pointer or an
  // i64. A tensor map is passed as its 128 bytes.
  struct LaunchArgs {
    std::vector<uint64_t> slots;
    std::vector<CUtensorMap> tensorMaps;
    std::vector<void *> args;
  };
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
    case ParamRole::TmaB: {
      bool isA = role == ParamRole::TmaA;
      encodeTensorMap(tensorMaps[i], m, isA ? a : b, isA ? p.m : p.k,
                      isA ? p.k : p.n, isA ? m.tmaBoxA : m.tmaBoxB);
      args[i] = &tensorMaps[i];
      break;
    }
    case ParamRole::A:
    case ParamRole::B:
    case ParamRole::C: {
      // The kernel finds element (0, 0) its static offset past the pointer
      // (modulo 2^64, as the kernel's own address arithmetic wraps).
      CUdeviceptr data = role == ParamRole::A   ? a
                         : role == ParamRole::B ? b
                                                : c;
      size_t bytes = elemTypeBytes(role == ParamRole::C ? m.cType : m.aType);
      CUdeviceptr ptr = data - CUdeviceptr(m.offset(role)) * bytes;
      std::memcpy(&slots[i], &ptr, sizeof(ptr));
      break;
    }
    default: {
      int64_t v = scalarValue(role, p);
      std::memcpy(&slots[i], &v, sizeof(v));
    }
    }
  }
  // Outlives this function: every round times it again.
  std::function<void()> launch = [storage, func, grid = res.grid, &m,
                                  stream = gpu.stream]() {
    CUresult r =
        cu().cuLaunchKernel(func, static_cast<unsigned>(grid), 1, 1,
                            static_cast<unsigned>(m.threadsPerBlock), 1, 1,
                            static_cast<unsigned>(m.dynamicSharedBytes),
                            stream, storage->args.data(), nullptr);
    if (r != CUDA_SUCCESS)
      die(kExitError, "launching kernel '%s' failed: %s", m.kernel.c_str(),
          cuErrorText(r).c_str());
  };

  // Correctness launch on a poisoned C.
  const size_t cCount = size_t(p.m) * size_t(p.n);
  poison(c, m.cType, cCount);
  CU_CHECK(cuCtxSynchronize);
  launch();
  CUresult r = cu().cuCtxSynchronize();
  if (r != CUDA_SUCCESS)
    die(kExitError, "kernel '%s' failed: cuCtxSynchronize: %s",
        m.kernel.c_str(), cuErrorText(r).c_str());
  std::vector<uint8_t> got(cCount * elemTypeBytes(m.cType));
  CU_CHECK(cuMemcpyDtoH, got.data(), c, got.size());
  res.check =
      compare(got, m.cType, reference, p.k, errorBound(m.aType, m.cType));
  printCheck(res.check, p);
  res.module = module;
  res.timed.name = m.path;
  res.timed.launch = std::move(launch);
  return res;
}

//===----------------------------------------------------------------------===//
// Reports
//===----------------------------------------------------------------------===//

std::string fmt(const char *f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), f, v);
  return buf;
}

// The first baseline is what "% of cuBLAS" and the verdicts refer to.
const Timed *baselineOf(const std::vector<Timed> &baselines) {
  return baselines.empty() ? nullptr : &baselines.front();
}

void printSummary(const std::vector<KernelResult> &results,
                  const std::vector<Timed> &baselines, const Problem &p) {
  const Timed *base = baselineOf(baselines);
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"name", "schedule", "ms", "IQR ms", "TFLOP/s", "%cuBLAS",
                  "[IQR range]", "vs cuBLAS", "regs", "spills", "smem",
                  "blocks/SM", "waves", "check"});
  // The baseline's own row has no ratio to show.
  auto timeCells = [&](const Stats &s) {
    bool ratio = base && &s != &base->stats;
    Ratio r = ratio ? relativeSpeed(base->stats, s) : Ratio();
    return std::vector<std::string>{
        fmt("%.4f", s.median),
        fmt("%.4f", s.q25) + "-" + fmt("%.4f", s.q75),
        fmt("%.1f", tflops(p, s.median)),
        ratio ? fmt("%.1f%%", r.pct) : "-",
        ratio ? fmt("[%.1f", r.lo) + fmt("-%.1f]", r.hi) : "-",
        ratio ? verdictName(r.verdict) : "-"};
  };
  for (const KernelResult &r : results) {
    const Manifest &m = *r.manifest;
    // Bundles of one kernel name (say, two configs in two directories) are
    // told apart by their manifest paths.
    std::string name = m.kernel;
    for (const KernelResult &other : results)
      if (&other != &r && other.manifest->kernel == m.kernel)
        name = m.path;
    std::vector<std::string> row = {name, m.schedule};
    for (std::string &cell : timeCells(r.timed.stats))
      row.push_back(cell);
    for (std::string cell :
         {std::to_string(r.regs), std::to_string(r.localBytes),
          std::to_string(r.staticShared + m.dynamicSharedBytes),
          std::to_string(r.driverBlocks), fmt("%.2f", r.wavesPerSM),
          std::string(r.check.pass ? "PASS" : "FAIL")})
      row.push_back(cell);
    rows.push_back(row);
  }
  for (const Timed &b : baselines) {
    std::vector<std::string> row = {b.name, "-"};
    for (std::string &cell : timeCells(b.stats))
      row.push_back(cell);
    for (int i = 0; i < 6; ++i)
      row.push_back("-");
    rows.push_back(row);
  }
  std::vector<size_t> width(rows[0].size(), 0);
  for (const auto &row : rows)
    for (size_t i = 0; i < row.size(); ++i)
      width[i] = std::max(width[i], row[i].size());
  std::printf("\nsummary (median; IQR = 25th-75th percentile of the samples; "
              "a kernel whose IQR overlaps cuBLAS's is a tie):\n");
  for (const auto &row : rows) {
    std::string line = " ";
    for (size_t i = 0; i < row.size(); ++i) {
      // Names left-aligned, numbers right-aligned.
      bool left = i < 2;
      std::string pad(width[i] - row[i].size(), ' ');
      line += " " + (left ? row[i] + pad : pad + row[i]);
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    std::printf("%s\n", line.c_str());
  }
}

Json limitJson(int limit) {
  return limit == INT_MAX ? Json() : Json::integer(limit);
}

Json optionalInt(int64_t v) { return v < 0 ? Json() : Json::integer(v); }

Json optionalString(const std::string &s) {
  return s.empty() ? Json() : Json::string(s);
}

// Median, spread and sample counts of `t`, and its speed relative to the
// baseline, into `obj`.
void setTiming(Json &obj, const Timed &t, const Timed *base,
               const Problem &p) {
  const Stats &s = t.stats;
  obj.set("ms", Json::number(s.median));
  obj.set("ms_q25", Json::number(s.q25));
  obj.set("ms_q75", Json::number(s.q75));
  obj.set("ms_min", Json::number(s.min));
  obj.set("ms_max", Json::number(s.max));
  obj.set("samples", Json::integer(static_cast<int64_t>(s.count)));
  obj.set("block_warmups", Json::integer(t.warmups));
  obj.set("block_reps", Json::integer(t.reps));
  obj.set("tflops", Json::number(tflops(p, s.median)));
  Ratio r = base ? relativeSpeed(base->stats, s) : Ratio();
  obj.set("pct_cublas", base ? Json::number(r.pct) : Json());
  obj.set("pct_cublas_lo", base ? Json::number(r.lo) : Json());
  obj.set("pct_cublas_hi", base ? Json::number(r.hi) : Json());
  obj.set("vs_cublas", base ? Json::string(verdictName(r.verdict)) : Json());
}

Json stateJson(const GpuState &s) {
  if (!s.valid)
    return Json();
  Json o = Json::object();
  o.set("sm_clock_mhz", Json::integer(s.smClockMHz));
  o.set("mem_clock_mhz", Json::integer(s.memClockMHz));
  o.set("power_w", Json::number(s.powerW));
  o.set("temperature_c", Json::integer(s.temperatureC));
  o.set("clock_event_reasons",
        Json::unsignedInteger(s.clockEventReasons));
  return o;
}

// How the samples were taken, for the report and the JSON.
struct TimingRecord {
  size_t flushBytes = 0;
  GpuStates states;
};

// Written next to the target and renamed over it, so a failed or partial
// write never leaves a truncated file under the requested name.
void writeFileAtomically(const std::string &path, const std::string &text) {
  std::string tmp = path + ".tmp-XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0)
    die(kExitError, "cannot write --json file '%s': %s", path.c_str(),
        std::strerror(errno));
  bool ok = true;
  for (size_t done = 0; ok && done < text.size();) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    ok = n > 0;
    done += ok ? size_t(n) : 0;
  }
  int savedErrno = errno;
  ok = close(fd) == 0 && ok;
  if (ok && std::rename(tmp.c_str(), path.c_str()) == 0)
    return;
  savedErrno = errno ? errno : savedErrno;
  std::remove(tmp.c_str());
  die(kExitError, "cannot write --json file '%s': %s", path.c_str(),
      std::strerror(savedErrno));
}

void writeJson(const std::string &path, const Gpu &gpu, const Options &opts,
               const Problem &p, uint64_t seed,
               const std::vector<Timed> &baselines,
               const std::vector<KernelResult> &results,
               const TimingRecord &rec) {
  const Timed *base = baselineOf(baselines);
  Json root = Json::object();
  Json device = Json::object();
  device.set("name", Json::string(gpu.name));
  device.set("compute_capability",
             Json::string(std::to_string(gpu.limits.ccMajor) + "." +
                          std::to_string(gpu.limits.ccMinor)));
  device.set("sm_count", Json::integer(gpu.limits.smCount));
  device.set("l2_bytes", Json::integer(gpu.l2Bytes));
  device.set("driver_version", Json::integer(gpu.driverVersion));
  root.set("device", device);
  Json shape = Json::object();
  shape.set("m", Json::integer(p.m));
  shape.set("n", Json::integer(p.n));
  shape.set("k", Json::integer(p.k));
  root.set("shape", shape);
  root.set("dtype", Json::string(elemTypeName(p.inType)));
  root.set("c_type", Json::string(elemTypeName(p.outType)));
  root.set("layout", Json::string(p.layout));
  root.set("seed", Json::unsignedInteger(seed));

  Json timing = Json::object();
  timing.set("l2", Json::string(opts.flushL2 ? "flush" : "warm"));
  timing.set("l2_flush_bytes",
             opts.flushL2 ? Json::integer(int64_t(rec.flushBytes)) : Json());
  timing.set("warmup_ms", Json::integer(opts.warmupMs));
  timing.set("rep_ms", opts.reps ? Json() : Json::integer(opts.repMs));
  timing.set("reps", opts.reps ? Json::integer(opts.reps) : Json());
  timing.set("rounds", Json::integer(opts.rounds));
  timing.set("order", Json::string("rotated"));
  timing.set("spread", Json::string("interquartile range; tie when the "
                                    "ranges overlap"));
  root.set("timing", timing);

  Json state = Json::object();
  state.set("before", stateJson(rec.states.before));
  state.set("after", stateJson(rec.states.after));
  state.set("sm_clock_mhz_min",
            rec.states.smClockMin ? Json::integer(rec.states.smClockMin)
                                  : Json());
  state.set("sm_clock_mhz_max",
            rec.states.smClockMax ? Json::integer(rec.states.smClockMax)
                                  : Json());
  state.set("note", gpu.monitor.available() ? Json()
                                            : Json::string(gpu.monitor.why()));
  root.set("gpu_state", state);

  // "cublas" is the baseline; "baselines" lists every cuBLAS call timed.
  Json blasRuns = Json::array();
  for (const Timed &b : baselines) {
    Json o = Json::object();
    o.set("name", Json::string(b.name));
    setTiming(o, b, base, p);
    blasRuns.push(o);
  }
  root.set("cublas", base ? blasRuns.items().front() : Json());
  root.set("baselines", blasRuns);

  bool allPass = true;
  Json kernels = Json::array();
  for (const KernelResult &r : results) {
    const Manifest &m = *r.manifest;
    allPass = allPass && r.check.pass;
    Json k = Json::object();
    k.set("manifest", Json::string(m.path));
    k.set("kernel", Json::string(m.kernel));
    k.set("ptx", Json::string(m.ptx));
    k.set("chip", optionalString(m.chip));
    k.set("schedule", Json::string(m.schedule));
    k.set("order", optionalString(m.order));
    k.set("group_m", optionalInt(m.groupM));
    k.set("block_m", Json::integer(m.blockM));
    k.set("block_n", Json::integer(m.blockN));
    k.set("block_k", Json::integer(m.blockK));
    k.set("num_warps", optionalInt(m.numWarps));
    k.set("num_stages", optionalInt(m.numStages));
    k.set("mma", Json::string(m.mma));
    k.set("a_type", Json::string(elemTypeName(m.aType)));
    k.set("b_type", Json::string(elemTypeName(m.bType)));
    k.set("c_type", Json::string(elemTypeName(m.cType)));
    k.set("acc_type", optionalString(m.accType));
    setTiming(k, r.timed, base, p);
    k.set("rel_err", r.check.nonFinite ? Json() : Json::number(r.check.relErr));
    k.set("error_bound", Json::number(r.check.bound));
    k.set("non_finite", Json::integer(r.check.nonFinite));
    k.set("elementwise_checked", Json::boolean(r.check.elementwise));
    k.set("elementwise_over_bound", Json::integer(r.check.overBound));
    k.set("elementwise_worst_ratio", Json::number(r.check.worstRatio));
    k.set("pass", Json::boolean(r.check.pass));
    k.set("regs", Json::integer(r.regs));
    k.set("spill_bytes", Json::integer(r.localBytes));
    k.set("static_smem", Json::integer(r.staticShared));
    k.set("dynamic_smem", Json::integer(m.dynamicSharedBytes));
    k.set("threads", Json::integer(m.threadsPerBlock));
    k.set("ptx_version", Json::integer(r.ptxVersion));
    k.set("binary_version", Json::integer(r.binaryVersion));
    Json occ = Json::object();
    occ.set("warps_per_block", Json::integer(r.occ.warpsPerBlock));
    occ.set("regs_per_warp", Json::integer(r.occ.regsPerWarp));
    occ.set("smem_per_block", Json::integer(r.occ.sharedPerBlock));
    occ.set("limit_registers", limitJson(r.occ.limitRegisters));
    occ.set("limit_shared", limitJson(r.occ.limitShared));
    occ.set("limit_warps", limitJson(r.occ.limitWarps));
    occ.set("limit_blocks", limitJson(r.occ.limitBlocks));
    occ.set("blocks_per_sm", Json::integer(r.occ.blocksPerSM));
    occ.set("limiter", Json::string(r.occ.limiter));
    occ.set("driver_blocks_per_sm", Json::integer(r.driverBlocks));
    occ.set("theoretical_pct", Json::number(r.occ.theoreticalPct));
    k.set("occupancy", occ);
    k.set("grid", Json::integer(r.grid));
    k.set("tiles", Json::integer(r.tiles));
    k.set("programs_per_sm",
          m.persistent ? Json::integer(r.programsPerSM) : Json());
    k.set("waves_per_sm", Json::number(r.wavesPerSM));
    k.set("tiles_per_program_min", Json::integer(r.tilesPerProgramMin));
    k.set("tiles_per_program_max", Json::integer(r.tilesPerProgramMax));
    kernels.push(k);
  }
  root.set("kernels", kernels);
  root.set("pass", Json::boolean(allPass));
  writeFileAtomically(path, root.dump());
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

uint64_t clockSeed() {
  uint64_t t = static_cast<uint64_t>(
      std::chrono::system_clock::now().time_since_epoch().count());
  SplitMix64 mix(t ^ (static_cast<uint64_t>(getpid()) << 32));
  // Small enough to retype from a log.
  return mix.next() & 0xFFFFFFFFull;
}

// Random values in [-1, 1), rounded to the input type.
void fillRandom(std::vector<uint16_t> &data, ElemType type, SplitMix64 &rng) {
  for (uint16_t &x : data) {
    float v = rng.uniformSigned();
    x = type == ElemType::F16 ? floatToHalf(v) : floatToBf16(v);
  }
}

// One problem on fresh inputs: reference, optional cuBLAS timing, every
// bundle checked (and timed). Returns whether every bundle passed.
bool runProblem(Gpu &gpu, const Options &opts,
                const std::vector<Manifest> &bundles, const Problem &p,
                uint64_t seed) {
  if (opts.shapes.size() > 1)
    std::printf("\n==== problem %lldx%lldx%lld, seed %llu ====\n",
                static_cast<long long>(p.m), static_cast<long long>(p.n),
                static_cast<long long>(p.k),
                static_cast<unsigned long long>(seed));
  const size_t aCount = size_t(p.m) * size_t(p.k);
  const size_t bCount = size_t(p.k) * size_t(p.n);
  const size_t cCount = size_t(p.m) * size_t(p.n);
  const size_t inBytes = elemTypeBytes(p.inType);
  CUdeviceptr dA = allocDevice(aCount * inBytes, "A");
  CUdeviceptr dB = allocDevice(bCount * inBytes, "B");
  CUdeviceptr dRef = allocDevice(cCount * 4, "the cuBLAS reference");
  CUdeviceptr dC = allocDevice(cCount * elemTypeBytes(p.outType), "C");
  // cuBLAS recommends 32 MiB of workspace on Hopper; it is enough elsewhere.
  const size_t workspaceBytes = 32u << 20;
  CUdeviceptr dWork = allocDevice(workspaceBytes, "the cuBLAS workspace");

  // The operands' magnitudes, for the element-wise bound; freed once used.
  CUdeviceptr dAbsA = allocDevice(aCount * inBytes, "|A|");
  CUdeviceptr dAbsB = allocDevice(bCount * inBytes, "|B|");
  {
    // A then B from one stream of numbers, in storage order. Clearing the
    // sign bit gives the magnitude exactly, in f16 as in bf16.
    SplitMix64 rng(seed);
    for (auto [count, signedPtr, absPtr] :
         {std::tuple{aCount, dA, dAbsA}, std::tuple{bCount, dB, dAbsB}}) {
      std::vector<uint16_t> host(count);
      fillRandom(host, p.inType, rng);
      CU_CHECK(cuMemcpyHtoD, signedPtr, host.data(), count * inBytes);
      for (uint16_t &x : host)
        x &= 0x7FFF;
      CU_CHECK(cuMemcpyHtoD, absPtr, host.data(), count * inBytes);
    }
  }

  cublasHandle_t blas = nullptr;
  checkBlas(cublasCreate(&blas), "cublasCreate");
  // CUstream and cudaStream_t name the same driver object.
  checkBlas(cublasSetStream(blas, gpu.stream), "cublasSetStream");
  checkBlas(
      cublasSetWorkspace(blas, reinterpret_cast<void *>(dWork), workspaceBytes),
      "cublasSetWorkspace");

  // Reference in f32 whatever c_type is, so it carries no output rounding;
  // then |A|.|B| the same way, through the same buffer.
  Reference reference;
  for (auto [a, b, out] : {std::tuple{dA, dB, &reference.c},
                           std::tuple{dAbsA, dAbsB, &reference.magnitude}}) {
    poison(dRef, ElemType::F32, cCount);
    checkBlas(gemmEx(blas, p, a, b, dRef, ElemType::F32), "cublasGemmEx");
    CU_CHECK(cuCtxSynchronize);
    out->resize(cCount);
    CU_CHECK(cuMemcpyDtoH, out->data(), dRef, cCount * 4);
    for (float v : *out)
      if (!std::isfinite(v))
        die(kExitError, "the cuBLAS reference has non-finite values");
  }
  for (CUdeviceptr ptr : {dAbsA, dAbsB})
    CU_CHECK(cuMemFree, ptr);
  std::printf("reference: cublasGemmEx, %s inputs, f32 output, compute 32F; "
              "|A|.|B| likewise for the element-wise bound\n",
              elemTypeName(p.inType));

  // The timed baselines write the kernels' c_type, like they do.
  std::unique_ptr<LtGemm> lt;
  std::vector<Timed> baselines;
  if (opts.cublasTiming) {
    if (opts.blas != Options::Blas::GemmEx) {
      lt = std::make_unique<LtGemm>(p, gpu.stream, dWork, workspaceBytes,
                                    checkBlas);
      baselines.push_back({"cuBLAS (cublasLt)",
                           [&] { lt->run(dA, dB, dC); }, {}, {}});
    }
    if (opts.blas != Options::Blas::Lt)
      baselines.push_back({"cuBLAS (cublasGemmEx)",
                           [&] {
                             checkBlas(gemmEx(blas, p, dA, dB, dC, p.outType),
                                       "cublasGemmEx");
                           },
                           {},
                           {}});
  }

  std::vector<KernelResult> results;
  for (const Manifest &m : bundles)
    results.push_back(runBundle(gpu, opts, p, m, dA, dB, dC, reference));

  L2Flush flush;
  if (opts.flushL2) {
    flush.words = std::max<size_t>(2 * size_t(gpu.l2Bytes), 256u << 20) / 4;
    flush.ptr = allocDevice(flush.bytes(), "the L2 flush buffer");
  }
  std::vector<Timed *> timed;
  for (Timed &b : baselines)
    timed.push_back(&b);
  for (KernelResult &r : results)
    timed.push_back(&r.timed);
  TimingRecord rec;
  rec.flushBytes = flush.bytes();
  for (Timed *t : timed)
    sizeBlocks(gpu, opts, flush, *t);
  rec.states.before = gpu.monitor.read();
  for (int64_t round = 0; round < opts.rounds; ++round) {
    for (size_t i = 0; i < timed.size(); ++i)
      timeSamples(gpu, opts, flush, *timed[(size_t(round) + i) % timed.size()]);
    rec.states.sawRound(gpu.monitor.read());
  }
  rec.states.after = gpu.monitor.read();
  for (Timed *t : timed)
    t->stats = summarize(t->samples);

  std::printf("\ntiming: %lld round%s, each a block of launches of "
              "everything in an order rotated every round (block: ",
              static_cast<long long>(opts.rounds), opts.rounds == 1 ? "" : "s");
  if (opts.reps)
    std::printf("%lld samples", static_cast<long long>(opts.reps));
  else
    std::printf("samples for ~%lld ms", static_cast<long long>(opts.repMs));
  std::printf(" after ~%lld ms of untimed launches); ",
              static_cast<long long>(opts.warmupMs));
  if (opts.flushL2)
    std::printf("L2 flushed before every sample (%zu MiB written)\n",
                flush.bytes() >> 20);
  else
    std::printf("warm L2, samples back to back\n");
  if (gpu.monitor.available())
    std::printf("gpu before timing: %s\ngpu after timing:  %s\nSM clock after "
                "each round: %u-%u MHz\n",
                describe(rec.states.before).c_str(),
                describe(rec.states.after).c_str(), rec.states.smClockMin,
                rec.states.smClockMax);
  else
    std::printf("gpu state: not recorded (%s)\n", gpu.monitor.why().c_str());
  const Timed *base = baselineOf(baselines);
  for (const Timed *t : timed) {
    const Stats &s = t->stats;
    std::printf("time %s: %.4f ms median (IQR %.4f-%.4f, min %.4f, max "
                "%.4f; %zu samples, %lld + %lld launches a block), %.1f "
                "TFLOP/s",
                t->name.c_str(), s.median, s.q25, s.q75, s.min, s.max, s.count,
                static_cast<long long>(t->warmups),
                static_cast<long long>(t->reps), tflops(p, s.median));
    if (base && t != base) {
      Ratio r = relativeSpeed(base->stats, s);
      std::printf(", %.1f%% of %s [%.1f-%.1f]: %s", r.pct, base->name.c_str(),
                  r.lo, r.hi, verdictName(r.verdict));
    }
    std::printf("\n");
  }
  for (KernelResult &r : results)
    CU_CHECK(cuModuleUnload, r.module);

  printSummary(results, baselines, p);
  if (!opts.jsonPath.empty())
    writeJson(opts.jsonPath, gpu, opts, p, seed, baselines, results, rec);

  if (flush.ptr)
    CU_CHECK(cuMemFree, flush.ptr);
  checkBlas(cublasDestroy(blas), "cublasDestroy");
  for (CUdeviceptr ptr : {dA, dB, dRef, dC, dWork})
    CU_CHECK(cuMemFree, ptr);
  for (const KernelResult &r : results)
    if (!r.check.pass)
      return false;
  return true;
}

int run(int argc, char **argv) {
  Options opts = parseCommandLine(argc, argv);

  std::vector<Manifest> bundles(opts.manifests.size());
  for (size_t i = 0; i < opts.manifests.size(); ++i) {
    std::string error;
    if (!loadManifest(opts.manifests[i], bundles[i], error))
      die(kExitError, "manifest %s: %s", opts.manifests[i].c_str(),
          error.c_str());
  }

  std::vector<Problem> problems;
  for (const Options::Shape &s : opts.shapes) {
    Problem p;
    p.m = s.m;
    p.n = s.n;
    p.k = s.k;
    p.layout = opts.layout;
    p.inType = bundles.front().aType;
    p.outType = bundles.front().cType;
    validateBundles(opts, bundles, p);
    problems.push_back(p);
  }

  // Each shape gets its own inputs: the first uses the seed, the next ones
  // seed + 1, seed + 2, ... so any of them can be replayed alone.
  uint64_t seed = opts.haveSeed ? opts.seed : clockSeed();
  for (size_t i = 0; i < problems.size(); ++i) {
    const Problem &p = problems[i];
    std::printf("problem: M=%lld N=%lld K=%lld, %s inputs, %s output, layout "
                "%s\n",
                static_cast<long long>(p.m), static_cast<long long>(p.n),
                static_cast<long long>(p.k), elemTypeName(p.inType),
                elemTypeName(p.outType), p.layout.c_str());
    std::printf("seed: %llu\n", static_cast<unsigned long long>(seed + i));
  }
  std::fflush(stdout);

  // Nothing above needed a GPU; from here on everything does.
  Gpu gpu = initGpu();
  const DeviceLimits &dev = gpu.limits;
  std::printf("device: %s (sm_%d%d, %d SMs, %.1f GiB), driver %d.%d\n",
              gpu.name.c_str(), dev.ccMajor, dev.ccMinor, dev.smCount,
              double(gpu.totalMemory) / (1024.0 * 1024 * 1024),
              gpu.driverVersion / 1000, (gpu.driverVersion % 1000) / 10);

  bool pass = true;
  for (size_t i = 0; i < problems.size(); ++i)
    pass = runProblem(gpu, opts, bundles, problems[i], seed + i) && pass;

  CU_CHECK(cuStreamDestroy, gpu.stream);
  CU_CHECK(cuDevicePrimaryCtxRelease, gpu.device);
  return pass ? kExitOk : kExitCheckFailed;
}

} // namespace

int main(int argc, char **argv) {
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc &) {
    die(kExitError, "out of host memory");
  }
}
