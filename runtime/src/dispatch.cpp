//===- dispatch.cpp - Dispatch manifests (tile-opt config=auto) -----------===//
//
// {"kernel": ..., "dispatch": [rules]}: per problem the first rule that
// matches names the member manifest to run. Rules may name one member many
// times; each distinct member is read once.
//
//===----------------------------------------------------------------------===//

#include "fields.h"
#include "file.h"

#include <map>

namespace tilert {

namespace {

// One rule, without its member.
bool parseRule(const JsonDocument &doc, const Json &r, size_t i,
               DispatchRule &rule, std::string &error) {
  std::string where = "dispatch[" + std::to_string(i) + "]";
  if (!r.is_object()) {
    error = where + " must be an object";
    return false;
  }
  FieldReader f(doc, r, "/dispatch/" + std::to_string(i), error);
  if (!f.check(Scope::Rule)) {
    error = where + ": " + error;
    return false;
  }
  rule.bundle = f.string(Field::RuleBundle);
  rule.why = f.string(Field::RuleWhy);
  rule.maxM = f.integer(Field::RuleMaxM);
  rule.minK = f.integer(Field::RuleMinK);
  rule.shapeClass = f.string(Field::RuleClass);
  int64_t tiles[3];
  if (f.integers(Field::RuleMaxTiles, tiles)) {
    rule.tilesBlockM = tiles[0];
    rule.tilesBlockN = tiles[1];
    rule.maxTiles = tiles[2];
  }
  if (rule.bundle.find('/') != std::string::npos || rule.bundle[0] == '.') {
    error = where +
            ": \"bundle\" must name a manifest in the same "
            "directory, not '" +
            rule.bundle + "'";
    return false;
  }
  return true;
}

} // namespace

bool loadDispatch(const std::string &path, const JsonDocument &doc,
                  ManifestFile &out, std::string &error) {
  Manifest &m = out.kernel;
  FieldReader f(doc, doc.root, "", error);
  if (!f.check(Scope::Dispatch))
    return false;
  m.kernel = f.string(Field::DispatchKernel);
  const Json &rules = *f.get(Field::DispatchRules);
  if (!rules.is_array() || rules.empty()) {
    error = "field \"dispatch\" must be a non-empty array of rules";
    return false;
  }
  if (rules.size() > kMaxRules) {
    error = "field \"dispatch\" has " + std::to_string(rules.size()) +
            " rules; at most " + std::to_string(kMaxRules) + " are allowed";
    return false;
  }
  std::map<std::string, size_t> byName;
  for (size_t i = 0; i < rules.size(); ++i) {
    DispatchRule rule;
    if (!parseRule(doc, rules[i], i, rule, error))
      return false;
    std::string where =
        "dispatch[" + std::to_string(i) + "]: bundle '" + rule.bundle + "'";
    auto known = byName.find(rule.bundle);
    if (known != byName.end()) {
      rule.member = known->second;
    } else {
      if (out.members.size() == kMaxMembers) {
        error = where + ": more than " + std::to_string(kMaxMembers) +
                " distinct members";
        return false;
      }
      std::string memberPath = directoryOf(path) + rule.bundle, why;
      JsonDocument memberDoc;
      Manifest member;
      if (!readRoot(memberPath, memberDoc, why)) {
        error = where + ": " + why;
        return false;
      }
      // Refused before it is followed: dispatch manifests naming each
      // other must not recurse.
      if (memberDoc.root.contains(tile_manifest::name(Field::DispatchRules))) {
        error = where + " is itself a dispatch manifest";
        return false;
      }
      if (!loadKernelManifest(memberPath, memberDoc, member, why)) {
        error = where + ": " + why;
        return false;
      }
      if (!out.members.empty() && (member.aType != out.members[0].aType ||
                                   member.cType != out.members[0].cType)) {
        error = where + " has other types than the first rule's";
        return false;
      }
      rule.member = byName[rule.bundle] = out.members.size();
      out.members.push_back(std::move(member));
    }
    out.rules.push_back(std::move(rule));
  }
  // Its types are its members' (for the problem's buffers).
  m.aType = out.members[0].aType;
  m.bType = out.members[0].bType;
  m.cType = out.members[0].cType;
  return true;
}

std::string shapeClass(int64_t m, int64_t n, int64_t k) {
  std::string out;
  const char *names = "mnk";
  int64_t sizes[3] = {m, n, k};
  for (int i = 0; i < 3; ++i) {
    int bits = 0; // ceil(log2(size))
    while (bits < 62 && (int64_t(1) << bits) < sizes[i])
      ++bits;
    out += std::string(i ? "-" : "") + names[i] + "2^" + std::to_string(bits);
  }
  return n % 8 == 0 && k % 8 == 0 ? out : out + "-unaligned";
}

int64_t pickRule(const std::vector<DispatchRule> &rules, int64_t m, int64_t n,
                 int64_t k, std::string &why) {
  for (size_t i = 0; i < rules.size(); ++i) {
    const DispatchRule &r = rules[i];
    if (r.maxM && m > r.maxM)
      continue;
    if (r.minK && k < r.minK)
      continue;
    if (!r.shapeClass.empty() && r.shapeClass != shapeClass(m, n, k))
      continue;
    int64_t tiles = 0;
    if (r.maxTiles) {
      tiles = ((m + r.tilesBlockM - 1) / r.tilesBlockM) *
              ((n + r.tilesBlockN - 1) / r.tilesBlockN);
      if (tiles >= r.maxTiles)
        continue;
    }
    why = "rule " + std::to_string(i);
    if (!r.shapeClass.empty())
      why += ", class " + r.shapeClass;
    if (r.maxM)
      why += ", M " + std::to_string(m) + " <= " + std::to_string(r.maxM);
    if (r.maxTiles)
      why += ", " + std::to_string(tiles) + " tiles of " +
             std::to_string(r.tilesBlockM) + "x" +
             std::to_string(r.tilesBlockN) + " < " + std::to_string(r.maxTiles);
    if (r.minK)
      why += ", K " + std::to_string(k) + " >= " + std::to_string(r.minK);
    why += ": " + r.why;
    return int64_t(i);
  }
  return -1;
}

} // namespace tilert
