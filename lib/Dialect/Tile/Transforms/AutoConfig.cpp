//===- AutoConfig.cpp - A family of configurations and a dispatch rule ----===//
//
// config=auto compiles each kernel function once per member of a small
// family of TMA + wgmma configurations and records, on the module, the rule
// that picks one per problem shape (first match wins). The rule is a wave
// model measured on the H200 (docs/results/shapes.md):
//   at most 16 tiles of 64x64 and K >= 4096
//                                 64x64 tiles, split-K 8: a few tiles alone
//                                 would leave most SMs idle for all of K;
//   M <= 64                       64x128 tiles, one warpgroup: a 128-row
//                                 tile would waste half or more of each MMA;
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

#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Dialect/Tile/Transforms/Transforms.h"
#include "tile/Support/FileUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

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
  KernelConfig cfg;
  bool persistent;
  // The rule's conditions; 0 or empty for none.
  int64_t maxM;
  int64_t tilesBlockM, tilesBlockN, maxTiles; // ceil(M/bm) ceil(N/bn) < max
  std::string why;
  std::string shapeClass = {}; // tile-tune's class of (M, N, K)
  int64_t minK = 0;
};

KernelConfig wgmma(int64_t m, int64_t n, int64_t warps, int64_t stages,
                   TileOrder order, WarpSpecialize ws) {
  KernelConfig c;
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

/// The family, in the order the rule tries it. A 32-bit C doubles the
/// staging tile: the big member then keeps its staging over the ring.
SmallVector<Member> family(Type cElt) {
  bool wideC = cElt.getIntOrFloatBitWidth() > 16;
  KernelConfig big =
      wideC ? wgmma(128, 256, 8, 4, TileOrder::Grouped, WarpSpecialize::None)
            : wgmma(128, 256, 8, 3, TileOrder::Serpentine,
                    WarpSpecialize::Cooperative);
  KernelConfig split =
      wgmma(64, 64, 4, 8, TileOrder::Linear, WarpSpecialize::None);
  split.splitK = 8;
  return {
      {"split", split, false, 0, 64, 64, 17,
       "few tiles and a long K: 8 programs per tile share the K steps",
       {}, 4096},
      {"m64", wgmma(64, 128, 4, 8, TileOrder::Grouped, WarpSpecialize::None),
       true, 64, 0, 0, 0,
       "one 64-row warpgroup tile instead of a half-empty 128-row one"},
      {"small",
       wgmma(64, 64, 4, 8, TileOrder::Grouped, WarpSpecialize::None), true, 0,
       128, 128, kSMs / 4,
       "the smallest tiles, for the most programs"},
      {"mid",
       wgmma(128, 128, 4, 6, TileOrder::Grouped, WarpSpecialize::None), true,
       0, 128, 256, 2 * kSMs,
       "128x128 tiles fill the SMs better than a partial wave of 128x256"},
      {"big", big, true, 0, 0, 0, 0,
       "two waves or more of 128x256 tiles: the fastest large-shape kernel"},
  };
}

/// "f16", "bf16" or "f32": the names manifests and tile-tune use.
std::string typeName(Type t) {
  if (t.isBF16())
    return "bf16";
  return t.isF16() ? "f16" : "f32";
}

/// tile-tune's winners (wgmma ones, for these types) as members, one per
/// shape class, in the cache's order.
FailureOr<SmallVector<Member>> tunedMembers(Operation *where, StringRef path,
                                            Type aElt, Type cElt) {
  auto fail = [&](const Twine &why) {
    return where->emitError("tile-auto-config: tune cache '")
           << path << "': " << why;
  };
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return fail(buffer.getError().message());
  // The JSON parser recurses once per level.
  if (std::optional<std::string> deep =
          checkNestingDepth((*buffer)->getBuffer()))
    return fail(*deep);
  llvm::Expected<llvm::json::Value> doc =
      llvm::json::parse((*buffer)->getBuffer());
  if (!doc)
    return fail(llvm::toString(doc.takeError()));
  const llvm::json::Array *entries =
      doc->getAsObject() ? doc->getAsObject()->getArray("entries") : nullptr;
  if (!entries)
    return fail("expected an object with an \"entries\" array");
  SmallVector<Member> out;
  for (const llvm::json::Value &v : *entries) {
    const llvm::json::Object *e = v.getAsObject();
    const llvm::json::Object *c = e ? e->getObject("config") : nullptr;
    auto str = [](const llvm::json::Object *o, StringRef key) {
      return o ? o->getString(key).value_or("") : StringRef();
    };
    if (!c || str(e, "class").empty())
      return fail("every entry needs a \"class\" and a \"config\"");
    if (str(e, "chip") != "sm_90a" || str(e, "dtype") != typeName(aElt) ||
        str(e, "c_type") != typeName(cElt) || str(c, "mma") != "wgmma")
      continue; // for another kernel, or not a TMA + wgmma one
    KernelConfig cfg;
    for (const KernelConfig::IntField &f : KernelConfig::intFields())
      if (std::optional<int64_t> i = c->getInteger(f.name))
        cfg.*f.member = *i;
    cfg.mma = MmaKind::Wgmma;
    cfg.chip = Chip::SM90a;
    auto order = symbolizeTileOrder(str(c, "order"));
    auto ws = symbolizeWarpSpecialize(str(c, "warp_specialize"));
    auto schedule = symbolizeSchedule(str(c, "schedule"));
    if (!order || !ws || !schedule)
      return fail("an entry's \"config\" names no known order, "
                  "warp_specialize or schedule");
    cfg.order = *order;
    cfg.warpSpecialize = *ws;
    if (failed(cfg.verify([&] {
          return where->emitError("tile-auto-config: tune cache '")
                 << path << "': class " << str(e, "class") << ": ";
        })))
      return failure();
    std::string why = ("tuned: " + str(e, "lowering") + ", the fastest " +
                       "tile-tune measured for this class")
                          .str();
    out.push_back({"tuned" + std::to_string(out.size()), cfg,
                   *schedule == Schedule::Persistent, 0, 0, 0, 0, why,
                   str(e, "class").str()});
  }
  return out;
}

} // namespace

