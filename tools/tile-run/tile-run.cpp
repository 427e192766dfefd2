//===- tile-run.cpp - Launch a tile-opt bundle and compare with cuBLAS ----===//
//
// tile-run launches the kernels of tile-opt bundles, checks the result
// against cuBLAS, times both with CUDA events, and explains the kernel's
// resource use and occupancy. Several bundles can be given at once; they then
// run on the same inputs, next to one cuBLAS baseline, so their numbers are
// directly comparable.
//
// The bundle contract (manifests, checks of a problem, staging, grid,
// arguments, the launch) is the tile runtime's (runtime/include/
// tile_runtime.h); tile-run adds the inputs, the reference, the timing and
// the report. The CUDA driver API is loaded at run time (by the runtime),
// NVML likewise (gpu_state.h), cuBLAS is linked. Everything that needs no GPU
// (command line, manifests, shape limits) is checked before the driver is
// touched, so those errors are testable on machines without one.
//
// This file is the driver; the steps live by concern: errors.h (the one
// exit path), gpu.h (device and memory), launch.h (loading, occupancy, grid
// and launch through the runtime), check.h (reference and bounds), timing.h
// (do_bench-like blocks and rounds) and report.h (timing lines, summary,
// JSON).
//
//===----------------------------------------------------------------------===//

#include "blas.h"
#include "check.h"
#include "errors.h"
#include "gpu.h"
#include "launch.h"
#include "numeric.h"
#include "options.h"
#include "problem.h"
#include "report.h"
#include "timing.h"

#include <chrono>
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
// Bundles and checks that need no GPU
//===----------------------------------------------------------------------===//

// A bundle as loaded by the runtime, and what its manifest says.
struct Bundle {
  std::unique_ptr<tile_rt_bundle, void (*)(tile_rt_bundle *)> handle{
      nullptr, tile_rt_bundle_free};
  tile_rt_bundle_info info{};
};

tile_rt_bundle_info infoOf(const tile_rt_bundle *b) {
  tile_rt_status status;
  tile_rt_bundle_info info;
  checkRuntime(tile_rt_bundle_get_info(b, &info, &status), status);
  return info;
}

// A kernel and the problem it runs: a dispatch manifest's pick runs the
// splits per tile the model chose.
struct Picked {
  const tile_rt_bundle *kernel;
  Problem problem;
};

// The kernels that run problem `p`: each dispatch manifest replaced by the
// member its rules pick for the shape (printed with the reason when
// `report`).
std::vector<Picked> resolveBundles(const std::vector<Bundle> &bundles,
                                   const Problem &p, bool report) {
  std::vector<Picked> out;
  for (const Bundle &b : bundles) {
    Picked picked{nullptr, p};
    char why[1024];
    tile_rt_status status;
    checkRuntime(tile_rt_bundle_pick(
                     b.handle.get(), &p, &picked.kernel, &picked.problem.splits,
                     &picked.problem.line_copies, why, sizeof(why), &status),
                 status);
    if (report && b.info.rule_count)
      std::printf("dispatch: %lldx%lldx%lld -> %s (%s)\n",
                  static_cast<long long>(p.m), static_cast<long long>(p.n),
                  static_cast<long long>(p.k), infoOf(picked.kernel).path,
                  why);
    out.push_back(picked);
  }
  return out;
}

