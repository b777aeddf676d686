// FileLock: conflicts within a process and across processes, and locks that
// die with their process.
#include "cachedir/lock.h"

#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "child.h"
#include "scratch.h"

using cxxtest::cachedir::FileLock;
using cxxtest::cachedir::LockMode;
using cxxtest::cachedir::TryLock;
using cxxtest::testing::ScratchDir;

TEST_CASE("exclusive excludes everything; shared excludes only exclusive") {
  ScratchDir dir;
  auto path = dir / "locks/a.lock";
  FileLock ex, other;
  REQUIRE(ex.acquire(path, LockMode::Exclusive));
  CHECK(ex.held());
  CHECK(other.try_acquire(path, LockMode::Shared).value() == TryLock::Busy);
  CHECK(other.try_acquire(path, LockMode::Exclusive).value() == TryLock::Busy);
  CHECK_FALSE(other.held());
  ex.release();
  CHECK_FALSE(ex.held());

  FileLock sh1, sh2;
  REQUIRE(sh1.try_acquire(path, LockMode::Shared).value() == TryLock::Acquired);
  REQUIRE(sh2.try_acquire(path, LockMode::Shared).value() == TryLock::Acquired);
  CHECK(other.try_acquire(path, LockMode::Exclusive).value() == TryLock::Busy);
  sh1.release();
  sh2 = FileLock();  // moving in an empty lock releases the old one
  CHECK(other.try_acquire(path, LockMode::Exclusive).value() == TryLock::Acquired);
}

TEST_CASE("moving a lock keeps it held") {
  ScratchDir dir;
  FileLock a;
  REQUIRE(a.acquire(dir / "l", LockMode::Exclusive));
  FileLock b(std::move(a));
  CHECK(b.held());
  CHECK_FALSE(a.held());
  FileLock probe;
  CHECK(probe.try_acquire(dir / "l", LockMode::Exclusive).value() == TryLock::Busy);
}

TEST_CASE("an unusable lock path is an error with a message") {
  ScratchDir dir;
  FileLock lock;
  auto tried = lock.try_acquire(dir.path(), LockMode::Exclusive);
  REQUIRE_FALSE(tried);
  CHECK(tried.error().starts_with("open " + dir.path().string() + ": "));
  CHECK_FALSE(lock.acquire(dir.path(), LockMode::Shared));
}

TEST_CASE("a lock held by another process blocks, and dies with it") {
  ScratchDir dir;
  auto path = dir / "x.lock";
  int ready[2];
  REQUIRE(pipe(ready) == 0);
  pid_t holder = cxxtest::testing::spawn([&] {
    FileLock lock;
    if (!lock.acquire(path, LockMode::Exclusive)) return 1;
    cxxtest::testing::send_byte(ready[1]);
    for (;;) pause();  // until SIGKILL
  });
  close(ready[1]);  // a child that dies early reads as EOF
  bool locked = cxxtest::testing::wait_byte(ready[0]);
  close(ready[0]);
  if (!locked) kill(holder, SIGKILL);
  REQUIRE(locked);
  FileLock mine;
  TryLock busy = mine.try_acquire(path, LockMode::Shared).value();
  kill(holder, SIGKILL);
  CHECK(busy == TryLock::Busy);
  CHECK(cxxtest::testing::wait_child(holder) == 128 + SIGKILL);
  CHECK(mine.acquire(path, LockMode::Exclusive));  // would hang if the lock outlived its holder
}

TEST_CASE("a blocking acquire waits for the other process to release") {
  ScratchDir dir;
  auto path = dir / "y.lock";
  int go[2], done[2];
  REQUIRE(pipe(go) == 0);
  REQUIRE(pipe(done) == 0);
  // Forked before we lock: a child forked while we hold the lock would share
  // our descriptor and keep the lock alive after we release it (lock.h).
  pid_t waiter = cxxtest::testing::spawn([&] {
    close(go[1]);  // so that our death reads as EOF there
    close(done[0]);
    if (!cxxtest::testing::wait_byte(go[0])) return 3;
    FileLock lock;
    if (!lock.acquire(path, LockMode::Shared)) return 1;
    return cxxtest::testing::send_byte(done[1]) ? 0 : 2;
  });
  close(go[0]);
  close(done[1]);
  FileLock mine;
  REQUIRE(mine.acquire(path, LockMode::Exclusive));
  REQUIRE(cxxtest::testing::send_byte(go[1]));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  pollfd probe{done[0], POLLIN, 0};
  CHECK(poll(&probe, 1, 0) == 0);  // still waiting while we hold the lock
  mine.release();
  CHECK(cxxtest::testing::wait_byte(done[0]));
  CHECK(cxxtest::testing::wait_child(waiter) == 0);
  close(go[1]);
  close(done[0]);
}
