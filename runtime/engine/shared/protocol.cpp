// engine/shared/protocol.cpp: whole-message pipe I/O (see protocol.h).
#include "engine/shared/protocol.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "testing/env_log.h"

namespace cxxtest::runtime::engine {

bool worker_output_kept() {
  const char* keep = env_lookup("CXXTEST_FUZZ_WORKER_OUTPUT");
  return keep && *keep && std::strcmp(keep, "0") != 0;
}

bool write_message(int fd, const void* msg, size_t size) {
  const char* p = static_cast<const char*>(msg);
  while (size > 0) {
    ssize_t n = ::write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= size_t(n);
  }
  return true;
}

bool read_message(int fd, void* msg, size_t size) {
  char* p = static_cast<char*>(msg);
  size_t got = 0;
  while (got < size) {
    ssize_t n = ::read(fd, p + got, size - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    got += size_t(n);
  }
  return true;
}

}  // namespace cxxtest::runtime::engine
