//===- manifest.cpp - The launch manifest of a tile-opt bundle ------------===//
//
// Validation is strict on purpose: a manifest that the runtime half
// understands would launch a kernel with wrong arguments, which shows up as
// a wrong answer or a crash far from the cause.
//
//===----------------------------------------------------------------------===//

#include "fields.h"
#include "file.h"
#include "problem.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iterator>

namespace tilert {

namespace {

struct AbiParam {
  const char *name, *type;
};

// The kernel ABI; only mma=wgmma kernels take the kTmaParams TMA descriptors
// of A, B, C and A's tail, and only kernels with a workspace the workspace
// after them.
const AbiParam kAbi[] = {
#define TILE_KERNEL_PARAM(id, name, type, meaning) {name, type},
#include "tile/Conversion/KernelParams.def"
};

// Below 2^53 a double holds every integer exactly; past it a manifest's
// value may already have been rounded.
constexpr int64_t kIntLimit = tile_manifest::kAnyInt + 1;

} // namespace

const char *paramName(ParamRole role) { return kAbi[size_t(role)].name; }
const char *paramType(ParamRole role) { return kAbi[size_t(role)].type; }

bool Manifest::servesLayout(const std::string &layout) const {
  for (const std::string &l : layouts)
    if (l == layout)
      return true;
  return false;
}

std::string Manifest::layoutList() const {
  std::string s;
  for (const std::string &l : layouts)
    s += (s.empty() ? "" : ", ") + l;
  return s;
}

//===----------------------------------------------------------------------===//
// Fields
//===----------------------------------------------------------------------===//

namespace {

using tile_manifest::FieldSpec;
using tile_manifest::Need;
using tile_manifest::Type;

enum class Number { Integer, NotANumber, Fraction, TooLarge };

// A JSON number as an integer below 2^53 in magnitude; an integral number
// written with a fraction or an exponent ("1.28e2") is one.
Number toInt(const Json &v, int64_t &out) {
  if (v.is_number_unsigned()) {
    uint64_t u = v.get<uint64_t>();
    out = int64_t(u);
    return u < uint64_t(kIntLimit) ? Number::Integer : Number::TooLarge;
  }
  if (v.is_number_integer()) {
    out = v.get<int64_t>();
    return out > -kIntLimit && out < kIntLimit ? Number::Integer
                                               : Number::TooLarge;
  }
  if (!v.is_number_float())
    return Number::NotANumber;
  double x = v.get<double>();
  if (x != std::floor(x))
    return Number::Fraction;
  if (std::fabs(x) >= double(kIntLimit))
    return Number::TooLarge;
  out = int64_t(x);
  return Number::Integer;
}

// "a, b or c" from the words of `values`.
std::string alternatives(std::string_view values) {
  std::vector<std::string_view> words;
  tile_manifest::anyWord(values, [&](std::string_view w) {
    words.push_back(w);
    return false;
  });
  std::string s;
  for (size_t i = 0; i < words.size(); ++i)
    s += std::string(i == 0                  ? ""
                     : i + 1 == words.size() ? " or "
                                             : ", ") +
         std::string(words[i]);
  return s;
}

std::string quantity(size_t n) {
  return n == 2 ? "two" : n == 3 ? "three" : std::to_string(n);
}

} // namespace

const Json *FieldReader::get(Field f) const {
  auto it = object_.find(tile_manifest::name(f));
  return it == object_.end() ? nullptr : &*it;
}

bool FieldReader::check(Scope scope, bool tma, bool workspace) {
  for (size_t i = 0; i < tile_manifest::kFieldCount; ++i) {
    const FieldSpec &spec = tile_manifest::kFields[i];
    Need need = tile_manifest::need(spec.when, tma, workspace);
    if (spec.scope != scope || need == Need::Unread)
      continue;
    const Json *v = get(Field(i));
    if (!v && need == Need::Must) {
      error_ = std::string("missing required field \"") + spec.name + "\"";
      return false;
    }
    if (v && !checkValue(Field(i), *v))
      return false;
  }
  return true;
}

bool FieldReader::wrongType(const char *key, const char *expected,
                            const Json &v) {
  error_ = std::string("field \"") + key + "\" must be " + expected + ", not " +
           describe(v);
  return false;
}

bool FieldReader::checkString(const char *key, const Json &v) {
  if (!v.is_string())
    return wrongType(key, "a string", v);
  const std::string &s = v.get_ref<const std::string &>();
  size_t at = tile_manifest::findControl(s);
  if (at != std::string::npos) {
    char code[8];
    std::snprintf(code, sizeof code, "0x%02x",
                  static_cast<unsigned char>(s[at]));
    error_ = std::string("field \"") + key +
             "\" contains a control character (" + code + ")";
    return false;
  }
  return true;
}

bool FieldReader::checkInt(Field f, const Json &v) {
  const FieldSpec &spec = tile_manifest::spec(f);
  std::string field = std::string("field \"") + spec.name + "\"";
  int64_t value = 0;
  switch (toInt(v, value)) {
  case Number::Integer:
    break;
  case Number::NotANumber:
    return wrongType(spec.name, "an integer", v);
  case Number::Fraction:
    error_ = field + " must be an integer, not " +
             doc_.textOf(jsonPointer(pointer_, spec.name), v);
    return false;
  case Number::TooLarge:
    error_ =
        field + " is " +
        (v.is_number_float() ? doc_.textOf(jsonPointer(pointer_, spec.name), v)
                             : v.dump()) +
        ", out of range (below 2^53 in magnitude)";
    return false;
  }
  if (value < spec.min) {
    error_ = field + " must be at least " + std::to_string(spec.min) +
             ", not " + std::to_string(value);
    return false;
  }
  if (tile_manifest::allows(spec, value))
    return true;
  error_ = field + " is " + std::to_string(value) + "; ";
  if (*spec.why)
    error_ += std::string(spec.why) + " " + std::to_string(spec.max);
  else if (!spec.values.empty())
    error_ += "expected " + alternatives(spec.values);
  else
    error_ += "expected " + std::to_string(spec.min) +
              (spec.max == spec.min + 1 ? " or " : " to ") +
              std::to_string(spec.max);
  return false;
}

bool FieldReader::checkValue(Field f, const Json &v) {
  const FieldSpec &spec = tile_manifest::spec(f);
  std::string field = std::string("field \"") + spec.name + "\"";
  switch (spec.type) {
  case Type::String:
    if (!checkString(spec.name, v))
      return false;
    if (v.get_ref<const std::string &>().empty()) {
      error_ = field + " is empty";
      return false;
    }
    return true;
  case Type::Enum: {
    if (!checkString(spec.name, v))
      return false;
    const std::string &s = v.get_ref<const std::string &>();
    if (tile_manifest::allows(spec, s))
      return true;
    error_ = field + " is '" + s + "'; expected " + alternatives(spec.values);
    return false;
  }
  case Type::Int:
    return checkInt(f, v);
  case Type::Enums:
    if (!v.is_array() || v.empty()) {
      error_ = field + " must be a non-empty array of strings";
      return false;
    }
    for (const Json &e : v) {
      if (!e.is_string()) {
        error_ = field + " must be a non-empty array of strings";
        return false;
      }
      const std::string &s = e.get_ref<const std::string &>();
      if (!tile_manifest::allows(spec, s)) {
        error_ =
            field + " holds '" + s + "'; expected " + alternatives(spec.values);
        return false;
      }
    }
    return true;
  case Type::Ints: {
    bool ok = v.is_array() && v.size() == spec.length;
    for (size_t i = 0; ok && i < spec.length; ++i) {
      int64_t e = 0;
      ok = toInt(v[i], e) == Number::Integer && tile_manifest::allows(spec, e);
    }
    if (!ok)
      error_ = field + " must be " + quantity(spec.length) + " sizes between " +
               std::to_string(spec.min) + " and " + std::to_string(spec.max);
    return ok;
  }
  case Type::Objects:
    // Their readers check them (the kernel ABI, the dispatch rules).
    return true;
  }
  return true;
}

std::string FieldReader::string(Field f) const {
  const Json *v = get(f);
  return v ? v->get<std::string>()
           : std::string(tile_manifest::spec(f).defaultValue);
}

int64_t FieldReader::integer(Field f, int64_t absent) const {
  const Json *v = get(f);
  int64_t value = absent;
  if (v)
    toInt(*v, value);
  else if (!tile_manifest::spec(f).defaultValue.empty())
    value = tile_manifest::parseInt(tile_manifest::spec(f).defaultValue);
  return value;
}

std::vector<std::string> FieldReader::strings(Field f) const {
  std::vector<std::string> out;
  if (const Json *v = get(f))
    for (const Json &e : *v)
      out.push_back(e.get<std::string>());
  return out;
}

bool FieldReader::integers(Field f, int64_t *out) const {
  const Json *v = get(f);
  if (!v)
    return false;
  for (size_t i = 0; i < v->size(); ++i)
    toInt((*v)[i], out[i]);
  return true;
}

//===----------------------------------------------------------------------===//
// A kernel manifest
//===----------------------------------------------------------------------===//

namespace {

// One of a_type's, b_type's and c_type's values.
tile_rt_dtype dtypeNamed(const std::string &name) {
  return name == "f32"    ? TILE_RT_F32
         : name == "bf16" ? TILE_RT_BF16
                          : TILE_RT_F16;
}

// The fields every kernel's manifest may hold, once checked.
void readFields(const FieldReader &f, Manifest &m) {
  m.kernel = f.string(Field::Kernel);
  m.ptx = f.string(Field::Ptx);
  m.schedule = f.string(Field::Schedule);
  // Stream-K launches a persistent grid too.
  m.streamK = m.schedule == "stream_k";
  m.persistent = m.schedule == "persistent" || m.streamK;
  m.blockM = f.integer(Field::BlockM);
  m.blockN = f.integer(Field::BlockN);
  m.blockK = f.integer(Field::BlockK);
  m.threadsPerBlock = f.integer(Field::ThreadsPerBlock);
  m.dynamicSharedBytes = f.integer(Field::DynamicSharedMemoryBytes);
  m.aType = dtypeNamed(f.string(Field::AType));
  m.bType = dtypeNamed(f.string(Field::BType));
  m.cType = dtypeNamed(f.string(Field::CType));
  m.chip = f.string(Field::Chip);
  m.order = f.string(Field::Order);
  m.accType = f.string(Field::AccType);
  m.warpSpecialize = f.string(Field::WarpSpecialize);
  m.gpuModule = f.string(Field::GpuModule);
  m.groupM = f.integer(Field::GroupM, -1);
  m.numWarps = f.integer(Field::NumWarps, -1);
  m.numStages = f.integer(Field::NumStages, -1);
  m.minBlocksPerSm = f.integer(Field::MinBlocksPerSm, -1);
  m.clusterM = f.integer(Field::ClusterM);
  m.swapAB = f.integer(Field::SwapAB);
  m.cAnyAlignment = f.integer(Field::CAnyAlignment);
  m.indexBitwidth = f.integer(Field::IndexBitwidth);
  for (const std::string &l : f.strings(Field::Layouts))
    if (!m.servesLayout(l))
      m.layouts.push_back(l);
  m.mma = f.string(Field::Mma);
  m.splitK = f.integer(Field::SplitK);
  m.splits = f.string(Field::Splits);
  for (size_t i = 0; i < size_t(ParamRole::TmaA); ++i)
    if (f.get(tile_manifest::staticField(i)))
      m.fixed[i] = f.integer(tile_manifest::staticField(i));
}

// What the kernel's mma and workspace add, once checked.
void readTmaAndWorkspace(const FieldReader &f, Manifest &m) {
  if (m.usesWorkspace())
    m.workspaceTileBytes = f.integer(Field::WorkspaceTileBytes);
  m.multiple[0] = f.integer(Field::MMultiple);
  m.multiple[1] = f.integer(Field::NMultiple);
  m.multiple[2] = f.integer(Field::KMultiple);
  if (m.mma != "wgmma")
    return;
  f.integers(Field::TmaBoxA, m.tmaBoxA);
  f.integers(Field::TmaBoxB, m.tmaBoxB);
  f.integers(Field::TmaBoxC, m.tmaBoxC);
  f.integers(Field::TmaBoxATail, m.tmaBoxATail);
  m.tmaSwizzleBytes = f.integer(Field::TmaSwizzleBytes);
  m.l2Promotion = f.integer(Field::L2Promotion);
}

// What no field says alone: A and B of one type; split-K kernels are tiled
// (a persistent grid does not hold one program per split of each tile) and
// mma=wgmma (the workspace follows the TMA descriptors).
bool checkKernel(const Manifest &m, std::string &error) {
  if (m.aType != m.bType) {
    error = std::string("a_type (") + tile_rt_dtype_name(m.aType) +
            ") and b_type (" + tile_rt_dtype_name(m.bType) +
            ") differ; the runtime needs them equal";
    return false;
  }
  if (m.splitK == 1) {
    if (m.splits.empty())
      return true;
    error = "field \"splits\" is for split-K kernels (\"split_k\" above 1)";
    return false;
  }
  std::string field = "field \"split_k\" is " + std::to_string(m.splitK);
  if (m.persistent) {
    error = field + "; split-K kernels are tiled, not persistent";
    return false;
  }
  if (m.mma != "wgmma") {
    error = field + "; split-K kernels are mma=wgmma, not mma=" + m.mma;
    return false;
  }
  // The launch's clusters are the tile's splits, or cluster_m blocks.
  if (m.clusterM > 1) {
    error = field + "; split-K kernels have cluster_m 1, not " +
            std::to_string(m.clusterM);
    return false;
  }
  if (m.splits.empty()) {
    error = field + " without \"splits\": an older tile-opt's kernel, "
                    "which runs exactly split_k programs per tile; compile "
                    "it again";
    return false;
  }
  if (m.splitsInCluster() && m.splitK > tile_manifest::kMaxClusterSplits) {
    error = field + "; \"splits\": \"cluster\" takes at most " +
            std::to_string(tile_manifest::kMaxClusterSplits) +
            " (one cluster per tile)";
    return false;
  }
  return true;
}

// "params" must be the kernel ABI itself: a manifest listing other
// parameters (fewer, reordered, retyped, or TMA descriptors on an mma=sync
// kernel) would launch the kernel with wrong arguments. The schedule does not
// change the parameters; mma=wgmma adds the TMA descriptors, a workspace
// (split_k > 1 with "splits": "grid", Stream-K) the workspace.
bool parseParams(const FieldReader &f, Manifest &m, std::string &error) {
  const Json &params = *f.get(Field::Params);
  if (!params.is_array()) {
    error = std::string("field \"params\" must be an array, not ") +
            describe(params);
    return false;
  }
  size_t expected = size_t(ParamRole::TmaA) +
                    (m.mma == "wgmma" ? kTmaParams : 0) + m.usesWorkspace();
  std::string kernel =
      "an mma=" + m.mma +
      (m.splitK > 1 ? " split_k=" + std::to_string(m.splitK) : "") +
      (m.splitsInCluster() ? " \"splits\": \"cluster\"" : "") +
      (m.streamK ? " stream_k" : "") + " kernel";
  auto quoted = [](const std::string &name, const std::string &type) {
    return "'" + name + "' (" + type + ")";
  };
  for (size_t i = 0; i < params.size(); ++i) {
    const Json &p = params[i];
    std::string where = "params[" + std::to_string(i) + "]";
    if (!p.is_object()) {
      error = where + " must be an object, not " + describe(p);
      return false;
    }
    auto name = p.find(tile_manifest::name(Field::ParamName)),
         type = p.find(tile_manifest::name(Field::ParamType));
    if (name == p.end() || !name->is_string()) {
      error = where + " needs a string \"name\"";
      return false;
    }
    const std::string &n = name->get_ref<const std::string &>();
    if (type == p.end() || !type->is_string()) {
      error = where + " (" + n + ") needs a string \"type\"";
      return false;
    }
    const std::string &t = type->get_ref<const std::string &>();
    if (i >= expected) {
      error = where + " is " + quoted(n, t) + ", but " + kernel + " takes " +
              std::to_string(expected) + " parameters";
      if (n == paramName(ParamRole::Workspace))
        error += m.splitsInCluster()
                     ? "; its splits meet in a cluster, not a workspace"
                     : "; only split-K kernels (\"split_k\" above 1) take it";
      return false;
    }
    if (n != kAbi[i].name || t != kAbi[i].type) {
      error = where + " is " + quoted(n, t) + "; " + kernel + " takes " +
              quoted(kAbi[i].name, kAbi[i].type) + " there";
      return false;
    }
  }
  if (params.size() < expected) {
    const AbiParam &next = kAbi[params.size()];
    error = "\"params\" lists " + std::to_string(params.size()) + " of the " +
            std::to_string(expected) + " parameters of " + kernel +
            "; the next is " + quoted(next.name, next.type);
    return false;
  }
  m.paramCount = expected;
  return true;
}

// wgmma kernels: the boxes and swizzle the runtime encodes (A's and B's
// rows 128 bytes, C's 128, 64 or 32, each swizzled by its row), and
// row-major operands (the descriptors' layout).
bool checkTma(const Manifest &m, std::string &error) {
  if (m.mma != "wgmma")
    return true;
  int64_t cRowBytes = m.tmaBoxC[0] * int64_t(tile_rt_dtype_bytes(m.cType));
  if (m.tmaSwizzleBytes != 128 || m.tmaBoxA[0] * 2 != 128 ||
      m.tmaBoxB[0] * 2 != 128 ||
      (cRowBytes != 128 && cRowBytes != 64 && cRowBytes != 32)) {
    error = "TMA boxes must be swizzled rows (tma_swizzle_bytes 128, "
            "tma_box_a/b [128 bytes of elements, rows], tma_box_c [128, 64 "
            "or 32 bytes of elements, rows])";
    return false;
  }
  // A's tail box loads the tiles partly past M in whole boxes of A's rows.
  if (m.tmaBoxATail[0] != m.tmaBoxA[0] || m.tmaBoxA[1] % m.tmaBoxATail[1]) {
    error = "tma_box_a_tail must be A's box in fewer rows that divide A's "
            "(tma_box_a [" +
            std::to_string(m.tmaBoxA[0]) + ", " + std::to_string(m.tmaBoxA[1]) +
            "], tma_box_a_tail [" + std::to_string(m.tmaBoxATail[0]) + ", " +
            std::to_string(m.tmaBoxATail[1]) + "])";
    return false;
  }
  // The TMA boxes fix each operand's orientation: one layout per kernel.
  if (m.layouts.size() != 1) {
    error = "an mma=wgmma kernel serves exactly one layout";
    return false;
  }
  // Each box tiles its operand's block, {inner, outer} as the layout
  // stores it (inner: the operand's row, rowDim()): a box that does not is
  // not what the kernel loads, and the launch's grid (from block_m and
  // block_n) would not be its tiles.
  tile_rt_problem stored{};
  tile_rt_layout_from_name(m.layouts[0].c_str(), &stored.layout);
  const int64_t block[3] = {m.blockM, m.blockN, m.blockK};
  const char *const blockName[3] = {"block_m", "block_n", "block_k"};
  // Each operand's two sizes: 0 M, 1 N, 2 K.
  const int sizes[3][2] = {{0, 2}, {2, 1}, {0, 1}};
  const struct {
    const char *name;
    const int64_t *box;
  } boxes[3] = {{"tma_box_a", m.tmaBoxA},
                {"tma_box_b", m.tmaBoxB},
                {"tma_box_c", m.tmaBoxC}};
  for (int operand = 0; operand < 3; ++operand) {
    int inner = rowDim(stored, operand);
    int outer =
        sizes[operand][0] == inner ? sizes[operand][1] : sizes[operand][0];
    const int dims[2] = {inner, outer};
    const int64_t *box = boxes[operand].box;
    for (int i = 0; i < 2; ++i) {
      if (block[dims[i]] % box[i] == 0)
        continue;
      error = std::string(boxes[operand].name) + " [" + std::to_string(box[0]) +
              ", " + std::to_string(box[1]) + "] does not tile the block (" +
              std::to_string(box[i]) + " does not divide " +
              blockName[dims[i]] + " " + std::to_string(block[dims[i]]) +
              "; layout " + m.layouts[0] + ")";
      return false;
    }
  }
  return true;
}

// The PTX file the manifest names, NUL-terminated for the driver.
bool readPtx(const std::string &path, Manifest &m, std::string &error) {
  std::string why;
  // The PTX path is relative to the manifest, not to the working directory.
  m.ptxPath =
      !m.ptx.empty() && m.ptx[0] == '/' ? m.ptx : directoryOf(path) + m.ptx;
  if (!readFile(m.ptxPath, TILE_RT_MAX_PTX_BYTES, m.ptxText, why)) {
    error = "cannot read ptx '" + m.ptxPath + "': " + why;
    return false;
  }
  if (m.ptxText.empty()) {
    error = "ptx '" + m.ptxPath + "' is empty";
    return false;
  }
  // The driver reads PTX up to its first NUL: the entry checked below must
  // be in what it reads.
  if (m.ptxText.find('\0') != std::string::npos) {
    error = "ptx '" + m.ptxPath + "' contains a NUL byte";
    return false;
  }
  m.ptxText.push_back('\0');
  return true;
}

// The bytes of one parameter of an .entry (".param .u64 k_param_0",
// ".param .align 64 .b8 k_param_12[128]"), or 0 when it is not one.
size_t entryParamBytes(const std::string &decl) {
  std::vector<std::string> words;
  for (size_t at = decl.find_first_not_of(" \t\r\n");
       at != std::string::npos;) {
    size_t end = decl.find_first_of(" \t\r\n", at);
    words.push_back(decl.substr(at, end - at));
    at =
        end == std::string::npos ? end : decl.find_first_not_of(" \t\r\n", end);
  }
  if (words.empty() || words[0] != ".param")
    return 0;
  size_t bits = 0;
  for (const std::string &w : words)
    if (w.size() >= 3 && w[0] == '.' && std::strchr("bsuf", w[1]) &&
        (w.substr(2) == "8" || w.substr(2) == "16" || w.substr(2) == "32" ||
         w.substr(2) == "64")) {
      bits = std::stoul(w.substr(2));
      break;
    }
  size_t count = 1;
  const std::string &last = words.back();
  size_t open = last.find('[');
  if (open != std::string::npos && last.back() == ']') {
    std::string digits = last.substr(open + 1, last.size() - open - 2);
    if (digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      return 0;
    count = std::stoul(digits);
  }
  return bits / 8 * count;
}

// The PTX must be the kernel's: an `.entry <kernel>(` whose parameters
// have the manifest's sizes, since a launch with a wrong argument list reads
// garbage instead of failing (and a "ptx" naming any other file lands here).
bool checkEntry(const Manifest &m, std::string &error) {
  const std::string &ptx = m.ptxText;
  const char *space = " \t\r\n";
  std::string where = "kernel '" + m.kernel + "' in ptx '" + m.ptxPath + "'";
  size_t open = std::string::npos, close = std::string::npos;
  for (size_t at = ptx.find(".entry"); at != std::string::npos;
       at = ptx.find(".entry", at + 1)) {
    size_t name = ptx.find_first_not_of(space, at + 6);
    if (name == at + 6 || name == std::string::npos ||
        ptx.compare(name, m.kernel.size(), m.kernel) != 0)
      continue;
    size_t paren = ptx.find_first_not_of(space, name + m.kernel.size());
    if (paren != std::string::npos && ptx[paren] == '(') {
      open = paren;
      close = ptx.find(')', open);
      break;
    }
  }
  if (close == std::string::npos) {
    error = "ptx '" + m.ptxPath + "' has no kernel '" + m.kernel + "'";
    return false;
  }
  std::vector<std::string> decls;
  for (size_t at = open + 1; at <= close;) {
    size_t end = std::min(ptx.find(',', at), close);
    std::string decl = ptx.substr(at, end - at);
    if (decl.find_first_not_of(space) != std::string::npos)
      decls.push_back(decl);
    at = end + 1;
  }
  if (decls.size() != m.paramCount) {
    error = "\"params\" lists " + std::to_string(m.paramCount) +
            " parameters but " + where + " takes " +
            std::to_string(decls.size());
    return false;
  }
  for (size_t i = 0; i < decls.size(); ++i) {
    size_t bytes = entryParamBytes(decls[i]);
    size_t wanted = kAbi[i].type == std::string("tensormap") ? 128 : 8;
    if (bytes == 0) {
      error = "cannot read parameter " + std::to_string(i) + " of " + where;
      return false;
    }
    if (bytes != wanted) {
      error = std::string("parameter '") + kAbi[i].name + "' is " +
              kAbi[i].type + " (" + std::to_string(wanted) +
              " bytes) but parameter " + std::to_string(i) + " of " + where +
              " has " + std::to_string(bytes) + " bytes";
      return false;
    }
  }
  // The block size the kernel was compiled for (.maxntid or .reqntid,
  // between the parameters and the body): a launch of other threads runs
  // code that assumes the compiled warps, or fails.
  std::string directives = ptx.substr(close + 1, ptx.find('{', close) - close);
  for (const char *name : {".maxntid", ".reqntid"}) {
    size_t at = directives.find(name);
    if (at == std::string::npos)
      continue;
    int64_t threads = 1;
    const char *p = directives.c_str() + at + std::strlen(name);
    for (int dim = 0; dim < 3; ++dim) {
      char *end;
      long long n = std::strtoll(p, &end, 10);
      if (end == p || n < 1 || n > 1024) {
        error = std::string("cannot read the ") + name + " of " + where;
        return false;
      }
      threads *= n;
      p = end + std::strspn(end, " \t");
      if (*p != ',')
        break;
      ++p;
    }
    if (threads != m.threadsPerBlock) {
      error = "field \"threads_per_block\" is " +
              std::to_string(m.threadsPerBlock) + " but " + where +
              " was compiled for " + std::to_string(threads) + " (" + name +
              ")";
      return false;
    }
  }
  return true;
}

} // namespace

bool readRoot(const std::string &path, JsonDocument &doc, std::string &error) {
  std::string text, why;
  if (!readFile(path, TILE_RT_MAX_MANIFEST_BYTES, text, why)) {
    error = "cannot read: " + why;
    return false;
  }
  if (!parseJson(text, doc, error))
    return false;
  if (!doc.root.is_object()) {
    error =
        std::string("top level must be an object, not ") + describe(doc.root);
    return false;
  }
  return true;
}

bool loadKernelManifest(const std::string &path, const JsonDocument &doc,
                        Manifest &m, std::string &error) {
  m = Manifest();
  m.path = path;
  FieldReader f(doc, doc.root, "", error);
  // First what every kernel may hold, then what its mma and schedule add.
  if (!f.check(Scope::Kernel))
    return false;
  readFields(f, m);
  if (!checkKernel(m, error) ||
      !f.check(Scope::Kernel, m.mma == "wgmma", m.usesWorkspace()))
    return false;
  readTmaAndWorkspace(f, m);
  return parseParams(f, m, error) && checkTma(m, error) &&
         readPtx(path, m, error) && checkEntry(m, error);
}

bool loadManifest(const std::string &path, ManifestFile &out,
                  std::string &error) {
  out = ManifestFile();
  out.kernel.path = path;
  JsonDocument doc;
  if (!readRoot(path, doc, error))
    return false;
  if (doc.root.contains(tile_manifest::name(Field::DispatchRules)))
    return loadDispatch(path, doc, out, error);
  return loadKernelManifest(path, doc, out.kernel, error);
}

} // namespace tilert