LogicalResult mlir::tile::autoConfigure(ModuleOp module, StringRef tuneCache) {
  SmallVector<func::FuncOp> kernels;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.getOps<MatmulOp>().empty() && !KernelConfig::fromOp(func))
      kernels.push_back(func);
  Builder b(module.getContext());
  NamedAttrList dispatch(
      module->getAttrOfType<DictionaryAttr>(TileDialect::kDispatchAttrName));
  for (func::FuncOp func : kernels) {
    bool three = func.getNumArguments() == 3;
    auto aType = dyn_cast_if_present<MemRefType>(
        three ? func.getArgumentTypes()[0] : Type());
    auto cType = dyn_cast_if_present<MemRefType>(
        three ? func.getArgumentTypes()[2] : Type());
    if (!aType || !cType)
      return func.emitError("tile-auto-config: a kernel function takes the "
                            "memrefs A, B and C");
    SmallVector<Member> members;
    if (!tuneCache.empty()) {
      FailureOr<SmallVector<Member>> tuned = tunedMembers(
          module, tuneCache, aType.getElementType(), cType.getElementType());
      if (failed(tuned))
        return failure();
      members = std::move(*tuned);
    }
    members.append(family(cType.getElementType()));
    SmallVector<Attribute> rules;
    OpBuilder ob(func);
    for (const Member &m : members) {
      auto clone = cast<func::FuncOp>(ob.clone(*func));
      std::string name = (func.getName() + "__" + m.suffix).str();
      clone.setName(name);
      if (failed(tileKernel(clone, m.cfg)) ||
          (m.persistent && failed(makePersistent(clone))))
        return failure();
      NamedAttrList rule;
      rule.set("kernel", b.getStringAttr(name));
      if (m.maxM)
        rule.set("max_m", b.getI64IntegerAttr(m.maxM));
      if (m.maxTiles)
        rule.set("max_tiles", b.getI64ArrayAttr({m.tilesBlockM, m.tilesBlockN,
                                                 m.maxTiles}));
      if (m.minK)
        rule.set("min_k", b.getI64IntegerAttr(m.minK));
      if (!m.shapeClass.empty())
        rule.set("class", b.getStringAttr(m.shapeClass));
      rule.set("why", b.getStringAttr(m.why));
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
