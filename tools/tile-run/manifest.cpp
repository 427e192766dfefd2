//===- manifest.cpp - Launch manifest of a tile-opt bundle ----------------===//
//
// Validation is strict on purpose: a manifest that tile-run half understands
// would launch a kernel with wrong arguments, which shows up as a wrong
// answer or a crash far from the cause.
//
//===----------------------------------------------------------------------===//

#include "manifest.h"
#include "json.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <climits>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tilerun {

namespace {

struct AbiParam {
  const char *name, *type;
};

// The kernel ABI; only mma=wgmma kernels take the kTmaParams TMA descriptors
// of A, B and C, and only split-K kernels the workspace after them.
const AbiParam kAbi[] = {
#define TILE_KERNEL_PARAM(id, name, type, meaning) {name, type},
#include "tile/Conversion/KernelParams.def"
};
constexpr size_t kTmaParams = 3;
static_assert(size_t(ParamRole::TmaA) + kTmaParams ==
                  size_t(ParamRole::Workspace) &&
              size_t(ParamRole::Workspace) + 1 == std::size(kAbi));

// tile-opt's largest split-k (KernelConfig::kMaxSplitK).
constexpr int64_t kMaxSplitK = 128;

} // namespace

const char *elemTypeName(ElemType t) {
  switch (t) {
  case ElemType::F16:
    return "f16";
  case ElemType::BF16:
    return "bf16";
  case ElemType::F32:
    return "f32";
  }
  return "?";
}

size_t elemTypeBytes(ElemType t) { return t == ElemType::F32 ? 4 : 2; }

const char *paramName(ParamRole role) { return kAbi[size_t(role)].name; }

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

namespace {

// tile-opt writes manifests of a few KiB and PTX of at most a few MiB.
constexpr size_t kMaxManifestBytes = size_t(1) << 20;
constexpr size_t kMaxPtxBytes = size_t(64) << 20;

const char *fileKind(mode_t mode) {
  return S_ISCHR(mode)    ? "a character device"
         : S_ISBLK(mode)  ? "a block device"
         : S_ISFIFO(mode) ? "a FIFO"
         : S_ISSOCK(mode) ? "a socket"
                          : "not a regular file";
}

// Reads a regular file of at most `limit` bytes. Anything else is refused
// before it is read: a device such as /dev/zero never ends, a FIFO can block
// forever, and a huge file would exhaust memory.
bool readFile(const std::string &path, size_t limit, std::string &out,
              std::string &why) {
  struct stat st;
  auto unreadable = [&](const struct stat &s) {
    if (S_ISDIR(s.st_mode))
      why = std::strerror(EISDIR);
    else if (!S_ISREG(s.st_mode))
      why = std::string("not a regular file (") + fileKind(s.st_mode) + ")";
    else if (uint64_t(s.st_size) > limit)
      why = std::to_string(s.st_size) + " bytes, more than the " +
            std::to_string(limit) + " allowed";
    else
      return false;
    return true;
  };
  if (::stat(path.c_str(), &st) != 0) {
    why = std::strerror(errno);
    return false;
  }
  if (unreadable(st))
    return false;
  // O_NONBLOCK: should the path become a FIFO after stat(), open() must not
  // wait for a writer; fstat() then refuses it.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    why = std::strerror(errno);
    return false;
  }
  if (::fstat(fd, &st) != 0 || unreadable(st)) {
    if (why.empty())
      why = std::strerror(errno);
    ::close(fd);
    return false;
  }
  // At most limit + 1 bytes: a file that grew since fstat() is refused too.
  out.clear();
  char buf[1 << 16];
  while (out.size() <= limit) {
    ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      why = std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (n == 0)
      break;
    out.append(buf, size_t(n));
  }
  ::close(fd);
  if (out.size() > limit) {
    why = "more than the " + std::to_string(limit) + " bytes allowed";
    return false;
  }
  return true;
}

// Below 2^53 a double holds every integer exactly; past it a manifest's
// value may already have been rounded.
constexpr double kIntLimit = 9007199254740992.0; // 2^53

// Small helpers that turn "field has the wrong shape" into one message.
class FieldReader {
public:
  FieldReader(const Json &root, std::string &error)
      : root_(root), error_(error) {}

