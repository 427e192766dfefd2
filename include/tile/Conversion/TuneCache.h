//===- TuneCache.h - The key of a tile-tune cache entry ---------*- C++ -*-===//
//
// A tune cache ({"entries": [...]}) holds one entry per key: the chip (null
// where tile-run knew none), the input and output types, the layout the
// entry was timed in and the shape class. tile-tune merges by it (a later
// entry replaces an earlier one) and tile-opt's config=auto reads by it, so
// both read the key here: the compiler through llvm::json, tile-tune through
// the runtime's Python binding. Plain C++17 without MLIR or LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TUNECACHE_H
#define TILE_CONVERSION_TUNECACHE_H

#include "tile/Conversion/ManifestSchema.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tile_tune_cache {

// What an entry holds under a name.
struct Value {
  enum Kind { Absent, Null, String, Other } kind = Absent;
  std::string_view text; // a String's
};

struct Key {
  std::optional<std::string> chip;
  std::string dtype, cType, layout, shapeClass;
};

// An entry without "layout" was timed before entries had one, in nn.
constexpr std::string_view kDefaultLayout = "nn";

// The key of the entry whose fields `get(name)` returns; nullopt with `why`
// (one line) where a field is not what a manifest's field of that meaning
// may hold.
template <typename Get> std::optional<Key> readKey(Get get, std::string &why) {
  using tile_manifest::Field;
  auto text = [&](const char *name, Field like,
                  std::string_view absent) -> std::optional<std::string> {
    Value v = get(name);
    if (v.kind == Value::Absent && !absent.empty())
      return std::string(absent);
    const tile_manifest::FieldSpec &spec = tile_manifest::spec(like);
    if (v.kind == Value::String && tile_manifest::allows(spec, v.text))
      return std::string(v.text);
    why = "\"" + std::string(name) + "\" must be ";
    if (spec.type == tile_manifest::Type::String) {
      why += "a non-empty one-line string";
      return std::nullopt;
    }
    // "f16" or "bf16"; "nn", "nt", "tn" or "tt"
    std::vector<std::string_view> words;
    tile_manifest::anyWord(spec.values, [&](std::string_view w) {
      words.push_back(w);
      return false;
    });
    for (size_t i = 0; i < words.size(); ++i) {
      if (i > 0)
        why += i + 1 == words.size() ? " or " : ", ";
      why += "\"" + std::string(words[i]) + "\"";
    }
    return std::nullopt;
  };
  Key key;
  Value chip = get("chip");
  if (chip.kind != Value::Absent && chip.kind != Value::Null &&
      !(key.chip = text("chip", Field::Chip, ""))) {
    why += " or null";
    return std::nullopt;
  }
  std::optional<std::string> dtype, cType, layout;
  if (!(dtype = text("dtype", Field::AType, "")) ||
      !(cType = text("c_type", Field::CType, "")) ||
      !(layout = text("layout", Field::Layouts, kDefaultLayout)))
    return std::nullopt;
  Value shapeClass = get("class");
  if (shapeClass.kind != Value::String ||
      tile_manifest::findControl(shapeClass.text) != std::string_view::npos) {
    why = "\"class\" must be a one-line string: a shape class such as "
          "m2^12-n2^12-k2^13";
    return std::nullopt;
  }
  if (!tile_manifest::parseShapeClass(shapeClass.text)) {
    why = tile_manifest::badShapeClass(shapeClass.text);
    return std::nullopt;
  }
  key.dtype = *dtype;
  key.cType = *cType;
  key.layout = *layout;
  key.shapeClass = std::string(shapeClass.text);
  return key;
}

} // namespace tile_tune_cache

#endif // TILE_CONVERSION_TUNECACHE_H
