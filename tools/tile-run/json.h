//===- json.h - Minimal JSON reader and writer for tile-run -----*- C++ -*-===//
//
// tile-run reads launch manifests and writes a results file. Both are small,
// so a tree of values is all we need; no external dependency is pulled in.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUN_JSON_H
#define TILE_RUN_JSON_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tilerun {

class Json {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Json() = default;
  static Json boolean(bool v);
  static Json number(double v);
  static Json integer(int64_t v);
  static Json unsignedInteger(uint64_t v);
  // A number read from a document, keeping its text for messages and output.
  static Json parsedNumber(double v, std::string text);
  static Json string(std::string v);
  static Json array();
  static Json object();
  // An object of these members; their keys must be distinct.
  static Json object(std::vector<std::pair<std::string, Json>> members);

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::Null; }
  bool isBool() const { return kind_ == Kind::Bool; }
  bool isNumber() const { return kind_ == Kind::Number; }
  bool isString() const { return kind_ == Kind::String; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isObject() const { return kind_ == Kind::Object; }

  bool asBool() const { return bool_; }
  double asNumber() const { return number_; }
  // The number as the document wrote it, else as printed by dump().
  std::string numberText() const;
  const std::string &asString() const { return string_; }
  const std::vector<Json> &items() const { return array_; }
  const std::vector<std::pair<std::string, Json>> &members() const {
    return object_;
  }

  // Object lookup; nullptr when absent (or when this is not an object).
  const Json *get(const std::string &key) const;

  // Builders. set() replaces an existing key so output has no duplicates.
  Json &push(Json v);
  Json &set(const std::string &key, Json v);

  // Pretty-printed text with two-space indentation.
  std::string dump() const;

  // Name of a kind for error messages ("a string", "an object", ...).
  static const char *describe(Kind k);

private:
  void dumpTo(std::string &out, int indent) const;

  Kind kind_ = Kind::Null;
  bool bool_ = false;
  double number_ = 0;
  // Exact text: as read, or for integers that a double cannot hold (e.g.
  // 64-bit seeds).
  std::string numberText_;
  std::string string_;
  std::vector<Json> array_;
  std::vector<std::pair<std::string, Json>> object_;
};

// Parses a complete JSON document. On failure returns false and sets `error`
// to a one-line message naming the line and column.
bool parseJson(const std::string &text, Json &out, std::string &error);

} // namespace tilerun

#endif // TILE_RUN_JSON_H
