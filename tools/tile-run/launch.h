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

// How a kernel's operands are laid out for one problem: as the problem
// stores them (dense), unless a TMA kernel is asked for an N or K that is not
// a multiple of its n_multiple or k_multiple, whose rows TMA cannot address
// (they must start on 16 bytes). The problem is then staged: the kernel runs
// on copies of A (M x kp), B (K x np) and C (M x np) whose rows are padded to
// those multiples, with sizes still M, N and K, so TMA zero-fills and clips
// at K and N and the pad columns are never read or written.
struct Staging {
  bool staged = false;
  // The rows of A and of B and C: K and N unless staged.
  int64_t kp = 0, np = 0;
};

// The staging of problem `p` for kernel `m`. A manifest that pins a row
// stride (static_stride_am, _bk, _cm) to another value than the padded one
// is not staged, and its multiples refuse the shape as before.
Staging planStaging(const Manifest &m, const Problem &p);

// Why and how a staged problem is staged: "N=4097 and K=4103 are not
// multiples of 8; A, B and C go through 16-byte-aligned copies (...)".
std::string stagingSummary(const Manifest &m, const Problem &p,
                           const Staging &s);

// Value of a scalar parameter for this problem. A is M x K, stored
// row-major (n) or as its K x M transpose (t); B likewise K x N or N x K;
// C is always row-major M x N. The row strides are those of the buffers the
// kernel reads: the padded copies when `s` is staged.
int64_t scalarValue(ParamRole role, const Problem &p, const Staging &s);

int64_t ceilDiv(int64_t a, int64_t b);

// Tiles of C: ceil(M / block_m) * ceil(N / block_n), tile rows rounded up to
// whole clusters.
int64_t tileCount(const Manifest &m, const Problem &p);

// Bytes of workspace the problem needs: workspace_tile_bytes per tile, 0 for
// a kernel that takes none (neither split-K nor Stream-K).
int64_t workspaceBytes(const Manifest &m, const Problem &p);

// A split-K kernel's grid and workspace for the problem: "4 x 64 = 256
// blocks (split_k x tiles), workspace 64 x 8192 = 524288 B (...)"; a
// Stream-K kernel's workspace.
std::string workspaceSummary(const Manifest &m, const Problem &p);

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
  Staging staging;
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

// A, B and C on the device.
struct Operands {
  CUdeviceptr a = 0, b = 0, c = 0;
};

// The kernel's launch on the problem's A, B and C (and, for a split-K
// kernel, its own workspace of workspaceBytes(m, p) or more, zero before its
// first launch); it keeps its own arguments and outlives the caller (every
// round times it again). A staged launch (`s`) runs the kernel on `copies`
// (M x kp, K x np and M x np elements or more): it copies A and B into them,
// launches, and copies C back, all on the run's stream, so every timed
// launch pays for the copies.
std::function<void()> makeLaunch(const Gpu &gpu, const Problem &p,
                                 const Manifest &m, CUfunction func,
                                 int64_t grid, const Operands &problem,
                                 const Staging &s, const Operands &copies,
                                 CUdeviceptr workspace);

} // namespace tilerun

#endif // TILE_RUN_LAUNCH_H
