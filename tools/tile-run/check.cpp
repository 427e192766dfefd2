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

// Bounds on ||C - C_ref||_F / ||C_ref||_F. The reference keeps its f32
// accumulator in an f32 output, so a correct kernel differs mostly by the
// rounding of its output to c_type (unit roundoff 2^-11 for f16, 2^-8 for
// bf16) and, for f32 outputs, by summation order. The f32 bounds also leave
// room for partial sums kept in the input type (e.g. split-K), which costs
// more with bf16's 8-bit mantissa than with f16's 11 bits.
struct ErrorBound {
  tile_rt_dtype in, out;
  double bound;
};
const ErrorBound kErrorBounds[] = {
    {TILE_RT_F16, TILE_RT_F16, 2e-3},  {TILE_RT_BF16, TILE_RT_F16, 2e-3},
    {TILE_RT_F16, TILE_RT_BF16, 1e-2}, {TILE_RT_BF16, TILE_RT_BF16, 1e-2},
    {TILE_RT_F16, TILE_RT_F32, 1e-3},  {TILE_RT_BF16, TILE_RT_F32, 5e-3},
};

double errorBound(tile_rt_dtype in, tile_rt_dtype out) {
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

double unitRoundoff(tile_rt_dtype out) {
  switch (out) {
  case TILE_RT_F16:
    return 0x1p-11;
  case TILE_RT_BF16:
    return 0x1p-8;
  case TILE_RT_F32:
    break;
  }
  return 0;
}

float loadElement(const std::vector<uint8_t> &raw, tile_rt_dtype type,
                  size_t i) {
  if (type == TILE_RT_F32) {
    float f;
    std::memcpy(&f, raw.data() + 4 * i, 4);
    return f;
  }
  uint16_t h;
  std::memcpy(&h, raw.data() + 2 * i, 2);
  return type == TILE_RT_F16 ? halfToFloat(h) : bf16ToFloat(h);
}

Check compare(const std::vector<uint8_t> &got, tile_rt_dtype type,
              const Reference &ref, int64_t k, double bound) {
  Check c;
  c.bound = bound;
  c.elementwise = k <= kMaxElementwiseK;
  const double u = unitRoundoff(type), perMagnitude = double(k) * 0x1p-20;
  double diff2 = 0, ref2 = 0;
  for (size_t i = 0; i < ref.c.size(); ++i) {
    float g = loadElement(got, type, i);
    double w = ref.c[i];
    double allowed =
        u * std::fabs(w) + perMagnitude * ref.magnitude[i] + 0x1p-24;
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
                verdict, c.relErr, c.bound, static_cast<long long>(c.overBound),
                c.overBound == 1 ? "" : "s", c.worstRatio);
  if (!c.pass && c.worst >= 0)
    std::printf("  worst output: C[%lld][%lld] = %g, cuBLAS says %g (element-"
                "wise bound %.3g)\n",
                static_cast<long long>(c.worst / p.n),
                static_cast<long long>(c.worst % p.n), double(c.worstGot),
                double(c.worstWant), c.worstAllowed);
}

} // namespace

Reference computeReference(cublasHandle_t blas, const Problem &p,
                           CUdeviceptr dA, CUdeviceptr dB, CUdeviceptr dAbsA,
                           CUdeviceptr dAbsB, CUdeviceptr dRef) {
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
  Check check = compare(got, kernel.c_type, reference, p.k,
                        errorBound(kernel.a_type, kernel.c_type));
  printCheck(check, p);
  return check;
}

} // namespace tilerun
