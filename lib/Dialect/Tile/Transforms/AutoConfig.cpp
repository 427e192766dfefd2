//===- AutoConfig.cpp - A family of configurations and a dispatch rule ----===//
//
// config=auto compiles each kernel function once per member of a small
// family of TMA + wgmma configurations and records, on the module, the rule
// that picks one per problem shape (first match wins). The rule is a wave
// model measured on the H200 (docs/results/shapes.md,
// docs/results/raw/calibration):
//   at most 16 tiles of 64x64 and K >= 4096
//                                 64x64 tiles, split-K 8: a few tiles alone
//                                 would leave most SMs idle for all of K;
//   M <= 64, a long K and few 64x128 tiles
//                                 64x128 tiles, split-K 4 or 2;
//   M <= 64                       64x128 tiles (64x256 from N = 16384), one
//                                 warpgroup: a 128-row tile would waste half
//                                 or more of each MMA;
//   a long K and under half a wave of 128x128 tiles
//                                 128x128 tiles, split-K 3 or 2;
//   under a quarter wave of 128x128 tiles (C has fewer than SMs / 4 of them)
//                                 64x64 tiles, for the most programs;
//   under two waves of 128x256 tiles
//                                 128x128 tiles: 128x256 would leave one
//                                 partial wave of idle SMs;
//   otherwise                     128x256, warp-specialized, serpentine.
// A tile-tune cache adds its winners ahead of these, each for its own shape
// class.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/ManifestSchema.h"
#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"
#include "tile/Support/FileUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEAUTOCONFIG
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The H200's SMs, for the rule's wave counts.
constexpr int64_t kSMs = 132;

struct Member {
  std::string suffix;
  KernelConfig cfg; // its schedule: applied after tiling
  // The rule's conditions; 0 or empty for none.
  int64_t maxM;
  int64_t tilesBlockM, tilesBlockN, maxTiles; // ceil(M/bm) ceil(N/bn) < max
  std::string why;
  std::string shapeClass = {}; // tile-tune's class of (M, N, K)
  int64_t minK = 0;
};

KernelConfig wgmma(int64_t m, int64_t n, int64_t warps, int64_t stages,
                   TileOrder order, WarpSpecialize ws,
                   Schedule schedule = Schedule::Persistent) {
  KernelConfig c;
  c.schedule = schedule;
  c.blockM = m;
  c.blockN = n;
  c.blockK = 64;
  c.numWarps = warps;
  c.numStages = stages;
  c.order = order;
  c.mma = MmaKind::Wgmma;
  c.warpSpecialize = ws;
  c.chip = Chip::SM90a;
  return c;
}

/// The family, in the order the rule tries it. The decode and long-K
/// members were chosen from the calibration runs in
/// docs/results/raw/calibration (layout nt, M 1 to 512, four model
/// families); a 32-bit C takes the same members (the warp-specialized one
/// stages its C in halves, SharedLayout.h).
SmallVector<Member> family() {
  auto splitK = [](KernelConfig c, int64_t splits) {
    c.schedule = Schedule::Tiled;
    c.splitK = splits;
    return c;
  };
  auto tiled = [](int64_t m, int64_t n, int64_t stages) {
    return wgmma(m, n, 4, stages, TileOrder::Linear, WarpSpecialize::None,
                 Schedule::Tiled);
  };
  KernelConfig m64 =
      wgmma(64, 128, 4, 8, TileOrder::Grouped, WarpSpecialize::None);
  return {
      {"split", splitK(tiled(64, 64, 8), 8), 0, 64, 64, 17,
       "few tiles and a long K: 8 programs per tile share the K steps",
       {}, 4096},
      {"m64k4", splitK(tiled(64, 128, 8), 4), 64, 64, 128, 48,
       "under 48 tiles of 64x128 and a long K: 4 programs per tile fill the "
       "SMs that one per tile leaves idle",
       {}, 8192},
      {"m64k2", splitK(tiled(64, 128, 8), 2), 64, 64, 128, 96,
       "under 96 tiles of 64x128 and a very long K: 2 programs per tile",
       {}, 16384},
      {"m64", m64, 64, 64, 256, 64,
       "one 64-row warpgroup tile instead of a half-empty 128-row one"},
      {"m64w", wgmma(64, 256, 4, 5, TileOrder::Grouped, WarpSpecialize::None),
       64, 0, 0, 0,
       "a wide N: 64x256 tiles, half the programs and A loads of 64x128"},
      {"midk3", splitK(tiled(128, 128, 6), 3), 0, 128, 128, 45,
       "under 45 tiles of 128x128 and a long K: 3 programs per tile",
       {}, 12288},
      {"midk2", splitK(tiled(128, 128, 6), 2), 0, 128, 128, 67,
       "under 67 tiles of 128x128 and a long K: 2 programs per tile",
       {}, 12288},
      {"small",
       wgmma(64, 64, 4, 8, TileOrder::Grouped, WarpSpecialize::None), 0,
       128, 128, kSMs / 4,
       "the smallest tiles, for the most programs"},
      {"mid",
       wgmma(128, 128, 4, 6, TileOrder::Grouped, WarpSpecialize::None), 0,
       128, 256, 2 * kSMs,
       "128x128 tiles fill the SMs better than a partial wave of 128x256"},
      {"big",
       wgmma(128, 256, 8, 3, TileOrder::Serpentine,
             WarpSpecialize::Cooperative),
       0, 0, 0, 0,
       "two waves or more of 128x256 tiles: the fastest large-shape kernel"},
  };
}

