//===- TileDialect.cpp - The tile dialect ---------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;

#include "tile/Dialect/Tile/IR/TileOpsDialect.cpp.inc"

#include "tile/Dialect/Tile/IR/TileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileAttrs.cpp.inc"

void TileDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tile/Dialect/Tile/IR/TileOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tile/Dialect/Tile/IR/TileAttrs.cpp.inc"
      >();
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  // tile.abi and tile.manifests belong to the GPU lowering, which checks them.
  if (attr.getName() == kKernelAttrName) {
    auto kernel = dyn_cast<KernelAttr>(attr.getValue());
    if (!kernel)
      return op->emitError("'") << kKernelAttrName
                                << "' must be a #tile.kernel attribute";
    // A kernel is a function: the passes read the block from the function
    // whose body they lower.
    if (!isa<FunctionOpInterface>(op))
      return op->emitError("'")
             << kKernelAttrName << "' belongs on a kernel function";
    return KernelConfig::fromAttr(kernel).verifyBody(op);
  }
  if (attr.getName() == kDispatchAttrName) {
    // tile-write-bundle turns each rule into a dispatch manifest's rule.
    auto isRule = [](Attribute a) {
      auto rule = dyn_cast<DictionaryAttr>(a);
      return rule && rule.getAs<StringAttr>("kernel");
    };
    auto dispatch = dyn_cast<DictionaryAttr>(attr.getValue());
    if (!isa<ModuleOp>(op) || !dispatch ||
        !llvm::all_of(dispatch, [&](NamedAttribute entry) {
          auto rules = dyn_cast<ArrayAttr>(entry.getValue());
          return rules && llvm::all_of(rules, isRule);
        }))
      return op->emitError("'")
             << kDispatchAttrName
             << "' must be a dictionary on the module, from each kernel's "
                "name to its rules, each a dictionary with a string "
                "\"kernel\"";
    return success();
  }
  if (attr.getName() == kTransposeAAttrName && !isa<UnitAttr>(attr.getValue()))
    return op->emitError("'")
           << kTransposeAAttrName << "' must be a unit attribute";
  return success();
}

LogicalResult
KernelAttr::verify(function_ref<InFlightDiagnostic()> emitError, int64_t blockM,
                   int64_t blockN, int64_t blockK, int64_t numWarps,
                   int64_t numStages, Schedule schedule, TileOrder order,
                   int64_t groupM, MmaKind mma, WarpSpecialize warpSpecialize,
                   int64_t clusterM, int64_t splitK, int64_t swapAB,
                   int64_t l2Promotion, Chip chip, int64_t sharedBytes) {
  KernelConfig cfg{blockM,    blockN,         blockK,   numWarps,
                   numStages, schedule,       order,    groupM,
                   mma,       warpSpecialize, clusterM, splitK,
                   swapAB,    l2Promotion,    chip,     sharedBytes};
  return cfg.verifyBlock(emitError, KernelConfig::Spelling::Attribute);
}

namespace {

/// "a, b or c": the names of every value of an enum.
template <typename Enum>
std::string enumNames(unsigned maxValue, StringRef (*stringify)(Enum)) {
  std::string out;
  for (unsigned i = 0; i <= maxValue; ++i)
    out += (i == 0 ? "" : i == maxValue ? " or " : ", ") +
           stringify(static_cast<Enum>(i)).str();
  return out;
}

template <typename Enum>
ParseResult parseEnum(AsmParser &p, StringRef field, Enum &value,
                      std::optional<Enum> (*symbolize)(StringRef),
                      StringRef (*stringify)(Enum), unsigned maxValue) {
  SMLoc loc = p.getCurrentLocation();
  StringRef name;
  if (p.parseKeyword(&name))
    return failure();
  if (std::optional<Enum> v = symbolize(name)) {
    value = *v;
    return success();
  }
  return p.emitError(loc, "#tile.kernel field '")
         << field << "' must be " << enumNames(maxValue, stringify)
         << ", got '" << name << "'";
}

/// parseInteger also takes `true` (as -1) and `false`.
ParseResult parseIntField(AsmParser &p, StringRef field, int64_t &value) {
  SMLoc loc = p.getCurrentLocation();
  StringRef word;
  if (succeeded(p.parseOptionalKeyword(&word)))
    return p.emitError(loc, "#tile.kernel field '")
           << field << "' must be an integer, got '" << word << "'";
  return p.parseInteger(value);
}

constexpr StringLiteral kFields[] = {
    "block_m",    "block_n",         "block_k", "num_warps",
    "num_stages", "schedule",        "order",   "group_m",
    "mma",        "warp_specialize", "chip",    "shared_bytes"};

} // namespace

