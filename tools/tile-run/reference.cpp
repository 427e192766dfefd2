//===- reference.cpp - An fp64 check of the cuBLAS reference --------------===//

#include "reference.h"
#include "numeric.h"

#include <algorithm>
#include <cmath>

namespace tilerun {

namespace {

double element(const Problem &p, uint16_t bits) {
  return p.a_type == TILE_RT_F16 ? halfToFloat(bits) : bf16ToFloat(bits);
}

} // namespace

void hostRow(const Problem &p, const HostOperands &in, int64_t i, double *c,
             double *magnitude) {
  std::vector<double> row(p.k);
  for (int64_t kk = 0; kk < p.k; ++kk)
    row[kk] = element(p, in.a[p.aTransposed() ? kk * p.m + i : i * p.k + kk]);
  std::fill(c, c + p.n, 0.0);
  std::fill(magnitude, magnitude + p.n, 0.0);
  // B read in its storage order.
  for (int64_t outer = 0; outer < (p.bTransposed() ? p.n : p.k); ++outer)
    for (int64_t inner = 0; inner < (p.bTransposed() ? p.k : p.n); ++inner) {
      int64_t kk = p.bTransposed() ? inner : outer;
      int64_t j = p.bTransposed() ? outer : inner;
      double y =
          element(p, in.b[outer * (p.bTransposed() ? p.k : p.n) + inner]);
      c[j] += row[kk] * y;
      magnitude[j] += std::fabs(row[kk]) * std::fabs(y);
    }
}

std::vector<int64_t> sampleRows(const Problem &p, uint64_t seed,
                                double maxMacs) {
  double perRow = double(p.n) * double(p.k);
  int64_t count = std::clamp<int64_t>(int64_t(maxMacs / perRow), 1, 8);
  count = std::min(count, p.m);
  std::vector<int64_t> rows = {0};
  if (count > 1)
    rows.push_back(p.m - 1);
  SplitMix64 rng(seed ^ 0x5EEDull);
  while (int64_t(rows.size()) < count)
    rows.push_back(int64_t(rng.next() % uint64_t(p.m)));
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

double rowsError(const Problem &p, const HostOperands &in,
                 const std::vector<float> &ref,
                 const std::vector<int64_t> &rows) {
  std::vector<double> c(p.n), magnitude(p.n);
  double diff2 = 0, ref2 = 0;
  for (int64_t i : rows) {
    hostRow(p, in, i, c.data(), magnitude.data());
    for (int64_t j = 0; j < p.n; ++j) {
      double d = double(ref[size_t(i) * size_t(p.n) + size_t(j)]) - c[j];
      diff2 += d * d;
      ref2 += c[j] * c[j];
    }
  }
  return ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
}

void hostProduct(const Problem &p, const HostOperands &in,
                 std::vector<float> &c, std::vector<float> &magnitude) {
  std::vector<double> row(p.n), rowMagnitude(p.n);
  c.resize(size_t(p.m) * size_t(p.n));
  magnitude.resize(c.size());
  for (int64_t i = 0; i < p.m; ++i) {
    hostRow(p, in, i, row.data(), rowMagnitude.data());
    for (int64_t j = 0; j < p.n; ++j) {
      c[size_t(i) * size_t(p.n) + size_t(j)] = float(row[j]);
      magnitude[size_t(i) * size_t(p.n) + size_t(j)] = float(rowMagnitude[j]);
    }
  }
}

} // namespace tilerun
