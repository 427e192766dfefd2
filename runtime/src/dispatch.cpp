//===- dispatch.cpp - Dispatch manifests (tile-opt config=auto) -----------===//
//
// {"kernel": ..., "dispatch": [rules]}: per problem a rule names the member
// manifest to run: the first rule without a cost whose class (if any)
// matches, else the modelled rule with the least estimated time. Rules may
// name one member many times; each distinct member is read once.
//
//===----------------------------------------------------------------------===//

#include "fields.h"
#include "file.h"
#include "problem.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <numeric>

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
  // A field this reader does not know would be a condition it ignores (an
  // older tile-opt's max_m, min_k, max_tiles): the rule would match more
  // shapes than it says.
  for (const auto &item : r.items())
    if (!tile_manifest::find(Scope::Rule, item.key())) {
      error = where + ": \"" + item.key() +
              "\" is not a rule field (a bundle of another tile-opt? compile "
              "it again)";
      return false;
    }
  FieldReader f(doc, r, "/dispatch/" + std::to_string(i), error);
  if (!f.check(Scope::Rule)) {
    error = where + ": " + error;
    return false;
  }
  rule.bundle = f.string(Field::RuleBundle);
  rule.why = f.string(Field::RuleWhy);
  rule.shapeClass = f.string(Field::RuleClass);
  if (f.integers(Field::RuleClusterSlots, rule.tile.clusterSlots.data()) &&
      !f.get(Field::RuleCost)) {
    error = where + ": \"cluster_slots\" is for a rule with a \"cost\"";
    return false;
  }
  if (f.integers(Field::RuleCost, rule.cost)) {
    if (!rule.cost[0] || !rule.cost[1] || !rule.cost[4]) {
      error = where + ": \"cost\" needs positive SMs, step time and "
                      "bytes per ns (its first, second and fifth numbers)";
      return false;
    }
    if (rule.cost[0] > tile_manifest::kMaxModelSMs) {
      error = where + ": \"cost\" gives " + std::to_string(rule.cost[0]) +
              " SMs; at most " + std::to_string(tile_manifest::kMaxModelSMs) +
              " are allowed";
      return false;
    }
    if (!rule.shapeClass.empty()) {
      error = where + ": a rule has a \"class\" or a \"cost\", not both";
      return false;
    }
  }
  if (!rule.shapeClass.empty() &&
      !tile_manifest::parseShapeClass(rule.shapeClass)) {
    error = where + ": " + tile_manifest::badShapeClass(rule.shapeClass);
    return false;
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
      if (out.members.size() == tile_manifest::kMaxMembers) {
        error = where + ": more than " +
                std::to_string(tile_manifest::kMaxMembers) +
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
    const Manifest &member = out.members[rule.member];
    // The model counts tiles of whole K steps; clusters of M it cannot.
    if (rule.modelled() &&
        (member.clusterM != 1 || member.mma != "wgmma")) {
      error = where + ": a \"cost\" needs a TMA + wgmma member without "
                      "clusters (the model has no term for them)";
      return false;
    }
    // Slots are the model's: a class rule (a tuned winner) has none.
    if (rule.modelled() &&
        (rule.tile.clusterSlots[0] > 0) != member.splitsInCluster()) {
      error = where + (member.splitsInCluster()
                           ? " adds its splits in a cluster; its rule needs "
                             "\"cluster_slots\""
                           : ": \"cluster_slots\" is for a member whose "
                             "splits meet in a cluster");
      return false;
    }
    rule.tile = {member.blockM,
                 member.blockN,
                 member.blockK,
                 member.splitK,
                 int64_t(tile_rt_dtype_bytes(member.aType)),
                 int64_t(tile_rt_dtype_bytes(member.bType)),
                 int64_t(tile_rt_dtype_bytes(member.cType)),
                 member.streamK,
                 rule.tile.clusterSlots,
                 modelBlocksPerSm(member),
                 member.swapAB == 1};
    out.rules.push_back(std::move(rule));
  }
  // A rule with neither a class nor a cost matches every shape, so the
  // model would never be asked.
  bool modelled = false, catchAll = false;
  for (const DispatchRule &r : out.rules) {
    modelled |= r.modelled();
    catchAll |= !r.modelled() && r.shapeClass.empty();
  }
  if (modelled && catchAll) {
    error = "a rule with neither \"class\" nor \"cost\" would shadow every "
            "rule with a cost";
    return false;
  }
  // Its types are its members' (for the problem's buffers).
  m.aType = out.members[0].aType;
  m.bType = out.members[0].bType;
  m.cType = out.members[0].cType;
  return true;
}

