//===- tile-run.cpp - Launch a tile-opt bundle and compare with cuBLAS ----===//
//
// tile-run loads the PTX that tile-opt wrote, launches it the way its launch
// manifest says, checks the result against cuBLAS, times both with CUDA
// events, and explains the kernel's resource use and occupancy. Several
// bundles can be given at once; they then run on the same inputs, next to
// one cuBLAS baseline, so their numbers are directly comparable.
//
// Only the CUDA driver API (loaded at run time, see driver.h), NVML (for
// clocks and power, see gpu_state.h) and cuBLAS are used. Everything that
// needs no GPU (command line, manifests, shape limits) is checked before the
// driver is touched, so those errors are testable on machines without one.
//
// This file is the driver; the steps live by concern: errors.h (the one
// exit path), gpu.h (device and memory), launch.h (loading, occupancy, grid,
// arguments), check.h (reference and bounds), timing.h (do_bench-like
// blocks and rounds) and report.h (timing lines, summary, JSON).
//
//===----------------------------------------------------------------------===//

#include "blas.h"
#include "check.h"
#include "errors.h"
#include "gpu.h"
#include "json.h"
#include "launch.h"
#include "manifest.h"
#include "numeric.h"
#include "options.h"
#include "problem.h"
#include "report.h"
#include "timing.h"

#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <tuple>
#include <unistd.h>
#include <vector>

using namespace tilerun;

