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

namespace mf = tile_manifest;
using mf::Field;

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
        b.getNamedAttr(manifestKey(Field::ParamName), b.getStringAttr(p.name)),
        b.getNamedAttr(manifestKey(Field::ParamType), b.getStringAttr(p.type)),
        b.getNamedAttr(manifestKey(Field::ParamMeaning),
                       b.getStringAttr(p.meaning)),
    }));
  NamedAttrList attrs(abi);
  auto set = [&](Field f, Attribute value) {
    attrs.set(manifestKey(f), value);
  };
  // cluster_m among them: the runner launches clusters of this size. Their
  // names are #tile.kernel's; writeBundle checks them against the schema.
  for (const KernelConfig::IntField &f : KernelConfig::intFields())
    attrs.set(f.name, b.getI64IntegerAttr(cfg.*f.member));
  set(Field::DynamicSharedMemoryBytes, b.getI64IntegerAttr(cfg.sharedBytes));
  set(Field::Schedule, b.getStringAttr(stringifySchedule(cfg.schedule)));
  set(Field::Order, b.getStringAttr(stringifyTileOrder(cfg.order)));
  set(Field::Mma, b.getStringAttr(stringifyMmaKind(cfg.mma)));
  set(Field::WarpSpecialize,
      b.getStringAttr(stringifyWarpSpecialize(cfg.warpSpecialize)));
  set(Field::Kernel, b.getStringAttr(func.getName()));
  set(Field::GpuModule, b.getStringAttr(mod.getName()));
  set(Field::Chip, b.getStringAttr(chip));
  set(Field::ThreadsPerBlock, b.getI64IntegerAttr(cfg.threads()));
  set(Field::AccType, b.getStringAttr("f32"));
  set(Field::Params, b.getArrayAttr(params));
  return attrs.getDictionary(b.getContext());
}

bool fits(Field f, const llvm::json::Value &v);

// Why `json` is not an object of `scope` as ManifestFields.def declares it
// (a field it does not declare, or one of another type or outside its
// range); empty when it is. Required fields are not asked for here: the
// passes that fill tile.abi write them, and
// test/Pipelines/manifest-schema.test reads every kind of manifest back.
std::string misfit(mf::Scope scope, const llvm::json::Object &json) {
  SmallVector<StringRef> keys;
  for (const auto &entry : json)
    keys.push_back(entry.first);
  llvm::sort(keys);
  for (StringRef key : keys) {
    std::optional<Field> f = mf::find(scope, {key.data(), key.size()});
    if (!f)
      return ("field \"" + key + "\" is not declared in ManifestFields.def")
          .str();
    if (!fits(*f, *json.get(key)))
      return ("field \"" + key + "\" is not what ManifestFields.def declares")
          .str();
  }
  return "";
}

bool fits(Field f, const llvm::json::Value &v) {
  const mf::FieldSpec &spec = mf::spec(f);
  auto isInt = [&](const llvm::json::Value &e) {
    std::optional<int64_t> i = e.getAsInteger();
    return i && mf::allows(spec, *i);
  };
  auto isWord = [&](const llvm::json::Value &e) {
    std::optional<StringRef> s = e.getAsString();
    return s && mf::allows(spec, std::string_view(s->data(), s->size()));
  };
  const llvm::json::Array *array = v.getAsArray();
  switch (spec.type) {
  case mf::Type::String:
  case mf::Type::Enum:
    return isWord(v);
  case mf::Type::Int:
    return isInt(v);
  case mf::Type::Enums:
    return array && !array->empty() && llvm::all_of(*array, isWord);
  case mf::Type::Ints:
    return array && array->size() == spec.length && llvm::all_of(*array, isInt);
  case mf::Type::Objects:
    return array && llvm::all_of(*array, [&](const llvm::json::Value &e) {
             const llvm::json::Object *o = e.getAsObject();
             return o && misfit(mf::elementScope(f), *o).empty();
           });
  }
  return false;
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

FailureOr<SmallVector<OutputFile>> mlir::tile::bundleFiles(ModuleOp module,
                                                           StringRef dir) {
  auto manifests = module->getAttrOfType<DictionaryAttr>(kManifestsAttr);
  SmallVector<gpu::BinaryOp> binaries(module.getOps<gpu::BinaryOp>());
  if (!manifests || binaries.empty()) {
    return module.emitError("tile-write-bundle: no compiled tile kernel in "
                            "the module (run --tile-to-ptx first)");
  }
  // Every file of every kernel, written only when all can be.
  SmallVector<OutputFile> files;
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
        manifest ? manifest.getAs<StringAttr>(manifestKey(Field::GpuModule))
                 : StringAttr();
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
    json[manifestKey(Field::Ptx)] = ptxName;
    std::string why = misfit(mf::Scope::Kernel, json);
    if (!why.empty())
      return fail(why);
    SmallString<256> ptxPath(dir), jsonPath(dir);
    llvm::sys::path::append(ptxPath, ptxName);
    llvm::sys::path::append(jsonPath, kernel + ".json");
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(json))) << "\n";
    files.push_back({ptxPath.str().str(), object.getObject().getValue().str()});
    files.push_back({jsonPath.str().str(), std::move(text)});
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
        json[manifestKey(Field::RuleBundle)] = (member + ".json").str();
        rules.push_back(std::move(json));
      }
      llvm::json::Object doc{
          {manifestKey(Field::DispatchKernel), kernel.str()},
          {manifestKey(Field::DispatchRules), std::move(rules)}};
      std::string why = misfit(mf::Scope::Dispatch, doc);
      if (!why.empty())
        return module.emitError("tile-write-bundle: ")
               << TileDialect::kDispatchAttrName << " entry \""
               << escapedName(kernel) << "\" " << why;
      SmallString<256> path(dir);
      llvm::sys::path::append(path, kernel + ".json");
      std::string text;
      llvm::raw_string_ostream os(text);
      os << llvm::formatv("{0:2}", llvm::json::Value(std::move(doc))) << "\n";
      files.push_back({path.str().str(), std::move(text)});
    }
  return files;
}

LogicalResult mlir::tile::writeBundle(ModuleOp module, StringRef dir) {
  FailureOr<SmallVector<OutputFile>> files = bundleFiles(module, dir);
  if (failed(files))
    return failure();
  if (llvm::Error err = writeBundleFiles(dir, *files))
    return module.emitError("tile-write-bundle: ")
           << llvm::toString(std::move(err));
  return success();
}

llvm::Error mlir::tile::writeBundleFiles(StringRef dir,
                                         ArrayRef<OutputFile> files) {
  bool existed = llvm::sys::fs::exists(dir);
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create directory " + dir + ": " +
                                           ec.message());
  if (llvm::Error err = writeFilesAtomically(files)) {
    // A failure leaves nothing behind, not even the folder it made.
    if (!existed)
      (void)llvm::sys::fs::remove(dir);
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot write " +
                                       llvm::toString(std::move(err)));
  }
  return llvm::Error::success();
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