/// "f16", "bf16" or "f32": the names manifests and tile-tune use.
std::string typeName(Type t) {
  if (t.isBF16())
    return "bf16";
  return t.isF16() ? "f16" : "f32";
}

/// Tune caches are tile-tune's output, a few kilobytes.
constexpr uint64_t kMaxTuneCacheBytes = 16 << 20;
/// Every member is compiled into the bundle and its rule tried in turn.
constexpr size_t kMaxTunedMembers = 32;

/// A winner's "config", read field by field as #tile.kernel reads its own:
/// each field of its type, all required but cluster_m and split_k (1 when
/// absent), no other field; then verified as the attribute is.
FailureOr<KernelConfig>
parseConfig(const llvm::json::Object &c,
            function_ref<InFlightDiagnostic()> emitError) {
  auto shown = [](const llvm::json::Value &v) {
    std::string text;
    llvm::raw_string_ostream(text) << v;
    return text.size() > 40 ? text.substr(0, 40) + "..." : text;
  };
  KernelConfig cfg;
  llvm::StringSet<> known;
  for (const KernelConfig::IntField &f : KernelConfig::intFields()) {
    known.insert(f.name);
    const llvm::json::Value *v = c.get(f.name);
    if (!v && (f.member == &KernelConfig::clusterM ||
               f.member == &KernelConfig::splitK))
      continue;
    if (!v)
      return emitError() << "\"config\" has no \"" << f.name << "\"";
    // Integral doubles (64.0) count; 64.5, 2^63, "64", true and null do not.
    std::optional<int64_t> i = v->getAsInteger();
    if (!i || v->kind() != llvm::json::Value::Number)
      return emitError() << "\"config\" field \"" << f.name
                         << "\" must be an integer, got " << shown(*v);
    cfg.*f.member = *i;
  }
  auto enumField = [&](StringRef name, auto symbolize, auto &out) {
    known.insert(name);
    const llvm::json::Value *v = c.get(name);
    std::optional<StringRef> text = v ? v->getAsString() : std::nullopt;
    auto value = text ? symbolize(*text) : std::nullopt;
    if (value) {
      out = *value;
      return success();
    }
    InFlightDiagnostic diag = emitError();
    diag << "\"config\" field \"" << name << "\" ";
    if (v)
      diag << "names no known value, got " << shown(*v);
    else
      diag << "is missing";
    return LogicalResult(diag);
  };
  // symbolize* are overloaded (names and values): take the names'.
  using S = StringRef;
  if (failed(enumField("schedule", [](S s) { return symbolizeSchedule(s); },
                       cfg.schedule)) ||
      failed(enumField("order", [](S s) { return symbolizeTileOrder(s); },
                       cfg.order)) ||
      failed(enumField("mma", [](S s) { return symbolizeMmaKind(s); },
                       cfg.mma)) ||
      failed(enumField("warp_specialize",
                       [](S s) { return symbolizeWarpSpecialize(s); },
                       cfg.warpSpecialize)))
    return failure();
  for (const auto &kv : c)
    if (!known.contains(kv.first))
      return emitError() << "\"config\" has no field \"" << kv.first.str()
                         << "\"";
  cfg.chip = Chip::SM90a;
  if (failed(cfg.verify(emitError, 0, KernelConfig::Spelling::Attribute)))
    return failure();
  return cfg;
}