namespace {

//===----------------------------------------------------------------------===//
// Checks that need no GPU
//===----------------------------------------------------------------------===//

// Sizes and strides that the kernel's memref types fix. tile-run stores
// every operand densely, or stages it through padded copies (`s`), so a
// stride follows from the shape, the layout and the staging.
void validateStatic(const Manifest &m, const Problem &p, const Staging &s) {
  for (size_t i = 0; i < kParamCount; ++i) {
    auto role = ParamRole(i);
    bool isSize =
        role == ParamRole::M || role == ParamRole::N || role == ParamRole::K;
    bool isStride = role >= ParamRole::StrideAM && role <= ParamRole::StrideCN;
    if (!m.fixed[i] || (!isSize && !isStride))
      continue;
    long long fixed = *m.fixed[i], given = scalarValue(role, p, s);
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
    Staging s = planStaging(m, p);
    validateStatic(m, p, s);
    // Every operand the kernel sees is dense or a padded copy (rows of kp
    // and np), so the largest element offset is its static offset plus its
    // element count minus one.
    int64_t limit = m.indexBitwidth >= 64
                        ? INT64_MAX
                        : (int64_t(1) << (m.indexBitwidth - 1));
    for (auto [rows, cols, operand] : {std::tuple{p.m, s.kp, ParamRole::A},
                                       std::tuple{p.k, s.np, ParamRole::B},
                                       std::tuple{p.m, s.np, ParamRole::C}}) {
      int64_t elems;
      if (__builtin_mul_overflow(rows, cols, &elems) ||
          elems > limit - std::abs(m.offset(operand)))
        die(kExitError,
            "bundle %s indexes with %lld-bit offsets; shape %lldx%lldx%lld "
            "needs more%s (recompile with index-bitwidth=64)",
            m.path.c_str(), static_cast<long long>(m.indexBitwidth),
            static_cast<long long>(p.m), static_cast<long long>(p.n),
            static_cast<long long>(p.k),
            s.staged ? " in its padded copies" : "");
    }
    // What the manifest asks each size to be a multiple of; a staged
    // kernel sees N and K only through the padded rows, so only M is left.
    for (auto [dim, key, given, multiple] :
         {std::tuple{"M", "m_multiple", p.m, m.multiple[0]},
          std::tuple{"N", "n_multiple", p.n, s.staged ? 1 : m.multiple[1]},
          std::tuple{"K", "k_multiple", p.k, s.staged ? 1 : m.multiple[2]}})
      if (given % multiple)
        die(kExitError,
            "bundle %s needs %s to be a multiple of %lld (\"%s\"); --shape "
            "asks for %lld",
            m.path.c_str(), dim, static_cast<long long>(multiple), key,
            static_cast<long long>(given));
    // A split-K kernel launches split_k blocks per tile and needs
    // workspace_tile_bytes per tile; neither product may overflow.
    int64_t tiles = tileCount(m, p);
    std::string splits =
        m.splitK > 1 ? " in " + std::to_string(m.splitK) + " splits each" : "";
    if (tiles > INT32_MAX / m.splitK)
      die(kExitError,
          "manifest %s: shape %lldx%lld needs %lld tiles of %lldx%lld%s, more "
          "than one grid can hold",
          m.path.c_str(), static_cast<long long>(p.m),
          static_cast<long long>(p.n), static_cast<long long>(tiles),
          static_cast<long long>(m.blockM), static_cast<long long>(m.blockN),
          splits.c_str());
    if (m.usesWorkspace() && tiles > INT64_MAX / m.workspaceTileBytes)
      die(kExitError,
          "manifest %s: shape %lldx%lld needs %lld tiles of %lld workspace "
          "bytes, more than 2^63 bytes",
          m.path.c_str(), static_cast<long long>(p.m),
          static_cast<long long>(p.n), static_cast<long long>(tiles),
          static_cast<long long>(m.workspaceTileBytes));
    // The kernel indexes the workspace as f32 elements, with its offsets.
    if (workspaceBytes(m, p) / 4 > limit)
      die(kExitError,
          "bundle %s indexes with %lld-bit offsets; shape %lldx%lld needs a "
          "workspace of %lld B, more (recompile with index-bitwidth=64)",
          m.path.c_str(), static_cast<long long>(m.indexBitwidth),
          static_cast<long long>(p.m), static_cast<long long>(p.n),
          static_cast<long long>(workspaceBytes(m, p)));
  }
}

//===----------------------------------------------------------------------===//
// One problem
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

// cuBLAS recommends 32 MiB of workspace on Hopper; it is enough elsewhere.
constexpr size_t kWorkspaceBytes = 32u << 20;

// The device buffers of one problem: A and B as stored, the f32 reference,
// C in the kernels' c_type, and cuBLAS's workspace.
struct ProblemBuffers {
  CUdeviceptr a = 0, b = 0, ref = 0, c = 0, work = 0;
};

ProblemBuffers allocBuffers(const Problem &p) {
  const size_t aCount = size_t(p.m) * size_t(p.k);
  const size_t bCount = size_t(p.k) * size_t(p.n);
  const size_t cCount = size_t(p.m) * size_t(p.n);
  const size_t inBytes = elemTypeBytes(p.inType);
  ProblemBuffers buf;
  buf.a = allocDevice(aCount * inBytes, "A");
  buf.b = allocDevice(bCount * inBytes, "B");
  buf.ref = allocDevice(cCount * 4, "the cuBLAS reference");
  buf.c = allocDevice(cCount * elemTypeBytes(p.outType), "C");
  buf.work = allocDevice(kWorkspaceBytes, "the cuBLAS workspace");
  return buf;
}

void freeBuffers(const ProblemBuffers &buf) {
  for (CUdeviceptr ptr : {buf.a, buf.b, buf.ref, buf.c, buf.work})
    CU_CHECK(cuMemFree, ptr);
}

// Seeded inputs into A and B, and their magnitudes into dAbsA and dAbsB.
void fillInputs(const Problem &p, uint64_t seed, const ProblemBuffers &buf,
                CUdeviceptr dAbsA, CUdeviceptr dAbsB) {
  const size_t aCount = size_t(p.m) * size_t(p.k);
  const size_t bCount = size_t(p.k) * size_t(p.n);
  const size_t inBytes = elemTypeBytes(p.inType);
  // A then B from one stream of numbers, in storage order. Clearing the
  // sign bit gives the magnitude exactly, in f16 as in bf16.
  SplitMix64 rng(seed);
  for (auto [count, signedPtr, absPtr] :
       {std::tuple{aCount, buf.a, dAbsA}, std::tuple{bCount, buf.b, dAbsB}}) {
    std::vector<uint16_t> host(count);
    fillRandom(host, p.inType, rng);
    CU_CHECK(cuMemcpyHtoD, signedPtr, host.data(), count * inBytes);
    for (uint16_t &x : host)
      x &= 0x7FFF;
    CU_CHECK(cuMemcpyHtoD, absPtr, host.data(), count * inBytes);
  }
}

cublasHandle_t createBlas(const Gpu &gpu, const ProblemBuffers &buf) {
  cublasHandle_t blas = nullptr;
  checkBlas(cublasCreate(&blas), "cublasCreate");
  // CUstream and cudaStream_t name the same driver object.
  checkBlas(cublasSetStream(blas, gpu.stream), "cublasSetStream");
  checkBlas(cublasSetWorkspace(blas, reinterpret_cast<void *>(buf.work),
                               kWorkspaceBytes),
            "cublasSetWorkspace");
  return blas;
}

// The cuBLAS calls timed; the first is the baseline. They write the
// kernels' c_type, like the kernels do. `lt` keeps the cublasLt plan.
std::vector<Timed> makeBaselines(const Gpu &gpu, const Options &opts,
                                 const Problem &p, cublasHandle_t blas,
                                 const ProblemBuffers &buf,
                                 std::unique_ptr<LtGemm> &lt) {
  std::vector<Timed> baselines;
  if (!opts.cublasTiming)
    return baselines;
  CUdeviceptr dA = buf.a, dB = buf.b, dC = buf.c;
  if (opts.blas != Options::Blas::GemmEx) {
    lt = std::make_unique<LtGemm>(p, gpu.stream, buf.work, kWorkspaceBytes,
                                  checkBlas);
    baselines.push_back(
        {"cuBLAS (cublasLt)",
         [plan = lt.get(), dA, dB, dC] { plan->run(dA, dB, dC); },
         {},
         {}});
  }
  if (opts.blas != Options::Blas::Lt)
    baselines.push_back({"cuBLAS (cublasGemmEx)",
                         [blas, &p, dA, dB, dC] {
                           checkBlas(gemmEx(blas, p, dA, dB, dC, p.outType),
                                     "cublasGemmEx");
                         },
                         {},
                         {}});
  return baselines;
}

// What each kernel (by manifest path) keeps from one problem to the next,
// reallocated only when a problem needs more: its split-K workspace, which
// it leaves ready for its own next launch (it resets its per-tile
// counters), not all zero, and which another kernel, laying out its tiles
// differently, would misread; and the padded copies of A, B and C that a
// staged problem runs on.
struct KernelBuffers {
  ZeroedBuffer workspace, a, b, c;
};
using KernelBuffersByPath = std::map<std::string, KernelBuffers>;

// Loads, describes and checks one kernel; timing comes later, for all.
KernelResult runBundle(const Gpu &gpu, const Options &opts, const Problem &p,
                       const Manifest &m, const ProblemBuffers &buf,
                       KernelBuffers &own, const Reference &reference) {
  KernelResult res;
  res.manifest = &m;
  res.staging = planStaging(m, p);
  const Staging &s = res.staging;
  // Grown before this problem's launches hold their addresses.
  if (m.usesWorkspace())
    reserveZeroed(own.workspace, size_t(workspaceBytes(m, p)),
                  "the workspace");
  Operands copies;
  if (s.staged) {
    size_t in = elemTypeBytes(m.aType), out = elemTypeBytes(m.cType);
    reserveZeroed(own.a, size_t(p.m) * size_t(s.kp) * in, "the copy of A");
    reserveZeroed(own.b, size_t(p.k) * size_t(s.np) * in, "the copy of B");
    reserveZeroed(own.c, size_t(p.m) * size_t(s.np) * out, "the copy of C");
    copies = {own.a.ptr, own.b.ptr, own.c.ptr};
  }
  printBundle(gpu, m);
  CUfunction func = loadKernel(gpu, m, res);
  reportOccupancy(gpu, m, func, res);
  planGrid(gpu, opts, p, m, res);
  std::function<void()> launch =
      makeLaunch(gpu, p, m, func, res.grid, {buf.a, buf.b, buf.c}, s, copies,
                 own.workspace.ptr);
  // A staged kernel writes C's copy, which the launch copies into C: poison
  // it too, so that an output the kernel skips cannot pass with a value an
  // earlier launch left there.
  if (s.staged)
    poison(copies.c, m.cType, size_t(p.m) * size_t(s.np));
  res.check = checkLaunch(launch, m, p, buf.c, reference);
  res.timed.name = m.path;
  res.timed.launch = std::move(launch);
  return res;
}

// The bundles that run problem `p`: each dispatch manifest replaced by the
// member its rules pick for the shape (printed with the reason when
// `report`).
std::vector<Manifest> resolveBundles(const std::vector<Manifest> &bundles,
                                     const Problem &p, bool report) {
  std::vector<Manifest> out;
  for (const Manifest &m : bundles) {
    if (!m.isDispatch()) {
      out.push_back(m);
      continue;
    }
    std::string why;
    const Manifest *member = pickMember(m, p.m, p.n, p.k, why);
    if (!member)
      die(kExitError,
          "manifest %s: no dispatch rule matches shape %lldx%lldx%lld",
          m.path.c_str(), static_cast<long long>(p.m),
          static_cast<long long>(p.n), static_cast<long long>(p.k));
    if (report)
      std::printf("dispatch: %lldx%lldx%lld -> %s (%s)\n",
                  static_cast<long long>(p.m), static_cast<long long>(p.n),
                  static_cast<long long>(p.k), member->path.c_str(),
                  why.c_str());
    out.push_back(*member);
  }
  return out;
}

// One problem on fresh inputs: reference, optional cuBLAS timing, every
// bundle checked (and timed); with --json its document goes to `doc`.
// Returns whether every bundle passed.
bool runProblem(Gpu &gpu, const Options &opts,
                const std::vector<Manifest> &given, const Problem &p,
                uint64_t seed, KernelBuffersByPath &kernelBuffers, Json *doc) {
  // Launches keep references to these until every round is timed.
  const std::vector<Manifest> bundles = resolveBundles(given, p, false);
  if (opts.shapes.size() > 1)
    std::printf("\n==== problem %lldx%lldx%lld, seed %llu ====\n",
                static_cast<long long>(p.m), static_cast<long long>(p.n),
                static_cast<long long>(p.k),
                static_cast<unsigned long long>(seed));
  ProblemBuffers buf = allocBuffers(p);
  // The operands' magnitudes, for the element-wise bound; freed once used.
  const size_t inBytes = elemTypeBytes(p.inType);
  CUdeviceptr dAbsA = allocDevice(size_t(p.m) * size_t(p.k) * inBytes, "|A|");
  CUdeviceptr dAbsB = allocDevice(size_t(p.k) * size_t(p.n) * inBytes, "|B|");
  fillInputs(p, seed, buf, dAbsA, dAbsB);
  cublasHandle_t blas = createBlas(gpu, buf);
  Reference reference =
      computeReference(blas, p, buf.a, buf.b, dAbsA, dAbsB, buf.ref);

  std::unique_ptr<LtGemm> lt;
  std::vector<Timed> baselines = makeBaselines(gpu, opts, p, blas, buf, lt);
  std::vector<KernelResult> results;
  for (const Manifest &m : bundles)
    results.push_back(
        runBundle(gpu, opts, p, m, buf, kernelBuffers[m.path], reference));

  L2Flush flush = allocFlush(gpu, opts);
  std::vector<Timed *> timed;
  for (Timed &b : baselines)
    timed.push_back(&b);
  for (KernelResult &r : results)
    timed.push_back(&r.timed);
  TimingRecord rec = timeRounds(gpu, opts, flush, timed);
  printTimes(gpu, opts, p, rec, baselines, timed);
  for (KernelResult &r : results)
    CU_CHECK(cuModuleUnload, r.module);

  printSummary(results, baselines, p);
  if (doc)
    *doc = resultJson(gpu, opts, p, seed, baselines, results, rec);

  freeFlush(flush);
  checkBlas(cublasDestroy(blas), "cublasDestroy");
  freeBuffers(buf);
  for (const KernelResult &r : results)
    if (!r.check.pass)
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

std::vector<Manifest> loadBundles(const Options &opts) {
  std::vector<Manifest> bundles(opts.manifests.size());
  for (size_t i = 0; i < opts.manifests.size(); ++i) {
    std::string error;
    if (!loadManifest(opts.manifests[i], bundles[i], error))
      die(kExitError, "manifest %s: %s", opts.manifests[i].c_str(),
          error.c_str());
  }
  return bundles;
}

// The problems of the command line, each checked against every bundle.
std::vector<Problem> makeProblems(const Options &opts,
                                  const std::vector<Manifest> &bundles) {
  std::vector<Problem> problems;
  for (const Options::Shape &s : opts.shapes) {
    Problem p;
    p.m = s.m;
    p.n = s.n;
    p.k = s.k;
    p.layout = opts.layout;
    p.inType = bundles.front().aType;
    p.outType = bundles.front().cType;
    std::vector<Manifest> resolved = resolveBundles(bundles, p, true);
    validateBundles(opts, resolved, p);
    std::string shape = std::to_string(p.m) + "x" + std::to_string(p.n) + "x" +
                        std::to_string(p.k);
    for (const Manifest &m : resolved) {
      Staging s = planStaging(m, p);
      if (s.staged)
        std::printf("staging: %s on %s: %s\n", shape.c_str(), m.path.c_str(),
                    stagingSummary(m, p, s).c_str());
      if (m.usesWorkspace())
        std::printf("%s: %s on %s: %s\n", m.streamK ? "stream-K" : "split-K",
                    shape.c_str(), m.path.c_str(),
                    workspaceSummary(m, p).c_str());
    }
    problems.push_back(p);
  }
  return problems;
}

int run(int argc, char **argv) {
  Options opts = parseCommandLine(argc, argv);
  std::vector<Manifest> bundles = loadBundles(opts);
  std::vector<Problem> problems = makeProblems(opts, bundles);

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
  if (opts.dryRun)
    return kExitOk;

  // Nothing above needed a GPU; from here on everything does.
  Gpu gpu = initGpu();
  const DeviceLimits &dev = gpu.limits;
  std::printf("device: %s (sm_%d%d, %d SMs, %.1f GiB), driver %d.%d\n",
              gpu.name.c_str(), dev.ccMajor, dev.ccMinor, dev.smCount,
              double(gpu.totalMemory) / (1024.0 * 1024 * 1024),
              gpu.driverVersion / 1000, (gpu.driverVersion % 1000) / 10);

  bool pass = true;
  std::vector<Json> docs(opts.jsonPath.empty() ? 0 : problems.size());
  KernelBuffersByPath kernelBuffers;
  for (size_t i = 0; i < problems.size(); ++i)
    pass = runProblem(gpu, opts, bundles, problems[i], seed + i, kernelBuffers,
                      docs.empty() ? nullptr : &docs[i]) &&
           pass;
  for (auto &entry : kernelBuffers)
    for (ZeroedBuffer *b : {&entry.second.workspace, &entry.second.a,
                            &entry.second.b, &entry.second.c})
      freeZeroed(*b);
  if (!docs.empty())
    writeJson(opts.jsonPath, docs);

  releaseGpu(gpu);
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
