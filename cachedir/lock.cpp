// lock.cpp: FileLock over flock(2) (see lock.h for what is safe across
// processes).
#include "cachedir/lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>
#include <utility>

namespace cxxtest::cachedir {

FileLock::~FileLock() { release(); }

FileLock::FileLock(FileLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

void FileLock::release() {
  if (fd_ >= 0) ::close(fd_);  // closing the only descriptor drops the lock
  fd_ = -1;
}

Status FileLock::acquire(const std::filesystem::path& path, LockMode mode) {
  Expected<TryLock> locked = lock(path, mode, /*wait=*/true);
  if (!locked) return Error{locked.error()};
  return {};
}

Expected<TryLock> FileLock::try_acquire(const std::filesystem::path& path, LockMode mode) {
  return lock(path, mode, /*wait=*/false);
}

Expected<TryLock> FileLock::lock(const std::filesystem::path& path, LockMode mode, bool wait) {
  release();
  auto fail = [&](const char* op, int errnum) {
    return Error{std::string(op) + " " + path.string() + ": " + std::strerror(errnum)};
  };
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) return fail("mkdir", ec.value());
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) return fail("open", errno);
  int op = (mode == LockMode::Exclusive ? LOCK_EX : LOCK_SH) | (wait ? 0 : LOCK_NB);
  int rc;
  while ((rc = ::flock(fd, op)) != 0 && errno == EINTR) {
  }
  if (rc != 0) {
    int saved = errno;
    ::close(fd);
    if (saved == EWOULDBLOCK) return TryLock::Busy;
    return fail("flock", saved);
  }
  fd_ = fd;
  return TryLock::Acquired;
}

}  // namespace cxxtest::cachedir
