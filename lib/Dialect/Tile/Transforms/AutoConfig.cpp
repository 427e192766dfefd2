//===- AutoConfig.cpp - A family of configurations and a cost model -------===//
//
// config=auto compiles each kernel function once per member of a family of
// TMA + wgmma configurations and records, on the module, how to pick one
// per problem shape. The family and each member's cost coefficients come
// from a calibration table for the chip (data/sm_90a.json, built in; the
// pass option `calibration` names another): the runtime estimates every
// member's time for the shape (waves of tiles times K steps, or the bytes
// over the member's bandwidth, whichever is longer) and runs the fastest.
// A tile-tune cache adds its winners ahead of the model, each for its own
// shape class.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/KernelABI.h"
#include "tile/Conversion/ManifestSchema.h"
#include "tile/Conversion/TuneCache.h"
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

/// The built-in calibration table (data/sm_90a.json).
constexpr const char *kBuiltinTable =
#include "CalibrationTable.inc"
    ;

struct Member {
  std::string suffix;
  KernelConfig cfg; // its schedule: applied after tiling
  std::string why;
  std::string shapeClass = {};   // tile-tune's class of (M, N, K)
  SmallVector<int64_t, 4> cost = {}; // the model's coefficients
};

/// "f16", "bf16" or "f32": the names manifests and tile-tune use.
std::string typeName(Type t) {
  if (t.isBF16())
    return "bf16";
  return t.isF16() ? "f16" : "f32";
}

/// Tune caches and calibration tables are a few kilobytes.
constexpr uint64_t kMaxInputFileBytes = 16 << 20;
/// Every member is compiled into every bundle: at most this many from a tune
/// cache, and kMaxTableMembers from a calibration table.
constexpr size_t kMaxTunedMembers = 32;
constexpr size_t kMaxTableMembers = 48;
static_assert(kMaxTableMembers <= tile_manifest::kMaxMembers,
              "the runtime reads every member of a table's bundle");

/// A winner's "config", read field by field as #tile.kernel reads its own:
/// each field of its type, all required but cluster_m, split_k, swap_ab
/// and l2_promotion (KernelConfig's defaults when absent), no other field;
/// then verified as the attribute is.
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
    if (!v && f.optional)
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

/// Whether `why` may be a dispatch rule's "why" (ManifestFields.def).
bool allowsWhy(StringRef why) {
  return tile_manifest::allows(
      tile_manifest::spec(tile_manifest::Field::RuleWhy),
      std::string_view(why.data(), why.size()));
}

/// The tune cache at `path`, read and parsed once for every kernel.
FailureOr<llvm::json::Value> readTuneCache(Operation *where, StringRef path) {
  auto error = [&] { return cacheError(where, path); };
  llvm::Expected<std::string> text = readRegularFile(path, kMaxInputFileBytes);
  if (!text) {
    // The message names the file itself.
    where->emitError("tile-auto-config: tune cache ")
        << llvm::toString(text.takeError());
    return failure();
  }
  llvm::Expected<llvm::json::Value> doc = parseJson(*text);
  if (!doc)
    return error() << llvm::toString(doc.takeError());
  if (!doc->getAsObject() || !doc->getAsObject()->getArray("entries"))
    return error() << "expected an object with an \"entries\" array";
  return std::move(*doc);
}

