//===- FileUtils.h - Safe output files and bounded input --------*- C++ -*-===//
//
// What the tools need so that bad input never crashes them and a failure
// never loses or half-writes a file.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_SUPPORT_FILEUTILS_H
#define TILE_SUPPORT_FILEUTILS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <utility>

namespace mlir::tile {

/// A file to write: its path ("-" is stdout) and contents.
struct OutputFile {
  std::string path, text;
  /// Whether a target that exists and is not a regular file (-o /dev/null)
  /// is written directly; otherwise it is refused: a FIFO would hang the
  /// write and a link to one would lead outside the named folder.
  bool allowDevice = false;
};

/// Writes each file to a temporary file beside its target and renames them
/// into place only when every one was written: on failure no target
/// changes and the error names the file. Two files of one path are refused.
llvm::Error writeFilesAtomically(llvm::ArrayRef<OutputFile> files);

/// The contents of the regular file at `path`, refused (one line naming the
/// file) when it is anything else (a FIFO, a device, a folder) or holds more
/// than `maxBytes`. Opened without blocking, so a FIFO cannot hang the read.
llvm::Expected<std::string> readRegularFile(llvm::StringRef path,
                                            uint64_t maxBytes);

/// Brackets ((, [, {, <) nested deeper than this are refused before parsing:
/// MLIR's parser recurses once per level and would overflow the stack.
constexpr int64_t kMaxNestingDepth = 512;

/// Decimal numbers longer than this are refused before parsing: MLIR's
/// parser converts them in time growing faster than their length (16000
/// digits take seconds, 40000 minutes). i1024's largest value has 309.
constexpr int64_t kMaxNumberDigits = 1024;

/// An error message when `source` nests brackets deeper than
/// kMaxNestingDepth or holds a run of decimal digits longer than
/// kMaxNumberDigits, ignoring string literals and comments.
std::optional<std::string> checkParserLimits(llvm::StringRef source);

/// `text` parsed as JSON, refused when it nests deeper than
/// kMaxNestingDepth or repeats a key in one object (llvm::json keeps the
/// last, so a table could say two things at once; the runtime's reader
/// refuses them alike).
llvm::Expected<llvm::json::Value> parseJson(llvm::StringRef text);

} // namespace mlir::tile

#endif // TILE_SUPPORT_FILEUTILS_H
