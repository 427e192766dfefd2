//===- launch.h - Loading a bundle's kernel and launching it ----*- C++ -*-===//
//
// One bundle on the GPU: its PTX loaded by the driver, the kernel's
// resources and occupancy explained, its grid planned from the manifest's
// schedule, and its arguments packed in the ABI's order (TMA descriptors
// encoded for the problem) into a launch that every round times again.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_LAUNCH_H
#define TILE_RUN_LAUNCH_H

#include "check.h"
#include "gpu.h"
#include "manifest.h"
#include "occupancy.h"
#include "options.h"
#include "problem.h"
#include "timing.h"

#include <cstdint>
#include <functional>
#include <string>

namespace tilerun {

// Value of a scalar parameter for this problem. A is M x K, stored
// row-major (n) or as its K x M transpose (t); B likewise K x N or N x K;
// C is always row-major M x N.
int64_t scalarValue(ParamRole role, const Problem &p);

int64_t ceilDiv(int64_t a, int64_t b);

// Tiles of C: ceil(M / block_m) * ceil(N / block_n), tile rows rounded up to
// whole clusters.
int64_t tileCount(const Manifest &m, const Problem &p);

// Bytes of split-K workspace the problem needs: workspace_tile_bytes per
// tile, 0 for a kernel that does not split K.
int64_t workspaceBytes(const Manifest &m, const Problem &p);

// A split-K kernel's grid and workspace for the problem: "4 x 64 = 256
// blocks (split_k x tiles), workspace 64 x 8192 = 524288 B (...)".
std::string splitKSummary(const Manifest &m, const Problem &p);

// What one bundle gave: resources, occupancy, grid, check and, once every
// round ran, its timing.
struct KernelResult {
  const Manifest *manifest = nullptr;
  int regs = 0, localBytes = 0, staticShared = 0, maxThreads = 0;
  int ptxVersion = 0, binaryVersion = 0;
  KernelUsage usage;
  Occupancy occ;
  int driverBlocks = 0;
  int maxClusters = 0; // co-resident clusters (cluster_m > 1)
  int64_t tiles = 0, grid = 0, programsPerSM = 0, workspaceBytes = 0;
  int64_t tilesPerProgramMin = 1, tilesPerProgramMax = 1;
  double wavesPerSM = 0;
  Check check;
  // Its launch is kept, with the module, until every round is timed.
  Timed timed;
  CUmodule module = nullptr;
};

// "== kernel (manifest) ==", the bundle's configuration and types, and a
// note when it targets another chip than this GPU.
void printBundle(const Gpu &gpu, const Manifest &m);

// Loads the kernel, records and prints its resources (res.module and the
// attributes), refuses it when this GPU cannot run its block, and opts in to
// its dynamic shared memory.
CUfunction loadKernel(const Gpu &gpu, const Manifest &m, KernelResult &res);

// Explains the occupancy next to the driver's figure; refuses a kernel of
// which not one block fits on an SM.
void reportOccupancy(const Gpu &gpu, const Manifest &m, CUfunction func,
                     KernelResult &res);

// The grid for the manifest's schedule (res.grid and the tiles per
// program), printed.
void planGrid(const Gpu &gpu, const Options &opts, const Problem &p,
              const Manifest &m, KernelResult &res);

// The kernel's launch on A, B and C (and, for a split-K kernel, its own
// workspace of workspaceBytes(m, p) or more, zero before its first launch)
// for this problem; it keeps its own arguments and outlives the caller
// (every round times it again).
std::function<void()> makeLaunch(const Gpu &gpu, const Problem &p,
                                 const Manifest &m, CUfunction func,
                                 int64_t grid, CUdeviceptr a, CUdeviceptr b,
                                 CUdeviceptr c, CUdeviceptr workspace);

} // namespace tilerun

#endif // TILE_RUN_LAUNCH_H
