//===- problem.h - A matmul problem checked and planned ---------*- C++ -*-===//
//
// Everything about one problem on one kernel that needs no GPU: whether the
// kernel can run it, whether it runs staged, the scalar arguments, the
// tiles, the grid and the workspace.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RT_PROBLEM_H
#define TILE_RT_PROBLEM_H

#include "manifest.h"

#include <cstdint>
#include <string>

namespace tilert {

inline bool aTransposed(const tile_rt_problem &p) {
  return p.layout == TILE_RT_TN || p.layout == TILE_RT_TT;
}
inline bool bTransposed(const tile_rt_problem &p) {
  return p.layout == TILE_RT_NT || p.layout == TILE_RT_TT;
}

inline int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

// How a kernel's operands are laid out for one problem: as the problem
// stores them (rows its leading dimensions apart), unless a TMA kernel is
// asked for an N or K that is not
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
Staging planStaging(const Manifest &m, const tile_rt_problem &p);

// Why and how a staged problem is staged: "N=4097 and K=4103 are not
// multiples of 8; A, B and C go through 16-byte-aligned copies (...)".
std::string stagingSummary(const Manifest &m, const tile_rt_problem &p,
                           const Staging &s);

// Operand 0 (A), 1 (B) or 2 (C) as stored: a row-major rows x cols matrix
// whose rows lie `ld` elements apart. A is M x K, stored row-major (n) or as
// its K x M transpose (t); B likewise K x N or N x K; C is always M x N.
struct Stored {
  int64_t rows, cols, ld;
};

// As the problem stores it: ld is its lda, ldb or ldc, or cols where that
// is 0 (dense).
Stored storedOperand(const tile_rt_problem &p, int operand);

// As the kernel reads or writes it: its padded copy when `s` is staged
// (rows kp or np apart), else as stored.
Stored kernelOperand(const tile_rt_problem &p, const Staging &s, int operand);

// Value of a scalar parameter for this problem: sizes, and the strides of
// the operands the kernel reads (kernelOperand).
int64_t scalarValue(ParamRole role, const tile_rt_problem &p, const Staging &s);

// Tiles of C: ceil(M / block_m) * ceil(N / block_n), tile rows rounded up to
// whole clusters.
int64_t tileCount(const Manifest &m, const tile_rt_problem &p);

// Bytes of workspace the problem needs: workspace_tile_bytes per tile, 0 for
// a kernel that takes none (neither split-K nor Stream-K).
int64_t workspaceBytes(const Manifest &m, const tile_rt_problem &p);

// A split-K kernel's grid and workspace for the problem: "4 x 64 = 256
// blocks (split_k x tiles), workspace 64 x 8192 = 524288 B (...)"; a
// Stream-K kernel's workspace.
std::string workspaceSummary(const Manifest &m, const tile_rt_problem &p);

// tile_rt_operand_layout's rule (sizes at least 0): the orientation and
// leading dimension of a rows x cols view of strides (stride0, stride1), or
// false with `error`.
bool operandLayout(int64_t rows, int64_t cols, int64_t stride0, int64_t stride1,
                   tile_rt_orientation want, tile_rt_orientation &stored,
                   int64_t &ld, std::string &error);

// Whether each size lies in 1 to 2^31 - 1 (what every check and count
// below assumes).
bool checkSizes(int64_t m, int64_t n, int64_t k, std::string &error);

// Whether kernel `m` can run `p` (its types and layout as well); if not,
// `error` is one line naming the bundle.
bool checkProblem(const Manifest &m, const tile_rt_problem &p,
                  std::string &error);

struct Grid {
  int64_t tiles = 0, blocks = 0;
  int64_t tilesPerProgramMin = 1, tilesPerProgramMax = 1;
};

// The grid for the manifest's schedule: tiled, tiles times split_k; a
// persistent grid, min(SMs x programs per SM, tiles), in whole clusters.
// Without `device` a persistent grid has 0 blocks. False with `error` when
// the device admits no program.
bool planGrid(const Manifest &m, const tile_rt_problem &p,
              const tile_rt_device *device, Grid &grid, std::string &error);

} // namespace tilert

#endif // TILE_RT_PROBLEM_H
