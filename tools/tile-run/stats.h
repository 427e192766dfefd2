//===- stats.h - Summaries and comparisons of timing samples ----*- C++ -*-===//
//
// The one definition of "median", "spread" and "tie" that tile-run reports
// (python/tile_bench/stats.py implements the same for the Python harness):
// quantiles interpolate linearly between order statistics (numpy's default),
// the spread is the interquartile range, and two timings tie when their
// interquartile ranges overlap.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_STATS_H
#define TILE_RUN_STATS_H

#include <cstddef>
#include <vector>

namespace tilerun {

struct Stats {
  bool valid = false; // false for no samples
  double median = 0, q25 = 0, q75 = 0, min = 0, max = 0;
  size_t count = 0;
};

Stats summarize(std::vector<double> samples);

enum class Verdict { Faster, Tie, Slower };
const char *verdictName(Verdict v);

// How fast `other` runs relative to `base`: pct = 100 * base / other on the
// medians, [lo, hi] the same ratio between the interquartile bounds that
// make it smallest and largest. `other` ties with `base` when lo <= 100 <=
// hi, i.e. when the two interquartile ranges overlap.
struct Ratio {
  double pct = 0, lo = 0, hi = 0;
  Verdict verdict = Verdict::Tie;
};

Ratio relativeSpeed(const Stats &base, const Stats &other);

} // namespace tilerun

#endif // TILE_RUN_STATS_H