// Everything about the kernels that can be refused without a GPU: the
// run's types, then what the runtime checks of the problem. Their plans,
// without a GPU's grid.
std::vector<std::shared_ptr<tile_rt_plan>>
validateBundles(const Options &opts, const std::vector<Picked> &kernels) {
  std::vector<std::shared_ptr<tile_rt_plan>> plans;
  tile_rt_bundle_info first = infoOf(kernels.front().kernel);
  for (const Picked &picked : kernels) {
    tile_rt_bundle_info m = infoOf(picked.kernel);
    if (!opts.dtype.empty() && opts.dtype != tile_rt_dtype_name(m.a_type))
      die(kExitError, "bundle %s was compiled for %s, not %s", m.path,
          tile_rt_dtype_name(m.a_type), opts.dtype.c_str());
    if (m.a_type != first.a_type || m.c_type != first.c_type)
      die(kExitError,
          "bundles %s (%s -> %s) and %s (%s -> %s) have different types; "
          "bundles compared in one run must share a_type and c_type",
          first.path, tile_rt_dtype_name(first.a_type),
          tile_rt_dtype_name(first.c_type), m.path,
          tile_rt_dtype_name(m.a_type), tile_rt_dtype_name(m.c_type));
    plans.push_back(makePlan(picked.kernel, picked.problem, nullptr));
  }
  return plans;
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
void fillRandom(std::vector<uint16_t> &data, tile_rt_dtype type,
                SplitMix64 &rng) {
  for (uint16_t &x : data) {
    float v = rng.uniformSigned();
    x = toBits(type, v);
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
  const size_t inBytes = tile_rt_dtype_bytes(p.a_type);
  ProblemBuffers buf;
  buf.a = allocDevice(aCount * inBytes, "A");
  buf.b = allocDevice(bCount * inBytes, "B");
  buf.ref = allocDevice(cCount * 4, "the cuBLAS reference");
  buf.c = allocDevice(cCount * tile_rt_dtype_bytes(p.c_type), "C");
  buf.work = allocDevice(kWorkspaceBytes, "the cuBLAS workspace");
  return buf;
}

void freeBuffers(const ProblemBuffers &buf) {
  for (CUdeviceptr ptr : {buf.a, buf.b, buf.ref, buf.c, buf.work})
    CU_CHECK(cuMemFree, ptr);
}

// Seeded inputs into A and B, and their magnitudes into dAbsA and dAbsB;
// returns A and B as stored (the reference's own check reads them).
HostOperands fillInputs(const Problem &p, uint64_t seed,
                        const ProblemBuffers &buf, CUdeviceptr dAbsA,
                        CUdeviceptr dAbsB) {
  const size_t aCount = size_t(p.m) * size_t(p.k);
  const size_t bCount = size_t(p.k) * size_t(p.n);
  const size_t inBytes = tile_rt_dtype_bytes(p.a_type);
  // A then B from one stream of numbers, in storage order. Clearing the
  // sign bit gives the magnitude exactly, in f16 as in bf16.
  SplitMix64 rng(seed);
  HostOperands in;
  for (auto [count, signedPtr, absPtr, host] :
       {std::tuple{aCount, buf.a, dAbsA, &in.a},
        std::tuple{bCount, buf.b, dAbsB, &in.b}}) {
    host->resize(count);
    fillRandom(*host, p.a_type, rng);
    CU_CHECK(cuMemcpyHtoD, signedPtr, host->data(), count * inBytes);
    std::vector<uint16_t> magnitude(*host);
    for (uint16_t &x : magnitude)
      x &= 0x7FFF;
    CU_CHECK(cuMemcpyHtoD, absPtr, magnitude.data(), count * inBytes);
  }
  return in;
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
                           checkBlas(gemmEx(blas, p, dA, dB, dC, p.c_type),
                                     "cublasGemmEx");
                         },
                         {},
                         {}});
  return baselines;
}

// What each kernel (by manifest path and programs per SM) keeps from one
// problem to the next, reallocated only when a problem needs more: its
// split-K workspace, which it leaves ready for its own next launch (it
// resets its per-tile counters), not all zero, and which another kernel,
// laying out its tiles differently, would misread; and the padded copies of
// A, B and C that a staged problem runs on.
struct KernelBuffers {
  ZeroedBuffer workspace, a, b, c;
};
using KernelBuffersByPath = std::map<std::string, KernelBuffers>;

// Loads, describes and checks one kernel (a persistent one with
// programsPerSM programs per SM, 0: the driver's figure); timing comes
// later, for all.
KernelResult runBundle(const Gpu &gpu, int64_t programsPerSM, const Problem &p,
                       const tile_rt_bundle *kernel, const ProblemBuffers &buf,
                       KernelBuffers &own, const Reference &reference) {
  KernelResult res;
  res.kernel = kernel;
  res.info = infoOf(kernel);
  printBundle(gpu, res.info);
  loadKernel(gpu, res);
  planKernel(gpu, programsPerSM, p, res);
  const tile_rt_plan_info &plan = res.planInfo;
  // Grown before this problem's launches hold their addresses.
  if (plan.workspace_bytes)
    reserveZeroed(own.workspace, size_t(plan.workspace_bytes), "the workspace");
  // A staged problem's copies: those of the operands it copies (0 bytes
  // for the others, which reserve nothing).
  reserveZeroed(own.a, size_t(plan.a_copy_bytes), "the copy of A");
  reserveZeroed(own.b, size_t(plan.b_copy_bytes), "the copy of B");
  reserveZeroed(own.c, size_t(plan.c_copy_bytes), "the copy of C");
  std::function<void()> launch =
      makeLaunch(gpu, res,
                 {buf.a, buf.b, buf.c, own.workspace.ptr, own.a.ptr, own.b.ptr,
                  own.c.ptr});
  // A staged kernel writes C's copy, which the launch copies into C: poison
  // it too, so that an output the kernel skips cannot pass with a value an
  // earlier launch left there.
  if (plan.c_copy_bytes)
    poison(own.c.ptr, res.info.c_type,
           size_t(plan.c_copy_bytes) / tile_rt_dtype_bytes(res.info.c_type));
  res.check = checkLaunch(launch, res.info, p, buf.c, reference);
  res.timed.name = res.info.path;
  res.timed.launch = std::move(launch);
  return res;
}

