// parallel_test.cpp: T::Parallel semantics: subtests pause until the parent's
// body returns, run concurrently, are bounded by -test.parallel, and finish
// before the parent's cleanups.
#include <cxxtest/cxxtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

namespace {

// Waits up to 2s until `n` callers arrived; false on timeout.
bool rendezvous(std::atomic<int>& arrived, int n) {
  ++arrived;
  auto end = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (arrived.load() < n) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

}  // namespace

void TestPair(cxxtest::T& t) {
  static std::atomic<int> arrived{0}, finished{0};
  static std::atomic<bool> body_done{false};
  t.Cleanup([&t] {
    if (finished.load() != 2) t.Errorf("cleanup ran before the parallel subtests finished");
  });
  for (const char* name : {"a", "b"}) {
    t.Run(name, [](cxxtest::T& t) {
      t.Parallel();
      if (!body_done.load()) t.Error("parallel subtest resumed before the parent body returned");
      if (!rendezvous(arrived, 2)) t.Error("parallel subtests did not run concurrently");
      ++finished;
    });
  }
  t.Log("parent body done");
  body_done = true;
}

void TestBound(cxxtest::T& t) {
  static std::atomic<int> running{0}, max_running{0};
  t.Cleanup([] { std::printf("max concurrent %d\n", max_running.load()); });
  for (int i = 0; i < 4; ++i) {
    t.Run("w" + std::to_string(i), [](cxxtest::T& t) {
      t.Parallel();
      int now = ++running;
      for (int m = max_running.load(); now > m && !max_running.compare_exchange_weak(m, now);) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      --running;
    });
  }
}

void TestTopA(cxxtest::T& t) {
  static std::atomic<int> arrived{0};
  t.Parallel();
  (void)arrived;
}

static const cxxtest::internal::TestEntry tests[] = {
    {"TestPair", &TestPair}, {"TestBound", &TestBound}, {"TestTopA", &TestTopA}};

int main(int argc, char** argv) {
  return cxxtest::internal::run_main(argc, argv, tests, sizeof tests / sizeof tests[0], nullptr, 0);
}