  bool requireString(const char *key, std::string &out) {
    const Json *v = root_.get(key);
    if (!v)
      return missing(key);
    if (!v->isString())
      return wrongType(key, "a string", *v);
    if (v->asString().empty()) {
      error_ = std::string("field \"") + key + "\" is empty";
      return false;
    }
    // The kernel name and the PTX path go to C APIs, which would see only
    // the part before a NUL ("k.ptx\u0000x" would read k.ptx).
    if (v->asString().find('\0') != std::string::npos) {
      error_ = std::string("field \"") + key + "\" contains a NUL character";
      return false;
    }
    out = v->asString();
    return true;
  }

  bool optionalString(const char *key, std::string &out) {
    const Json *v = root_.get(key);
    if (!v)
      return true;
    if (!v->isString())
      return wrongType(key, "a string", *v);
    out = v->asString();
    return true;
  }

  bool requireInt(const char *key, int64_t minValue, int64_t &out) {
    const Json *v = root_.get(key);
    if (!v)
      return missing(key);
    return toInt(key, *v, minValue, out);
  }

  bool optionalInt(const char *key, int64_t minValue, int64_t &out) {
    const Json *v = root_.get(key);
    if (!v)
      return true;
    return toInt(key, *v, minValue, out);
  }

private:
  bool missing(const char *key) {
    error_ = std::string("missing required field \"") + key + "\"";
    return false;
  }

  bool wrongType(const char *key, const char *expected, const Json &v) {
    error_ = std::string("field \"") + key + "\" must be " + expected +
             ", not " + Json::describe(v.kind());
    return false;
  }

  bool toInt(const char *key, const Json &v, int64_t minValue, int64_t &out) {
    if (!v.isNumber())
      return wrongType(key, "an integer", v);
    double x = v.asNumber();
    if (x != std::floor(x)) {
      error_ = std::string("field \"") + key + "\" must be an integer, not " +
               v.numberText();
      return false;
    }
    if (std::fabs(x) >= kIntLimit) {
      error_ = std::string("field \"") + key + "\" is " + v.numberText() +
               ", out of range (below 2^53 in magnitude)";
      return false;
    }
    out = static_cast<int64_t>(x);
    if (out < minValue) {
      error_ = std::string("field \"") + key + "\" must be at least " +
               std::to_string(minValue) + ", not " + std::to_string(out);
      return false;
    }
    return true;
  }

  const Json &root_;
  std::string &error_;
};

bool parseElemType(const std::string &field, const std::string &text,
                   bool allowF32, ElemType &out, std::string &error) {
  if (text == "f16")
    out = ElemType::F16;
  else if (text == "bf16")
    out = ElemType::BF16;
  else if (text == "f32" && allowF32)
    out = ElemType::F32;
  else {
    error = "field \"" + field + "\" is '" + text + "'; expected " +
            (allowF32 ? "f32, f16 or bf16" : "f16 or bf16");
    return false;
  }
  return true;
}

// "params" must be the kernel ABI itself: a manifest listing other
// parameters (fewer, reordered, retyped, or TMA descriptors on an mma=sync
// kernel) would launch the kernel with wrong arguments. The schedule does not
// change the parameters; mma=wgmma adds the TMA descriptors, split_k > 1 the
// workspace.
bool parseParams(const Json &root, Manifest &m, std::string &error) {
  const Json *params = root.get("params");
  if (!params) {
    error = "missing required field \"params\"";
    return false;
  }
  if (!params->isArray()) {
    error = std::string("field \"params\" must be an array, not ") +
            Json::describe(params->kind());
    return false;
  }
  size_t expected = size_t(ParamRole::TmaA) +
                    (m.mma == "wgmma" ? kTmaParams : 0) + m.usesWorkspace();
  std::string kernel =
      "an mma=" + m.mma +
      (m.splitK > 1 ? " split_k=" + std::to_string(m.splitK) : "") +
      (m.streamK ? " stream_k" : "") + " kernel";
  auto describe = [](const std::string &name, const std::string &type) {
    return "'" + name + "' (" + type + ")";
  };
  const std::vector<Json> &items = params->items();
  for (size_t i = 0; i < items.size(); ++i) {
    const Json &p = items[i];
    std::string where = "params[" + std::to_string(i) + "]";
    if (!p.isObject()) {
      error = where + " must be an object, not " + Json::describe(p.kind());
      return false;
    }
    const Json *name = p.get("name");
    const Json *type = p.get("type");
    if (!name || !name->isString()) {
      error = where + " needs a string \"name\"";
      return false;
    }
    if (!type || !type->isString()) {
      error = where + " (" + name->asString() + ") needs a string \"type\"";
      return false;
    }
    const std::string &n = name->asString(), &t = type->asString();
    if (i >= expected) {
      error = where + " is " + describe(n, t) + ", but " + kernel +
              " takes " + std::to_string(expected) + " parameters";
      if (n == paramName(ParamRole::Workspace))
        error += "; only split-K kernels (\"split_k\" above 1) take it";
      return false;
    }
    if (n != kAbi[i].name || t != kAbi[i].type) {
      error = where + " is " + describe(n, t) + "; " + kernel + " takes " +
              describe(kAbi[i].name, kAbi[i].type) + " there";
      return false;
    }
    m.params.push_back({n, ParamRole(i)});
  }
  if (items.size() < expected) {
    error = "\"params\" lists " + std::to_string(items.size()) + " of the " +
            std::to_string(expected) + " parameters of " + kernel +
            "; the next is " +
            describe(kAbi[items.size()].name, kAbi[items.size()].type);
    return false;
  }
  return true;
}

