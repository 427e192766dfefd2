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
  return tile_rt_layout_transposes(p.layout, 0);
}
inline bool bTransposed(const tile_rt_problem &p) {
  return tile_rt_layout_transposes(p.layout, 1);
}

inline int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

// The size that is operand 0 (A), 1 (B) or 2 (C)'s row length as stored
// (its contiguous size): 0 M, 1 N, 2 K. A's rows are K long (n) or M (t),
// B's N (n) or K (t), C's N.
int rowDim(const tile_rt_problem &p, int operand);

// The bytes a TMA kernel's rows along size `dim` (0 M, 1 N, 2 K) must be a
// multiple of: 16 (TMA's global strides), and the manifest's m_multiple,
// n_multiple or k_multiple of A's elements (tile-opt states them as 16 bytes
// of A's type).
int64_t rowBytes(const Manifest &m, int dim);

// L2's line and its sectors: a TMA row that starts inside a line reads two
// (docs/results/shapes.md, "Rows off whole L2 lines in the cost model"), and
// one inside a sector loads up to a third slower ("Rows off a 32-byte
// sector"), so staged copies pad rows to whole lines and maps of rows off a
// sector fetch less around a miss.
constexpr int64_t kSectorBytes = 32;
constexpr int64_t kLineBytes = 128;
using tile_manifest::kTmaRowBytes;

// How a kernel's operands are laid out for one problem: as the problem
// stores them (rows its leading dimensions apart), unless a TMA kernel is
// asked for an operand whose rows TMA cannot address: its leading dimension
// (its row length when dense) not a multiple of rowBytes, or 2^40 bytes or
// more; or, where the problem asks for line copies (tile_rt_line_copies),
// an A or B whose rows start inside L2 lines. The problem is then
// staged: each such operand, and only it, is copied into a buffer of its own
// orientation whose rows are its row length rounded up to rowBytes and to
// whole lines (A as M x kp or K x mp, B as K x np or N x kp, C as M x np),
// and the kernel runs on the copies with sizes still M, N and K, so TMA
// zero-fills and clips at the real sizes and the pad columns are never read
// or written (the copies need no zeroing).
struct Staging {
  bool staged = false;
  // Operand 0 (A), 1 (B) or 2 (C) runs on its padded copy.
  bool copied[3] = {false, false, false};
  // The row lengths of the copies whose rows are M, N or K long (the size
  // rounded up); the size itself where no copy's rows are that long.
  int64_t mp = 0, np = 0, kp = 0;
  // Of size 0 (M), 1 (N) or 2 (K).
  int64_t padded(int dim) const { return dim == 0 ? mp : dim == 1 ? np : kp; }
};

// The staging of problem `p` for kernel `m`, A and B copied onto whole
// lines where their rows are not (and at least a line long) when
// p.line_copies is TILE_RT_LINE_COPIES_ALWAYS. A manifest that pins the row
// stride of an operand to be copied (static_stride_am, _ak, _bk, _bn, _cm)
// to another value than its copy's is not staged: the leading dimension
// TMA cannot address is refused instead.
Staging planStaging(const Manifest &m, const tile_rt_problem &p);

// Whether a kernel that stores C at any alignment ("c_any_alignment")
// stores this problem's C at `c` by TMA: C's address, row pitch and N
// whole 16-byte chunks. Where not, its C descriptor is never read.
bool cStoredByTma(const tile_rt_problem &p, uint64_t c);

// Whether operand i (0 A, 1 B) of `p` as stored has rows of at least a
// line that start inside lines: what line copies copy.
bool offLines(const tile_rt_problem &p, int operand);

// The copies that p.line_copies ALWAYS adds to `p`'s staging for kernel
// `m`: of A, of B, and the bytes they read and write.
struct CopyTraffic {
  bool copied[2] = {false, false};
  int64_t bytes = 0, copies = 0;
};
CopyTraffic lineCopyTraffic(const Manifest &m, const tile_rt_problem &p);

// What a staged problem copies and why: "N=4097 and K=4103 are not
// multiples of 8; A, B and C go through padded copies (K 4103 -> 4160, N
// 4097 -> 4160), which every timed launch includes"; a view's leading
// dimension is named as "lda=4100", its copy's as "lda 4100 -> 4096"; an
// operand copied onto whole lines alone (a line copy) as "rows of K=4104
// start inside 128-byte L2 lines". Then, staged or not, where a kernel
// that stores C at any alignment stores it by its threads: "C's rows
// (N=50257, not a multiple of 8) are stored in place by the kernel's
// threads, not TMA" (empty where neither).
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

// As the kernel reads or writes it: its padded copy when `s` copies it
// (rows mp, np or kp apart), else as stored.
Stored kernelOperand(const tile_rt_problem &p, const Staging &s, int operand);

// A's and B's row pitches as kernel `m` reads them for `p` (kernelOperand),
// for the cost model, which reads only their remainders by 128 bytes (0 for
// rows shorter than 128 bytes).
RowPitches kernelRowPitches(const Manifest &m, const tile_rt_problem &p);

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
// blocks (splits x tiles), workspace 64 x 8192 = 524288 B (...)"; a
// Stream-K kernel's workspace.
std::string workspaceSummary(const Manifest &m, const tile_rt_problem &p);

// At most `splits` programs per tile, fewer where a kernel whose splits
// are resident would not fit the device's programs at once (none without
// a device); at least 1.
int64_t boundSplits(const Manifest &m, const tile_rt_problem &p,
                    const tile_rt_device *device, int64_t splits);

// The programs per tile a tiled launch runs: the problem's splits, or
// split_k bound as boundSplits does.
int64_t splitsOf(const Manifest &m, const tile_rt_problem &p,
                 const tile_rt_device *device = nullptr);

// tile_rt_operand_layout's rule (sizes at least 0): the orientation and
// leading dimension of a rows x cols view of strides (stride0, stride1), or
// false with `error`.
bool operandLayout(int64_t rows, int64_t cols, int64_t stride0, int64_t stride1,
                   tile_rt_orientation want, tile_rt_orientation &stored,
                   int64_t &ld, std::string &error);

// Whether each size lies in 1 to TILE_RT_MAX_SIZE (what every check and
// count below assumes).
bool checkSizes(int64_t m, int64_t n, int64_t k, std::string &error);

// Whether kernel `m` can run `p` (its types and layout as well); if not,
// `error` is one line naming the bundle.
bool checkProblem(const Manifest &m, const tile_rt_problem &p,
                  std::string &error);

struct Grid {
  int64_t tiles = 0, blocks = 0, splits = 1;
  // Blocks per cluster of the launch: cluster_m, or a split-K kernel's
  // splits where they meet in a cluster.
  int64_t cluster = 1;
  int64_t tilesPerProgramMin = 1, tilesPerProgramMax = 1;
};

// The grid for the manifest's schedule: tiled, tiles times the splits; a
// persistent grid, min(SMs x programs per SM, tiles), in whole clusters.
// Without `device` a persistent grid, and one whose resident splits it
// cannot bound, has 0 blocks. False with `error` when the device admits no
// program, or fewer than a resident split-K launch's.
bool planGrid(const Manifest &m, const tile_rt_problem &p,
              const tile_rt_device *device, Grid &grid, std::string &error);

} // namespace tilert

#endif // TILE_RT_PROBLEM_H
