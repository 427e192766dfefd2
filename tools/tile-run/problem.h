//===- problem.h - One matmul problem of a tile-run run ---------*- C++ -*-===//

#ifndef TILE_RUN_PROBLEM_H
#define TILE_RUN_PROBLEM_H

#include "tile_runtime.h"

namespace tilerun {

// The runtime's problem (C = A B with sizes, layout and types) and what the
// reference, the timing and the report need of it.
struct Problem : tile_rt_problem {
  // Zeroed: dense operands (lda, ldb, ldc 0) unless set.
  Problem() : tile_rt_problem{} {}
  bool aTransposed() const { return tile_rt_layout_transposes(layout, 0); }
  bool bTransposed() const { return tile_rt_layout_transposes(layout, 1); }
  const char *layoutName() const { return tile_rt_layout_name(layout); }
  double flops() const { return 2.0 * double(m) * double(n) * double(k); }
};

} // namespace tilerun

#endif // TILE_RUN_PROBLEM_H