int64_t modelBlocksPerSm(const Manifest &member) {
  // (255 registers a thread, allocated in 256s per warp: the 2048 threads
  // an SM holds never bind before them)
  const int64_t sharedPerSm = 228 * 1024, reservedPerBlock = 1024,
                registersPerSm = 65536, registersPerThread = 256;
  int64_t byShared =
      sharedPerSm / (member.dynamicSharedBytes + reservedPerBlock);
  int64_t warpThreads =
      ceilDiv(std::max<int64_t>(member.threadsPerBlock, 1), int64_t(32)) * 32;
  int64_t byRegisters = registersPerSm / (registersPerThread * warpThreads);
  // A kernel compiled for min_blocks_per_sm holds its registers to fit them.
  byRegisters = std::max(byRegisters, member.minBlocksPerSm);
  return std::clamp<int64_t>(std::min(byShared, byRegisters), 1,
                             kMaxModelBlocksPerSm);
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

namespace {

// In double: tiles times split-K passes 2^63 for sizes near 2^31.
double tiles(const ModelTile &t, int64_t m, int64_t n) {
  return double(ceilDiv(m, t.blockM)) * double(ceilDiv(n, t.blockN));
}

// Programs resident at once: the member's blocks per SM on every SM, or,
// where a tile's splits run as one cluster, the chip's blocks resident in
// clusters of that size.
double slots(const ModelTile &t, double sms) {
  bool clustered = t.splitK > 1 && t.splitK <= int64_t(t.clusterSlots.size()) &&
                   t.clusterSlots[t.splitK - 1] > 0;
  return clustered ? double(t.clusterSlots[t.splitK - 1])
                   : sms * double(t.blocksPerSm);
}

double waves(const ModelTile &t, double sms, int64_t m, int64_t n) {
  return std::ceil(tiles(t, m, n) * double(t.splitK) / slots(t, sms));
}

int64_t steps(const ModelTile &t, int64_t k) {
  return ceilDiv(ceilDiv(k, t.blockK), t.splitK);
}

// Hybrid Stream-K's rounds (Persistent.cpp) on its persistent programs
// (slots: SMs times blocks per SM): past a whole wave, the last whole wave's
// and the partial one's tiles are shared, and each program takes an even share
// of their K steps after the data-parallel waves. No tile is shared when the
// tiles fill whole waves or fit one, or for another schedule.
struct StreamKRounds {
  double shared = 0, dataParallelWaves = 0, shareSteps = 0;
};
StreamKRounds streamKRounds(const ModelTile &t, double sms, int64_t m,
                            int64_t n, int64_t k) {
  double programs = slots(t, sms), all = tiles(t, m, n),
         whole = std::floor(all / programs);
  StreamKRounds r;
  if (!t.streamK || whole < 1 || all <= whole * programs)
    return r;
  r.shared = all - (whole - 1) * programs;
  r.dataParallelWaves = whole - 1;
  r.shareSteps = r.shared * double(steps(t, k)) / programs;
  return r;
}

std::string count(double n, const char *what) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f", n);
  return text + std::string(" ") + what + (n == 1 ? "" : "s");
}

// The rounds of K steps the model counts: whole waves, or for hybrid
// Stream-K its data-parallel waves and each program's share of the shared
// tiles' steps.
std::string waveText(const ModelTile &t, double sms, int64_t m, int64_t n,
                     int64_t k) {
  StreamKRounds sk = streamKRounds(t, sms, m, n, k);
  if (sk.shared == 0)
    return count(waves(t, sms, m, n), "wave") + " of " +
           count(steps(t, k), "K step");
  return count(sk.dataParallelWaves, "data-parallel wave") + " of " +
         count(steps(t, k), "K step") + ", then " +
         count(sk.shared, "shared tile") + " at " +
         count(std::ceil(sk.shareSteps), "K step") + " per program";
}

} // namespace

std::string microseconds(double ns) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f us", ns / 1000);
  return text;
}

namespace {

// How far apart two shape classes are: the power-of-two steps between their
// sizes (each 0 to 62), and one more when one is unaligned and the other not.
int classDistance(const std::string &a, const std::string &b) {
  auto x = tile_manifest::parseShapeClass(a);
  auto y = tile_manifest::parseShapeClass(b);
  if (!x || !y)
    return std::numeric_limits<int>::max();
  int d = x->unaligned != y->unaligned;
  for (int i = 0; i < 3; ++i)
    d += std::abs(x->bits[i] - y->bits[i]);
  return d;
}

} // namespace