// "static_<name>" for each size and stride the kernel's memref types fix,
// "static_offset_<a|b|c>" for their offsets; absent where dynamic.
bool parseStatic(const Json &root, Manifest &m, std::string &error) {
  FieldReader f(root, error);
  for (size_t i = 0; i < size_t(ParamRole::TmaA); ++i) {
    std::string type = kAbi[i].type, key = kAbi[i].name;
    for (char &c : key)
      c = char(std::tolower(static_cast<unsigned char>(c)));
    key = (type == "ptr" ? "static_offset_" : "static_") + key;
    if (!root.get(key))
      continue;
    bool isSize = i >= size_t(ParamRole::M) && i <= size_t(ParamRole::K);
    int64_t value;
    if (!f.requireInt(key.c_str(), isSize ? 1 : INT64_MIN, value))
      return false;
    m.fixed[i] = value;
  }
  return true;
}

// Whether `v` is an array of exactly `n` integers from 1 to `max`; if so
// they are stored in `out`.
bool readSizes(const Json *v, size_t n, double max, int64_t *out) {
  if (!v || !v->isArray() || v->items().size() != n)
    return false;
  for (size_t i = 0; i < n; ++i) {
    const Json &e = v->items()[i];
    if (!e.isNumber() || e.asNumber() < 1 || e.asNumber() > max ||
        e.asNumber() != std::floor(e.asNumber()))
      return false;
    out[i] = static_cast<int64_t>(e.asNumber());
  }
  return true;
}

// A box of two positive sizes of at most 256 elements (TMA's limit).
bool parseBox(const Json &root, const char *field, int64_t (&box)[2],
              std::string &error) {
  bool ok = readSizes(root.get(field), 2, 256, box);
  if (!ok)
    error = std::string("field \"") + field +
            "\" must be two sizes between 1 and 256";
  return ok;
}

// "sync" (the default) or "wgmma"; it decides the kernel ABI.
bool parseMma(const Json &root, Manifest &m, std::string &error) {
  if (!FieldReader(root, error).optionalString("mma", m.mma))
    return false;
  if (m.mma != "sync" && m.mma != "wgmma") {
    error = "field \"mma\" is '" + m.mma + "'; expected sync or wgmma";
    return false;
  }
  return true;
}

// "split_k" (1 when absent) and, when above 1 or for Stream-K, the workspace
// each tile needs. Read before "params", which it changes.
bool parseSplitK(const Json &root, Manifest &m, std::string &error) {
  FieldReader f(root, error);
  if (!f.optionalInt("split_k", 1, m.splitK))
    return false;
  std::string field = "field \"split_k\" is " + std::to_string(m.splitK);
  if (m.splitK > kMaxSplitK) {
    error = field + "; expected 1 to " + std::to_string(kMaxSplitK);
    return false;
  }
  if (m.splitK == 1)
    return !m.streamK ||
           f.requireInt("workspace_tile_bytes", 1, m.workspaceTileBytes);
  // The grid holds one program per split of each tile, which a persistent
  // grid does not; the workspace follows the TMA descriptors.
  if (m.persistent) {
    error = field + "; split-K kernels are tiled, not persistent";
    return false;
  }
  if (m.mma != "wgmma") {
    error = field + "; split-K kernels are mma=wgmma, not mma=" + m.mma;
    return false;
  }
  return f.requireInt("workspace_tile_bytes", 1, m.workspaceTileBytes);
}

