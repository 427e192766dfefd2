//===- reference.cpp - An fp64 check of the cuBLAS reference --------------===//

#include "reference.h"
#include "numeric.h"

#include <algorithm>
#include <cmath>

namespace tilerun {

void hostRow(const Problem &p, const HostOperands &in, int64_t i, int64_t col0,
             int64_t cols, double *c, double *magnitude) {
  std::vector<double> row(p.k);
  for (int64_t kk = 0; kk < p.k; ++kk)
    row[kk] =
        toFloat(p.a_type, in.a[p.aTransposed() ? kk * p.m + i : i * p.k + kk]);
  std::fill(c, c + cols, 0.0);
  if (magnitude)
    std::fill(magnitude, magnitude + cols, 0.0);
  // B read in its storage order: N x K rows, or K x N rows.
  auto add = [&](int64_t kk, int64_t j, uint16_t bits) {
    double y = toFloat(p.a_type, bits);
    c[j] += row[kk] * y;
    if (magnitude)
      magnitude[j] += std::fabs(row[kk]) * std::fabs(y);
  };
  if (p.bTransposed()) {
    for (int64_t j = 0; j < cols; ++j)
      for (int64_t kk = 0; kk < p.k; ++kk)
        add(kk, j, in.b[(col0 + j) * p.k + kk]);
  } else {
    for (int64_t kk = 0; kk < p.k; ++kk)
      for (int64_t j = 0; j < cols; ++j)
        add(kk, j, in.b[kk * p.n + col0 + j]);
  }
}

Sample sample(const Problem &p, uint64_t seed, double maxMacs) {
  SplitMix64 rng(seed ^ 0x5EEDull);
  Sample s;
  s.cols = std::clamp<int64_t>(int64_t(maxMacs / double(p.k)), 1, p.n);
  s.col0 = s.cols == p.n ? 0 : int64_t(rng.next() % uint64_t(p.n - s.cols + 1));
  int64_t count = std::clamp<int64_t>(
      int64_t(maxMacs / (double(s.cols) * double(p.k))), 1, 8);
  count = std::min(count, p.m);
  s.rows = {0};
  if (count > 1)
    s.rows.push_back(p.m - 1);
  while (int64_t(s.rows.size()) < count)
    s.rows.push_back(int64_t(rng.next() % uint64_t(p.m)));
  std::sort(s.rows.begin(), s.rows.end());
  s.rows.erase(std::unique(s.rows.begin(), s.rows.end()), s.rows.end());
  return s;
}

double sampleError(const Problem &p, const HostOperands &in,
                   const std::vector<float> &ref, const Sample &s) {
  std::vector<double> c(s.cols);
  double diff2 = 0, ref2 = 0;
  for (int64_t i : s.rows) {
    hostRow(p, in, i, s.col0, s.cols, c.data(), nullptr);
    for (int64_t j = 0; j < s.cols; ++j) {
      double d =
          double(ref[size_t(i) * size_t(p.n) + size_t(s.col0 + j)]) - c[j];
      diff2 += d * d;
      ref2 += c[j] * c[j];
    }
  }
  return relativeFrobenius(diff2, ref2);
}

double relativeFrobenius(double diff2, double ref2) {
  return ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
}

void hostProduct(const Problem &p, const HostOperands &in,
                 std::vector<float> &c, std::vector<float> &magnitude) {
  std::vector<double> row(p.n), rowMagnitude(p.n);
  c.resize(size_t(p.m) * size_t(p.n));
  magnitude.resize(c.size());
  for (int64_t i = 0; i < p.m; ++i) {
    hostRow(p, in, i, 0, p.n, row.data(), rowMagnitude.data());
    for (int64_t j = 0; j < p.n; ++j) {
      c[size_t(i) * size_t(p.n) + size_t(j)] = float(row[j]);
      magnitude[size_t(i) * size_t(p.n) + size_t(j)] = float(rowMagnitude[j]);
    }
  }
}

} // namespace tilerun
