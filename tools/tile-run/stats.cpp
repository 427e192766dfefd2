//===- stats.cpp - Summaries and comparisons of timing samples ------------===//

#include "stats.h"

#include <algorithm>
#include <cmath>

namespace tilerun {

namespace {
// Quantile q of sorted samples, interpolated between neighbours.
double quantile(const std::vector<double> &sorted, double q) {
  double pos = q * double(sorted.size() - 1);
  size_t lo = static_cast<size_t>(std::floor(pos));
  size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - double(lo)) * (sorted[hi] - sorted[lo]);
}
} // namespace

Stats summarize(std::vector<double> samples) {
  Stats s;
  s.count = samples.size();
  s.valid = !samples.empty();
  if (!s.valid)
    return s;
  std::sort(samples.begin(), samples.end());
  s.median = quantile(samples, 0.5);
  s.q25 = quantile(samples, 0.25);
  s.q75 = quantile(samples, 0.75);
  s.min = samples.front();
  s.max = samples.back();
  return s;
}

const char *verdictName(Verdict v) {
  switch (v) {
  case Verdict::Faster:
    return "faster";
  case Verdict::Tie:
    return "tie";
  case Verdict::Slower:
    return "slower";
  }
  return "tie";
}

Ratio relativeSpeed(const Stats &base, const Stats &other) {
  Ratio r;
  if (!base.valid || !other.valid || other.median <= 0 || other.q25 <= 0 ||
      other.q75 <= 0)
    return r;
  r.pct = 100.0 * base.median / other.median;
  r.lo = 100.0 * base.q25 / other.q75;
  r.hi = 100.0 * base.q75 / other.q25;
  r.verdict = r.lo > 100.0   ? Verdict::Faster
              : r.hi < 100.0 ? Verdict::Slower
                             : Verdict::Tie;
  return r;
}

} // namespace tilerun
