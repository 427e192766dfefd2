//===- ManifestSchema.h - The fields of a bundle's manifests ----*- C++ -*-===//
//
// ManifestFields.def as constexpr tables, for the compiler's writer (which
// names fields by Field, so it can write no other) and the runtime's reader
// (which takes each field's type, range and presence from here). Plain C++17
// without MLIR or LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_MANIFESTSCHEMA_H
#define TILE_CONVERSION_MANIFESTSCHEMA_H

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

namespace tile_manifest {

// The kernel's parameters, in the order of the ABI table (KernelParams.def)
// the compiler builds kernels from and the manifest names.
enum class ParamRole {
#define TILE_KERNEL_PARAM(id, name, type, meaning) id,
#include "tile/Conversion/KernelParams.def"
};

constexpr size_t kParamCount = 0
#define TILE_KERNEL_PARAM(id, name, type, meaning) +1
#include "tile/Conversion/KernelParams.def"
    ;

// The TMA descriptors an mma=wgmma kernel takes: those from tma_a up to the
// workspace, which comes last.
constexpr size_t kTmaParams =
    size_t(ParamRole::Workspace) - size_t(ParamRole::TmaA);
static_assert(size_t(ParamRole::Workspace) + 1 == kParamCount);

enum class Scope { Kernel, Param, Dispatch, Rule };
enum class Type { String, Int, Enum, Enums, Ints, Objects };
enum class When { Required, Optional, Tma, Workspace, OptionalTma };

// JSON numbers are read as doubles, which hold every integer below 2^53.
constexpr int64_t kAnyInt = (int64_t(1) << 53) - 1;
// TMA's global address and row pitch are whole 16-byte chunks: what the
// kernels state as n_multiple and k_multiple, what the runtime stages
// operands to, and what decides whether a kernel stores C by TMA.
constexpr int64_t kTmaRowBytes = 16;
// The most SMs a rule's "cost" (and a calibration table) may name.
constexpr int64_t kMaxModelSMs = 1024;
// The most splits per tile that meet in a cluster ("splits": "cluster"):
// the portable cluster size.
constexpr int64_t kMaxClusterSplits = 8;
// The most distinct members a dispatch manifest names (config=auto compiles
// one per calibration table member).
constexpr size_t kMaxMembers = 64;

enum class Field {
#define TILE_MANIFEST_FIELD(scope, id, ...) id,
#include "tile/Conversion/ManifestFields.def"
};

struct FieldSpec {
  Scope scope;
  const char *name;
  Type type;
  When when;
  int64_t min, max;
  size_t length;
  std::string_view values, defaultValue;
  const char *why;
};

inline constexpr FieldSpec kFields[] = {
#define TILE_MANIFEST_FIELD(scope, id, name, type, when, min, max, length,     \
                            values, defaultValue, why)                         \
  {Scope::scope, name,   Type::type, When::when,   min,                        \
   max,          length, values,     defaultValue, why},
#include "tile/Conversion/ManifestFields.def"
};
constexpr size_t kFieldCount = std::size(kFields);

constexpr const FieldSpec &spec(Field f) { return kFields[size_t(f)]; }
constexpr const char *name(Field f) { return spec(f).name; }

// The scope of an Objects field's elements.
constexpr Scope elementScope(Field f) {
  return f == Field::Params ? Scope::Param : Scope::Rule;
}

// Whether a manifest must hold a field, may, or is not read for it, given
// whether its kernel is mma=wgmma (`tma`) and takes a workspace.
enum class Need { Must, May, Unread };
constexpr Need need(When w, bool tma, bool workspace) {
  switch (w) {
  case When::Required:
    return Need::Must;
  case When::Optional:
    return Need::May;
  case When::Tma:
    return tma ? Need::Must : Need::Unread;
  case When::Workspace:
    return workspace ? Need::Must : Need::Unread;
  case When::OptionalTma:
    return tma ? Need::Must : Need::May;
  }
  return Need::Must;
}

// The field of `scope` called `name`.
constexpr std::optional<Field> find(Scope scope, std::string_view name) {
  for (size_t i = 0; i < kFieldCount; ++i)
    if (kFields[i].scope == scope && name == kFields[i].name)
      return Field(i);
  return std::nullopt;
}

// Calls `f` with each of the space-separated words of `list` until it
// returns true; whether one did.
template <typename F> constexpr bool anyWord(std::string_view list, F f) {
  while (!list.empty()) {
    size_t end = list.find(' ');
    if (f(list.substr(0, end)))
      return true;
    list = end == list.npos ? std::string_view() : list.substr(end + 1);
  }
  return false;
}