InFlightDiagnostic cacheError(Operation *where, StringRef path) {
  return where->emitError("tile-auto-config: tune cache '") << path << "': ";
}

/// The tune cache at `path`, read and parsed once for every kernel.
FailureOr<llvm::json::Value> readTuneCache(Operation *where, StringRef path) {
  auto error = [&] { return cacheError(where, path); };
  llvm::Expected<std::string> text = readRegularFile(path, kMaxTuneCacheBytes);
  if (!text) {
    // The message names the file itself.
    where->emitError("tile-auto-config: tune cache ")
        << llvm::toString(text.takeError());
    return failure();
  }
  // The JSON parser recurses once per level.
  if (std::optional<std::string> deep = checkNestingDepth(*text))
    return error() << *deep;
  llvm::Expected<llvm::json::Value> doc = llvm::json::parse(*text);
  if (!doc)
    return error() << llvm::toString(doc.takeError());
  if (!doc->getAsObject() || !doc->getAsObject()->getArray("entries"))
    return error() << "expected an object with an \"entries\" array";
  return std::move(*doc);
}

/// tile-tune's winners (wgmma ones, for these types) as members, one per
/// shape class (a class listed twice keeps its last entry, as tile-tune's
/// merge does), in the cache's order.
FailureOr<SmallVector<Member>> tunedMembers(Operation *where, StringRef path,
                                            const llvm::json::Value &cache,
                                            Type aElt, Type cElt) {
  auto error = [&] { return cacheError(where, path); };
  const llvm::json::Array &entries =
      *cache.getAsObject()->getArray("entries");
  SmallVector<Member> out;
  llvm::StringMap<size_t> byClass;
  for (const llvm::json::Value &v : entries) {
    const llvm::json::Object *e = v.getAsObject();
    const llvm::json::Object *c = e ? e->getObject("config") : nullptr;
    auto str = [](const llvm::json::Object *o, StringRef key) {
      return o ? o->getString(key).value_or("") : StringRef();
    };
    StringRef shapeClass = str(e, "class");
    if (!c || shapeClass.empty())
      return error() << "every entry needs a \"class\" and a \"config\"";
    if (str(e, "chip") != "sm_90a" || str(e, "dtype") != typeName(aElt) ||
        str(e, "c_type") != typeName(cElt) || str(c, "mma") != "wgmma")
      continue; // for another kernel, or not a TMA + wgmma one
    FailureOr<KernelConfig> cfg =
        parseConfig(*c, [&] { return error() << "class " << shapeClass << ": "; });
    if (failed(cfg))
      return failure();
    std::string why = ("tuned: " + str(e, "lowering") + ", the fastest " +
                       "tile-tune measured for this class")
                          .str();
    auto [slot, fresh] = byClass.try_emplace(shapeClass, out.size());
    Member m{"", *cfg, 0, 0, 0, 0, why, shapeClass.str()};
    if (!fresh) {
      out[slot->second] = m;
      continue;
    }
    if (out.size() == kMaxTunedMembers)
      return error() << "more than " << kMaxTunedMembers << " shape classes for "
                     << typeName(aElt) << " -> " << typeName(cElt)
                     << " (config=auto compiles one member per class); keep "
                        "the classes that matter";
    out.push_back(m);
  }
  for (auto [i, m] : llvm::enumerate(out))
    m.suffix = "tuned" + std::to_string(i);
  return out;
}

} // namespace

