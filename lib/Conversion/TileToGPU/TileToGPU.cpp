//===- TileToGPU.cpp - Outline tile kernels into gpu.func -----------------===//

#include "tile/Conversion/KernelABI.h"
#include "tile/Conversion/LoweringUtils.h"
#include "tile/Conversion/Passes.h"
#include "tile/Conversion/TileToGPU/TileToGPU.h"
#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/IRMapping.h"

#include <limits>

namespace mlir::tile {
#define GEN_PASS_DEF_TILETOGPU
#include "tile/Conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// The kernel reads static sizes, strides and offsets from its memref types,
/// not from its parameters, so they bind the launch: each static size or
/// stride is recorded as "static_<parameter>" (the value the runner must
/// pass), each static offset as "static_offset_<a|b|c>" (the elements
/// between the pointer passed and element (0, 0)). A dynamic offset is 0.
using StaticLayout = SmallVector<std::pair<tile_manifest::Field, int64_t>>;
StaticLayout staticLayout(MemRefType aTy, MemRefType bTy, MemRefType cTy) {
  using tile_manifest::Field;
  StaticLayout out;
  auto record = [&](Field field, int64_t value) {
    if (!ShapedType::isDynamic(value))
      out.emplace_back(field, value);
  };
  // M, N and K each size two operands; the verifier keeps static ones equal.
  auto either = [](int64_t x, int64_t y) {
    return ShapedType::isDynamic(x) ? y : x;
  };
  record(Field::StaticM, either(aTy.getDimSize(0), cTy.getDimSize(0)));
  record(Field::StaticN, either(bTy.getDimSize(1), cTy.getDimSize(1)));
  record(Field::StaticK, either(aTy.getDimSize(1), bTy.getDimSize(0)));
  struct Operand {
    MemRefType type;
    Field offset, rowStride, colStride;
  };
  for (const Operand &o :
       {Operand{aTy, Field::StaticOffsetA, Field::StaticStrideAM,
                Field::StaticStrideAK},
        Operand{bTy, Field::StaticOffsetB, Field::StaticStrideBK,
                Field::StaticStrideBN},
        Operand{cTy, Field::StaticOffsetC, Field::StaticStrideCM,
                Field::StaticStrideCN}}) {
    SmallVector<int64_t> strides;
    int64_t offset;
    // Cannot fail: outline() accepted only strided layouts.
    (void)o.type.getStridesAndOffset(strides, offset);
    record(o.offset, offset);
    record(o.rowStride, strides[0]);
    record(o.colStride, strides[1]);
  }
  return out;
}

/// A static size, stride or offset that a manifest cannot hold (an empty
/// dimension) or that the kernel's index type cannot: refused before any IR
/// is built, not by the bundle writer at the end.
LogicalResult checkStaticLayout(func::FuncOp func, const StaticLayout &layout,
                                unsigned bits) {
  for (auto [field, value] : layout) {
    const tile_manifest::FieldSpec &spec = tile_manifest::spec(field);
    if (!tile_manifest::allows(spec, value))
      return func.emitError("tile-to-gpu: static ")
             << spec.name << " = " << value << ": it must be "
             << (value < spec.min ? "at least " : "at most ")
             << (value < spec.min ? spec.min : spec.max);
    if (bits == 32 && (value > std::numeric_limits<int32_t>::max() ||
                       value < std::numeric_limits<int32_t>::min()))
      return func.emitError("tile-to-gpu: static ")
             << spec.name << " = " << value
             << " does not fit the kernel's 32-bit index (index-bitwidth=64 "
                "compiles it)";
  }
  return success();
}

LogicalResult outline(func::FuncOp func, const KernelConfig &cfg,
                      SymbolTable &symbols, unsigned bits, unsigned minBlocks) {
  if (!isValidKernelName(func.getSymName()))
    return func.emitError("tile-to-gpu: kernel name \"")
           << escapedName(func.getSymName())
           << "\" is not a C identifier (letters, digits and '_', not "
              "starting with a digit, at most 200 characters); it becomes "
              "the PTX entry and the bundle's file names";
  SmallVector<DotOp> dots;
  func.walk([&](DotOp d) { dots.push_back(d); });
  SmallVector<StoreOp> stores;
  func.walk([&](StoreOp s) { stores.push_back(s); });
  if (dots.size() != 1 || stores.size() != 1)
    return func.emitError("tile-to-gpu: expected one tile.dot and one "
                          "tile.store (the output of tile-tiling)");
  auto loadA = dots[0].getLhs().getDefiningOp<LoadOp>();
  auto loadB = dots[0].getRhs().getDefiningOp<LoadOp>();
  if (!loadA || !loadB)
    return dots[0].emitOpError("operands must come from tile.load");
  Value a = loadA.getBase(), b = loadB.getBase(), c = stores[0].getBase();
  Block &entry = func.getBody().front();
  auto isArg = [&](Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && arg.getOwner() == &entry;
  };
  if (func.getNumArguments() != 3 || func.getNumResults() != 0 || !isArg(a) ||
      !isArg(b) || !isArg(c))
    return func.emitError("tile-to-gpu: a kernel function takes exactly the "
                          "memrefs A, B and C and returns nothing");
  if (failed(cfg.verify([&] { return func.emitError("tile-to-gpu: "); },
                        minBlocks)))
    return failure();
  // Only the producer / consumer protocol spans a cluster (multicast loads,
  // releases to both blocks).
  if (cfg.clusterM != 1 && !cfg.isWarpSpecialized())
    return func.emitError("tile-to-gpu: cluster-m=")
           << cfg.clusterM
           << " needs warp-specialize=cooperative or pingpong (the blocks of "
              "a cluster share loads through the producer's multicast)";
  // The partial sums meet in the epilogue of the TMA + wgmma kernel
  // (warp-specialized, only in a cluster: KernelConfig::verifyBlock).
  if (cfg.hasPartials() &&
      (!cfg.isWgmma() || (cfg.isWarpSpecialized() && !cfg.reducesInCluster())))
    return func.emitError("tile-to-gpu: ")
           << (cfg.isStreamK() ? "schedule=stream-k"
                               : "split-k=" + std::to_string(cfg.splitK))
           << " needs mma=wgmma and warp-specialize=none (the TMA + wgmma "
              "kernel adds the partial sums)";
  if (a == b)
    return func.emitError("tile-to-gpu: A and B are the same memref; the "
                          "kernel takes them as two parameters, so pass the "
                          "matrix as two arguments");
  // The kernel's parameters are the three arguments in the roles A, B, C.
  if (c == a || c == b)
    return func.emitError("tile-to-gpu: C is also loaded as ")
           << (c == a ? "A" : "B")
           << "; the kernel reads A and B and writes C, three distinct "
              "memrefs";
  auto aTy = cast<MemRefType>(a.getType()), bTy = cast<MemRefType>(b.getType()),
       cTy = cast<MemRefType>(c.getType());
  if (aTy.getMemorySpace() || bTy.getMemorySpace() || cTy.getMemorySpace())
    return func.emitError("tile-to-gpu: A, B and C must be memrefs in the "
                          "default memory space (the kernel reads and writes "
                          "them in global memory)");
  SmallVector<char> la = allowedLayouts(aTy), lb = allowedLayouts(bTy);
  if (la.empty() || lb.empty() || allowedLayouts(cTy) != SmallVector<char>{'n'})
    return func.emitError("tile-to-gpu: A and B need a unit stride in one "
                          "dimension (or fully dynamic strides) and C a unit "
                          "column stride");
  StaticLayout staticFields = staticLayout(aTy, bTy, cTy);
  if (failed(checkStaticLayout(func, staticFields, bits)))
    return failure();

  MLIRContext *ctx = func.getContext();
  Location loc = func.getLoc();
  OpBuilder moduleBuilder(ctx);
  auto gpuModule = gpu::GPUModuleOp::create(
      moduleBuilder, loc, (func.getSymName() + "_kernels").str());
  // Renamed if another symbol already has the name.
  symbols.insert(gpuModule);
  OpBuilder b2 = OpBuilder::atBlockBegin(gpuModule.getBody());
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  SmallVector<Type> argTypes;
  for (const KernelParam &p : kernelParams(cfg.isWgmma(), cfg.usesWorkspace()))
    argTypes.push_back(p.type == "i64" ? b2.getI64Type() : Type(ptrTy));
  auto kernel = gpu::GPUFuncOp::create(b2, loc, func.getSymName(),
                                       b2.getFunctionType(argTypes, {}));
  // Tensor-map parameters become by-value grid constants in
  // tile-grid-constants, after convert-gpu-to-nvvm (which drops llvm.byval
  // from gpu.func arguments).
  kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b2.getUnitAttr());
  auto block =
      b2.getDenseI32ArrayAttr({static_cast<int32_t>(cfg.threads()), 1, 1});
  // Becomes .maxntid: ptxas may then use all 255 registers per thread.
  kernel.setKnownBlockSizeAttr(block);
  // At least one block per SM: unasked, ptxas caps the registers of small
  // blocks to fit more of them per SM and spills.
  kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  b2.getI32IntegerAttr(std::max(1u, minBlocks)));
  cfg.attachTo(kernel);

  auto typeName = [](Type t) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << t;
    return s;
  };
  SmallVector<Attribute> layouts;
  for (const std::string &l : kernelLayouts(aTy, bTy))
    layouts.push_back(b2.getStringAttr(l));
  NamedAttrList abi;
  for (auto [field, value] : staticFields)
    abi.set(manifestKey(field), b2.getI64IntegerAttr(value));
  using tile_manifest::Field;
  abi.append(ArrayRef<NamedAttribute>{
      b2.getNamedAttr(manifestKey(Field::AType),
                      b2.getStringAttr(typeName(aTy.getElementType()))),
      b2.getNamedAttr(manifestKey(Field::BType),
                      b2.getStringAttr(typeName(bTy.getElementType()))),
      b2.getNamedAttr(manifestKey(Field::CType),
                      b2.getStringAttr(typeName(cTy.getElementType()))),
      b2.getNamedAttr(manifestKey(Field::Layouts), b2.getArrayAttr(layouts)),
      b2.getNamedAttr(manifestKey(Field::IndexBitwidth),
                      b2.getI64IntegerAttr(bits)),
      b2.getNamedAttr(manifestKey(Field::MinBlocksPerSm),
                      b2.getI64IntegerAttr(minBlocks)),
  });
  kernel->setAttr(kAbiAttrName, abi.getDictionary(ctx));

  Block &body = kernel.getBody().front();
  OpBuilder kb = OpBuilder::atBlockBegin(&body);
  ValueRange args = body.getArguments();
  Value m = args[3], n = args[4], k = args[5];
  IRMapping map;
  map.map(a, memrefFromPointer(kb, loc, aTy, args[0], {m, k},
                               {args[6], args[7]}, bits));
  map.map(b, memrefFromPointer(kb, loc, bTy, args[1], {k, n},
                               {args[8], args[9]}, bits));
  map.map(c, memrefFromPointer(kb, loc, cTy, args[2], {m, n},
                               {args[10], args[11]}, bits));
  for (Operation &op : entry.without_terminator())
    kb.clone(op, map);
  gpu::ReturnOp::create(kb, loc);

  kernel.walk([&](Operation *op) {
    OpBuilder ob(op);
    Value repl;
    if (isa<ProgramIdOp>(op))
      repl = gpu::BlockIdOp::create(ob, op->getLoc(), gpu::Dimension::x);
    else if (isa<NumProgramsOp>(op))
      repl = gpu::GridDimOp::create(ob, op->getLoc(), gpu::Dimension::x);
    if (!repl)
      return;
    op->replaceAllUsesWith(ValueRange{repl});
    op->erase();
  });
  func.erase();
  return success();
}

} // namespace