Attribute KernelAttr::parse(AsmParser &p, Type) {
  SMLoc start = p.getCurrentLocation();
  KernelConfig c;
  llvm::StringSet<> seen;
  auto field = [&]() -> ParseResult {
    SMLoc loc = p.getCurrentLocation();
    StringRef key;
    if (p.parseKeyword(&key) || p.parseEqual())
      return failure();
    // (required ones, then KernelConfig's optional integers)
    if (!llvm::is_contained(kFields, key) &&
        !llvm::any_of(KernelConfig::intFields(),
                      [&](const KernelConfig::IntField &f) {
                        return f.optional && key == f.name;
                      }))
      return p.emitError(loc, "#tile.kernel has no field '") << key << "'";
    if (!seen.insert(key).second)
      return p.emitError(loc, "#tile.kernel field '") << key << "' given twice";
    if (key == "shared_bytes")
      return parseIntField(p, key, c.sharedBytes);
    for (const KernelConfig::IntField &f : KernelConfig::intFields())
      if (key == f.name)
        return parseIntField(p, key, c.*f.member);
    if (key == "schedule")
      return parseEnum(p, key, c.schedule, symbolizeSchedule,
                       stringifySchedule, getMaxEnumValForSchedule());
    if (key == "order")
      return parseEnum(p, key, c.order, symbolizeTileOrder, stringifyTileOrder,
                       getMaxEnumValForTileOrder());
    if (key == "mma")
      return parseEnum(p, key, c.mma, symbolizeMmaKind, stringifyMmaKind,
                       getMaxEnumValForMmaKind());
    if (key == "warp_specialize")
      return parseEnum(p, key, c.warpSpecialize, symbolizeWarpSpecialize,
                       stringifyWarpSpecialize,
                       getMaxEnumValForWarpSpecialize());
    return parseEnum(p, key, c.chip, symbolizeChip, stringifyChip,
                     getMaxEnumValForChip());
  };
  if (p.parseLess() || p.parseCommaSeparatedList(field) || p.parseGreater())
    return {};
  for (StringRef f : kFields)
    if (!seen.contains(f)) {
      p.emitError(start, "#tile.kernel is missing field '") << f << "'";
      return {};
    }
  return getChecked([&] { return p.emitError(start); }, p.getContext(),
                    c.blockM, c.blockN, c.blockK, c.numWarps, c.numStages,
                    c.schedule, c.order, c.groupM, c.mma, c.warpSpecialize,
                    c.clusterM, c.splitK, c.swapAB, c.l2Promotion, c.chip,
                    c.sharedBytes);
}

void KernelAttr::print(AsmPrinter &p) const {
  p << "<block_m = " << getBlockM() << ", block_n = " << getBlockN()
    << ", block_k = " << getBlockK() << ", num_warps = " << getNumWarps()
    << ", num_stages = " << getNumStages()
    << ", schedule = " << stringifySchedule(getSchedule())
    << ", order = " << stringifyTileOrder(getOrder())
    << ", group_m = " << getGroupM()
    << ", mma = " << stringifyMmaKind(getMma())
    << ", warp_specialize = " << stringifyWarpSpecialize(getWarpSpecialize());
  KernelConfig c = KernelConfig::fromAttr(*this), defaults;
  for (const KernelConfig::IntField &f : KernelConfig::intFields())
    if (f.optional && c.*f.member != defaults.*f.member)
      p << ", " << f.name << " = " << c.*f.member;
  p << ", chip = " << stringifyChip(getChip())
    << ", shared_bytes = " << getSharedBytes() << ">";
}
