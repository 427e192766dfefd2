//===- problem.cpp - A matmul problem checked and planned -----------------===//

#include "problem.h"

#include <algorithm>
#include <climits>
#include <numeric>
#include <vector>

namespace tilert {

int rowDim(const tile_rt_problem &p, int operand) {
  if (operand == 0)
    return aTransposed(p) ? 0 : 2;
  if (operand == 1)
    return bTransposed(p) ? 2 : 1;
  return 1;
}

int64_t rowBytes(const Manifest &m, int dim) {
  return std::lcm(kTmaRowBytes,
                  m.multiple[dim] * int64_t(tile_rt_dtype_bytes(m.aType)));
}

namespace {

const char *const kDimNames[3] = {"M", "N", "K"};
const char *const kMultipleKeys[3] = {"m_multiple", "n_multiple",
                                      "k_multiple"};

int64_t elementBytes(const tile_rt_problem &p, int operand) {
  return int64_t(tile_rt_dtype_bytes(operand == 2 ? p.c_type : p.a_type));
}

int64_t dimSize(const tile_rt_problem &p, int dim) {
  return dim == 0 ? p.m : dim == 1 ? p.n : p.k;
}

// Whether TMA can address rows `ld` elements of `elem` bytes apart, each a
// multiple of `bytes`: a global stride that is a multiple of 16 bytes (and
// of the manifest's multiple) and below 2^40 bytes.
bool addressable(int64_t ld, int64_t elem, int64_t bytes) {
  int64_t pitch;
  return !__builtin_mul_overflow(ld, elem, &pitch) && pitch % bytes == 0 &&
         pitch < (int64_t(1) << 40);
}

// TMA stores write whole 16-byte chunks: C's rows, read in place, must also
// end on one (a view's row N elements long would otherwise gain the
// elements after it, up to the next 16 bytes).
bool storesInPlace(const tile_rt_problem &p, int64_t bytes) {
  return addressable(p.n, elementBytes(p, 2), bytes);
}

} // namespace

bool cStoredByTma(const tile_rt_problem &p, uint64_t c) {
  // (the kernel's own test, Epilogue::storesByTma)
  uint64_t bytes = uint64_t(elementBytes(p, 2));
  return ((c | uint64_t(storedOperand(p, 2).ld) * bytes |
           uint64_t(p.n) * bytes) %
          kTmaRowBytes) == 0;
}

namespace {

// The problem's stride parameter that is operand i's leading dimension.
ParamRole leadRole(const tile_rt_problem &p, int operand) {
  if (operand == 0)
    return aTransposed(p) ? ParamRole::StrideAK : ParamRole::StrideAM;
  if (operand == 1)
    return bTransposed(p) ? ParamRole::StrideBN : ParamRole::StrideBK;
  return ParamRole::StrideCM;
}

// "a", "A and B", "A, B and C".
std::string listed(const std::vector<std::string> &items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

} // namespace

bool offLines(const tile_rt_problem &p, int operand) {
  Stored o = storedOperand(p, operand);
  int64_t elem = elementBytes(p, operand);
  return o.cols * elem >= kLineBytes &&
         o.ld % kLineBytes * elem % kLineBytes != 0;
}

Staging planStaging(const Manifest &m, const tile_rt_problem &p) {
  bool lines = p.line_copies == TILE_RT_LINE_COPIES_ALWAYS;
  Staging s;
  s.mp = p.m;
  s.np = p.n;
  s.kp = p.k;
  if (!m.usesTma())
    return s;
  Staging padded = s;
  for (int i = 0; i < 3; ++i) {
    int dim = rowDim(p, i);
    int64_t ld = storedOperand(p, i).ld, bytes = rowBytes(m, dim);
    bool toLines = lines && i != 2 && offLines(p, i);
    if (i == 2 && m.cAnyAlignment)
      continue;
    if (addressable(ld, elementBytes(p, i), bytes) &&
        (i != 2 || storesInPlace(p, bytes)) && !toLines)
      continue;
    // One row length per size: in elements of the narrowest type with rows
    // along it (B's and C's rows are both N long), in whole lines (whole
    // sectors for rows shorter than a line, which start on one anyway).
    int64_t narrowest = elementBytes(p, i);
    for (int j = 0; j < 3; ++j)
      if (rowDim(p, j) == dim)
        narrowest = std::min(narrowest, elementBytes(p, j));
    int64_t unit = std::lcm(
        dimSize(p, dim) * narrowest < kLineBytes ? kSectorBytes : kLineBytes,
        bytes);
    int64_t step = unit / narrowest;
    int64_t &size = dim == 0 ? padded.mp : dim == 1 ? padded.np : padded.kp;
    size = ceilDiv(dimSize(p, dim), step) * step;
    padded.copied[i] = padded.staged = true;
  }
  if (!padded.staged)
    return s;
  for (int i = 0; i < 3; ++i) {
    const std::optional<int64_t> &fixed = m.fixed[size_t(leadRole(p, i))];
    if (padded.copied[i] && fixed && *fixed != padded.padded(rowDim(p, i)))
      return s;
  }
  return padded;
}

CopyTraffic lineCopyTraffic(const Manifest &m, const tile_rt_problem &p) {
  tile_rt_problem never = p, always = p;
  never.line_copies = TILE_RT_LINE_COPIES_NEVER;
  always.line_copies = TILE_RT_LINE_COPIES_ALWAYS;
  Staging before = planStaging(m, never), after = planStaging(m, always);
  CopyTraffic t;
  for (int i = 0; i < 2; ++i) {
    if (!after.copied[i] || before.copied[i])
      continue;
    // (each copied row is read and written once; the pads are not)
    Stored o = storedOperand(p, i);
    t.bytes += 2 * o.rows * o.cols * elementBytes(p, i);
    t.copied[i] = true;
    ++t.copies;
  }
  return t;
}

namespace {

// Where a kernel that stores C at any alignment stores it by its threads
// (its pointer aside, which only the launch knows): why, else "".
std::string cByThreadsSummary(const Manifest &m, const tile_rt_problem &p) {
  if (!m.cAnyAlignment)
    return "";
  Stored o = storedOperand(p, 2);
  int64_t elem = elementBytes(p, 2);
  bool pitch = addressable(o.ld, elem, kTmaRowBytes),
       rows = storesInPlace(p, kTmaRowBytes);
  if (pitch && rows)
    return "";
  // Named by N when dense or when N is the reason, else by ldc.
  bool byN = o.ld == o.cols || pitch;
  return std::string("C's rows (") + (byN ? "N=" : "ldc=") +
         std::to_string(byN ? o.cols : o.ld) + ", not a multiple of " +
         std::to_string(kTmaRowBytes / elem) +
         ") are stored in place by the kernel's threads, not TMA";
}

} // namespace

std::string stagingSummary(const Manifest &m, const tile_rt_problem &p,
                           const Staging &s) {
  std::string byThreads = cByThreadsSummary(m, p);
  if (!s.staged)
    return byThreads;
  // Why: each copied operand's row length, named by its size when dense
  // ("K=4103") or its leading dimension when a view ("lda=4100"), and the
  // multiple of its elements that TMA needs; sizes first (M, N, K), then
  // leading dimensions, each named once with the smallest multiple it
  // misses.
  struct Reason {
    int order;
    std::string name;
    int64_t value, multiple;
  };
  std::vector<Reason> reasons;
  std::vector<std::string> copied, pads, offLine;
  const char *const leadNames[3] = {"lda", "ldb", "ldc"};
  for (int i = 0; i < 3; ++i) {
    if (!s.copied[i])
      continue;
    copied.push_back(std::string(1, "ABC"[i]));
    int dim = rowDim(p, i);
    Stored o = storedOperand(p, i);
    bool addressed = addressable(o.ld, elementBytes(p, i), rowBytes(m, dim));
    bool tmaReads = addressed && (i != 2 || storesInPlace(p, rowBytes(m, dim)));
    // Named by its size when dense or when the size is the reason (C's N;
    // a line copy's reason is its pitch).
    bool bySize = o.ld == o.cols || (addressed && !tmaReads);
    Reason r{bySize ? dim : 3 + i, bySize ? kDimNames[dim] : leadNames[i],
             bySize ? o.cols : o.ld, rowBytes(m, dim) / elementBytes(p, i)};
    std::string pad = r.name + " " + std::to_string(r.value) + " -> " +
                      std::to_string(s.padded(dim));
    if (std::find(pads.begin(), pads.end(), pad) == pads.end())
      pads.push_back(pad);
    // Copied only onto whole lines (a line copy).
    if (tmaReads) {
      std::string name = r.name + "=" + std::to_string(r.value);
      if (std::find(offLine.begin(), offLine.end(), name) == offLine.end())
        offLine.push_back(name);
      continue;
    }
    auto same = std::find_if(reasons.begin(), reasons.end(),
                             [&](const Reason &x) { return x.name == r.name; });
    if (same == reasons.end())
      reasons.push_back(r);
    else
      same->multiple = std::min(same->multiple, r.multiple);
  }
  std::stable_sort(
      reasons.begin(), reasons.end(),
      [](const Reason &a, const Reason &b) { return a.order < b.order; });
  bool oneMultiple = true;
  for (const Reason &r : reasons)
    oneMultiple = oneMultiple && r.multiple == reasons[0].multiple;
  std::vector<std::string> parts;
  for (const Reason &r : reasons)
    parts.push_back(r.name + "=" + std::to_string(r.value) +
                    (oneMultiple ? ""
                                 : " is not a multiple of " +
                                       std::to_string(r.multiple)));
  std::string why = listed(parts);
  if (oneMultiple && !reasons.empty())
    why += (reasons.size() > 1 ? " are not multiples of "
                               : " is not a multiple of ") +
           std::to_string(reasons[0].multiple);
  if (!offLine.empty())
    why += (why.empty() ? "" : "; ") + std::string("rows of ") +
           listed(offLine) + " start inside 128-byte L2 lines";
  bool one = copied.size() == 1;
  std::string padText;
  for (const std::string &pad : pads)
    padText += (padText.empty() ? "" : ", ") + pad;
  return why + "; " + listed(copied) +
         (one ? " goes through a padded copy ("
              : " go through padded copies (") +
         padText + "), which every timed launch includes" +
         (byThreads.empty() ? "" : "; " + byThreads);
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
  if (s.copied[operand])
    o.ld = s.padded(rowDim(p, operand));
  return o;
}

RowPitches kernelRowPitches(const Manifest &m, const tile_rt_problem &p) {
  Staging s = planStaging(m, p);
  // (the remainder first: any leading dimension, however large, is read;
  // rows of less than a line the model counts as whole lines: a K of 32
  // is one short K step)
  auto pitch = [&](int i) {
    Stored o = kernelOperand(p, s, i);
    return o.cols * elementBytes(p, i) < 128 ? 0
                                             : o.ld % 128 * elementBytes(p, i);
  };
  return {pitch(0), pitch(1)};
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
  case ParamRole::TmaATail:
  case ParamRole::Workspace:
    break;
  }
  return 0;
}

int64_t tileCount(const Manifest &m, const tile_rt_problem &p) {
  return ceilDiv(ceilDiv(p.m, m.blockM), m.clusterM) * m.clusterM *
         ceilDiv(p.n, m.blockN);
}

namespace {

// At least one SM and one program per SM, each within int32 (what the
// driver reports), so that their product cannot overflow.
bool deviceSized(const tile_rt_device *device) {
  return device && device->sm_count >= 1 && device->sm_count <= INT32_MAX &&
         device->programs_per_sm >= 1 && device->programs_per_sm <= INT32_MAX;
}

int64_t residentPrograms(const tile_rt_device &device) {
  return device.sm_count * device.programs_per_sm;
}

// deviceSized, or false with `error`: "<where>: <what> needs at least ...".
bool checkDeviceSized(const std::string &where, const char *what,
                      const tile_rt_device &device, std::string &error) {
  if (deviceSized(&device))
    return true;
  error = where + ": " + what +
          " needs at least one SM and one program per SM, not " +
          std::to_string(device.sm_count) + " x " +
          std::to_string(device.programs_per_sm);
  return false;
}

} // namespace

int64_t boundSplits(const Manifest &m, const tile_rt_problem &p,
                    const tile_rt_device *device, int64_t splits) {
  if (!m.splitsResident() || !deviceSized(device))
    return splits;
  return std::clamp<int64_t>(residentPrograms(*device) / tileCount(m, p), 1,
                             splits);
}

int64_t splitsOf(const Manifest &m, const tile_rt_problem &p,
                 const tile_rt_device *device) {
  return p.splits > 0 ? p.splits : boundSplits(m, p, device, m.splitK);
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
  int64_t s = splitsOf(m, p);
  return std::to_string(s) + " x " + std::to_string(tiles) + " = " +
         std::to_string(s * tiles) + " blocks (splits x tiles), " +
         (m.splitsInCluster()
              ? "a cluster of " + std::to_string(s) + " per tile"
              : workspace);
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
    // A copy's bytes (rows x ld) are allocated, and tile_rt_plan_info
    // states them.
    int64_t bytes;
    if (s.copied[i] &&
        (__builtin_mul_overflow(o.rows, o.ld, &bytes) ||
         __builtin_mul_overflow(bytes, elementBytes(p, i), &bytes))) {
      error = "bundle " + m.path + ": shape " + shapeText(p) + " needs a " +
              "copy of " + "ABC"[i] + " of 2^63 bytes or more";
      return false;
    }
  }
  return true;
}

