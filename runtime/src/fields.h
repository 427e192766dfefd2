//===- fields.h - Reading a manifest's fields -------------------*- C++ -*-===//
//
// What the kernel manifest reader (manifest.cpp) and the dispatch manifest
// reader (dispatch.cpp) share: typed, range-checked field access with one
// message per kind of mistake.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RT_FIELDS_H
#define TILE_RT_FIELDS_H

#include "json.h"
#include "manifest.h"

#include <cstdint>
#include <string>

namespace tilert {

// The fields of one object of a document (`pointer` is its JSON pointer,
// for the numbers' text). Each accessor returns false with `error` set when
// the field is missing (require*), of the wrong type or out of range.
class FieldReader {
public:
  FieldReader(const JsonDocument &doc, const Json &object, std::string pointer,
              std::string &error)
      : doc_(doc), object_(object), pointer_(std::move(pointer)),
        error_(error) {}

  // Strings go to C APIs and messages, so a NUL is refused in any of them;
  // a required string may not be empty either.
  bool requireString(const char *key, std::string &out);
  bool optionalString(const char *key, std::string &out);
  // Integers below 2^53 in magnitude (a double holds every one of them) and
  // at least `minValue`; an integral number written with a fraction or an
  // exponent ("1.28e2") is one.
  bool requireInt(const char *key, int64_t minValue, int64_t &out);
  bool optionalInt(const char *key, int64_t minValue, int64_t &out);

  // The field, or null when absent; require() also sets `error` then.
  const Json *get(const char *key) const;
  const Json *require(const char *key);

private:
  bool missing(const char *key);
  bool wrongType(const char *key, const char *expected, const Json &v);
  bool readString(const char *key, const Json &v, std::string &out);
  bool toInt(const char *key, const Json &v, int64_t minValue, int64_t &out);

  const JsonDocument &doc_;
  const Json &object_;
  std::string pointer_;
  std::string &error_;
};

// Whether `v` is an array of exactly `n` integers from 1 to `max`; if so
// they are stored in `out`.
bool readSizes(const Json *v, size_t n, int64_t max, int64_t *out);

// The manifest's text, parsed; its top level must be an object.
bool readRoot(const std::string &path, JsonDocument &doc, std::string &error);

// An ordinary manifest (one kernel) from its parsed document.
bool loadKernelManifest(const std::string &path, const JsonDocument &doc,
                        Manifest &m, std::string &error);

// A dispatch manifest (its top level has "dispatch") and its members.
bool loadDispatch(const std::string &path, const JsonDocument &doc,
                  ManifestFile &out, std::string &error);

} // namespace tilert

#endif // TILE_RT_FIELDS_H