/// tile-tune's sm_90a winners (wgmma ones, for these types and one of the
/// kernel's layouts: the entry's key, TuneCache.h) as members, one per
/// shape class, in the order classes first appear (a class listed twice
/// keeps its last entry, as tile-tune's merge does).
FailureOr<SmallVector<Member>> tunedMembers(Operation *where, StringRef path,
                                            const llvm::json::Value &cache,
                                            Type aElt, Type cElt,
                                            ArrayRef<std::string> layouts) {
  auto error = [&] { return cacheError(where, path); };
  const llvm::json::Array &entries =
      *cache.getAsObject()->getArray("entries");
  SmallVector<Member> out;
  llvm::StringMap<size_t> byClass;
  for (auto [i, v] : llvm::enumerate(entries)) {
    const llvm::json::Object *e = v.getAsObject();
    if (!e)
      return error() << "entry " << i + 1 << " is not an object";
    std::string why;
    std::optional<tile_tune_cache::Key> key = tile_tune_cache::readKey(
        [&](const char *name) {
          using tile_tune_cache::Value;
          const llvm::json::Value *field = e->get(name);
          if (!field)
            return Value{Value::Absent, {}};
          if (field->kind() == llvm::json::Value::Null)
            return Value{Value::Null, {}};
          if (std::optional<StringRef> text = field->getAsString())
            return Value{Value::String, {text->data(), text->size()}};
          return Value{Value::Other, {}};
        },
        why);
    if (!key)
      return error() << "entry " << i + 1 << ": " << why;
    StringRef shapeClass = key->shapeClass;
    const llvm::json::Object *c = e->getObject("config");
    if (!c)
      return error() << "class " << shapeClass << ": no \"config\" object";
    if (key->chip != "sm_90a" || key->dtype != typeName(aElt) ||
        key->cType != typeName(cElt) ||
        c->getString("mma").value_or("") != "wgmma" ||
        !llvm::is_contained(layouts, key->layout))
      continue; // for another kernel, or not a TMA + wgmma one
    FailureOr<KernelConfig> cfg =
        parseConfig(*c, [&] { return error() << "class " << shapeClass << ": "; });
    if (failed(cfg))
      return failure();
    why = ("tuned: " + e->getString("lowering").value_or("") +
           ", the fastest " + "tile-tune measured for this class")
              .str();
    if (!allowsWhy(why))
      return error() << "class " << shapeClass
                     << ": \"lowering\" holds a control character";
    auto [slot, fresh] = byClass.try_emplace(shapeClass, out.size());
    Member m{"", *cfg, why, shapeClass.str()};
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

/// A calibration table: the family and the model's coefficients.
struct Calibration {
  int64_t sms = 0;
  /// Blocks resident at once in clusters of 1 to 8: the model's programs
  /// per wave for a member whose splits run as one cluster.
  SmallVector<int64_t, 8> clusterSlots;
  SmallVector<Member> members;
};

/// The model's coefficients of a member, in the order of the rule's "cost":
/// picoseconds per K step of one tile while every SM holds its programs,
/// nanoseconds per tile besides, nanoseconds per launch, and the bytes per
/// nanosecond the member streams A, B and C at.
constexpr StringLiteral kCostFields[] = {"step_ps", "tile_ns", "launch_ns",
                                         "gbps"};

/// Reads and checks a calibration table (`path`, or the built-in one when
/// empty); any fault is one error naming the table and the member.
FailureOr<Calibration> readCalibration(Operation *where, StringRef path) {
  std::string name = path.empty() ? "built-in sm_90a" : path.str();
  auto error = [&] {
    return where->emitError("tile-auto-config: calibration table '")
           << name << "': ";
  };
  std::string text = kBuiltinTable;
  if (!path.empty()) {
    llvm::Expected<std::string> read =
        readRegularFile(path, kMaxInputFileBytes);
    if (!read) {
      where->emitError("tile-auto-config: calibration table ")
          << llvm::toString(read.takeError());
      return failure();
    }
    text = std::move(*read);
  }
  llvm::Expected<llvm::json::Value> doc = parseJson(text);
  if (!doc)
    return error() << llvm::toString(doc.takeError());
  const llvm::json::Object *top = doc->getAsObject();
  if (top && top->getString("chip") != "sm_90a")
    return error() << "its \"chip\" is not sm_90a, the chip config=auto "
                      "compiles for";
  const llvm::json::Array *members = top ? top->getArray("members") : nullptr;
  if (!members || members->empty())
    return error() << "expected an object with a non-empty \"members\" array";
  // A misspelled key would be ignored: refuse what the table cannot hold.
  auto unknownKey = [](const llvm::json::Object &o,
                       ArrayRef<StringRef> keys) -> std::optional<std::string> {
    for (const auto &kv : o)
      if (!llvm::is_contained(keys, StringRef(kv.first)))
        return kv.first.str();
    return std::nullopt;
  };
  if (std::optional<std::string> key =
          unknownKey(*top, {"chip", "sms", "cluster_slots", "members"}))
    return error() << "unknown key \"" << *key << "\"";
  Calibration out;
  out.sms = top->getInteger("sms").value_or(0);
  if (out.sms < 1 || out.sms > tile_manifest::kMaxModelSMs)
    return error() << "\"sms\" must be an integer from 1 to "
                   << tile_manifest::kMaxModelSMs;
  // The range a rule's "cluster_slots" may carry (ManifestFields.def).
  const tile_manifest::FieldSpec &slotRange =
      tile_manifest::spec(tile_manifest::Field::RuleClusterSlots);
  const llvm::json::Array *slots = top->getArray("cluster_slots");
  if (slots) {
    for (const llvm::json::Value &v : *slots) {
      std::optional<int64_t> s = v.getAsInteger();
      if (!s || *s < slotRange.min || *s > slotRange.max)
        break;
      out.clusterSlots.push_back(*s);
    }
  }
  if (slots && (out.clusterSlots.size() != slots->size() ||
                slots->size() != slotRange.length))
    return error() << "\"cluster_slots\" must hold " << slotRange.length
                   << " integers from " << slotRange.min << " to "
                   << slotRange.max;
  if (members->size() > kMaxTableMembers)
    return error() << "more than " << kMaxTableMembers << " members";
  llvm::StringSet<> names;
  for (auto [i, v] : llvm::enumerate(*members)) {
    const llvm::json::Object *e = v.getAsObject();
    std::optional<StringRef> member = e ? e->getString("name") : std::nullopt;
    std::optional<StringRef> why = e ? e->getString("why") : std::nullopt;
    const llvm::json::Object *c = e ? e->getObject("config") : nullptr;
    const llvm::json::Object *cost = e ? e->getObject("cost") : nullptr;
    if (!member || !why || !c || !cost)
      return error() << "member " << i
                     << " needs a \"name\", a \"why\", a \"config\" and a "
                        "\"cost\"";
    // The name becomes a symbol and a bundle file name.
    if (member->empty() || member->size() > 32 ||
        !llvm::all_of(*member, [](char ch) {
          return llvm::isLower(ch) || llvm::isDigit(ch);
        }) ||
        member->starts_with("tuned"))
      return error() << "member " << i
                     << ": \"name\" must be 1 to 32 lowercase letters and "
                        "digits, not starting with \"tuned\"";
    if (!names.insert(*member).second)
      return error() << "member " << *member << " is listed twice";
    auto memberError = [&] { return error() << "member " << *member << ": "; };
    if (!allowsWhy(*why))
      return memberError()
             << "\"why\" must be a non-empty line of text, without control "
                "characters";
    if (std::optional<std::string> key =
            unknownKey(*e, {"name", "why", "config", "cost"}))
      return memberError() << "unknown key \"" << *key << "\"";
    FailureOr<KernelConfig> cfg = parseConfig(*c, memberError);
    if (failed(cfg))
      return failure();
    if (!cfg->isWgmma())
      return memberError() << "config=auto's members are TMA + wgmma kernels";
    if (cfg->clusterM != 1)
      return memberError() << "the cost model has no term for clusters; a "
                              "member must have cluster_m = 1";
    if (cost->size() != std::size(kCostFields) ||
        unknownKey(*cost, SmallVector<StringRef>(std::begin(kCostFields),
                                                 std::end(kCostFields))))
      return memberError() << "\"cost\" must hold exactly step_ps, tile_ns, "
                              "launch_ns and gbps";
    // The range a rule's "cost" may carry (ManifestFields.def).
    const tile_manifest::FieldSpec &range =
        tile_manifest::spec(tile_manifest::Field::RuleCost);
    SmallVector<int64_t, 4> coefficients;
    for (StringRef field : kCostFields) {
      std::optional<int64_t> value = cost->getInteger(field);
      if (!value || *value < range.min || *value > range.max)
        return memberError() << "\"cost\" field \"" << field
                             << "\" must be an integer from " << range.min
                             << " to " << range.max;
      coefficients.push_back(*value);
    }
    if (coefficients[0] == 0 || coefficients[3] == 0)
      return memberError() << "\"cost\" needs a positive step_ps and gbps";
    if (cfg->reducesInCluster() && out.clusterSlots.empty())
      return memberError() << "its splits run in clusters, which the model "
                              "counts with the table's \"cluster_slots\"";
    out.members.push_back(
        {member->str(), *cfg, why->str(), {}, std::move(coefficients)});
  }
  return out;
}

} // namespace

LogicalResult mlir::tile::autoConfigure(ModuleOp module, StringRef tuneCache,
                                        StringRef calibration) {
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
  std::optional<Calibration> table;
  for (func::FuncOp func : kernels) {
    bool three = func.getNumArguments() == 3;
    auto aType = dyn_cast_if_present<MemRefType>(
        three ? func.getArgumentTypes()[0] : Type());
    auto bType = dyn_cast_if_present<MemRefType>(
        three ? func.getArgumentTypes()[1] : Type());
    auto cType = dyn_cast_if_present<MemRefType>(
        three ? func.getArgumentTypes()[2] : Type());
    if (!aType || !bType || !cType)
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
                       cType.getElementType(), kernelLayouts(aType, bType));
      if (failed(tuned))
        return failure();
      members = std::move(*tuned);
    }
    if (!table) {
      FailureOr<Calibration> read = readCalibration(module, calibration);
      if (failed(read))
        return failure();
      table = std::move(*read);
    }
    members.append(table->members);
    // An N-major B is loaded in 64-column boxes: members whose block_n is
    // not whole boxes leave this kernel's family.
    if (!isKMajorB(bType))
      llvm::erase_if(members,
                     [](const Member &m) { return m.cfg.needsKMajorB(); });
    // swap_ab members need A K-major (wgmma's B, block_m rows in one box);
    // they are calibrated on x @ w.T alone, so they serve that layout (nt).
    if (!isKMajorA(aType) || !isKMajorB(bType))
      llvm::erase_if(members, [](const Member &m) { return m.cfg.swapAB; });
    if (members.empty())
      return func.emitError("tile-auto-config: no member of the family "
                            "serves @")
             << func.getName() << ": every member "
             << (isKMajorB(bType)
                     ? "is swap_ab, which serves A stored M x K and B "
                       "stored N x K (x @ w.T) only"
                     : "needs B K-major (stored N x K): a block_n not whole "
                       "64-column boxes, or swap_ab");
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
      if (!m.cost.empty()) {
        SmallVector<int64_t> cost{table->sms};
        cost.append(m.cost);
        rule.set(key(Field::RuleCost), b.getI64ArrayAttr(cost));
        if (m.cfg.reducesInCluster())
          rule.set(key(Field::RuleClusterSlots),
                   b.getI64ArrayAttr(table->clusterSlots));
      }
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
    if (failed(autoConfigure(getOperation(), tuneCache, calibration)))
      signalPassFailure();
  }
};

} // namespace