// wgmma kernels: the descriptors' boxes, the swizzle tile-run encodes, and
// row-major operands (the descriptors' layout).
bool parseTma(const Json &root, Manifest &m, std::string &error) {
  if (m.mma != "wgmma")
    return true;
  FieldReader f(root, error);
  int64_t swizzle = 0;
  if (!parseBox(root, "tma_box_a", m.tmaBoxA, error) ||
      !parseBox(root, "tma_box_b", m.tmaBoxB, error) ||
      !parseBox(root, "tma_box_c", m.tmaBoxC, error) ||
      !f.requireInt("tma_swizzle_bytes", 1, swizzle))
    return false;
  if (swizzle != 128 || m.tmaBoxA[0] * 2 != 128 || m.tmaBoxB[0] * 2 != 128 ||
      m.tmaBoxC[0] * int64_t(elemTypeBytes(m.cType)) != 128) {
    error = "TMA boxes must be 128-byte swizzled rows (tma_swizzle_bytes "
            "128, tma_box_a/b/c [128 bytes of elements, rows])";
    return false;
  }
  if (m.layouts != std::vector<std::string>{"nn"}) {
    error = "an mma=wgmma kernel serves only layout nn";
    return false;
  }
  return true;
}

// "<dim>_multiple" for M, N and K; an mma=wgmma manifest must give N's and
// K's (its TMA rows must be whole multiples of 16 bytes).
bool parseMultiples(const Json &root, Manifest &m, std::string &error) {
  FieldReader f(root, error);
  const char *const keys[3] = {"m_multiple", "n_multiple", "k_multiple"};
  for (int i = 0; i < 3; ++i) {
    bool required = m.mma == "wgmma" && i > 0;
    if (!(required ? f.requireInt(keys[i], 1, m.multiple[i])
                   : f.optionalInt(keys[i], 1, m.multiple[i])))
      return false;
  }
  return true;
}

bool parseLayouts(const Json &root, Manifest &m, std::string &error) {
  const Json *layouts = root.get("layouts");
  if (!layouts) {
    error = "missing required field \"layouts\"";
    return false;
  }
  if (!layouts->isArray() || layouts->items().empty()) {
    error = "field \"layouts\" must be a non-empty array of strings";
    return false;
  }
  for (const Json &l : layouts->items()) {
    if (!l.isString()) {
      error = "field \"layouts\" must be a non-empty array of strings";
      return false;
    }
    const std::string &s = l.asString();
    if (s != "nn" && s != "nt" && s != "tn" && s != "tt") {
      error = "unknown layout '" + s +
              "' in \"layouts\" (expected nn, nt, "
              "tn or tt)";
      return false;
    }
    if (!m.servesLayout(s))
      m.layouts.push_back(s);
  }
  return true;
}

// The manifest's text, parsed; its top level must be an object.
bool readRoot(const std::string &path, Json &root, std::string &error) {
  std::string text, why;
  if (!readFile(path, kMaxManifestBytes, text, why)) {
    error = "cannot read: " + why;
    return false;
  }
  if (!parseJson(text, root, error))
    return false;
  if (!root.isObject()) {
    error = std::string("top level must be an object, not ") +
            Json::describe(root.kind());
    return false;
  }
  return true;
}