// What the manifest asks each size to be a multiple of. For a TMA kernel
// the multiples of the sizes that are an operand's row length (every size
// but M in layouts nn and nt, and K in tn) are those of its rows, which
// checkTmaLeads and the staging see to; the others still refuse a shape.
bool checkMultiples(const Manifest &m, const tile_rt_problem &p,
                    std::string &error) {
  for (int dim = 0; dim < 3; ++dim) {
    int64_t given = dimSize(p, dim), multiple = m.multiple[dim];
    bool rows = false;
    for (int i = 0; i < 3; ++i)
      rows = rows || rowDim(p, i) == dim;
    if (given % multiple == 0 || (m.usesTma() && rows))
      continue;
    error = "bundle " + m.path + " needs " + kDimNames[dim] +
            " to be a multiple of " + std::to_string(multiple) + " (\"" +
            kMultipleKeys[dim] + "\"); the shape asks for " +
            std::to_string(given);
    return false;
  }
  return true;
}

// TMA addresses rows by a global stride that is a multiple of 16 bytes and
// below 2^40 bytes: the leading dimensions of the operands a TMA kernel
// reads in place, each also a multiple of its size's manifest multiple
// (rowBytes). Every operand that is not is copied, unless a pinned stride
// kept the problem from being staged: a dense one is then refused by its
// size's multiple, a view by its leading dimension. The copies' rows are
// multiples by construction; their pitch, and the operand's, must suit
// cuMemcpy2D.
bool checkTmaLeads(const Manifest &m, const tile_rt_problem &p,
                   const Staging &s, std::string &error) {
  if (!m.usesTma())
    return true;
  for (int i = 0; i < 3; ++i) {
    Stored o = kernelOperand(p, s, i);
    int dim = rowDim(p, i);
    int64_t elem = elementBytes(p, i), bytes = rowBytes(m, dim);
    std::string lead = "bundle " + m.path + ": " + kLeadNames[i] + "=" +
                       std::to_string(o.ld) + " elements";
    if (o.ld >= (int64_t(1) << 40) / elem) {
      error = lead + " is 2^40 bytes or more, beyond TMA's strides";
      return false;
    }
    // (a C that TMA cannot store, the kernel's threads store)
    if (i == 2 && m.cAnyAlignment)
      continue;
    if (s.copied[i]) {
      // cuMemcpy2D refuses pitches above the device's CU_DEVICE_ATTRIBUTE_
      // MAX_PITCH, 2^31 - 1 bytes.
      int64_t ld = std::max(o.ld, storedOperand(p, i).ld);
      if (ld > INT32_MAX / elem) {
        error = "bundle " + m.path + ": " + kLeadNames[i] + "=" +
                std::to_string(storedOperand(p, i).ld) + " of " +
                shapeText(p) + " " + tile_rt_layout_name(p.layout) +
                " needs a copy for TMA whose rows lie 2^31 bytes or more "
                "apart, beyond cuMemcpy2D's pitch";
        return false;
      }
      continue;
    }
    if (addressable(o.ld, elem, bytes))
      continue;
    if (o.ld == o.cols && o.cols % m.multiple[dim] != 0) {
      error = "bundle " + m.path + " needs " + kDimNames[dim] +
              " to be a multiple of " + std::to_string(m.multiple[dim]) +
              " (\"" + kMultipleKeys[dim] + "\"); the shape asks for " +
              std::to_string(o.cols);
      return false;
    }
    error = lead + " is not a multiple of " + std::to_string(bytes / elem) +
            " (" + std::to_string(bytes) + " bytes), which " +
            (bytes == 16 ? std::string("TMA needs")
                         : std::string("TMA and \"") + kMultipleKeys[dim] +
                               "\" " + std::to_string(m.multiple[dim]) +
                               " need");
    return false;
  }
  return true;
}

