//===- Transforms.h - tile-level transforms ---------------------*- C++ -*-===//
//
// The C++ entry points of the tile-level passes; each pass is a thin wrapper
// that calls one of these per function. A function without a `tile.kernel`
// attribute is left as it is.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_TRANSFORMS_H
#define TILE_DIALECT_TILE_TRANSFORMS_TRANSFORMS_H

#include "tile/Dialect/Tile/IR/KernelConfig.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tile {

/// The blocks per SM tile-to-gpu asked ptxas to fit (nvvm.minctasm), or 0:
/// the register budget the later passes check a kernel against.
inline int64_t minBlocksPerSM(Operation *kernel) {
  auto attr = kernel->getAttrOfType<IntegerAttr>(
      NVVM::NVVMDialect::getMinctasmAttrName());
  return attr ? attr.getInt() : 0;
}

/// tile-tiling: rewrites the function's one `tile.matmul` into the body of
/// one program per BLOCK_M x BLOCK_N tile of C and marks the function a
/// kernel with `cfg` (its schedule tiled). A function without a matmul is
/// left as it is.
LogicalResult tileKernel(func::FuncOp func, const KernelConfig &cfg);

/// tile-persistent: wraps a tiled kernel's body in a loop from the program
/// id over all tiles, striding by the number of programs.
LogicalResult makePersistent(func::FuncOp func);

/// tile-stream-k: hybrid Stream-K on a tiled kernel. The whole waves but
/// the last run data-parallel; each program takes an equal share (at least
/// one tile's worth) of the other tiles' K steps first, in a loop over the
/// tiles its share touches; a tile shared by two programs is stored as two
/// parts that meet in the workspace.
LogicalResult makeStreamK(func::FuncOp func);

/// tile-auto-config: replaces each untiled kernel function by one tiled
/// (and persistent) copy per member of the config=auto family, named
/// <kernel>__<member>, and records the dispatch rule; with `tuneCache` (a
/// tile-tune cache.json), its winners for the kernel's types come first.
LogicalResult autoConfigure(ModuleOp module, StringRef tuneCache = "",
                            StringRef calibration = "");

/// tile-lower-to-cpu: runs the kernel's `numPrograms` programs (0: one per
/// C tile, times `splits` per tile of a split-K kernel, 0: split_k) in a
/// host loop, with tile ops as vector ops.
LogicalResult lowerKernelToCPU(func::FuncOp func, int64_t numPrograms,
                               int64_t splits = 0);

/// tile-pipeline: multi-buffers the shared tiles of an mma.sync kernel
/// `num_stages` deep and software-pipelines its K loops.
LogicalResult pipelineKLoop(gpu::GPUFuncOp func);

/// tile-allocate-shared: places the kernel's workgroup buffers in dynamic
/// shared memory and records the total; fails above `maxBytes` (0: the
/// kernel's chip's limit).
LogicalResult allocateSharedMemory(gpu::GPUFuncOp func, int64_t maxBytes);

} // namespace mlir::tile

#endif // TILE_DIALECT_TILE_TRANSFORMS_TRANSFORMS_H
