//===- check.cpp - Checking a kernel's C against cuBLAS -------------------===//

#include "check.h"
#include "blas.h"
#include "errors.h"
#include "gpu.h"
#include "numeric.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <tuple>

namespace tilerun {

namespace {

// The fp64 work of checking cuBLAS on sampled rows, and the largest product
// computed whole on the host where cuBLAS is off (a few seconds).
constexpr double kSampleMacs = 1u << 26;
constexpr double kHostMacs = 1u << 30;

float loadElement(const std::vector<uint8_t> &raw, tile_rt_dtype type,
                  size_t i) {
  if (type == TILE_RT_F32) {
    float f;
    std::memcpy(&f, raw.data() + 4 * i, 4);
    return f;
  }
  uint16_t h;
  std::memcpy(&h, raw.data() + 2 * i, 2);
  return toFloat(type, h);
}

// The runtime's bounds (tile_rt_check_bounds_of), which tile-bench checks
// by too.
Check compare(const std::vector<uint8_t> &got, tile_rt_dtype type,
              const Reference &ref, const tile_rt_check_bounds &bounds) {
  Check c;
  c.bound = bounds.frobenius;
  c.elementwise = bounds.elementwise != 0;
  double diff2 = 0, ref2 = 0;
  for (size_t i = 0; i < ref.c.size(); ++i) {
    float g = loadElement(got, type, i);
    double w = ref.c[i];
    double allowed = bounds.per_ref * std::fabs(w) +
                     bounds.per_magnitude * ref.magnitude[i] + bounds.absolute;
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
  c.relErr = relativeFrobenius(diff2, ref2);
  c.pass = c.nonFinite == 0 && c.relErr <= c.bound && c.overBound == 0;
  return c;
}

void printCheck(const Check &c, const Problem &p, const char *source) {
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
                verdict, c.relErr, c.bound, static_cast<long long>(c.overBound),
                c.overBound == 1 ? "" : "s", c.worstRatio);
  if (!c.pass && c.worst >= 0)
    std::printf("  worst output: C[%lld][%lld] = %g, %s says %g (element-"
                "wise bound %.3g)\n",
                static_cast<long long>(c.worst / p.n),
                static_cast<long long>(c.worst % p.n), double(c.worstGot),
                source, double(c.worstWant), c.worstAllowed);
}

} // namespace

Reference computeReference(cublasHandle_t blas, const Problem &p,
                           CUdeviceptr dA, CUdeviceptr dB, CUdeviceptr dAbsA,
                           CUdeviceptr dAbsB, CUdeviceptr dRef,
                           const HostOperands &in, uint64_t seed) {
  const size_t cCount = size_t(p.m) * size_t(p.n);
  // Reference in f32 whatever c_type is, so it carries no output rounding;
  // then |A|.|B| the same way, through the same buffer.
  Reference reference;
  for (auto [a, b, out] : {std::tuple{dA, dB, &reference.c},
                           std::tuple{dAbsA, dAbsB, &reference.magnitude}}) {
    poison(dRef, TILE_RT_F32, cCount);
    checkBlas(gemmEx(blas, p, a, b, dRef, TILE_RT_F32), "cublasGemmEx");
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
              tile_rt_dtype_name(p.a_type));
  // cuBLAS held to what a kernel with an f32 C must meet, on sampled rows.
  tile_rt_check_bounds f32;
  tile_rt_status status;
  checkRuntime(
      tile_rt_check_bounds_of(p.a_type, TILE_RT_F32, p.k, &f32, &status),
      status);
  Sample rows = sample(p, seed, kSampleMacs);
  double err = sampleError(p, in, reference.c, rows);
  if (err <= f32.frobenius)
    return reference;
  if (p.flops() / 2 > kHostMacs) {
    // A check against it may fail a right kernel; said, not hidden.
    std::printf("reference: cuBLAS's product is %.1e off an fp64 product on "
                "%zu sampled rows (bound %.1e), and the problem is too large "
                "for the host's: the kernels are checked against cuBLAS's "
                "all the same\n",
                err, rows.rows.size(), f32.frobenius);
    return reference;
  }
  hostProduct(p, in, reference.c, reference.magnitude);
  reference.source = "the host's fp64 product";
  std::printf("reference: cuBLAS's product is %.1e off an fp64 product on %zu "
              "sampled rows (bound %.1e); the host's fp64 product is the "
              "reference instead\n",
              err, rows.rows.size(), f32.frobenius);
  return reference;
}

Check checkLaunch(const std::function<void()> &launch,
                  const tile_rt_bundle_info &kernel, const Problem &p,
                  CUdeviceptr c, const Reference &reference) {
  // Correctness launch on a poisoned C.
  const size_t cCount = size_t(p.m) * size_t(p.n);
  poison(c, kernel.c_type, cCount);
  CU_CHECK(cuCtxSynchronize);
  launch();
  CUresult r = cu().cuCtxSynchronize();
  if (r != CUDA_SUCCESS)
    die(kExitError, "kernel '%s' failed: cuCtxSynchronize: %s", kernel.kernel,
        cuErrorText(r).c_str());
  std::vector<uint8_t> got(cCount * tile_rt_dtype_bytes(kernel.c_type));
  CU_CHECK(cuMemcpyDtoH, got.data(), c, got.size());
  tile_rt_check_bounds bounds;
  tile_rt_status status;
  checkRuntime(tile_rt_check_bounds_of(kernel.a_type, kernel.c_type, p.k,
                                       &bounds, &status),
               status);
  Check check = compare(got, kernel.c_type, reference, bounds);
  printCheck(check, p, reference.source);
  return check;
}

} // namespace tilerun