constexpr int64_t parseInt(std::string_view text) {
  bool negative = !text.empty() && text[0] == '-';
  int64_t v = 0;
  for (char c : text.substr(negative))
    v = v * 10 + (c - '0');
  return negative ? -v : v;
}

// The first control character of `value` (a NUL would cut it short for a C
// API; a line break or an escape would garble the one-line messages that
// quote it), or npos.
constexpr size_t findControl(std::string_view value) {
  for (size_t i = 0; i < value.size(); ++i)
    if (static_cast<unsigned char>(value[i]) < 0x20 || value[i] == 0x7f)
      return i;
  return std::string_view::npos;
}

// Whether an Enum, Enums or String field may hold `value`.
constexpr bool allows(const FieldSpec &f, std::string_view value) {
  if (f.type == Type::String)
    return !value.empty() && findControl(value) == std::string_view::npos;
  return anyWord(f.values, [&](std::string_view w) { return w == value; });
}

// Whether an Int field (or an element of an Ints field) may hold `value`.
constexpr bool allows(const FieldSpec &f, int64_t value) {
  return value >= f.min && value <= f.max &&
         (f.values.empty() || anyWord(f.values, [&](std::string_view w) {
            return parseInt(w) == value;
          }));
}

// The field recording what the kernel's memref types fix for ABI parameter
// `param` (A, ..., stride_cn): the static fields follow the ABI's order.
constexpr Field staticField(size_t param) {
  return Field(size_t(Field::StaticOffsetA) + param);
}

namespace detail {
// "static_offset_a" for pointer "A", "static_" + name for an integer.
constexpr bool isStaticFieldOf(Field f, std::string_view param,
                               std::string_view type) {
  std::string_view field = name(f);
  std::string_view prefix = type == "ptr" ? "static_offset_" : "static_";
  if (field.substr(0, prefix.size()) != prefix ||
      field.size() != prefix.size() + param.size())
    return false;
  for (size_t i = 0; i < param.size(); ++i) {
    char c = param[i];
    if (field[prefix.size() + i] != (c >= 'A' && c <= 'Z' ? c + 32 : c))
      return false;
  }
  return true;
}

constexpr bool staticFieldsFollowTheAbi() {
  struct Param {
    std::string_view name, type;
  };
  constexpr Param params[] = {
#define TILE_KERNEL_PARAM(id, name, type, meaning) {name, type},
#include "tile/Conversion/KernelParams.def"
  };
  size_t i = 0;
  for (; i < std::size(params) && params[i].type != "tensormap"; ++i)
    if (!isStaticFieldOf(staticField(i), params[i].name, params[i].type))
      return false;
  return staticField(i) == Field(size_t(Field::StaticStrideCN) + 1);
}
static_assert(staticFieldsFollowTheAbi(),
              "ManifestFields.def: the static fields must follow "
              "KernelParams.def's pointers and integers, in order");
} // namespace detail

// A rule's "class", tile-tune's class of a shape: "m2^A-n2^B-k2^C" with
// each exponent 0 to 62 in plain digits, then "-unaligned" when N or K is
// not a multiple of 8 (the runtime's shapeClass writes them). Parsed for the
// readers of tune caches and dispatch manifests, which refuse any other text.
struct ShapeClass {
  int bits[3] = {0, 0, 0}; // M, N, K
  bool unaligned = false;
};
inline std::optional<ShapeClass> parseShapeClass(std::string_view text) {
  ShapeClass out;
  for (int i = 0; i < 3; ++i) {
    std::string_view head = i == 0 ? "m2^" : i == 1 ? "-n2^" : "-k2^";
    if (text.substr(0, head.size()) != head)
      return std::nullopt;
    text.remove_prefix(head.size());
    size_t digits = 0;
    while (digits < text.size() && digits < 3 && text[digits] >= '0' &&
           text[digits] <= '9')
      out.bits[i] = out.bits[i] * 10 + (text[digits++] - '0');
    if (digits == 0 || digits == 3 || out.bits[i] > 62 ||
        (digits == 2 && text[0] == '0'))
      return std::nullopt;
    text.remove_prefix(digits);
  }
  out.unaligned = text == "-unaligned";
  if (!out.unaligned && !text.empty())
    return std::nullopt;
  return out;
}
// Why `text` is not a shape class (for a refusal of it, in every reader).
inline std::string badShapeClass(std::string_view text) {
  return "\"class\" must be a shape class such as m2^12-n2^12-k2^13 or "
         "m2^0-n2^3-k2^7-unaligned, not '" +
         std::string(text) + "'";
}

} // namespace tile_manifest

#endif // TILE_CONVERSION_MANIFESTSCHEMA_H