std::string nearestClass(const std::vector<DispatchRule> &rules, int64_t m,
                         int64_t n, int64_t k) {
  std::string own = shapeClass(m, n, k);
  int64_t nearest = -1;
  int distance = std::numeric_limits<int>::max();
  for (size_t i = 0; i < rules.size(); ++i) {
    int d = classDistance(own, rules[i].shapeClass);
    if (!rules[i].shapeClass.empty() && (nearest < 0 || d < distance)) {
      nearest = int64_t(i);
      distance = d;
    }
  }
  std::string text = "class " + own;
  if (nearest >= 0)
    text += "; the nearest rule is " + std::to_string(nearest) +
            ", for class " + rules[size_t(nearest)].shapeClass + " (" +
            rules[size_t(nearest)].bundle + ")";
  return text;
}

namespace {

// L2 serves TMA's box rows by the 128-byte line and its 32-byte sectors: a
// row that starts inside a line costs two lines, and one that starts inside
// a sector five sectors, not four. Of rows `pitch` bytes apart, 1 -
// gcd(pitch, 128) / 128 start inside a line (7 in 8 where rows start inside
// a sector, whose lines count 5/4 each).
double linesPerRow(int64_t pitch) {
  double lines =
      2.0 - double(std::gcd(pitch % kLineBytes, kLineBytes)) / kLineBytes;
  return pitch % kSectorBytes ? lines * 5 / 4 : lines;
}

// An SM's L2 line requests take at least this long each (ns) where every
// SM is busy: a K step of its resident tiles takes no less than their
// lines. Fitted on members timed with rows off whole lines beside the same
// on whole lines (H100): within 10% of the measured slowdown on 211 of 357
// pairs, picks within 3% of the fastest timed member 16 -> 32 of 55:
// docs/results/raw/off-sector/fit.txt.
constexpr double kLineNs = 1.13;

// A K step of one tile: the member's own (calibrated on rows on whole
// lines), or where rows straddle lines, its SM's line requests if longer.
double stepNs(const ModelTile &t, const double cost[5], int64_t m, int64_t n,
              RowPitches pitches) {
  double rowsA = double(t.blockM * t.blockK * t.aBytes) / kLineBytes,
         rowsB = double(t.blockN * t.blockK * t.bBytes) / kLineBytes;
  double lines =
      rowsA * linesPerRow(pitches.a) + rowsB * linesPerRow(pitches.b);
  if (lines == rowsA + rowsB)
    return cost[1] / 1000;
  // L2 serves the whole chip: programs on fewer SMs than it has each get a
  // larger share (1000^3's 64 tiles of 128x128 lose little).
  double busy = std::min(1.0, tiles(t, m, n) * double(t.splitK) / cost[0]);
  return std::max(cost[1] / 1000,
                  kLineNs * busy * lines * slots(t, cost[0]) / cost[0]);
}

} // namespace

// Every SM runs its resident programs at once: the tiles (times split-K) take
// `waves` rounds of `steps` K steps each, unless streaming A, B and C (and
// split-K's f32 partial tiles) at the member's bandwidth takes longer.
double modelEstimateNs(const ModelTile &t, const double cost[5], int64_t m,
                       int64_t n, int64_t k, RowPitches pitches) {
  double step = stepNs(t, cost, m, n, pitches);
  double compute =
      waves(t, cost[0], m, n) * (double(steps(t, k)) * step + cost[2]);
  // Hybrid Stream-K (a program per slot): the data-parallel waves, then an
  // even share of the shared tiles' K steps in two pieces; about one tile
  // per program boundary is split, its two partials written and read back
  // through the workspace.
  StreamKRounds sk = streamKRounds(t, cost[0], m, n, k);
  if (sk.shared > 0)
    compute = sk.dataParallelWaves * (double(steps(t, k)) * step + cost[2]) +
              sk.shareSteps * step + 2 * cost[2];
  // A split tile's partials: about its rows inside M (warps skip rows
  // past M in 16s).
  double partialRows =
      double(std::min(ceilDiv(m, t.blockM) * t.blockM, ceilDiv(m, 16) * 16));
  double bytes = double(t.aBytes) * double(m) * double(k) +
                 double(t.bBytes) * double(n) * double(k) +
                 double(t.cBytes) * double(m) * double(n) +
                 (t.splitK > 1 ? 8.0 * partialRows *
                                     double(ceilDiv(n, t.blockN) * t.blockN) *
                                     double(t.splitK)
                               : 16.0 * std::min(sk.shared, slots(t, cost[0])) *
                                     double(t.blockM) * double(t.blockN));
  // Programs on fewer SMs than the chip's draw a share of its bandwidth.
  double busy = std::min(1.0, tiles(t, m, n) * double(t.splitK) / cost[0]);
  return cost[3] + std::max(compute, bytes / (cost[4] * busy));
}

