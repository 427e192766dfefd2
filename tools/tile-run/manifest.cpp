//===- manifest.cpp - Launch manifest of a tile-opt bundle ----------------===//
//
// Validation is strict on purpose: a manifest that tile-run half understands
// would launch a kernel with wrong arguments, which shows up as a wrong
// answer or a crash far from the cause.
//
//===----------------------------------------------------------------------===//

#include "manifest.h"
#include "json.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

namespace tilerun {

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

const char *paramTypeName(ParamType t) {
  switch (t) {
  case ParamType::Ptr:
    return "ptr";
  case ParamType::I64:
    return "i64";
  case ParamType::TensorMap:
    return "tensormap";
  case ParamType::I32:
    return "i32";
  }
  return "?";
}

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

struct RoleName {
  const char *name;
  ParamRole role;
};

const RoleName kRoles[] = {
    {"A", ParamRole::A},
    {"B", ParamRole::B},
    {"C", ParamRole::C},
    {"M", ParamRole::M},
    {"N", ParamRole::N},
    {"K", ParamRole::K},
    {"stride_am", ParamRole::StrideAM},
    {"stride_ak", ParamRole::StrideAK},
    {"stride_bk", ParamRole::StrideBK},
    {"stride_bn", ParamRole::StrideBN},
    {"stride_cm", ParamRole::StrideCM},
    {"stride_cn", ParamRole::StrideCN},
    {"tma_a", ParamRole::TmaA},
    {"tma_b", ParamRole::TmaB},
};

bool readFile(const std::string &path, std::string &out, std::string &why) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    why = std::strerror(errno);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    why = std::strerror(EISDIR);
    return false;
  }
  FILE *file = std::fopen(path.c_str(), "rb");
  if (!file) {
    why = std::strerror(errno);
    return false;
  }
  out.clear();
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), file)) > 0)
    out.append(buf, n);
  bool failed = std::ferror(file) != 0;
  int savedErrno = errno;
  std::fclose(file);
  if (failed) {
    why = std::strerror(savedErrno);
    return false;
  }
  return true;
}

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
    if (!v.isNumber() || v.asNumber() != std::floor(v.asNumber()) ||
        std::fabs(v.asNumber()) > 9.0e15)
      return wrongType(key, "an integer", v);
    out = static_cast<int64_t>(v.asNumber());
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
  for (size_t i = 0; i < params->items().size(); ++i) {
    const Json &p = params->items()[i];
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
    Param param;
    param.name = name->asString();
    bool known = false;
    for (const RoleName &r : kRoles) {
      if (param.name == r.name) {
        param.role = r.role;
        known = true;
      }
    }
    if (!known) {
      error = "unknown parameter '" + param.name + "' in " + where +
              " (expected one of A, B, C, M, N, K, stride_am, stride_ak, "
              "stride_bk, stride_bn, stride_cm, stride_cn, tma_a, tma_b)";
      return false;
    }
    const std::string &t = type->asString();
    if (t == "ptr")
      param.type = ParamType::Ptr;
    else if (t == "i64")
      param.type = ParamType::I64;
    else if (t == "i32")
      param.type = ParamType::I32;
    else if (t == "tensormap")
      param.type = ParamType::TensorMap;
    else {
      error = "parameter '" + param.name + "' has unknown type '" + t +
              "' (expected ptr, i64, i32 or tensormap)";
      return false;
    }
    bool isPointer = param.role == ParamRole::A || param.role == ParamRole::B ||
                     param.role == ParamRole::C;
    bool isTma = param.role == ParamRole::TmaA || param.role == ParamRole::TmaB;
    bool typeFits = isPointer ? param.type == ParamType::Ptr
                    : isTma   ? param.type == ParamType::TensorMap
                              : param.type == ParamType::I64 ||
                                  param.type == ParamType::I32;
    if (!typeFits) {
      error = "parameter '" + param.name + "' must have type " +
              (isPointer ? "ptr" : isTma ? "tensormap" : "i64 or i32") +
              ", not " + t;
      return false;
    }
    for (const Param &seen : m.params) {
      if (seen.role == param.role) {
        error = "parameter '" + param.name + "' appears twice";
        return false;
      }
    }
    m.params.push_back(param);
  }
  // Without the three matrices there is nothing to check or time.
  for (const char *needed : {"A", "B", "C"}) {
    bool found = false;
    for (const Param &p : m.params)
      found = found || p.name == needed;
    if (!found) {
      error = std::string("\"params\" lacks the pointer parameter '") + needed +
              "'";
      return false;
    }
  }
  return true;
}

