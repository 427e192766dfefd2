//===- options.h - Command line of tile-run ---------------------*- C++ -*-===//
//
// The command line is parsed and checked completely before any CUDA call,
// so every mistake in it is reported (exit 2) on machines without a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_OPTIONS_H
#define TILE_RUN_OPTIONS_H

#include "tile_runtime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilerun {

struct Options {
  std::vector<std::string> manifests;
  // One or more MxNxK problems, run in order in one process.
  struct Shape {
    int64_t m, n, k;
  };
  std::vector<Shape> shapes;
  std::string dtype; // empty: whatever the bundles were compiled for
  tile_rt_layout layout = TILE_RT_NN;
  // Each round gives cuBLAS and every kernel in turn a block of launches,
  // as one triton.testing.do_bench call does: untimed launches for about
  // warmupMs, then samples for about repMs (or exactly `reps` when set).
  // Under a power cap the clock follows the power drawn over the last tens
  // of milliseconds, so the block length decides whose power a sample's
  // clock reflects; do_bench's lengths make both harnesses agree.
  int64_t warmupMs = 25;
  int64_t repMs = 100;
  int64_t reps = 0;    // 0: from repMs
  int64_t rounds = 10; // rounds, each visiting the kernels in a balanced order
  // Flush the L2 (write a buffer of twice its size) before every sample, or
  // time back-to-back launches on a warm L2.
  bool flushL2 = true;
  enum class Blas { Lt, GemmEx, Both };
  Blas blas = Blas::Lt; // the baseline; Both also times cublasGemmEx
  bool haveSeed = false;
  uint64_t seed = 0;
  // Programs per SM of persistent kernels, 0: ask the driver. Empty: 0 for
  // every manifest; one value: that for every manifest; else one per
  // manifest, in order (so a run can launch one bundle with several grids).
  std::vector<int64_t> programsPerSM;
  int64_t programsPerSMOf(size_t manifest) const {
    if (programsPerSM.empty())
      return 0;
    return programsPerSM.size() == 1 ? programsPerSM.front()
                                     : programsPerSM[manifest];
  }
  std::string jsonPath;
  bool cublasTiming = true;
  // Check the command line, the bundles and every shape, then stop before
  // the GPU is touched.
  bool dryRun = false;
};

// Parses argv; prints help and exits 0 for --help, prints a one-line error
// plus a usage hint and exits 2 for anything malformed.
Options parseCommandLine(int argc, char **argv);

} // namespace tilerun

#endif // TILE_RUN_OPTIONS_H