LogicalResult mlir::tile::autoConfigure(ModuleOp module, StringRef tuneCache) {
  SmallVector<func::FuncOp> kernels;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.getOps<MatmulOp>().empty() && !KernelConfig::fromOp(func))
      kernels.push_back(func);
  // Kernels and members alike name bundle files (<name>.json): @a's member
  // a__big and a function @a__big would write the same one.
  llvm::StringSet<> taken;
  for (Operation &op : *module.getBody())
    if (auto symbol = dyn_cast<SymbolOpInterface>(op))
      taken.insert(symbol.getName());
  Builder b(module.getContext());
  NamedAttrList dispatch(
      module->getAttrOfType<DictionaryAttr>(TileDialect::kDispatchAttrName));
  std::optional<llvm::json::Value> cache; // read when first needed
  for (func::FuncOp func : kernels) {
    bool three = func.getNumArguments() == 3;
    auto aType = dyn_cast_if_present<MemRefType>(
        three ? func.getArgumentTypes()[0] : Type());
    auto cType = dyn_cast_if_present<MemRefType>(
        three ? func.getArgumentTypes()[2] : Type());
    if (!aType || !cType)
      return func.emitError("tile-auto-config: a kernel function takes the "
                            "memrefs A, B and C");
    // It is replaced by its members and a dispatch rule: a call would dangle.
    if (!SymbolTable::symbolKnownUseEmpty(func, module))
      return func.emitError("tile-auto-config: @")
             << func.getName()
             << " is referenced in the module (a func.call?); a kernel is "
                "launched from the host, not called";
    SmallVector<Member> members;
    if (!tuneCache.empty()) {
      if (!cache) {
        FailureOr<llvm::json::Value> read = readTuneCache(module, tuneCache);
        if (failed(read))
          return failure();
        cache = std::move(*read);
      }
      FailureOr<SmallVector<Member>> tuned =
          tunedMembers(module, tuneCache, *cache, aType.getElementType(),
                       cType.getElementType());
      if (failed(tuned))
        return failure();
      members = std::move(*tuned);
    }
    members.append(family());
    SmallVector<Attribute> rules;
    OpBuilder ob(func);
    for (const Member &m : members) {
      std::string name = (func.getName() + "__" + m.suffix).str();
      if (!taken.insert(name).second)
        return func.emitError("tile-auto-config: @")
               << func.getName() << "'s member @" << name
               << " would have the name (and bundle file) of another "
                  "symbol; rename one of them";
      auto clone = cast<func::FuncOp>(ob.clone(*func));
      clone.setName(name);
      if (failed(tileKernel(clone, m.cfg)) ||
          (m.cfg.schedule == Schedule::Persistent &&
           failed(makePersistent(clone))) ||
          (m.cfg.isStreamK() && failed(makeStreamK(clone))))
        return failure();
      // The rule's fields in the dispatch manifest (ManifestFields.def);
      // tile-write-bundle turns "kernel" into the member's "bundle".
      using tile_manifest::Field;
      auto key = [](Field f) { return StringRef(tile_manifest::name(f)); };
      NamedAttrList rule;
      rule.set("kernel", b.getStringAttr(name));
      if (m.maxM)
        rule.set(key(Field::RuleMaxM), b.getI64IntegerAttr(m.maxM));
      if (m.maxTiles)
        rule.set(key(Field::RuleMaxTiles),
                 b.getI64ArrayAttr({m.tilesBlockM, m.tilesBlockN, m.maxTiles}));
      if (m.minK)
        rule.set(key(Field::RuleMinK), b.getI64IntegerAttr(m.minK));
      if (!m.shapeClass.empty())
        rule.set(key(Field::RuleClass), b.getStringAttr(m.shapeClass));
      rule.set(key(Field::RuleWhy), b.getStringAttr(m.why));
      rules.push_back(rule.getDictionary(b.getContext()));
    }
    dispatch.set(func.getName(), b.getArrayAttr(rules));
    func.erase();
  }
  if (!dispatch.empty())
    module->setAttr(TileDialect::kDispatchAttrName, dispatch.getDictionary(b.getContext()));
  return success();
}

namespace {

struct TileAutoConfigPass
    : tile::impl::TileAutoConfigBase<TileAutoConfigPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(autoConfigure(getOperation(), tuneCache)))
      signalPassFailure();
  }
};

} // namespace