// A split-K kernel launches up to split_k blocks per tile (checked at the
// most, whatever the splits) and needs workspace_tile_bytes per tile;
// neither product may overflow.
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
    if (size < 1 || size > TILE_RT_MAX_SIZE) {
      error = "shape " + std::to_string(m) + "x" + std::to_string(n) + "x" +
              std::to_string(k) + " has a size outside 1 to " +
              std::to_string(TILE_RT_MAX_SIZE);
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
  if (p.splits < 0 || p.splits > m.splitK) {
    error = "bundle " + m.path + " runs 1 to " + std::to_string(m.splitK) +
            " programs per tile (its split_k), not splits = " +
            std::to_string(p.splits);
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
         checkMultiples(m, p, error) && checkTmaLeads(m, p, s, error) &&
         checkGridAndWorkspace(m, p, error);
}

bool planGrid(const Manifest &m, const tile_rt_problem &p,
              const tile_rt_device *device, Grid &grid, std::string &error) {
  grid = Grid();
  grid.tiles = tileCount(m, p);
  grid.cluster = m.clusterM;
  if (!m.persistent) {
    // A split-K kernel runs one program per split of each tile.
    grid.splits = splitsOf(m, p, device);
    grid.blocks = grid.tiles * grid.splits;
    if (m.splitsInCluster())
      grid.cluster = grid.splits;
    if (!m.splitsResident() || grid.splits == 1)
      return true;
    if (!device) {
      grid.blocks = 0; // the launch refuses it
      return true;
    }
    std::string where = m.named();
    if (!checkDeviceSized(where, "a resident split-K grid", *device, error))
      return false;
    int64_t most = boundSplits(m, p, device, grid.splits);
    if (grid.splits != most) {
      error = where + ": its " + std::to_string(grid.splits) +
              " programs per tile wait for one another, so all " +
              std::to_string(grid.blocks) +
              " must be resident at once, more than the device's " +
              std::to_string(residentPrograms(*device)) +
              " (SMs x programs per SM); ask for at most " +
              std::to_string(most) + (most == 1 ? " split" : " splits");
      return false;
    }
    return true;
  }
  if (!device)
    return true;
  std::string where = m.named();
  if (!checkDeviceSized(where, "a persistent grid", *device, error))
    return false;
  int64_t slots = residentPrograms(*device);
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
