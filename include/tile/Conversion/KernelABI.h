//===- KernelABI.h - Parameters of a tile-opt GPU kernel --------*- C++ -*-===//
//
// One table (KernelParams.def) describes the kernel parameters; tile-to-gpu
// builds the gpu.func signature from it, the launch manifest lists it and
// tile-run checks manifests against it, so the three cannot drift apart.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_KERNELABI_H
#define TILE_CONVERSION_KERNELABI_H

#include "tile/Conversion/ManifestSchema.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::tile {

struct KernelParam {
  llvm::StringLiteral name;
  llvm::StringLiteral type; // "ptr", "i64" or "tensormap"
  llvm::StringLiteral meaning;
};

/// A "tensormap" parameter is a 128-byte CUtensorMap passed by value
/// (`__grid_constant__`), built by the host with cuTensorMapEncodeTiled.
constexpr int64_t kTensorMapBytes = 128;

/// The parameters of a kernel; wgmma kernels take the TMA descriptors of A,
/// B, C and A's tail after the others, and split-K kernels (wgmma only) the
/// workspace after those.
inline llvm::ArrayRef<KernelParam> kernelParams(bool withTensorMaps,
                                                bool withWorkspace = false) {
  static const KernelParam params[] = {
#define TILE_KERNEL_PARAM(id, name, type, meaning) {name, type, meaning},
#include "tile/Conversion/KernelParams.def"
  };
  if (withWorkspace)
    return params;
  return llvm::ArrayRef(params).drop_back(
      1 + (withTensorMaps ? 0 : tile_manifest::kTmaParams));
}

/// The dimension of a 2-D memref type with a static unit stride (1: rows are
/// contiguous, 0: columns are, i.e. a transposed operand), if any.
inline std::optional<unsigned> unitStrideDim(MemRefType t) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(t.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  if (strides[1] == 1)
    return 1;
  if (strides[0] == 1)
    return 0;
  return std::nullopt;
}

/// Whether A (M x K) is K-major: stored M x K, rows contiguous.
inline bool isKMajorA(MemRefType a) { return unitStrideDim(a) == 1u; }

/// Whether B (K x N) is K-major: stored N x K, as in x @ w.T.
inline bool isKMajorB(MemRefType b) { return unitStrideDim(b) == 0u; }

/// The layouts ('n' row-major, 't' transposed) a 2-D memref type can hold:
/// a static unit stride fixes one, fully dynamic strides allow both.
inline SmallVector<char> allowedLayouts(MemRefType t) {
  if (std::optional<unsigned> dim = unitStrideDim(t))
    return {*dim == 1 ? 'n' : 't'};
  SmallVector<int64_t> strides;
  int64_t offset;
  if (succeeded(t.getStridesAndOffset(strides, offset)) &&
      ShapedType::isDynamic(strides[0]) && ShapedType::isDynamic(strides[1]))
    return {'n', 't'};
  return {};
}

/// The layouts of A and B a kernel over them serves ("nn", "nt", "tn",
/// "tt"; the manifest's "layouts").
inline SmallVector<std::string> kernelLayouts(MemRefType a, MemRefType b) {
  SmallVector<std::string> out;
  for (char x : allowedLayouts(a))
    for (char y : allowedLayouts(b))
      out.push_back(std::string{x, y});
  return out;
}

/// Whether `name` can be a kernel's name: it becomes the PTX entry and the
/// bundle's file names, so it must be a PTX identifier and a plain file name.
/// Accepted: a C identifier (letters, digits, '_', not starting with a digit;
/// not '_' alone) of at most 200 characters.
inline bool isValidKernelName(llvm::StringRef name) {
  auto isWordChar = [](char c) {
    return llvm::isAlnum(c) || c == '_';
  };
  return !name.empty() && name.size() <= 200 && name != "_" &&
         !llvm::isDigit(name.front()) && llvm::all_of(name, isWordChar);
}

/// `name` on one line, escaped as MLIR spells strings, for diagnostics.
inline std::string escapedName(llvm::StringRef name) {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::printEscapedString(name, os);
  return out;
}

/// Attribute of a kernel gpu.func holding its element types and the operand
/// layouts its memref types allow.
constexpr llvm::StringLiteral kAbiAttrName = "tile.abi";

/// The manifest's name of `field` (ManifestFields.def). The compiler names
/// manifest fields only this way, so it cannot write one the schema lacks.
inline llvm::StringRef manifestKey(tile_manifest::Field field) {
  return tile_manifest::name(field);
}

} // namespace mlir::tile

#endif // TILE_CONVERSION_KERNELABI_H
