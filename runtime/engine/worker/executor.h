// engine/worker/executor.h: running one input of the fuzz function inside a worker.
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

#include <memory>
#include <string>
#include <vector>

#include "engine/shared/shm.h"
#include "testing/fuzz_target.h"
#include "testing/test_state.h"

namespace cxxtest::runtime::engine {

class Executor {
 public:
  // `target` and `shm` must outlive the executor.
  // Makes the input's state the calling thread's current test until the
  // executor dies.
  Executor(const FuzzTarget& target, const ShmView& shm);
  ~Executor();
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  // Runs the fuzz function on `input` (its kinds must match the target's).
  // Returns true if the input failed (t.Error/Fatal/Fail or an uncaught
  // exception); the failure record and report text in shared memory then
  // describe it. Must be called on the thread that constructed the executor.
  // `started` is coarse_now() at (or just before) the call, which the caller
  // usually has at hand: one clock read per execution, not two.
  bool run(const std::vector<Value>& input, int64_t started);

  // Where the running input's log is (for the crash handlers): the slot
  // stays valid and always points to the current log.
  const std::string* const* log_slot() const { return &log_; }

 private:
  // The input's test state and what it hangs off. Rebuilt after an input
  // that ran subtests, so their names do not pile up (#01, #02, ...).
  struct States {
    States(const std::string& name);
    TestContext ctx;
    TestState root;
    TestState input;
  };

  void record_exception();
  bool finish_slow();  // resets state an input left behind; returns failed
  void record_test_failure();

  const FuzzTarget& target_;
  ShmView shm_;
  TestState* saved_current_;
  std::unique_ptr<States> states_;
  const std::string* log_ = nullptr;  // &states_->input.output
  int64_t started_ = 0;               // coarse monotonic ns at the start of the input
};

// CLOCK_MONOTONIC_COARSE in nanoseconds: a few ns to read, ~4 ms resolution.
int64_t coarse_now();

}  // namespace cxxtest::runtime::engine
