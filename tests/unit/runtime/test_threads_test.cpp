// The test-thread pool (testing/test_threads.h) and Signal (testing/sync.h).
#include <doctest/doctest.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "testing/sync.h"
#include "testing/test_threads.h"

namespace cxxtest::runtime {
namespace {

// Runs one job on a test thread, the way run_test ends one: released, then
// signalled. Returns the id of the thread it ran on.
std::thread::id run_one(const std::function<void()>& extra = {}) {
  Signal ended;
  std::thread::id id;
  start_on_test_thread([&] {
    id = std::this_thread::get_id();
    if (extra) extra();
    release_test_thread();
    ended.send();
  });
  ended.wait();
  return id;
}

TEST_CASE("a test thread is reused by the next job once the last one released it") {
  std::thread::id first = run_one();
  CHECK(first != std::this_thread::get_id());
  for (int i = 0; i < 50; ++i) CHECK(run_one() == first);
}

TEST_CASE("jobs running at once get threads of their own") {
  Signal started, go_on, ended;
  std::mutex mu;
  std::set<std::thread::id> ids;
  for (int i = 0; i < 3; ++i) {
    start_on_test_thread([&] {
      {
        std::lock_guard lock(mu);
        ids.insert(std::this_thread::get_id());
      }
      started.send();
      go_on.wait();
      release_test_thread();
      ended.send();
    });
  }
  for (int i = 0; i < 3; ++i) started.wait();  // all three blocked at once
  CHECK(ids.size() == 3);
  for (int i = 0; i < 3; ++i) go_on.send();
  for (int i = 0; i < 3; ++i) ended.wait();
}

TEST_CASE("a job that does not release its thread gets it released when it returns") {
  Signal ended;
  std::thread::id id;
  start_on_test_thread([&] {
    id = std::this_thread::get_id();
    ended.send();  // no release_test_thread
  });
  ended.wait();
  // The thread goes idle only after the job has returned; a job started
  // meanwhile gets another thread, so wait until the same one comes back.
  bool reused = false;
  for (int i = 0; i < 1000 && !reused; ++i) {
    reused = run_one() == id;
    if (!reused) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  CHECK(reused);
}

TEST_CASE("release_test_thread on a thread not from the pool does nothing") {
  release_test_thread();
  CHECK(run_one() != std::this_thread::get_id());
}

TEST_CASE("Signal: each send releases one wait, sends before waits are kept") {
  Signal s;
  s.send();
  s.send();
  s.wait();
  s.wait();  // both returned at once: the count was 2
  std::atomic<int> woken{0};
  std::thread waiter([&] {
    s.wait();
    woken.fetch_add(1);
    s.wait();
    woken.fetch_add(1);
  });
  s.send();
  while (woken.load() < 1) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(5));  // past the spin: asleep on the condvar
  CHECK(woken.load() == 1);
  s.send();
  waiter.join();
  CHECK(woken.load() == 2);
}

}  // namespace
}  // namespace cxxtest::runtime
