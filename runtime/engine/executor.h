// engine/executor.h: running one input of the fuzz function inside a worker.
//
// Seed-corpus mode runs each input as a subtest on a thread of its own;
// that costs tens of microseconds. A worker instead keeps one test state for
// "the input" (named like the target, as Go names fuzzing inputs) and calls
// the fuzz function directly on its own thread, resetting the state only
// when an input left something behind (a log, a cleanup, a subtest...). The
// common path is the call, one uncontended lock, nothing allocated.
//
// t.Parallel() inside the fuzz function returns at once (the input's parent
// gate is open), as Go ignores it while fuzzing.
#pragma once

#include <cxxtest/value.h>

#include <string>
#include <vector>

#include "engine/shm.h"
#include "fuzz_target.h"
#include "test_state.h"

namespace cxxtest::runtime::engine {

class Executor {
 public:
  // `target` and `shm` must outlive the executor.
  Executor(const FuzzTarget& target, const ShmView& shm);
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  // Runs the fuzz function on `input` (its kinds must match the target's).
  // Returns true if the input failed (t.Error/Fatal/Fail or an uncaught
  // exception); the failure record and report text in shared memory then
  // describe it. Must be called on the thread that constructed the executor.
  bool run(const std::vector<Value>& input);

  // The running input's log (for the crash handlers).
  const std::string* log() const { return &input_.output; }

 private:
  void record_exception();
  bool finish_slow();  // resets state an input left behind; returns failed
  void record_test_failure();

  const FuzzTarget& target_;
  ShmView shm_;
  TestContext ctx_;
  TestState root_;
  TestState input_;
  int64_t started_ = 0;  // coarse monotonic ns at the start of the input
};

// CLOCK_MONOTONIC_COARSE in nanoseconds: a few ns to read, ~4 ms resolution.
int64_t coarse_now();

}  // namespace cxxtest::runtime::engine
