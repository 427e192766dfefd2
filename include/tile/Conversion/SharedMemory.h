//===- SharedMemory.h - Workgroup memory helpers ----------------*- C++ -*-===//

#ifndef TILE_CONVERSION_SHAREDMEMORY_H
#define TILE_CONVERSION_SHAREDMEMORY_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::tile {

/// Whether `t` lives in GPU shared (workgroup) memory.
inline bool isWorkgroup(MemRefType t) {
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(t.getMemorySpace());
  return space && space.getValue() == gpu::AddressSpace::Workgroup;
}

} // namespace mlir::tile

#endif // TILE_CONVERSION_SHAREDMEMORY_H