namespace {

// A split-K tile whose splits meet in the workspace, not in a cluster:
// more splits than a cluster holds.
bool splitsInWorkspace(const ModelTile &tile) {
  return tile.splitK > tile_manifest::kMaxClusterSplits &&
         tile.clusterSlots[0] == 0;
}

// Clusters of 3 run slower than their placement alone explains: the pick
// takes 3 splits only where the estimate beats the powers of two by more
// than this factor (where 4 would need a second wave and 2 leaves a third
// of the SMs idle). Of 1.0 to 1.4, 1.25 is the least at which the picks it
// moves gain on every set timed beside the picks they replace (random and
// suite shapes, nt and nn; at 1.1 nn's lose): docs/results/raw/split3.
constexpr double kThreeSplitCost = 1.25;
// The transposed (swap_ab) members lose less at 3: the picks a factor of
// 1.1 moves to one of them gain on two sets of random shapes (geomean 1.09
// and 1.06), where the others' tie in nt (1.00) and lose in nn (0.92):
// docs/results/raw/split3-h200.
constexpr double kThreeSplitCostSwapAB = 1.1;

double threeSplitCost(const ModelTile &tile) {
  return tile.swapAB ? kThreeSplitCostSwapAB : kThreeSplitCost;
}

// A member split in clusters of 3: its estimate, without the pick's factor.
double threeSplitNs(const ModelTile &tile, const double cost[5], int64_t m,
                    int64_t n, int64_t k, RowPitches pitches) {
  ModelTile three = tile;
  three.splitK = 3;
  return modelEstimateNs(three, cost, m, n, k, pitches);
}

} // namespace

double modelLeastNs(const ModelTile &tile, const double cost[5], int64_t m,
                    int64_t n, int64_t k, RowPitches pitches, int64_t &splits,
                    bool three) {
  ModelTile t = tile;
  // Splits in a cluster: powers of two, and 3 at a cost, since clusters of
  // 3, 5, 6 or 7 blocks measured slower than their placement alone
  // explains (docs/results/shapes.md). Above a cluster's splits, through the
  // workspace: any count whose programs all fit at once, as the runtime
  // launches a tile's resident splits; one where two do not.
  bool workspace = splitsInWorkspace(tile);
  int64_t first = tile.splitK > 1 ? 2 : 1, last = tile.splitK;
  if (workspace) {
    // (in double: a fit may try any SMs)
    last = int64_t(std::min(
        double(last), std::floor(slots(tile, cost[0]) / tiles(tile, m, n))));
    first = std::min<int64_t>(first, std::max<int64_t>(last, 1));
  }
  double best = 0;
  for (int64_t s = first; s <= std::max(first, last);
       s = workspace ? s + 1 : s * 2) {
    t.splitK = s;
    double ns = modelEstimateNs(t, cost, m, n, k, pitches);
    if (s == first || ns < best) {
      best = ns;
      splits = s;
    }
  }
  if (three && !workspace && tile.splitK >= 3) {
    double ns =
        threeSplitCost(tile) * threeSplitNs(tile, cost, m, n, k, pitches);
    if (ns < best) {
      best = ns;
      splits = 3;
    }
  }
  return best;
}

std::array<double, 5> DispatchRule::modelCost() const {
  std::array<double, 5> c;
  std::copy(std::begin(cost), std::end(cost), c.begin());
  return c;
}

double DispatchRule::estimateNs(int64_t m, int64_t n, int64_t k,
                                RowPitches pitches, int64_t *splits) const {
  int64_t chosen = 1;
  double ns = modelLeastNs(tile, modelCost().data(), m, n, k, pitches, chosen);
  if (splits)
    *splits = chosen;
  return ns;
}

std::vector<RankedRule> rankModelled(const std::vector<DispatchRule> &rules,
                                     int64_t m, int64_t n, int64_t k,
                                     RowPitches pitches) {
  std::vector<RankedRule> ranked;
  for (size_t i = 0; i < rules.size(); ++i) {
    if (!rules[i].modelled())
      continue;
    RankedRule r{int64_t(i), 0, 1};
    r.ns = rules[i].estimateNs(m, n, k, pitches, &r.splits);
    ranked.push_back(r);
  }
  // Stable: the first rule wins a tie.
  std::stable_sort(
      ranked.begin(), ranked.end(),
      [](const RankedRule &a, const RankedRule &b) { return a.ns < b.ns; });
  return ranked;
}

