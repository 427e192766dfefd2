//===- fields.h - Reading a manifest's fields -------------------*- C++ -*-===//
//
// What the kernel manifest reader (manifest.cpp) and the dispatch manifest
// reader (dispatch.cpp) share: fields checked against ManifestFields.def,
// with one message per kind of mistake.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RT_FIELDS_H
#define TILE_RT_FIELDS_H

#include "json.h"
#include "manifest.h"
#include "tile/Conversion/ManifestSchema.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilert {

using tile_manifest::Field;
using tile_manifest::Scope;

// The fields of one object of a document (`pointer` is its JSON pointer,
// for the numbers' text), checked against ManifestFields.def: check() sets
// `error` for the first field that is wrong; the accessors then read what
// it accepted.
class FieldReader {
public:
  FieldReader(const JsonDocument &doc, const Json &object, std::string pointer,
              std::string &error)
      : doc_(doc), object_(object), pointer_(std::move(pointer)),
        error_(error) {}

  // Every field of `scope`, in the schema's order: present if the kernel
  // needs it (mma=wgmma: `tma`; with a workspace: `workspace`), of its type
  // and range where present. Fields the kernel does not read are skipped.
  bool check(Scope scope, bool tma = false, bool workspace = false);

  // A checked field: its value, else its default, else "" (a string) or
  // `absent`.
  std::string string(Field f) const;
  int64_t integer(Field f, int64_t absent = 0) const;
  std::vector<std::string> strings(Field f) const;
  // An Ints field's values into `out`; false (and `out` unchanged) when
  // absent.
  bool integers(Field f, int64_t *out) const;

  // The field, or null when absent.
  const Json *get(Field f) const;

private:
  bool checkValue(Field f, const Json &v);
  bool checkString(const char *key, const Json &v);
  bool checkInt(Field f, const Json &v);
  bool wrongType(const char *key, const char *expected, const Json &v);

  const JsonDocument &doc_;
  const Json &object_;
  std::string pointer_;
  std::string &error_;
};

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
