//===- check.h - Checking a kernel's C against cuBLAS -----------*- C++ -*-===//
//
// The reference is cublasGemmEx with f32 output, and so is the product of
// the operands' magnitudes that the element-wise bound needs. A kernel's C
// passes when it has no NaN or Inf, its relative Frobenius error is within
// the bound of its types, and every output is within the element-wise
// bound (tools/tile-run/README.md derives it).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_CHECK_H
#define TILE_RUN_CHECK_H

#include "problem.h"
#include "reference.h"
#include "tile_runtime.h"
#include "tile_runtime_driver.h"

#include <cublas_v2.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace tilerun {

// What every kernel's C is compared with, both from cublasGemmEx with f32
// output: the product, and the product of the operands' magnitudes.
struct Reference {
  std::vector<float> c, magnitude;
  const char *source = "cuBLAS"; // or the host's fp64 product (reference.h)
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

// Computes the reference from A and B (dA, dB) and the magnitudes' product
// from |A| and |B| (dAbsA, dAbsB, freed here once used), each through dRef,
// an f32 M x N buffer; ends the run if cuBLAS gives a non-finite value.
// The product is checked against an fp64 one of `in` (the operands as
// stored) on rows sampled by `seed` (reference.h).
Reference computeReference(cublasHandle_t blas, const Problem &p,
                           CUdeviceptr dA, CUdeviceptr dB, CUdeviceptr dAbsA,
                           CUdeviceptr dAbsB, CUdeviceptr dRef,
                           const HostOperands &in, uint64_t seed);

// Launches the kernel once on a poisoned C, compares C with the reference
// and prints the verdict.
Check checkLaunch(const std::function<void()> &launch,
                  const tile_rt_bundle_info &kernel, const Problem &p,
                  CUdeviceptr c, const Reference &reference);

} // namespace tilerun

#endif // TILE_RUN_CHECK_H
