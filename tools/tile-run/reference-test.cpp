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
    bits = toBits(type, v);
    return toFloat(type, bits);
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
        hostRow(c.p, c.in, i, 0, c.p.n, row.data(), magnitude.data());
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
      Sample all;
      for (int64_t i = 0; i < c.p.m; ++i)
        all.rows.push_back(i);
      all.cols = c.p.n;
      // The bound cuBLAS is held to: an f32 C's.
      tile_rt_check_bounds f32;
      tile_rt_status status;
      expect(tile_rt_check_bounds_of(type, TILE_RT_F32, c.p.k, &f32, &status) ==
                 TILE_RT_OK,
             "the runtime's bounds");
      expect(sampleError(c.p, c.in, exact, all) <= f32.frobenius,
             "an exact reference passes");
      expect(sampleError(c.p, c.in, product(c, c.p.k - 1), all) > f32.frobenius,
             "a reference without the last K row is caught");
      std::vector<float> whole, wholeMagnitude;
      hostProduct(c.p, c.in, whole, wholeMagnitude);
      expect(whole == exact, "hostProduct is the product");
      checks += 4;
    }
  std::printf("rows: %d checks passed\n", checks);

  // By hand, as blas.cpp hands the operands to cuBLAS: tn stores A (2 x 3)
  // as 3 x 2, B (3 x 2) as is; nt stores B as 2 x 3.
  Problem p;
  p.m = 2, p.n = 2, p.k = 3, p.a_type = TILE_RT_F16;
  auto bits = [](std::initializer_list<float> v) {
    std::vector<uint16_t> out;
    for (float x : v)
      out.push_back(floatToHalf(x));
    return out;
  };
  // A = [[1 2 3] [4 5 6]], B = [[1 0] [0 1] [1 1]]: A B = [[4 5] [10 11]].
  HostOperands tn{bits({1, 4, 2, 5, 3, 6}), bits({1, 0, 0, 1, 1, 1})};
  HostOperands nt{bits({1, 2, 3, 4, 5, 6}), bits({1, 0, 1, 0, 1, 1})};
  double got[2];
  p.layout = TILE_RT_TN;
  hostRow(p, tn, 1, 0, 2, got, nullptr);
  expect(got[0] == 10 && got[1] == 11, "tn by hand");
  p.layout = TILE_RT_NT;
  hostRow(p, nt, 0, 1, 1, got, nullptr);
  expect(got[0] == 5, "nt by hand, one column");
  std::printf("by hand: ok\n");

  Case c = makeCase(1000, 64, 64, TILE_RT_NN, TILE_RT_F16, 3);
  Sample rows = sample(c.p, 5, 1e9);
  expect(rows.rows.size() == 8 && rows.rows.front() == 0 &&
             rows.rows.back() == 999 && rows.col0 == 0 && rows.cols == 64,
         "eight whole rows, the first and the last among them");
  for (size_t i = 1; i < rows.rows.size(); ++i)
    expect(rows.rows[i - 1] < rows.rows[i], "rows sorted, each once");
  expect(sample(c.p, 5, 1e9).rows == rows.rows, "the same seed, the same rows");
  Sample three = sample(c.p, 5, 64.0 * 64 * 3);
  expect(three.rows.size() == 3 && three.cols == 64,
         "the budget bounds the rows");
  c.p.n = 128256, c.p.k = 8192; // a vocabulary projection: a row is 2^30
  Sample wide = sample(c.p, 5, double(1 << 26));
  expect(wide.rows.size() == 1 && wide.cols == 8192 &&
             wide.col0 + wide.cols <= c.p.n,
         "a row too wide for the budget: a window of its columns");
  c.p.m = 1;
  expect(sample(c.p, 5, 1e9).rows == std::vector<int64_t>({0}),
         "one row of one");
  std::printf("sampled rows: ok\n");
  return 0;
}
