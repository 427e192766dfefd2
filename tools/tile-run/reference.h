//===- reference.h - An fp64 check of the cuBLAS reference ------*- C++ -*-===//
//
// cuBLAS is the reference every kernel is checked against, and cuBLAS can be
// wrong (cuBLAS 13 leaves a K row out of some layout-tn products,
// docs/results/shapes.md). So its product is itself checked against an fp64
// product of the host's operands on a few sampled rows; where it is off, a
// small problem takes the host's fp64 product as the reference, and a large
// one says that a kernel failing against cuBLAS may not be at fault.
// Host code only (tile-run-reference-test runs it without a GPU).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_REFERENCE_H
#define TILE_RUN_REFERENCE_H

#include "problem.h"

#include <cstdint>
#include <vector>

namespace tilerun {

// A and B as stored (f16 or bf16 bits, dense, in the problem's layout).
struct HostOperands {
  std::vector<uint16_t> a, b;
};

// Columns [col0, col0 + cols) of row i of A B, and of |A| |B| unless
// `magnitude` is null, in fp64.
void hostRow(const Problem &p, const HostOperands &in, int64_t i, int64_t col0,
             int64_t cols, double *c, double *magnitude);

// Where the reference is checked: the first and the last row, and between
// them up to six more spread by `seed`, over a window of columns, as many as
// keep the fp64 work within `maxMacs` multiply-adds (at least one row and
// one column).
struct Sample {
  std::vector<int64_t> rows;
  int64_t col0 = 0, cols = 0;
};
Sample sample(const Problem &p, uint64_t seed, double maxMacs);

// The relative Frobenius error, on the sample, of `ref` (M x N, f32)
// against the fp64 product.
double sampleError(const Problem &p, const HostOperands &in,
                   const std::vector<float> &ref, const Sample &s);

// ||C - C_ref|| / ||C_ref|| from the sums of squares (the absolute error
// where the reference is zero): the check's measure, for kernels (check.cpp)
// and for cuBLAS's reference alike.
double relativeFrobenius(double diff2, double ref2);

// The whole product and the magnitudes' product in fp64, rounded to f32.
void hostProduct(const Problem &p, const HostOperands &in,
                 std::vector<float> &c, std::vector<float> &magnitude);

} // namespace tilerun

#endif // TILE_RUN_REFERENCE_H