// One problem on fresh inputs: reference, optional cuBLAS timing, every
// bundle checked (and timed); with --json its document goes to `doc`.
// Returns whether every bundle passed.
bool runProblem(Gpu &gpu, const Options &opts,
                const std::vector<Bundle> &bundles, const Problem &p,
                uint64_t seed, KernelBuffersByPath &kernelBuffers, Json *doc) {
  const std::vector<Picked> kernels = resolveBundles(bundles, p, false);
  if (opts.shapes.size() > 1)
    std::printf("\n==== problem %lldx%lldx%lld, seed %llu ====\n",
                static_cast<long long>(p.m), static_cast<long long>(p.n),
                static_cast<long long>(p.k),
                static_cast<unsigned long long>(seed));
  ProblemBuffers buf = allocBuffers(p);
  // The operands' magnitudes, for the element-wise bound; freed once used.
  const size_t inBytes = tile_rt_dtype_bytes(p.a_type);
  CUdeviceptr dAbsA = allocDevice(size_t(p.m) * size_t(p.k) * inBytes, "|A|");
  CUdeviceptr dAbsB = allocDevice(size_t(p.k) * size_t(p.n) * inBytes, "|B|");
  cublasHandle_t blas = createBlas(gpu, buf);
  // The host's operands live only as long as the reference's own check.
  Reference reference =
      computeReference(blas, p, buf.a, buf.b, dAbsA, dAbsB, buf.ref,
                       fillInputs(p, seed, buf, dAbsA, dAbsB), seed);

  std::unique_ptr<LtGemm> lt;
  std::vector<Timed> baselines = makeBaselines(gpu, opts, p, blas, buf, lt);
  std::vector<KernelResult> results;
  for (size_t i = 0; i < kernels.size(); ++i) {
    // A manifest given twice with two grids keeps a workspace per grid.
    int64_t programsPerSM = opts.programsPerSMOf(i);
    std::string key = std::string(infoOf(kernels[i].kernel).path) + "\n" +
                      std::to_string(programsPerSM);
    results.push_back(runBundle(gpu, programsPerSM, kernels[i].problem,
                                kernels[i].kernel, buf, kernelBuffers[key],
                                reference));
  }

  L2Flush flush = allocFlush(gpu, opts);
  std::vector<Timed *> timed;
  for (Timed &b : baselines)
    timed.push_back(&b);
  for (KernelResult &r : results)
    timed.push_back(&r.timed);
  TimingRecord rec = timeRounds(gpu, opts, flush, timed);
  printTimes(gpu, opts, p, rec, baselines, timed);

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

std::vector<Bundle> loadBundles(const Options &opts) {
  std::vector<Bundle> bundles(opts.manifests.size());
  for (size_t i = 0; i < opts.manifests.size(); ++i) {
    tile_rt_bundle *b = nullptr;
    tile_rt_status status;
    checkRuntime(tile_rt_bundle_load(opts.manifests[i].c_str(), &b, &status),
                 status);
    bundles[i].handle.reset(b);
    bundles[i].info = infoOf(b);
  }
  return bundles;
}

// The problems of the command line, each checked against every bundle.
std::vector<Problem> makeProblems(const Options &opts,
                                  const std::vector<Bundle> &bundles) {
  std::vector<Problem> problems;
  for (const Options::Shape &s : opts.shapes) {
    Problem p;
    p.m = s.m;
    p.n = s.n;
    p.k = s.k;
    p.layout = opts.layout;
    p.a_type = bundles.front().info.a_type;
    p.c_type = bundles.front().info.c_type;
    std::vector<Picked> kernels = resolveBundles(bundles, p, true);
    std::vector<std::shared_ptr<tile_rt_plan>> plans =
        validateBundles(opts, kernels);
    std::string shape = std::to_string(p.m) + "x" + std::to_string(p.n) + "x" +
                        std::to_string(p.k);
    for (size_t i = 0; i < kernels.size(); ++i) {
      tile_rt_bundle_info m = infoOf(kernels[i].kernel);
      char text[1024];
      if (tile_rt_plan_text(plans[i].get(), TILE_RT_TEXT_STAGING, text,
                            sizeof(text)))
        std::printf("staging: %s on %s: %s\n", shape.c_str(), m.path, text);
      if (tile_rt_plan_text(plans[i].get(), TILE_RT_TEXT_WORKSPACE, text,
                            sizeof(text)))
        std::printf("%s: %s on %s: %s\n", m.stream_k ? "stream-K" : "split-K",
                    shape.c_str(), m.path, text);
    }
    problems.push_back(p);
  }
  return problems;
}

int run(int argc, char **argv) {
  Options opts = parseCommandLine(argc, argv);
  std::vector<Bundle> bundles = loadBundles(opts);
  std::vector<Problem> problems = makeProblems(opts, bundles);

  // Each shape gets its own inputs: the first uses the seed, the next ones
  // seed + 1, seed + 2, ... so any of them can be replayed alone.
  uint64_t seed = opts.haveSeed ? opts.seed : clockSeed();
  for (size_t i = 0; i < problems.size(); ++i) {
    const Problem &p = problems[i];
    std::printf("problem: M=%lld N=%lld K=%lld, %s inputs, %s output, layout "
                "%s\n",
                static_cast<long long>(p.m), static_cast<long long>(p.n),
                static_cast<long long>(p.k), tile_rt_dtype_name(p.a_type),
                tile_rt_dtype_name(p.c_type), p.layoutName());
    std::printf("seed: %llu\n", static_cast<unsigned long long>(seed + i));
  }
  std::fflush(stdout);
  if (!opts.jsonPath.empty())
    checkJsonTarget(opts.jsonPath);
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

  // The kernels' modules go with their bundles, while the context is there.
  bundles.clear();
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