// The kernel, its schedule, tile, block and types.
bool parseKernel(const Json &root, Manifest &m, std::string &error) {
  FieldReader f(root, error);
  std::string schedule, aType, bType, cType;
  if (!f.requireString("kernel", m.kernel) || !f.requireString("ptx", m.ptx) ||
      !f.requireString("schedule", schedule) ||
      !f.requireInt("block_m", 1, m.blockM) ||
      !f.requireInt("block_n", 1, m.blockN) ||
      !f.requireInt("block_k", 1, m.blockK) ||
      !f.requireInt("threads_per_block", 1, m.threadsPerBlock) ||
      !f.requireInt("dynamic_shared_memory_bytes", 0, m.dynamicSharedBytes) ||
      !f.requireString("a_type", aType) || !f.requireString("b_type", bType) ||
      !f.requireString("c_type", cType) || !f.optionalString("chip", m.chip) ||
      !f.optionalString("order", m.order) ||
      !f.optionalString("acc_type", m.accType) ||
      !f.optionalInt("group_m", 1, m.groupM) ||
      !f.optionalInt("cluster_m", 1, m.clusterM) ||
      !f.optionalInt("num_warps", 1, m.numWarps) ||
      !f.optionalInt("num_stages", 1, m.numStages) ||
      !f.optionalInt("index_bitwidth", 32, m.indexBitwidth))
    return false;

  if (m.clusterM > 2) {
    error = "field \"cluster_m\" is " + std::to_string(m.clusterM) +
            "; expected 1 or 2";
    return false;
  }
  if (m.indexBitwidth != 32 && m.indexBitwidth != 64) {
    error = "field \"index_bitwidth\" is " + std::to_string(m.indexBitwidth) +
            "; expected 32 or 64";
    return false;
  }
  if (schedule != "tiled" && schedule != "persistent" &&
      schedule != "stream_k") {
    error = "field \"schedule\" is '" + schedule +
            "'; expected tiled, persistent or stream_k";
    return false;
  }
  m.schedule = schedule;
  // Stream-K launches a persistent grid too.
  m.streamK = schedule == "stream_k";
  m.persistent = schedule == "persistent" || m.streamK;

  if (m.threadsPerBlock > 1024) {
    error = "field \"threads_per_block\" is " +
            std::to_string(m.threadsPerBlock) + "; a block holds at most 1024";
    return false;
  }

  if (!parseElemType("a_type", aType, false, m.aType, error) ||
      !parseElemType("b_type", bType, false, m.bType, error) ||
      !parseElemType("c_type", cType, true, m.cType, error))
    return false;
  if (m.aType != m.bType) {
    error = "a_type (" + aType + ") and b_type (" + bType +
            ") differ; tile-run needs them equal";
    return false;
  }
  return true;
}

// The PTX file the manifest names, NUL-terminated for the driver.
bool readPtx(const std::string &path, Manifest &m, std::string &error) {
  std::string why;
  // The PTX path is relative to the manifest, not to the working directory.
  if (!m.ptx.empty() && m.ptx[0] == '/') {
    m.ptxPath = m.ptx;
  } else {
    size_t slash = path.find_last_of('/');
    m.ptxPath =
        slash == std::string::npos ? m.ptx : path.substr(0, slash + 1) + m.ptx;
  }
  if (!readFile(m.ptxPath, kMaxPtxBytes, m.ptxText, why)) {
    error = "cannot read ptx '" + m.ptxPath + "': " + why;
    return false;
  }
  if (m.ptxText.empty()) {
    error = "ptx '" + m.ptxPath + "' is empty";
    return false;
  }
  m.ptxText.push_back('\0');
  return true;
}

// An ordinary manifest (one kernel) from its parsed root.
bool loadKernelManifest(const std::string &path, const Json &root,
                        Manifest &m, std::string &error) {
  m = Manifest();
  m.path = path;
  return parseKernel(root, m, error) && parseLayouts(root, m, error) &&
         parseMma(root, m, error) && parseSplitK(root, m, error) &&
         parseParams(root, m, error) && parseStatic(root, m, error) &&
         parseTma(root, m, error) && parseMultiples(root, m, error) &&
         readPtx(path, m, error);
}

