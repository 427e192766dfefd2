//===- TileDialect.cpp - The tile dialect ---------------------------------===//

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Dialect/Tile/IR/KernelConfig.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
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
  if (attr.getName() == kKernelAttrName && !isa<KernelAttr>(attr.getValue()))
    return op->emitError("'") << kKernelAttrName
                              << "' must be a #tile.kernel attribute";
  return success();
}

LogicalResult KernelAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 int64_t blockM, int64_t blockN, int64_t blockK,
                                 int64_t numWarps, int64_t numStages,
                                 Schedule schedule, TileOrder order,
                                 int64_t groupM, MmaKind mma,
                                 WarpSpecialize warpSpecialize, Chip chip,
                                 int64_t sharedBytes) {
  KernelConfig cfg{blockM, blockN, blockK, numWarps,       numStages,
                   schedule, order, groupM, mma, warpSpecialize, chip,
                   sharedBytes};
  return cfg.verifyBlock(emitError);
}
