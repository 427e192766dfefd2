//===- FileUtils.cpp - Safe output files and bounded input ----------------===//

#include "tile/Support/FileUtils.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static Error writeDirectly(StringRef path, StringRef text) {
  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (!ec) {
    os << text;
    os.close();
    ec = os.error();
    // Reported here; an unchecked stream error is a fatal error in LLVM.
    os.clear_error();
  }
  return ec ? createFileError(path, ec) : Error::success();
}

Error mlir::tile::writeFilesAtomically(
    ArrayRef<std::pair<std::string, std::string>> files) {
  SmallVector<std::pair<sys::fs::TempFile, std::string>> temps;
  auto discardAll = [&](Error err) {
    for (auto &[temp, path] : temps)
      consumeError(temp.discard());
    return err;
  };
  for (const auto &[path, text] : files) {
    if (path == "-") {
      outs() << text;
      outs().flush();
      std::error_code ec = outs().error();
      outs().clear_error();
      if (ec)
        return discardAll(createFileError("<stdout>", ec));
      continue;
    }
    sys::fs::file_status status;
    if (!sys::fs::status(path, status) && sys::fs::exists(status) &&
        !sys::fs::is_regular_file(status)) {
      if (Error err = writeDirectly(path, text))
        return discardAll(std::move(err));
      continue;
    }
    Expected<sys::fs::TempFile> temp =
        sys::fs::TempFile::create(path + ".tmp-%%%%%%");
    if (!temp)
      return discardAll(createFileError(path, temp.takeError()));
    raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    os << text;
    os.flush();
    std::error_code ec = os.error();
    os.clear_error();
    temps.emplace_back(std::move(*temp), path);
    if (ec)
      return discardAll(createFileError(path, ec));
  }
  for (auto &[temp, path] : temps)
    if (Error err = temp.keep(path))
      return discardAll(createFileError(path, std::move(err)));
  return Error::success();
}

std::optional<std::string> mlir::tile::checkNestingDepth(StringRef source) {
  int64_t depth = 0;
  for (size_t i = 0, e = source.size(); i < e; ++i) {
    char c = source[i];
    char next = i + 1 < e ? source[i + 1] : '\0';
    if (c == '"') { // a string literal, with backslash escapes
      for (++i; i < e && source[i] != '"'; ++i)
        if (source[i] == '\\')
          ++i;
    } else if (c == '/' && next == '/') { // a comment
      i = source.find('\n', i);
      if (i == StringRef::npos)
        break;
    } else if ((c == '-' && next == '>') || (c == '<' && next == '=') ||
               (c == '>' && next == '=')) { // ->, <=, >= are not brackets
      ++i;
    } else if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > kMaxNestingDepth)
        return "brackets nested deeper than " +
               std::to_string(kMaxNestingDepth) + " levels";
    } else if (c == ')' || c == ']' || c == '}' || c == '>') {
      depth = std::max<int64_t>(0, depth - 1);
    }
  }
  return std::nullopt;
}
