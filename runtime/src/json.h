//===- json.h - Reading a manifest's JSON -----------------------*- C++ -*-===//
//
// nlohmann-json reads the text; what it allows and a manifest must not have
// is refused here: NUL bytes anywhere (it reads one as the end of the text),
// repeated keys (it keeps the last), nesting deeper than kMaxJsonDepth. It
// reads integers beyond int64 as doubles; the text of every number that is
// not an integer is kept, so messages quote it as written.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RT_JSON_H
#define TILE_RT_JSON_H

#include <nlohmann/json.hpp>

#include <string>
#include <unordered_map>

namespace tilert {

using Json = nlohmann::json;

// Deep nesting only comes from garbage input.
constexpr size_t kMaxJsonDepth = 200;

struct JsonDocument {
  Json root;
  // The text of each non-integer number ("2.5", "1e300") by JSON pointer.
  std::unordered_map<std::string, std::string> numberText;

  // The number at `pointer` as written (else as nlohmann prints it).
  std::string textOf(const std::string &pointer, const Json &number) const;
};

// Parses a whole document. On failure returns false with `error` set to
// "malformed JSON at line L, column C: what".
bool parseJson(const std::string &text, JsonDocument &out, std::string &error);

// `parent` + "/" + `key`, escaped as RFC 6901 says.
std::string jsonPointer(const std::string &parent, const std::string &key);

// "a string", "an object", ... for messages.
const char *describe(const Json &v);

} // namespace tilert

#endif // TILE_RT_JSON_H