LogicalResult mlir::tile::outlineTileKernels(ModuleOp module,
                                             unsigned indexBitwidth,
                                             unsigned minBlocksPerSM) {
  // tile-to-ptx attaches its target to every gpu.module: one an earlier run
  // lowered would be compiled again, perhaps for another chip.
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    if (ArrayAttr targets = gpuModule.getTargetsAttr();
        targets && !targets.empty())
      return gpuModule.emitError("tile-to-gpu: gpu.module @")
             << gpuModule.getName()
             << " already has a target (an earlier run lowered it); "
                "tile-to-gpu takes tile-level IR";
  SmallVector<std::pair<func::FuncOp, KernelConfig>> kernels;
  for (auto func : module.getOps<func::FuncOp>())
    if (std::optional<KernelConfig> cfg = KernelConfig::fromOp(func))
      kernels.push_back({func, *cfg});
  // Tile ops anywhere else (a nested module, a function tile-tiling did
  // not turn into a kernel) would reach the LLVM translation unlowered.
  WalkResult stray = module.walk([&](Operation *op) {
    if (!isa_and_present<TileDialect>(op->getDialect()))
      return WalkResult::advance();
    auto func = op->getParentOfType<func::FuncOp>();
    if (func && func->getParentOp() == module &&
        KernelConfig::fromOp(func))
      return WalkResult::advance();
    op->emitOpError("tile-to-gpu: not in a kernel; only a func.func at "
                    "the top level of the module, tiled by tile-tiling, "
                    "becomes a kernel");
    return WalkResult::interrupt();
  });
  if (stray.wasInterrupted())
    return failure();
  if (kernels.empty())
    return success();
  // The kernel function is replaced by a GPU kernel: a call to it would
  // dangle.
  for (auto &[func, cfg] : kernels)
    if (!SymbolTable::symbolKnownUseEmpty(func, module))
      return func.emitError("tile-to-gpu: @")
             << func.getSymName()
             << " is referenced in the module (a func.call?); a kernel is "
                "launched from the host, not called";
  SymbolTable symbols(module);
  for (auto &[func, cfg] : kernels)
    if (failed(outline(func, cfg, symbols, indexBitwidth, minBlocksPerSM)))
      return failure();
  module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                  UnitAttr::get(module.getContext()));
  return success();
}

namespace {

struct TileToGPUPass : tile::impl::TileToGPUBase<TileToGPUPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (indexBitwidth != 32 && indexBitwidth != 64)
      return emitError(UnknownLoc::get(ctx),
                       "tile-to-gpu: index-bitwidth must be 32 or 64, got ")
             << static_cast<int64_t>(indexBitwidth);
    // An SM holds at most 32 blocks.
    if (minBlocksPerSM > 32)
      return emitError(UnknownLoc::get(ctx),
                       "tile-to-gpu: min-blocks-per-sm must be 0 to 32, got ")
             << static_cast<int64_t>(minBlocksPerSM);
    return success();
  }

  void runOnOperation() override {
    if (failed(outlineTileKernels(getOperation(), indexBitwidth,
                                  minBlocksPerSM)))
      signalPassFailure();
  }
};

} // namespace
