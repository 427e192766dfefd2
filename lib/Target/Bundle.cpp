//===- Bundle.cpp - Launch manifests and the PTX bundle -------------------===//

#include "tile/Conversion/KernelABI.h"
#include "tile/Target/Bundle.h"
#include "tile/Target/Passes.h"
#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Support/FileUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEEXPORTMANIFEST
#define GEN_PASS_DEF_TILEWRITEBUNDLE
#include "tile/Target/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

constexpr StringLiteral kManifestsAttr = "tile.manifests";

DictionaryAttr manifestFor(gpu::GPUModuleOp mod, gpu::GPUFuncOp func,
                           const KernelConfig &cfg, DictionaryAttr abi) {
  Builder b(func.getContext());
  std::string chip = "unknown";
  if (ArrayAttr targets = mod.getTargetsAttr())
    for (Attribute t : targets)
      if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t))
        chip = nvvm.getChip().str();
  SmallVector<Attribute> params;
  for (const KernelParam &p : kernelParams(cfg.isWgmma(), cfg.usesWorkspace()))
    params.push_back(b.getDictionaryAttr({
        b.getNamedAttr("name", b.getStringAttr(p.name)),
        b.getNamedAttr("type", b.getStringAttr(p.type)),
        b.getNamedAttr("meaning", b.getStringAttr(p.meaning)),
    }));
  NamedAttrList attrs(abi);
  auto setInt = [&](StringRef key, int64_t v) {
    attrs.set(key, b.getI64IntegerAttr(v));
  };
  // cluster_m among them: the runner launches clusters of this size.
  for (const KernelConfig::IntField &f : KernelConfig::intFields())
    setInt(f.name, cfg.*f.member);
  setInt("dynamic_shared_memory_bytes", cfg.sharedBytes);
  attrs.set("schedule", b.getStringAttr(stringifySchedule(cfg.schedule)));
  attrs.set("order", b.getStringAttr(stringifyTileOrder(cfg.order)));
  attrs.set("mma", b.getStringAttr(stringifyMmaKind(cfg.mma)));
  attrs.set("warp_specialize",
            b.getStringAttr(stringifyWarpSpecialize(cfg.warpSpecialize)));
  attrs.set("kernel", b.getStringAttr(func.getName()));
  attrs.set("gpu_module", b.getStringAttr(mod.getName()));
  attrs.set("chip", b.getStringAttr(chip));
  attrs.set("threads_per_block", b.getI64IntegerAttr(cfg.threads()));
  attrs.set("acc_type", b.getStringAttr("f32"));
  attrs.set("params", b.getArrayAttr(params));
  return attrs.getDictionary(b.getContext());
}


llvm::json::Value toJson(Attribute a) {
  if (auto s = dyn_cast<StringAttr>(a))
    return s.str();
  if (auto i = dyn_cast<IntegerAttr>(a))
    return i.getInt();
  if (auto arr = dyn_cast<ArrayAttr>(a)) {
    llvm::json::Array out;
    for (Attribute e : arr)
      out.push_back(toJson(e));
    return out;
  }
  if (auto d = dyn_cast<DictionaryAttr>(a)) {
    llvm::json::Object out;
    for (NamedAttribute e : d)
      out[e.getName().str()] = toJson(e.getValue());
    return out;
  }
  return nullptr;
}

} // namespace

void mlir::tile::exportManifests(ModuleOp module) {
  NamedAttrList manifests;
  for (auto mod : module.getOps<gpu::GPUModuleOp>())
    for (auto func : mod.getOps<gpu::GPUFuncOp>()) {
      std::optional<KernelConfig> cfg = KernelConfig::fromOp(func);
      auto abi = func->getAttrOfType<DictionaryAttr>(kAbiAttrName);
      if (cfg && abi)
        manifests.set(func.getName(), manifestFor(mod, func, *cfg, abi));
    }
  if (!manifests.empty())
    module->setAttr(kManifestsAttr,
                    manifests.getDictionary(module.getContext()));
}

