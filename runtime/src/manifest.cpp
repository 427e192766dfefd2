//===- manifest.cpp - The launch manifest of a tile-opt bundle ------------===//
//
// Validation is strict on purpose: a manifest that the runtime half
// understands would launch a kernel with wrong arguments, which shows up as
// a wrong answer or a crash far from the cause.
//
//===----------------------------------------------------------------------===//

#include "fields.h"
#include "file.h"

#include <cctype>
#include <climits>
#include <cmath>
#include <iterator>

namespace tilert {

namespace {

struct AbiParam {
  const char *name, *type;
};

// The kernel ABI; only mma=wgmma kernels take the kTmaParams TMA descriptors
// of A, B and C, and only kernels with a workspace the workspace after them.
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

// Below 2^53 a double holds every integer exactly; past it a manifest's
// value may already have been rounded.
constexpr int64_t kIntLimit = int64_t(1) << 53;

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

const Json *FieldReader::get(const char *key) const {
  auto it = object_.find(key);
  return it == object_.end() ? nullptr : &*it;
}

const Json *FieldReader::require(const char *key) {
  const Json *v = get(key);
  if (!v)
    missing(key);
  return v;
}

bool FieldReader::missing(const char *key) {
  error_ = std::string("missing required field \"") + key + "\"";
  return false;
}

bool FieldReader::wrongType(const char *key, const char *expected,
                            const Json &v) {
  error_ = std::string("field \"") + key + "\" must be " + expected + ", not " +
           describe(v);
  return false;
}

bool FieldReader::readString(const char *key, const Json &v, std::string &out) {
  if (!v.is_string())
    return wrongType(key, "a string", v);
  const std::string &s = v.get_ref<const std::string &>();
  // A C API would see only the part before a NUL ("k.ptx\u0000x" would read
  // k.ptx).
  if (s.find('\0') != std::string::npos) {
    error_ = std::string("field \"") + key + "\" contains a NUL character";
    return false;
  }
  out = s;
  return true;
}

bool FieldReader::requireString(const char *key, std::string &out) {
  const Json *v = get(key);
  if (!v)
    return missing(key);
  if (v->is_string() && v->get_ref<const std::string &>().empty()) {
    error_ = std::string("field \"") + key + "\" is empty";
    return false;
  }
  return readString(key, *v, out);
}

bool FieldReader::optionalString(const char *key, std::string &out) {
  const Json *v = get(key);
  return !v || readString(key, *v, out);
}

bool FieldReader::requireInt(const char *key, int64_t minValue, int64_t &out) {
  const Json *v = get(key);
  if (!v)
    return missing(key);
  return toInt(key, *v, minValue, out);
}

bool FieldReader::optionalInt(const char *key, int64_t minValue, int64_t &out) {
  const Json *v = get(key);
  return !v || toInt(key, *v, minValue, out);
}

bool FieldReader::toInt(const char *key, const Json &v, int64_t minValue,
                        int64_t &out) {
  auto outOfRange = [&](const std::string &text) {
    error_ = std::string("field \"") + key + "\" is " + text +
             ", out of range (below 2^53 in magnitude)";
    return false;
  };
  if (v.is_number_unsigned()) {
    uint64_t u = v.get<uint64_t>();
    if (u >= uint64_t(kIntLimit))
      return outOfRange(std::to_string(u));
    out = int64_t(u);
  } else if (v.is_number_integer()) {
    int64_t i = v.get<int64_t>();
    if (i <= -kIntLimit || i >= kIntLimit)
      return outOfRange(std::to_string(i));
    out = i;
  } else if (v.is_number_float()) {
    double x = v.get<double>();
    std::string text = doc_.textOf(jsonPointer(pointer_, key), v);
    if (x != std::floor(x)) {
      error_ =
          std::string("field \"") + key + "\" must be an integer, not " + text;
      return false;
    }
    if (std::fabs(x) >= double(kIntLimit))
      return outOfRange(text);
    out = int64_t(x);
  } else {
    return wrongType(key, "an integer", v);
  }
  if (out < minValue) {
    error_ = std::string("field \"") + key + "\" must be at least " +
             std::to_string(minValue) + ", not " + std::to_string(out);
    return false;
  }
  return true;
}

bool readSizes(const Json *v, size_t n, int64_t max, int64_t *out) {
  if (!v || !v->is_array() || v->size() != n)
    return false;
  for (size_t i = 0; i < n; ++i) {
    const Json &e = (*v)[i];
    if (!e.is_number())
      return false;
    double x = e.get<double>();
    if (x < 1 || x > double(max) || x != std::floor(x))
      return false;
    out[i] = int64_t(x);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// A kernel manifest
//===----------------------------------------------------------------------===//

namespace {

bool parseElemType(const std::string &field, const std::string &text,
                   bool allowF32, tile_rt_dtype &out, std::string &error) {
  if (text == "f16")
    out = TILE_RT_F16;
  else if (text == "bf16")
    out = TILE_RT_BF16;
  else if (text == "f32" && allowF32)
    out = TILE_RT_F32;
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
// change the parameters; mma=wgmma adds the TMA descriptors, a workspace
// (split_k > 1, Stream-K) the workspace.
bool parseParams(FieldReader &f, Manifest &m, std::string &error) {
  const Json *params = f.require("params");
  if (!params)
    return false;
  if (!params->is_array()) {
    error = std::string("field \"params\" must be an array, not ") +
            describe(*params);
    return false;
  }
  size_t expected = size_t(ParamRole::TmaA) +
                    (m.mma == "wgmma" ? kTmaParams : 0) + m.usesWorkspace();
  std::string kernel =
      "an mma=" + m.mma +
      (m.splitK > 1 ? " split_k=" + std::to_string(m.splitK) : "") +
      (m.streamK ? " stream_k" : "") + " kernel";
  auto quoted = [](const std::string &name, const std::string &type) {
    return "'" + name + "' (" + type + ")";
  };
  for (size_t i = 0; i < params->size(); ++i) {
    const Json &p = (*params)[i];
    std::string where = "params[" + std::to_string(i) + "]";
    if (!p.is_object()) {
      error = where + " must be an object, not " + describe(p);
      return false;
    }
    auto name = p.find("name"), type = p.find("type");
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
        error += "; only split-K kernels (\"split_k\" above 1) take it";
      return false;
    }
    if (n != kAbi[i].name || t != kAbi[i].type) {
      error = where + " is " + quoted(n, t) + "; " + kernel + " takes " +
              quoted(kAbi[i].name, kAbi[i].type) + " there";
      return false;
    }
  }
  if (params->size() < expected) {
    const AbiParam &next = kAbi[params->size()];
    error = "\"params\" lists " + std::to_string(params->size()) + " of the " +
            std::to_string(expected) + " parameters of " + kernel +
            "; the next is " + quoted(next.name, next.type);
    return false;
  }
  m.paramCount = expected;
  return true;
}

// "static_<name>" for each size and stride the kernel's memref types fix,
// "static_offset_<a|b|c>" for their offsets; absent where dynamic.
bool parseStatic(FieldReader &f, Manifest &m) {
  for (size_t i = 0; i < size_t(ParamRole::TmaA); ++i) {
    std::string type = kAbi[i].type, key = kAbi[i].name;
    for (char &c : key)
      c = char(std::tolower(static_cast<unsigned char>(c)));
    key = (type == "ptr" ? "static_offset_" : "static_") + key;
    if (!f.get(key.c_str()))
      continue;
    bool isSize = i >= size_t(ParamRole::M) && i <= size_t(ParamRole::K);
    int64_t value;
    if (!f.requireInt(key.c_str(), isSize ? 1 : INT64_MIN, value))
      return false;
    m.fixed[i] = value;
  }
  return true;
}

// A box of two positive sizes of at most 256 elements (TMA's limit).
bool parseBox(FieldReader &f, const char *field, int64_t (&box)[2],
              std::string &error) {
  bool ok = readSizes(f.get(field), 2, 256, box);
  if (!ok)
    error = std::string("field \"") + field +
            "\" must be two sizes between 1 and 256";
  return ok;
}

// "sync" (the default) or "wgmma"; it decides the kernel ABI.
bool parseMma(FieldReader &f, Manifest &m, std::string &error) {
  if (!f.optionalString("mma", m.mma))
    return false;
  if (m.mma != "sync" && m.mma != "wgmma") {
    error = "field \"mma\" is '" + m.mma + "'; expected sync or wgmma";
    return false;
  }
  return true;
}

// "split_k" (1 when absent) and, when above 1 or for Stream-K, the workspace
// each tile needs. Read before "params", which it changes.
bool parseSplitK(FieldReader &f, Manifest &m, std::string &error) {
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

// wgmma kernels: the descriptors' boxes, the swizzle the runtime encodes,
// and row-major operands (the descriptors' layout).
bool parseTma(FieldReader &f, Manifest &m, std::string &error) {
  if (m.mma != "wgmma")
    return true;
  int64_t swizzle = 0;
  if (!parseBox(f, "tma_box_a", m.tmaBoxA, error) ||
      !parseBox(f, "tma_box_b", m.tmaBoxB, error) ||
      !parseBox(f, "tma_box_c", m.tmaBoxC, error) ||
      !f.requireInt("tma_swizzle_bytes", 1, swizzle))
    return false;
  if (swizzle != 128 || m.tmaBoxA[0] * 2 != 128 || m.tmaBoxB[0] * 2 != 128 ||
      m.tmaBoxC[0] * int64_t(tile_rt_dtype_bytes(m.cType)) != 128) {
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
bool parseMultiples(FieldReader &f, Manifest &m) {
  const char *const keys[3] = {"m_multiple", "n_multiple", "k_multiple"};
  for (int i = 0; i < 3; ++i) {
    bool required = m.mma == "wgmma" && i > 0;
    if (!(required ? f.requireInt(keys[i], 1, m.multiple[i])
                   : f.optionalInt(keys[i], 1, m.multiple[i])))
      return false;
  }
  return true;
}

bool parseLayouts(FieldReader &f, Manifest &m, std::string &error) {
  const Json *layouts = f.require("layouts");
  if (!layouts)
    return false;
  const char *shape = "field \"layouts\" must be a non-empty array of strings";
  if (!layouts->is_array() || layouts->empty()) {
    error = shape;
    return false;
  }
  for (const Json &l : *layouts) {
    if (!l.is_string()) {
      error = shape;
      return false;
    }
    const std::string &s = l.get_ref<const std::string &>();
    if (s != "nn" && s != "nt" && s != "tn" && s != "tt") {
      error = "unknown layout '" + s +
              "' in \"layouts\" (expected nn, nt, tn or tt)";
      return false;
    }
    if (!m.servesLayout(s))
      m.layouts.push_back(s);
  }
  return true;
}

// The kernel, its schedule, tile, block and types.
bool parseKernel(FieldReader &f, Manifest &m, std::string &error) {
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
  // cuFuncSetAttribute takes the dynamic shared memory size as an int.
  if (m.dynamicSharedBytes > INT32_MAX) {
    error = "field \"dynamic_shared_memory_bytes\" is " +
            std::to_string(m.dynamicSharedBytes) +
            "; the driver takes at most " + std::to_string(INT32_MAX);
    return false;
  }

  if (!parseElemType("a_type", aType, false, m.aType, error) ||
      !parseElemType("b_type", bType, false, m.bType, error) ||
      !parseElemType("c_type", cType, true, m.cType, error))
    return false;
  if (m.aType != m.bType) {
    error = "a_type (" + aType + ") and b_type (" + bType +
            ") differ; the runtime needs them equal";
    return false;
  }
  return true;
}

// The PTX file the manifest names, NUL-terminated for the driver.
bool readPtx(const std::string &path, Manifest &m, std::string &error) {
  std::string why;
  // The PTX path is relative to the manifest, not to the working directory.
  m.ptxPath =
      !m.ptx.empty() && m.ptx[0] == '/' ? m.ptx : directoryOf(path) + m.ptx;
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

} // namespace

bool readRoot(const std::string &path, JsonDocument &doc, std::string &error) {
  std::string text, why;
  if (!readFile(path, kMaxManifestBytes, text, why)) {
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
  return parseKernel(f, m, error) && parseLayouts(f, m, error) &&
         parseMma(f, m, error) && parseSplitK(f, m, error) &&
         parseParams(f, m, error) && parseStatic(f, m) &&
         parseTma(f, m, error) && parseMultiples(f, m) &&
         readPtx(path, m, error);
}

bool loadManifest(const std::string &path, ManifestFile &out,
                  std::string &error) {
  out = ManifestFile();
  out.kernel.path = path;
  JsonDocument doc;
  if (!readRoot(path, doc, error))
    return false;
  if (doc.root.contains("dispatch"))
    return loadDispatch(path, doc, out, error);
  return loadKernelManifest(path, doc, out.kernel, error);
}

} // namespace tilert
