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

bool FileLock::acquire(const std::filesystem::path& path, LockMode mode, std::string* err) {
  return lock(path, mode, /*wait=*/true, err) == TryLock::Acquired;
}

TryLock FileLock::try_acquire(const std::filesystem::path& path, LockMode mode, std::string* err) {
  return lock(path, mode, /*wait=*/false, err);
}

TryLock FileLock::lock(const std::filesystem::path& path, LockMode mode, bool wait, std::string* err) {
  release();
  auto fail = [&](const char* op, int errnum) {
    if (err) *err = std::string(op) + " " + path.string() + ": " + std::strerror(errnum);
    return TryLock::Error;
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
    return saved == EWOULDBLOCK ? TryLock::Busy : fail("flock", saved);
  }
  fd_ = fd;
  return TryLock::Acquired;
}

}  // namespace cxxtest::cachedir
