//===- file.cpp - Reading a bundle's files --------------------------------===//

#include "file.h"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tilert {

namespace {

const char *fileKind(mode_t mode) {
  return S_ISCHR(mode)    ? "a character device"
         : S_ISBLK(mode)  ? "a block device"
         : S_ISFIFO(mode) ? "a FIFO"
         : S_ISSOCK(mode) ? "a socket"
                          : "not a regular file";
}

} // namespace

bool readFile(const std::string &path, size_t limit, std::string &out,
              std::string &why) {
  struct stat st;
  auto unreadable = [&](const struct stat &s) {
    if (S_ISDIR(s.st_mode))
      why = std::strerror(EISDIR);
    else if (!S_ISREG(s.st_mode))
      why = std::string("not a regular file (") + fileKind(s.st_mode) + ")";
    else if (uint64_t(s.st_size) > limit)
      why = std::to_string(s.st_size) + " bytes, more than the " +
            std::to_string(limit) + " allowed";
    else
      return false;
    return true;
  };
  if (::stat(path.c_str(), &st) != 0) {
    why = std::strerror(errno);
    return false;
  }
  if (unreadable(st))
    return false;
  // O_NONBLOCK: should the path become a FIFO after stat(), open() must not
  // wait for a writer; fstat() then refuses it.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    why = std::strerror(errno);
    return false;
  }
  if (::fstat(fd, &st) != 0 || unreadable(st)) {
    if (why.empty())
      why = std::strerror(errno);
    ::close(fd);
    return false;
  }
  // At most limit + 1 bytes: a file that grew since fstat() is refused too.
  out.clear();
  char buf[1 << 16];
  while (out.size() <= limit) {
    ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      why = std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (n == 0)
      break;
    out.append(buf, size_t(n));
  }
  ::close(fd);
  if (out.size() > limit) {
    why = "more than the " + std::to_string(limit) + " bytes allowed";
    return false;
  }
  return true;
}

std::string directoryOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

} // namespace tilert
