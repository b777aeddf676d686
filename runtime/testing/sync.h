// testing/sync.h: the two channel shapes Go's testing package uses between tests.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace cxxtest::runtime {

// A counting signal (Go's `signal chan bool`): every send() releases one wait().
class Signal {
 public:
  void send() {
    std::lock_guard lock(mu_);
    ++count_;
    cv_.notify_all();
  }
  void wait() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return count_ > 0; });
    --count_;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  int count_ = 0;
};

// A gate opened once (Go's `close(barrier)`): wait() returns once it is open.
class Gate {
 public:
  void open() {
    std::lock_guard lock(mu_);
    open_ = true;
    cv_.notify_all();
  }
  void wait() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return open_; });
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool open_ = false;
};

// Bounds how many tests run at once (Go's testContext.waitParallel/release).
// The count starts at 1 for the sequential main test.
class ParallelLimit {
 public:
  explicit ParallelLimit(int64_t max) : max_(max) {}
  void acquire() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return running_ < max_; });
    ++running_;
  }
  void release() {
    std::lock_guard lock(mu_);
    --running_;
    cv_.notify_one();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  int64_t max_;
  int64_t running_ = 1;
};

}  // namespace cxxtest::runtime
