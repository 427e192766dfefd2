//===- FileUtils.cpp - Safe output files and bounded input ----------------===//

#include "tile/Support/FileUtils.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;

Expected<std::string> mlir::tile::readRegularFile(StringRef path,
                                                  uint64_t maxBytes) {
  auto fail = [&](const Twine &why) {
    return createStringError(inconvertibleErrorCode(), "'" + path + "': " + why);
  };
  int fd = ::open(path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return fail(std::error_code(errno, std::generic_category()).message());
  llvm::scope_exit closeFd([&] { ::close(fd); });
  struct stat st;
  if (::fstat(fd, &st) != 0)
    return fail(std::error_code(errno, std::generic_category()).message());
  if (!S_ISREG(st.st_mode))
    return fail("not a regular file");
  if (static_cast<uint64_t>(st.st_size) > maxBytes)
    return fail(Twine(st.st_size) + " bytes, more than the " +
                Twine(maxBytes) + " allowed");
  std::string text;
  char chunk[1 << 16];
  // Read to the end, but never past the limit (the file may grow).
  while (true) {
    ssize_t n = ::read(fd, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return fail(std::error_code(errno, std::generic_category()).message());
    if (n == 0)
      return text;
    if (text.size() + n > maxBytes)
      return fail("more than the " + Twine(maxBytes) + " bytes allowed");
    text.append(chunk, n);
  }
}

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

Error mlir::tile::writeFilesAtomically(ArrayRef<OutputFile> files) {
  StringSet<> paths;
  for (const OutputFile &f : files)
    if (!paths.insert(f.path).second)
      return createFileError(f.path,
                             createStringError(inconvertibleErrorCode(),
                                               "two outputs name this file"));
  SmallVector<std::pair<sys::fs::TempFile, std::string>> temps;
  auto discardAll = [&](Error err) {
    for (auto &[temp, path] : temps)
      consumeError(temp.discard());
    return err;
  };
  for (const auto &[path, text, allowDevice] : files) {
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
      if (!allowDevice)
        return discardAll(createFileError(
            path, createStringError(inconvertibleErrorCode(),
                                    "exists and is not a regular file")));
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

std::optional<std::string> mlir::tile::checkParserLimits(StringRef source) {
  int64_t depth = 0;
  for (size_t i = 0, e = source.size(); i < e; ++i) {
    char c = source[i];
    char next = i + 1 < e ? source[i + 1] : '\0';
    if (isDigit(c)) {
      size_t end = source.find_if_not(isDigit, i);
      if (end == StringRef::npos)
        end = e;
      if (end - i > size_t(kMaxNumberDigits))
        return "a number " + std::to_string(end - i) +
               " digits long (at most " + std::to_string(kMaxNumberDigits) +
               ")";
      i = end - 1;
    } else if (c == '"') { // a string literal, with backslash escapes
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

Expected<json::Value> mlir::tile::parseJson(StringRef text) {
  if (std::optional<std::string> deep = checkParserLimits(text))
    return createStringError(inconvertibleErrorCode(), *deep);
  Expected<json::Value> doc = json::parse(text);
  if (!doc)
    return doc.takeError();
  // Valid JSON now: a string is a key where a ':' follows it, and then
  // inside an object.
  SmallVector<std::optional<StringSet<>>> open; // a key set per object
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '{') {
      open.emplace_back(StringSet<>());
    } else if (c == '[') {
      open.emplace_back(std::nullopt);
    } else if (c == '}' || c == ']') {
      open.pop_back();
    } else if (c == '"') {
      size_t start = i;
      for (++i; text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      StringRef literal = text.slice(start, i + 1);
      size_t next = text.find_first_not_of(" \t\r\n", i + 1);
      if (next == StringRef::npos || text[next] != ':' || !open.back())
        continue;
      // The key as decoded: "a" and "\u0061" are one key.
      Expected<json::Value> key = json::parse(literal);
      if (!key)
        return key.takeError();
      if (!open.back()->insert(*key->getAsString()).second)
        return createStringError(
            inconvertibleErrorCode(),
            "key " +
                (literal.size() > 66 ? (literal.take_front(62) + "...\"").str()
                                     : literal.str()) +
                " appears twice in one object");
    }
  }
  return doc;
}