// A box of two positive sizes of at most 256 elements (TMA's limit).
bool parseBox(const Json &root, const char *field, int64_t (&box)[2],
              std::string &error) {
  const Json *v = root.get(field);
  bool ok = v && v->isArray() && v->items().size() == 2;
  for (size_t i = 0; ok && i < 2; ++i) {
    const Json &e = v->items()[i];
    ok = e.isNumber() && e.asNumber() >= 1 && e.asNumber() <= 256 &&
         e.asNumber() == std::floor(e.asNumber());
    if (ok)
      box[i] = static_cast<int64_t>(e.asNumber());
  }
  if (!ok)
    error = std::string("field \"") + field +
            "\" must be two sizes between 1 and 256";
  return ok;
}

// wgmma kernels: both descriptors, their boxes, the swizzle tile-run
// encodes, and row-major operands (the descriptors' layout).
bool parseTma(const Json &root, Manifest &m, std::string &error) {
  FieldReader f(root, error);
  if (!f.optionalString("mma", m.mma))
    return false;
  if (m.mma != "sync" && m.mma != "wgmma") {
    error = "field \"mma\" is '" + m.mma + "'; expected sync or wgmma";
    return false;
  }
  int tensorMaps = 0;
  for (const Param &p : m.params)
    tensorMaps += p.type == ParamType::TensorMap;
  if ((m.mma == "wgmma") != (tensorMaps == 2)) {
    error = m.mma == "wgmma"
                ? "an mma=wgmma kernel needs the parameters tma_a and tma_b"
                : "parameters tma_a/tma_b need \"mma\": \"wgmma\"";
    return false;
  }
  if (m.mma != "wgmma")
    return true;
  int64_t swizzle = 0;
  if (!parseBox(root, "tma_box_a", m.tmaBoxA, error) ||
      !parseBox(root, "tma_box_b", m.tmaBoxB, error) ||
      !f.requireInt("tma_swizzle_bytes", 1, swizzle))
    return false;
  if (swizzle != 128 || m.tmaBoxA[0] * 2 != 128 || m.tmaBoxB[0] * 2 != 128) {
    error = "TMA boxes must be 128-byte swizzled rows of 64 elements "
            "(tma_swizzle_bytes 128, tma_box_a/b [64, rows])";
    return false;
  }
  if (m.layouts != std::vector<std::string>{"nn"}) {
    error = "an mma=wgmma kernel serves only layout nn";
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

} // namespace

bool loadManifest(const std::string &path, Manifest &m, std::string &error) {
  m = Manifest();
  m.path = path;

  std::string text, why;
  if (!readFile(path, text, why)) {
    error = "cannot read: " + why;
    return false;
  }
  Json root;
  if (!parseJson(text, root, error))
    return false;
  if (!root.isObject()) {
    error = std::string("top level must be an object, not ") +
            Json::describe(root.kind());
    return false;
  }

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
      !f.optionalInt("num_warps", 1, m.numWarps) ||
      !f.optionalInt("num_stages", 1, m.numStages) ||
      !f.optionalInt("index_bitwidth", 32, m.indexBitwidth) ||
      !f.optionalInt("static_m", 1, m.staticM) ||
      !f.optionalInt("static_n", 1, m.staticN) ||
      !f.optionalInt("static_k", 1, m.staticK))
    return false;

  if (m.indexBitwidth != 32 && m.indexBitwidth != 64) {
    error = "field \"index_bitwidth\" is " + std::to_string(m.indexBitwidth) +
            "; expected 32 or 64";
    return false;
  }
  if (schedule != "tiled" && schedule != "persistent") {
    error = "field \"schedule\" is '" + schedule +
            "'; expected tiled or persistent";
    return false;
  }
  m.schedule = schedule;
  m.persistent = schedule == "persistent";

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

  if (!parseLayouts(root, m, error) || !parseParams(root, m, error) ||
      !parseTma(root, m, error))
    return false;

  // The PTX path is relative to the manifest, not to the working directory.
  if (!m.ptx.empty() && m.ptx[0] == '/') {
    m.ptxPath = m.ptx;
  } else {
    size_t slash = path.find_last_of('/');
    m.ptxPath =
        slash == std::string::npos ? m.ptx : path.substr(0, slash + 1) + m.ptx;
  }
  if (!readFile(m.ptxPath, m.ptxText, why)) {
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

} // namespace tilerun
