// lock.h: advisory file locks between cxxtest processes, over flock(2).
//
// Locks die with the process: the kernel releases a flock lock when the last
// file descriptor of its open file description is closed, which happens when
// the holder exits for any reason, SIGKILL and crashes included. A lock is
// therefore never left stale on disk; the lock file itself stays and is
// harmless. The descriptor is opened O_CLOEXEC, so a child started with exec
// does not keep the lock alive after its parent exits (a plain fork() child
// does share it until it exits or execs).
//
// Two FileLock objects on the same path conflict even within one process
// (each opens its own file description). Advisory only: a process that does
// not lock is not stopped. Not for NFS.
#pragma once

#include <filesystem>
#include <string>

#include "common/expected.h"

namespace cxxtest::cachedir {

enum class LockMode {
  Shared,     // any number of Shared holders at once, no Exclusive holder
  Exclusive,  // one holder, no Shared ones
};

enum class TryLock {
  Acquired,  // this object now holds the lock
  Busy,      // another holder conflicts; nothing is held
};

// One held (or not yet held) lock. Move-only; the destructor releases it.
class FileLock {
 public:
  FileLock() = default;
  ~FileLock();
  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

  // Blocks until the lock on `path` is held, creating the file and its parent
  // directories when missing. Releases any lock this object held before.
  // Fails (holding nothing) when the lock file cannot be opened or locked.
  Status acquire(const std::filesystem::path& path, LockMode mode);

  // Like acquire() but never waits: Busy when another holder conflicts.
  Expected<TryLock> try_acquire(const std::filesystem::path& path, LockMode mode);

  bool held() const { return fd_ >= 0; }

  // Releases the lock if held. Safe to call any number of times.
  void release();

 private:
  Expected<TryLock> lock(const std::filesystem::path& path, LockMode mode, bool wait);

  int fd_ = -1;
};

}  // namespace cxxtest::cachedir