// A dispatch manifest's rules and members: bundles by plain file name next
// to it, each an ordinary manifest of the same types.
bool loadDispatch(const std::string &path, const Json &root, Manifest &m,
                  std::string &error) {
  if (!FieldReader(root, error).requireString("kernel", m.kernel))
    return false;
  const Json &rules = *root.get("dispatch");
  if (!rules.isArray() || rules.items().empty()) {
    error = "field \"dispatch\" must be a non-empty array of rules";
    return false;
  }
  size_t slash = path.find_last_of('/');
  std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  for (size_t i = 0; i < rules.items().size(); ++i) {
    const Json &r = rules.items()[i];
    std::string where = "dispatch[" + std::to_string(i) + "]";
    if (!r.isObject()) {
      error = where + " must be an object";
      return false;
    }
    DispatchRule rule;
    FieldReader f(r, error);
    if (!f.requireString("bundle", rule.bundle) ||
        !f.requireString("why", rule.why) ||
        !f.optionalInt("max_m", 1, rule.maxM) ||
        !f.optionalInt("min_k", 1, rule.minK) ||
        !f.optionalString("class", rule.shapeClass)) {
      error = where + ": " + error;
      return false;
    }
    if (rule.bundle.empty() || rule.bundle.find('/') != std::string::npos ||
        rule.bundle[0] == '.') {
      error = where + ": \"bundle\" must name a manifest in the same "
                      "directory, not '" + rule.bundle + "'";
      return false;
    }
    if (const Json *t = r.get("max_tiles")) {
      int64_t v[3] = {0, 0, 0};
      if (!readSizes(t, 3, 1e9, v)) {
        error = where + ": \"max_tiles\" must be [block_m, block_n, tiles], "
                        "three integers from 1 to 1e9";
        return false;
      }
      rule.tilesBlockM = v[0];
      rule.tilesBlockN = v[1];
      rule.maxTiles = v[2];
    }
    Manifest member;
    std::string why;
    Json memberRoot;
    if (!readRoot(dir + rule.bundle, memberRoot, why) ||
        // Refused before it is followed: dispatch manifests naming each
        // other must not recurse.
        (!memberRoot.get("dispatch") &&
         !loadKernelManifest(dir + rule.bundle, memberRoot, member, why))) {
      error = where + ": bundle '" + rule.bundle + "': " + why;
      return false;
    }
    if (memberRoot.get("dispatch")) {
      error = where + ": bundle '" + rule.bundle +
              "' is itself a dispatch manifest";
      return false;
    }
    if (!m.members.empty() && (member.aType != m.members[0].aType ||
                               member.cType != m.members[0].cType)) {
      error = where + ": bundle '" + rule.bundle +
              "' has other types than the first rule's";
      return false;
    }
    m.members.push_back(std::move(member));
    m.dispatch.push_back(std::move(rule));
  }
  // Its types are its members' (for the problem's buffers).
  m.aType = m.members[0].aType;
  m.bType = m.members[0].bType;
  m.cType = m.members[0].cType;
  return true;
}

} // namespace

std::string shapeClass(int64_t m, int64_t n, int64_t k) {
  std::string out;
  const char *names = "mnk";
  int64_t sizes[3] = {m, n, k};
  for (int i = 0; i < 3; ++i) {
    int bits = 0; // ceil(log2(size))
    while ((int64_t(1) << bits) < sizes[i])
      ++bits;
    out += std::string(i ? "-" : "") + names[i] + "2^" + std::to_string(bits);
  }
  return n % 8 == 0 && k % 8 == 0 ? out : out + "-unaligned";
}

const Manifest *pickMember(const Manifest &m, int64_t rows, int64_t cols,
                           int64_t depth, std::string &why) {
  for (size_t i = 0; i < m.dispatch.size(); ++i) {
    const DispatchRule &r = m.dispatch[i];
    if (r.maxM && rows > r.maxM)
      continue;
    if (r.minK && depth < r.minK)
      continue;
    if (!r.shapeClass.empty() &&
        r.shapeClass != shapeClass(rows, cols, depth))
      continue;
    int64_t tiles = 0;
    if (r.maxTiles) {
      tiles = ((rows + r.tilesBlockM - 1) / r.tilesBlockM) *
              ((cols + r.tilesBlockN - 1) / r.tilesBlockN);
      if (tiles >= r.maxTiles)
        continue;
    }
    why = "rule " + std::to_string(i);
    if (!r.shapeClass.empty())
      why += ", class " + r.shapeClass;
    if (r.maxM)
      why += ", M " + std::to_string(rows) + " <= " + std::to_string(r.maxM);
    if (r.maxTiles)
      why += ", " + std::to_string(tiles) + " tiles of " +
             std::to_string(r.tilesBlockM) + "x" +
             std::to_string(r.tilesBlockN) + " < " +
             std::to_string(r.maxTiles);
    if (r.minK)
      why += ", K " + std::to_string(depth) + " >= " + std::to_string(r.minK);
    why += ": " + r.why;
    return &m.members[i];
  }
  return nullptr;
}

bool loadManifest(const std::string &path, Manifest &m, std::string &error) {
  m = Manifest();
  m.path = path;
  Json root;
  if (!readRoot(path, root, error))
    return false;
  if (root.get("dispatch"))
    return loadDispatch(path, root, m, error);
  return loadKernelManifest(path, root, m, error);
}

} // namespace tilerun
