// testing/sync.h: the two channel shapes Go's testing package uses between tests.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace cxxtest::runtime {

// Tells the CPU this is a spin-wait loop (x86 `pause`, Arm `yield`).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  asm volatile("yield");
#endif
}

// A counting signal (Go's `signal chan bool`): every send() releases one
// wait(). wait() spins a little before it sleeps: a parent waits on a
// subtest that is often shorter than a futex sleep and wake-up (a seed file
// run as a subtest: spinning halved a 10,000-seed replay).
class Signal {
 public:
  void send() {
    std::lock_guard lock(mu_);
    sent_.fetch_add(1, std::memory_order_release);
    cv_.notify_all();
  }
  void wait() {
    spin_until_sent();
    std::unique_lock lock(mu_);
    cv_.wait(lock,
             [&] { return sent_.load(std::memory_order_relaxed) > taken_.load(std::memory_order_relaxed); });
    taken_.fetch_add(1, std::memory_order_relaxed);
  }

 private:
  static constexpr std::chrono::microseconds kSpin{200};
  void spin_until_sent() const {
    auto until = std::chrono::steady_clock::now() + kSpin;
    for (unsigned i = 1;; ++i) {
      if (sent_.load(std::memory_order_acquire) > taken_.load(std::memory_order_relaxed)) return;
      cpu_relax();
      if (i % 64 == 0 && std::chrono::steady_clock::now() > until) return;
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::atomic<int64_t> sent_{0};
  std::atomic<int64_t> taken_{0};  // changed under mu_; read outside it while spinning
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
