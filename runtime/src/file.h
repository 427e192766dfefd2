//===- file.h - Reading a bundle's files ------------------------*- C++ -*-===//

#ifndef TILE_RT_FILE_H
#define TILE_RT_FILE_H

#include <cstddef>
#include <string>

namespace tilert {

// Reads a regular file of at most `limit` bytes into `out`. Anything else is
// refused before it is read: a device such as /dev/zero never ends, a FIFO
// can block forever, and a huge file would exhaust memory. On failure `why`
// says why ("not a regular file (a FIFO)", "No such file or directory").
bool readFile(const std::string &path, size_t limit, std::string &out,
              std::string &why);

// The directory part of `path` with its slash ("b/" of "b/k.json"), or "".
std::string directoryOf(const std::string &path);

} // namespace tilert

#endif // TILE_RT_FILE_H
