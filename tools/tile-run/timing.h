//===- timing.h - Timing kernels and cuBLAS as do_bench does ----*- C++ -*-===//
//
// Every entry (each cuBLAS call and each kernel) gets one block of launches
// per round, sized once like a triton.testing.do_bench call, in the
// runtime's balanced visit order; each sample sits between its own pair of
// events, after an L2 flush or on a warm L2. tools/tile-run/README.md explains
// why. The statistics of the samples are stats.h's.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_TIMING_H
#define TILE_RUN_TIMING_H

#include "gpu.h"
#include "options.h"
#include "problem.h"
#include "stats.h"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace tilerun {

// Something timed: cuBLAS or a kernel, with its samples over all rounds.
struct Timed {
  std::string name;
  std::function<void()> launch;
  std::vector<double> samples;
  Stats stats;
  // Launches per block, fixed before the first round.
  int64_t warmups = 0, reps = 0;
};

// The buffer whose writing flushes the L2 before each sample: twice the L2,
// and at least the 256 MiB that triton.testing.do_bench writes, so that the
// write also outlasts the host's work to queue the launch that follows.
struct L2Flush {
  CUdeviceptr ptr = 0;
  size_t words = 0;
  size_t bytes() const { return words * 4; }
};

// GPU state around the timed rounds: before the first, after the last, and
// the lowest and highest SM clock seen after each round.
struct GpuStates {
  GpuState before, after;
  unsigned smClockMin = 0, smClockMax = 0;
  void sawRound(const GpuState &s) {
    if (!s.valid)
      return;
    smClockMin = smClockMin ? std::min(smClockMin, s.smClockMHz) : s.smClockMHz;
    smClockMax = std::max(smClockMax, s.smClockMHz);
  }
};

// How the samples were taken, for the report and the JSON.
struct TimingRecord {
  size_t flushBytes = 0;
  GpuStates states;
};

// The flush buffer when --l2 flush, else an empty one.
L2Flush allocFlush(const Gpu &gpu, const Options &opts);
void freeFlush(const L2Flush &flush);

// Sizes every entry's block, times --rounds rounds of blocks in the
// runtime's visit order (tile_rt_visit_order), and summarizes each entry's
// samples.
TimingRecord timeRounds(const Gpu &gpu, const Options &opts,
                        const L2Flush &flush,
                        const std::vector<Timed *> &timed);

// TFLOP/s of the problem done in `ms` milliseconds.
double tflops(const Problem &p, double ms);

} // namespace tilerun

#endif // TILE_RUN_TIMING_H