LogicalResult mlir::tile::writeBundle(ModuleOp module, StringRef dir) {
  auto manifests = module->getAttrOfType<DictionaryAttr>(kManifestsAttr);
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  if (!manifests || binaries.empty()) {
    return module.emitError("tile-write-bundle: no compiled tile kernel in "
                            "the module (run --tile-to-ptx first)");
  }
  // Every file of every kernel, written only when all can be.
  SmallVector<std::pair<std::string, std::string>> files;
  for (NamedAttribute entry : manifests) {
    StringRef kernel = entry.getName().strref();
    auto fail = [&](const Twine &why) {
      return module.emitError("tile-write-bundle: ")
             << kManifestsAttr << " entry \"" << escapedName(kernel)
             << "\" " << why;
    };
    // The name becomes file names inside `dir`: no separators, no "..".
    if (!isValidKernelName(kernel))
      return fail("is not a kernel name (a C identifier)");
    auto manifest = dyn_cast<DictionaryAttr>(entry.getValue());
    auto modName =
        manifest ? manifest.getAs<StringAttr>("gpu_module") : StringAttr();
    if (!modName)
      return fail("is not a dictionary with a string 'gpu_module'");
    auto binary = llvm::find_if(binaries, [&](gpu::BinaryOp bin) {
      return bin.getName() == modName.strref();
    });
    if (binary == binaries.end())
      return fail("has no gpu.binary @" + modName.strref());
    auto object = dyn_cast<gpu::ObjectAttr>(binary->getObjects()[0]);
    if (!object || object.getFormat() != gpu::CompilationTarget::Assembly)
      return fail("was not compiled to PTX (use format=isa)");
    llvm::json::Object json = *toJson(manifest).getAsObject();
    std::string ptxName = (kernel + ".ptx").str();
    json["ptx"] = ptxName;
    SmallString<256> ptxPath(dir), jsonPath(dir);
    llvm::sys::path::append(ptxPath, ptxName);
    llvm::sys::path::append(jsonPath, kernel + ".json");
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(json))) << "\n";
    files.emplace_back(ptxPath.str(), object.getObject().getValue().str());
    files.emplace_back(jsonPath.str(), std::move(text));
  }
  // config=auto: <kernel>.json holds the rule that picks a compiled kernel
  // (whose manifest is <member>.json) per problem shape.
  if (auto dispatch =
          module->getAttrOfType<DictionaryAttr>(TileDialect::kDispatchAttrName))
    for (NamedAttribute entry : dispatch) {
      StringRef kernel = entry.getName().strref();
      if (!isValidKernelName(kernel))
        return module.emitError("tile-write-bundle: ")
               << TileDialect::kDispatchAttrName << " entry \""
               << escapedName(kernel) << "\" is not a kernel name";
      llvm::json::Array rules;
      for (Attribute rule : cast<ArrayAttr>(entry.getValue())) {
        llvm::json::Object json = *toJson(rule).getAsObject();
        StringRef member = cast<DictionaryAttr>(rule)
                               .getAs<StringAttr>("kernel")
                               .strref();
        if (!manifests.get(member))
          return module.emitError("tile-write-bundle: dispatch rule of \"")
                 << escapedName(kernel) << "\" names no compiled kernel \""
                 << escapedName(member) << "\"";
        json.erase("kernel");
        json["bundle"] = (member + ".json").str();
        rules.push_back(std::move(json));
      }
      llvm::json::Object doc{{"kernel", kernel.str()},
                             {"dispatch", std::move(rules)}};
      SmallString<256> path(dir);
      llvm::sys::path::append(path, kernel + ".json");
      std::string text;
      llvm::raw_string_ostream os(text);
      os << llvm::formatv("{0:2}", llvm::json::Value(std::move(doc))) << "\n";
      files.emplace_back(path.str(), std::move(text));
    }
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return module.emitError("tile-write-bundle: cannot create directory ")
           << dir << ": " << ec.message();
  if (llvm::Error err = writeFilesAtomically(files))
    return module.emitError("tile-write-bundle: cannot write ")
           << llvm::toString(std::move(err));
  return success();
}

namespace {

struct TileExportManifestPass
    : tile::impl::TileExportManifestBase<TileExportManifestPass> {
  void runOnOperation() override { exportManifests(getOperation()); }
};

struct TileWriteBundlePass
    : tile::impl::TileWriteBundleBase<TileWriteBundlePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (dir.empty())
      return emitError(UnknownLoc::get(ctx),
                       "tile-write-bundle: dir must name a directory");
    return success();
  }

  void runOnOperation() override {
    if (failed(writeBundle(getOperation(), dir)))
      signalPassFailure();
  }
};

} // namespace