std::vector<RankedRule> rankCandidates(const std::vector<DispatchRule> &rules,
                                       int64_t m, int64_t n, int64_t k,
                                       RowPitches pitches) {
  std::vector<RankedRule> ranked = rankModelled(rules, m, n, k, pitches);
  for (size_t i = 0, e = ranked.size(); i < e; ++i) {
    const DispatchRule &r = rules[size_t(ranked[i].rule)];
    if (r.tile.splitK < 3 || splitsInWorkspace(r.tile))
      continue;
    if (ranked[i].splits == 3) {
      int64_t other = 1;
      double ns = modelLeastNs(r.tile, r.modelCost().data(), m, n, k, pitches,
                               other, /*three=*/false);
      ranked.push_back({ranked[i].rule, ns, other});
      continue;
    }
    double ns = threeSplitNs(r.tile, r.modelCost().data(), m, n, k, pitches);
    if (ns < ranked[i].ns)
      ranked.push_back({ranked[i].rule, ns, 3});
  }
  if (!ranked.empty())
    std::stable_sort(
        ranked.begin() + 1, ranked.end(),
        [](const RankedRule &a, const RankedRule &b) { return a.ns < b.ns; });
  return ranked;
}

int64_t unmodelledRule(const std::vector<DispatchRule> &rules, int64_t m,
                       int64_t n, int64_t k) {
  std::string own = shapeClass(m, n, k);
  for (size_t i = 0; i < rules.size(); ++i)
    if (!rules[i].modelled() &&
        (rules[i].shapeClass.empty() || rules[i].shapeClass == own))
      return int64_t(i);
  return -1;
}

int64_t pickRule(const std::vector<DispatchRule> &rules, int64_t m, int64_t n,
                 int64_t k, RowPitches pitches, std::string &why,
                 int64_t &splits, double &ns) {
  splits = 0;
  ns = 0;
  if (int64_t i = unmodelledRule(rules, m, n, k); i >= 0) {
    const DispatchRule &r = rules[size_t(i)];
    why = "rule " + std::to_string(i);
    if (!r.shapeClass.empty())
      why += ", class " + r.shapeClass;
    why += ": " + r.why;
    return i;
  }
  std::vector<RankedRule> ranked = rankModelled(rules, m, n, k, pitches);
  if (ranked.empty()) {
    why = nearestClass(rules, m, n, k);
    return -1;
  }
  const RankedRule &best = ranked[0];
  ns = best.ns;
  const DispatchRule &r = rules[size_t(best.rule)];
  ModelTile t = r.tile;
  t.splitK = best.splits;
  if (r.tile.splitK > 1)
    splits = best.splits;
  why =
      "rule " + std::to_string(best.rule) +
      ", model: " + count(tiles(t, m, n), "tile") + " of " +
      std::to_string(t.blockM) + "x" + std::to_string(t.blockN) +
      (t.splitK > 1 ? " split " + std::to_string(t.splitK) + " ways" : "") +
      ", " + waveText(t, double(r.cost[0]), m, n, k) +
      (stepNs(t, r.modelCost().data(), m, n, pitches) > double(r.cost[1]) / 1000
           ? " (each taking its L2 lines: rows off whole lines)"
           : "") +
      ", " + microseconds(best.ns);
  if (ranked.size() > 1)
    why += " (next: rule " + std::to_string(ranked[1].rule) + ", " +
           microseconds(ranked[1].ns) + ")";
  why += ": " + r.why;
  return best.rule;
}

// A copy (cuMemcpy2DAsync, device to device) moves this many bytes read
// and written per ns, after this many ns of its own: on the H100, 8-218 MB
// in 10-131 us (docs/results/raw/line-copies; the H200's faster HBM makes
// them a bound).
constexpr double kCopyBytesPerNs = 1700, kCopyNs = 2500;

double lineCopyNs(int64_t bytes, int64_t copies) {
  return double(copies) * kCopyNs + double(bytes) / kCopyBytesPerNs;
}

// The model's estimates on rows off lines err by up to 14% either way
// where the copies' choice is close (on the H100: estimated 0.93-0.98 of
// in place, measured 1.01-1.12 in nt): copies are taken only where
// estimated at most this share of the time in place.
constexpr double kLineCopyShare = 0.9;

bool lineCopiesPay(double withCopies, double inPlace) {
  return withCopies <= kLineCopyShare * inPlace;
}

} // namespace tilert
