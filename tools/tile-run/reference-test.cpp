//===- reference-test.cpp - reference.h on the host -----------------------===//
//
// The fp64 check of the cuBLAS reference without a GPU: the rows of every
// layout against the product of the logical matrices, a product missing its
// last K row (what cuBLAS 13 returns for some layout-tn shapes) caught, an
// exact one passed, and the rows sampled. Prints one line per part and exits
// non-zero on the first failure.
//
//===----------------------------------------------------------------------===//

#include "numeric.h"
#include "reference.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace tilerun;

namespace {

void expect(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    std::exit(1);
  }
}

// Logical A (M x K) and B (K x N) of random f16 or bf16 values, stored in
// the problem's layout.
struct Case {
  Problem p;
  std::vector<double> a, b; // logical, row-major
  HostOperands in;
};

Case makeCase(int64_t m, int64_t n, int64_t k, tile_rt_layout layout,
              tile_rt_dtype type, uint64_t seed) {
  Case c;
  c.p.m = m, c.p.n = n, c.p.k = k, c.p.layout = layout;
  c.p.a_type = type, c.p.c_type = TILE_RT_F32;
  SplitMix64 rng(seed);
  auto value = [&](uint16_t &bits) {
    float v = rng.uniformSigned();
    bits = type == TILE_RT_F16 ? floatToHalf(v) : floatToBf16(v);
    return type == TILE_RT_F16 ? halfToFloat(bits) : bf16ToFloat(bits);
  };
  c.a.resize(m * k), c.b.resize(k * n), c.in.a.resize(m * k),
      c.in.b.resize(k * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t kk = 0; kk < k; ++kk) {
      int64_t at = c.p.aTransposed() ? kk * m + i : i * k + kk;
      c.a[i * k + kk] = value(c.in.a[at]);
    }
  for (int64_t kk = 0; kk < k; ++kk)
    for (int64_t j = 0; j < n; ++j) {
      int64_t at = c.p.bTransposed() ? j * k + kk : kk * n + j;
      c.b[kk * n + j] = value(c.in.b[at]);
    }
  return c;
}

// The product of the logical matrices over K steps [0, kEnd).
std::vector<float> product(const Case &c, int64_t kEnd) {
  std::vector<float> out(c.p.m * c.p.n);
  for (int64_t i = 0; i < c.p.m; ++i)
    for (int64_t j = 0; j < c.p.n; ++j) {
      double s = 0;
      for (int64_t kk = 0; kk < kEnd; ++kk)
        s += c.a[i * c.p.k + kk] * c.b[kk * c.p.n + j];
      out[i * c.p.n + j] = float(s);
    }
  return out;
}

} // namespace

int main() {
  int checks = 0;
  for (tile_rt_layout layout : {TILE_RT_NN, TILE_RT_NT, TILE_RT_TN, TILE_RT_TT})
    for (tile_rt_dtype type : {TILE_RT_F16, TILE_RT_BF16}) {
      Case c = makeCase(13, 7, 65, layout, type, 11 + layout);
      std::vector<float> exact = product(c, c.p.k);
      std::vector<double> row(c.p.n), magnitude(c.p.n);
      for (int64_t i = 0; i < c.p.m; ++i) {
        hostRow(c.p, c.in, i, row.data(), magnitude.data());
        for (int64_t j = 0; j < c.p.n; ++j) {
          double want = 0, mag = 0;
          for (int64_t kk = 0; kk < c.p.k; ++kk) {
            want += c.a[i * c.p.k + kk] * c.b[kk * c.p.n + j];
            mag += std::fabs(c.a[i * c.p.k + kk] * c.b[kk * c.p.n + j]);
          }
          expect(std::fabs(row[j] - want) <= 1e-12 * mag &&
                     std::fabs(magnitude[j] - mag) <= 1e-12 * mag,
                 "hostRow is the product of the stored operands");
        }
      }
      std::vector<int64_t> all;
      for (int64_t i = 0; i < c.p.m; ++i)
        all.push_back(i);
      expect(rowsError(c.p, c.in, exact, all) < 1e-6,
             "an exact reference passes");
      expect(rowsError(c.p, c.in, product(c, c.p.k - 1), all) > 1e-3,
             "a reference without the last K row is caught");
      std::vector<float> whole, wholeMagnitude;
      hostProduct(c.p, c.in, whole, wholeMagnitude);
      expect(whole == exact, "hostProduct is the product");
      checks += 4;
    }
  std::printf("rows: %d checks passed\n", checks);

  Case c = makeCase(1000, 64, 64, TILE_RT_NN, TILE_RT_F16, 3);
  std::vector<int64_t> rows = sampleRows(c.p, 5, 1e9);
  expect(rows.size() == 8 && rows.front() == 0 && rows.back() == 999,
         "eight rows, the first and the last among them");
  for (size_t i = 1; i < rows.size(); ++i)
    expect(rows[i - 1] < rows[i], "rows sorted, each once");
  expect(sampleRows(c.p, 5, 1e9) == rows, "the same seed, the same rows");
  std::vector<int64_t> three = sampleRows(c.p, 5, 64.0 * 64 * 3);
  expect(three.size() == 3 && three.front() == 0 && three.back() == 999,
         "the budget bounds the rows");
  expect(sampleRows(c.p, 5, 1).size() == 1, "at least one row");
  c.p.m = 1;
  expect(sampleRows(c.p, 5, 1e9) == std::vector<int64_t>({0}),
         "one row of one");
  std::printf("sampled rows: ok\n");
  return 0;
}
