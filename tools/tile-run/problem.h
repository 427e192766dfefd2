//===- problem.h - One matmul problem of a tile-run run ---------*- C++ -*-===//

#ifndef TILE_RUN_PROBLEM_H
#define TILE_RUN_PROBLEM_H

#include "manifest.h"

#include <cstdint>
#include <string>

namespace tilerun {

// C (M x N, row-major) = A (M x K) * B (K x N); the layout's letters say how
// A and B are stored: n = row-major, t = stored transposed.
struct Problem {
  int64_t m, n, k;
  std::string layout;
  ElemType inType, outType;
  bool aTransposed() const { return layout[0] == 't'; }
  bool bTransposed() const { return layout[1] == 't'; }
  double flops() const { return 2.0 * double(m) * double(n) * double(k); }
};

} // namespace tilerun

#endif // TILE_RUN_PROBLEM_H
