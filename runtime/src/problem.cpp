//===- problem.cpp - A matmul problem checked and planned -----------------===//

#include "problem.h"

#include <algorithm>
#include <climits>
#include <tuple>
#include <vector>

namespace tilert {

Staging planStaging(const Manifest &m, const tile_rt_problem &p) {
  Staging s{false, p.k, p.n};
  // Staging pads the rows of layout nn (K of A, N of B and C); other
  // layouts need their multiples (M never matters for nn: C's rows are N
  // long).
  if (!m.usesTma() || p.layout != TILE_RT_NN ||
      (p.k % m.multiple[2] == 0 && p.n % m.multiple[1] == 0))
    return s;
  Staging padded{true, ceilDiv(p.k, m.multiple[2]) * m.multiple[2],
                 ceilDiv(p.n, m.multiple[1]) * m.multiple[1]};
  for (ParamRole role :
       {ParamRole::StrideAM, ParamRole::StrideBK, ParamRole::StrideCM}) {
    const std::optional<int64_t> &fixed = m.fixed[size_t(role)];
    if (fixed && *fixed != scalarValue(role, p, padded))
      return s;
  }
  return padded;
}

std::string stagingSummary(const Manifest &m, const tile_rt_problem &p,
                           const Staging &s) {
  struct Dim {
    const char *name;
    int64_t size, padded, multiple;
  };
  std::vector<Dim> off;
  for (Dim d :
       {Dim{"N", p.n, s.np, m.multiple[1]}, Dim{"K", p.k, s.kp, m.multiple[2]}})
    if (d.size != d.padded)
      off.push_back(d);
  auto is = [](const Dim &d) {
    return std::string(d.name) + "=" + std::to_string(d.size);
  };
  std::string why;
  if (off.size() == 2 && off[0].multiple == off[1].multiple)
    why = is(off[0]) + " and " + is(off[1]) + " are not multiples of " +
          std::to_string(off[0].multiple);
  else
    for (const Dim &d : off)
      why += (why.empty() ? "" : " and ") + is(d) + " is not a multiple of " +
             std::to_string(d.multiple);
  // K first: A's rows, then B's and C's.
  std::string pads;
  for (auto it = off.rbegin(); it != off.rend(); ++it)
    pads += (pads.empty() ? "" : ", ") + std::string(it->name) + " " +
            std::to_string(it->size) + " -> " + std::to_string(it->padded);
  return why + "; A, B and C go through 16-byte-aligned copies (" + pads +
         "), which every timed launch includes";
}

Stored storedOperand(const tile_rt_problem &p, int operand) {
  Stored s{p.m, p.n, p.ldc};
  if (operand == 0)
    s = aTransposed(p) ? Stored{p.k, p.m, p.lda} : Stored{p.m, p.k, p.lda};
  else if (operand == 1)
    s = bTransposed(p) ? Stored{p.n, p.k, p.ldb} : Stored{p.k, p.n, p.ldb};
  if (s.ld == 0)
    s.ld = s.cols;
  return s;
}

Stored kernelOperand(const tile_rt_problem &p, const Staging &s, int operand) {
  Stored o = storedOperand(p, operand);
  // Only layout nn is staged: A's rows are K long, B's and C's N.
  if (s.staged)
    o.ld = operand == 0 ? s.kp : s.np;
  return o;
}

int64_t scalarValue(ParamRole role, const tile_rt_problem &p,
                    const Staging &s) {
  auto ld = [&](int operand) { return kernelOperand(p, s, operand).ld; };
  switch (role) {
  case ParamRole::M:
    return p.m;
  case ParamRole::N:
    return p.n;
  case ParamRole::K:
    return p.k;
  case ParamRole::StrideAM:
    return aTransposed(p) ? 1 : ld(0);
  case ParamRole::StrideAK:
    return aTransposed(p) ? ld(0) : 1;
  case ParamRole::StrideBK:
    return bTransposed(p) ? 1 : ld(1);
  case ParamRole::StrideBN:
    return bTransposed(p) ? ld(1) : 1;
  case ParamRole::StrideCM:
    return ld(2);
  case ParamRole::StrideCN:
    return 1;
  case ParamRole::A:
  case ParamRole::B:
  case ParamRole::C:
  case ParamRole::TmaA:
  case ParamRole::TmaB:
  case ParamRole::TmaC:
  case ParamRole::Workspace:
    break;
  }
  return 0;
}

int64_t tileCount(const Manifest &m, const tile_rt_problem &p) {
  return ceilDiv(ceilDiv(p.m, m.blockM), m.clusterM) * m.clusterM *
         ceilDiv(p.n, m.blockN);
}

int64_t workspaceBytes(const Manifest &m, const tile_rt_problem &p) {
  return m.usesWorkspace() ? tileCount(m, p) * m.workspaceTileBytes : 0;
}

std::string workspaceSummary(const Manifest &m, const tile_rt_problem &p) {
  int64_t tiles = tileCount(m, p);
  std::string workspace = "workspace " + std::to_string(tiles) + " x " +
                          std::to_string(m.workspaceTileBytes) + " = " +
                          std::to_string(workspaceBytes(m, p)) +
                          " B (tiles x workspace_tile_bytes)";
  if (m.splitK == 1)
    return workspace;
  return std::to_string(m.splitK) + " x " + std::to_string(tiles) + " = " +
         std::to_string(m.splitK * tiles) + " blocks (split_k x tiles), " +
         workspace;
}

namespace {

std::string shapeText(const tile_rt_problem &p) {
  return std::to_string(p.m) + "x" + std::to_string(p.n) + "x" +
         std::to_string(p.k);
}

const char *const kLeadNames[3] = {"lda", "ldb", "ldc"};

bool isDense(const tile_rt_problem &p) {
  for (int i = 0; i < 3; ++i)
    if (storedOperand(p, i).ld != storedOperand(p, i).cols)
      return false;
  return true;
}

// " with lda=4104, ldb=4096, ldc=4096"; "" for dense operands.
std::string leadsText(const tile_rt_problem &p) {
  if (isDense(p))
    return "";
  std::string text;
  for (int i = 0; i < 3; ++i)
    text += std::string(i ? ", " : " with ") + kLeadNames[i] + "=" +
            std::to_string(storedOperand(p, i).ld);
  return text;
}

// Each leading dimension at least its operand's row (so rows never
// overlap), and the operand's element offsets ((rows - 1) * ld + cols) and
// row pitch in bytes within int64.
bool checkLeads(const tile_rt_problem &p, std::string &error) {
  for (int i = 0; i < 3; ++i) {
    Stored s = storedOperand(p, i);
    std::string lead = std::string(kLeadNames[i]) + "=" + std::to_string(s.ld);
    if (s.ld < s.cols) {
      bool tr = i == 0 ? aTransposed(p) : i == 1 && bTransposed(p);
      const char *dim = i == 0   ? (tr ? "M" : "K")
                        : i == 1 ? (tr ? "K" : "N")
                                 : "N";
      error = lead + " is less than " + dim + "=" + std::to_string(s.cols) +
              ", the length of " + "ABC"[i] + "'s rows in layout " +
              tile_rt_layout_name(p.layout);
      return false;
    }
    int64_t span, pitch;
    int64_t elem = int64_t(tile_rt_dtype_bytes(i == 2 ? p.c_type : p.a_type));
    if (__builtin_mul_overflow(s.rows - 1, s.ld, &span) ||
        __builtin_add_overflow(span, s.cols, &span) ||
        __builtin_mul_overflow(s.ld, elem, &pitch)) {
      error = lead + " overflows the 64-bit offsets of " + "ABC"[i];
      return false;
    }
  }
  return true;
}

// Sizes and strides that the kernel's memref types fix. A stride follows
// from the shape, the layout, the leading dimensions and the staging.
bool checkStatic(const Manifest &m, const tile_rt_problem &p, const Staging &s,
                 std::string &error) {
  for (size_t i = 0; i < kParamCount; ++i) {
    auto role = ParamRole(i);
    bool isSize =
        role == ParamRole::M || role == ParamRole::N || role == ParamRole::K;
    bool isStride = role >= ParamRole::StrideAM && role <= ParamRole::StrideCN;
    if (!m.fixed[i] || (!isSize && !isStride))
      continue;
    int64_t fixed = *m.fixed[i], given = scalarValue(role, p, s);
    if (fixed == given)
      continue;
    std::string operands = isDense(p) ? "dense operands" : "the operands";
    error = "bundle " + m.path + " was compiled for " + paramName(role) + "=" +
            std::to_string(fixed) + "; " +
            (isSize ? "the shape asks for " + std::to_string(given)
                    : operands + " give " + std::to_string(given) + " for " +
                          shapeText(p) + " " + tile_rt_layout_name(p.layout) +
                          leadsText(p));
    return false;
  }
  return true;
}

// The largest element offset of an operand the kernel sees (as stored, or
// its padded copy) is its static offset plus (rows - 1) * ld + cols - 1
// (checkLeads keeps that within int64); the workspace is indexed as f32
// elements.
bool checkIndexWidth(const Manifest &m, const tile_rt_problem &p,
                     const Staging &s, std::string &error) {
  int64_t limit =
      m.indexBitwidth >= 64 ? INT64_MAX : (int64_t(1) << (m.indexBitwidth - 1));
  for (int i = 0; i < 3; ++i) {
    Stored o = kernelOperand(p, s, i);
    int64_t offset = m.offset(ParamRole(size_t(ParamRole::A) + i)), span;
    uint64_t magnitude =
        offset < 0 ? uint64_t(0) - uint64_t(offset) : uint64_t(offset);
    if (__builtin_mul_overflow(o.rows - 1, o.ld, &span) ||
        __builtin_add_overflow(span, o.cols, &span) ||
        magnitude > uint64_t(limit) || span > limit - int64_t(magnitude)) {
      error = "bundle " + m.path + " indexes with " +
              std::to_string(m.indexBitwidth) + "-bit offsets; shape " +
              shapeText(p) + " needs more" +
              (s.staged ? " in its padded copies" : leadsText(p)) +
              " (recompile with index-bitwidth=64)";
      return false;
    }
  }
  return true;
}

// What the manifest asks each size to be a multiple of; a staged kernel
// sees N and K only through the padded rows, so only M is left.
bool checkMultiples(const Manifest &m, const tile_rt_problem &p,
                    const Staging &s, std::string &error) {
  for (auto [dim, key, given, multiple] :
       {std::tuple{"M", "m_multiple", p.m, m.multiple[0]},
        std::tuple{"N", "n_multiple", p.n, s.staged ? 1 : m.multiple[1]},
        std::tuple{"K", "k_multiple", p.k, s.staged ? 1 : m.multiple[2]}}) {
    if (given % multiple == 0)
      continue;
    error = "bundle " + m.path + " needs " + dim + " to be a multiple of " +
            std::to_string(multiple) + " (\"" + key +
            "\"); the shape asks for " + std::to_string(given);
    return false;
  }
  return true;
}

// TMA addresses rows by a global stride that is a multiple of 16 bytes and
// below 2^40 bytes: the leading dimensions of the operands a TMA kernel
// reads (a staged kernel's own copies are padded to fit). Dense operands
// of the needed multiples (checkMultiples) always fit.
bool checkTmaLeads(const Manifest &m, const tile_rt_problem &p,
                   const Staging &s, std::string &error) {
  if (!m.usesTma())
    return true;
  for (int i = 0; i < 3; ++i) {
    int64_t ld = kernelOperand(p, s, i).ld;
    int64_t elem = int64_t(tile_rt_dtype_bytes(i == 2 ? m.cType : m.aType));
    std::string lead = "bundle " + m.path + ": " + kLeadNames[i] + "=" +
                       std::to_string(ld) + " elements";
    if (ld % (16 / elem)) {
      error = lead + " is not a multiple of " + std::to_string(16 / elem) +
              " (16 bytes), which TMA needs";
      return false;
    }
    if (ld >= (int64_t(1) << 40) / elem) {
      error = lead + " is 2^40 bytes or more, beyond TMA's strides";
      return false;
    }
  }
  return true;
}

// A split-K kernel launches split_k blocks per tile and needs
// workspace_tile_bytes per tile; neither product may overflow.
bool checkGridAndWorkspace(const Manifest &m, const tile_rt_problem &p,
                           std::string &error) {
  int64_t tiles = tileCount(m, p);
  std::string shape = "manifest " + m.path + ": shape " + std::to_string(p.m) +
                      "x" + std::to_string(p.n) + " needs " +
                      std::to_string(tiles) + " tiles of ";
  if (tiles > INT32_MAX / m.splitK) {
    error = shape + std::to_string(m.blockM) + "x" + std::to_string(m.blockN) +
            (m.splitK > 1 ? " in " + std::to_string(m.splitK) + " splits each"
                          : "") +
            ", more than one grid can hold";
    return false;
  }
  if (m.usesWorkspace() && tiles > INT64_MAX / m.workspaceTileBytes) {
    error = shape + std::to_string(m.workspaceTileBytes) +
            " workspace bytes, more than 2^63 bytes";
    return false;
  }
  int64_t limit =
      m.indexBitwidth >= 64 ? INT64_MAX : (int64_t(1) << (m.indexBitwidth - 1));
  if (workspaceBytes(m, p) / 4 > limit) {
    error = "bundle " + m.path + " indexes with " +
            std::to_string(m.indexBitwidth) + "-bit offsets; shape " +
            std::to_string(p.m) + "x" + std::to_string(p.n) +
            " needs a workspace of " + std::to_string(workspaceBytes(m, p)) +
            " B, more (recompile with index-bitwidth=64)";
    return false;
  }
  return true;
}

// The leading dimension of a rows x cols view stored row-major with
// strides (s0, s1), or -1 when it is not. The stride of a dimension of size
// 1 (or of an empty view) multiplies no index.
int64_t rowMajorLead(int64_t rows, int64_t cols, int64_t s0, int64_t s1) {
  if (rows == 0 || cols == 0)
    return cols;
  if (cols > 1 && s1 != 1)
    return -1;
  if (rows == 1)
    return cols;
  return s0 >= cols ? s0 : -1;
}

// The strides an orientation asks of a rows x cols view: "(>= 32, 1)",
// "any" where a stride is ignored.
std::string stridesWanted(int64_t rows, int64_t cols, bool transposed) {
  std::string lead = ">= " + std::to_string(transposed ? rows : cols);
  std::string s0 = rows > 1 ? (transposed ? "1" : lead) : "any";
  std::string s1 = cols > 1 ? (transposed ? lead : "1") : "any";
  return "(strides (" + s0 + ", " + s1 + "))";
}

} // namespace

bool operandLayout(int64_t rows, int64_t cols, int64_t stride0, int64_t stride1,
                   tile_rt_orientation want, tile_rt_orientation &stored,
                   int64_t &ld, std::string &error) {
  for (tile_rt_orientation o : {TILE_RT_ROW_MAJOR, TILE_RT_TRANSPOSED}) {
    if (want != TILE_RT_EITHER && want != o)
      continue;
    int64_t lead = o == TILE_RT_ROW_MAJOR
                       ? rowMajorLead(rows, cols, stride0, stride1)
                       : rowMajorLead(cols, rows, stride1, stride0);
    if (lead >= 0) {
      stored = o;
      ld = lead;
      return true;
    }
  }
  std::string view = "a " + std::to_string(rows) + "x" + std::to_string(cols) +
                     " view with strides (" + std::to_string(stride0) + ", " +
                     std::to_string(stride1) + ") is ";
  std::string row = "row-major " + stridesWanted(rows, cols, false);
  std::string tr = "transposed " + stridesWanted(rows, cols, true);
  error = view + (want == TILE_RT_EITHER      ? "neither " + row + " nor " + tr
                  : want == TILE_RT_ROW_MAJOR ? "not " + row
                                              : "not " + tr);
  return false;
}

bool checkSizes(int64_t m, int64_t n, int64_t k, std::string &error) {
  for (int64_t size : {m, n, k}) {
    if (size < 1 || size > INT32_MAX) {
      error = "shape " + std::to_string(m) + "x" + std::to_string(n) + "x" +
              std::to_string(k) + " has a size outside 1 to " +
              std::to_string(INT32_MAX);
      return false;
    }
  }
  return true;
}

bool checkProblem(const Manifest &m, const tile_rt_problem &p,
                  std::string &error) {
  if (!checkSizes(p.m, p.n, p.k, error))
    return false;
  if (p.a_type != m.aType || p.c_type != m.cType) {
    error = "bundle " + m.path + " computes " + tile_rt_dtype_name(m.aType) +
            " -> " + tile_rt_dtype_name(m.cType) + ", not " +
            tile_rt_dtype_name(p.a_type) + " -> " +
            tile_rt_dtype_name(p.c_type);
    return false;
  }
  if (!m.servesLayout(tile_rt_layout_name(p.layout))) {
    error = "bundle " + m.path + " cannot serve layout " +
            tile_rt_layout_name(p.layout) + " (it serves: " + m.layoutList() +
            ")";
    return false;
  }
  if (!checkLeads(p, error))
    return false;
  Staging s = planStaging(m, p);
  return checkStatic(m, p, s, error) && checkIndexWidth(m, p, s, error) &&
         checkMultiples(m, p, s, error) && checkTmaLeads(m, p, s, error) &&
         checkGridAndWorkspace(m, p, error);
}

bool planGrid(const Manifest &m, const tile_rt_problem &p,
              const tile_rt_device *device, Grid &grid, std::string &error) {
  grid = Grid();
  grid.tiles = tileCount(m, p);
  if (!m.persistent) {
    // A split-K kernel runs one program per split of each tile.
    grid.blocks = grid.tiles * m.splitK;
    return true;
  }
  if (!device)
    return true;
  std::string where = "kernel '" + m.kernel + "' (" + m.path + ")";
  if (device->sm_count < 1 || device->sm_count > INT32_MAX ||
      device->programs_per_sm < 1 || device->programs_per_sm > INT32_MAX) {
    error = where +
            ": a persistent grid needs at least one SM and one "
            "program per SM, not " +
            std::to_string(device->sm_count) + " x " +
            std::to_string(device->programs_per_sm);
    return false;
  }
  int64_t slots = device->sm_count * device->programs_per_sm;
  if (m.clusterM > 1)
    slots = std::min<int64_t>(slots / m.clusterM, device->max_active_clusters) *
            m.clusterM;
  if (slots < 1) {
    error = where + ": not one cluster of " + std::to_string(m.clusterM) +
            " blocks is resident at once (max_active_clusters " +
            std::to_string(device->max_active_clusters) + ")";
    return false;
  }
  // Both multiples of the cluster size.
  grid.blocks = std::min<int64_t>(slots, grid.tiles);
  grid.tilesPerProgramMin = grid.tiles / grid.blocks;
  grid.tilesPerProgramMax = ceilDiv(grid.tiles, grid.blocks);
  return true;
}

} // namespace tilert
