// fuzz/budget.h: how long one minimization job may run.
//
// Go's -fuzzminimizetime is a duration ("60s", the default) or a count of
// calls ("100x"); zero of either disables minimizing. A Budget counts every
// call of the predicate exactly: a count budget of N allows exactly N calls.
// Go also counts the worker's re-check of the original input, so a worker
// should take() before that call too.
#pragma once

#include <chrono>
#include <cstdint>

namespace cxxtest::fuzz {

class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  // No limit.
  static Budget unlimited() { return Budget(); }
  // At most n calls; n <= 0 allows none (disabled).
  static Budget calls(int64_t n);
  // Calls may start until d from now; d <= 0 allows none (disabled).
  static Budget time(std::chrono::nanoseconds d);
  // -fuzzminimizetime as parsed (runtime/flags/flags.h DurationOrCount): a count
  // if count > 0, else a duration if duration_ns > 0, else disabled.
  static Budget from_flag(int64_t duration_ns, int64_t count);

  // Lowers the call limit to at most n more calls from now (e.g. what is
  // left of -fuzztime=Nx). n <= 0 allows no more calls.
  void cap_calls(int64_t n);

  // Moves a time budget's end d later (a call's work that is not the
  // minimization's own, as a hang's confirmation run). No effect on a count.
  void extend(std::chrono::nanoseconds d) {
    if (has_deadline_) deadline_ += std::chrono::duration_cast<Clock::duration>(d);
  }

  // Refuses every further call: e.g. the predicate met a crash while
  // minimizing an interesting input, and the worker switches to that crash.
  void stop() { cap_calls(0); }

  // Whether one more call is allowed now; if so, counts it.
  bool take();
  // Whether the budget allowed no call at all from the start (0s, 0x).
  bool disabled() const { return disabled_; }
  // Calls counted so far.
  int64_t used() const { return used_; }

 private:
  int64_t max_calls_ = -1;  // -1: no call limit
  bool has_deadline_ = false;
  bool disabled_ = false;
  Clock::time_point deadline_{};
  int64_t used_ = 0;
};

}  // namespace cxxtest::fuzz
