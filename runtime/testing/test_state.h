// testing/test_state.h: the runtime side of one running test (Go's testing.common).
//
// Ownership: a TestState is owned by its parent's `children` (the roots by
// run_main) and lives until the whole run ends, so pointers to it stay valid
// for parallel siblings, cleanups and the crash reporter. Each test runs on
// its own thread (like a goroutine); fields marked "own thread" are touched
// only there, the rest under `mu`.
#pragma once

#include <cxxtest/cxxtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "flags/matcher.h"
#include "testing/sync.h"

namespace cxxtest::runtime {

using Clock = std::chrono::steady_clock;

// Go's panic for t.Parallel with t.Setenv or t.Chdir, either way round.
inline constexpr const char* kParallelConflict =
    "testing: test using t.Setenv or t.Chdir can not use t.Parallel";

// Thrown by FailNow/SkipNow (and Fatal, Skip...) to stop the current test;
// caught only by the runner. Not derived from std::exception on purpose.
struct StopTest {};

// What the tests of one -test.count iteration share (Go's testContext).
struct TestContext {
  TestContext(int64_t max_parallel, const Filter& run, const Filter& skip,
              std::optional<std::chrono::system_clock::time_point> deadline_)
      : limit(max_parallel), matcher(run, skip), deadline(deadline_) {}
  ParallelLimit limit;
  Matcher matcher;
  std::optional<std::chrono::system_clock::time_point> deadline;
};

// What a cxxtest::Context refers to: a stop source cancelled by
// run_cleanups. Owned by its TestState (`contexts`), so it lives as long.
struct ContextState {
  std::stop_source source;
  std::mutex mu;                   // for `cv` only
  std::condition_variable_any cv;  // Context::WaitFor
};

// Per F: seeds and the state of the F.Fuzz protocol.
struct FuzzState {
  std::vector<std::vector<Value>> seeds;  // F::Add entries, in order
  std::vector<std::string> dict;          // F::Dict tokens, in order
  bool fuzz_called = false;               // guarded by TestState::mu
  std::atomic<bool> in_fuzz_fn{false};    // a seed input is running the fuzz function
};

struct TestState {
  TestState(TestContext& ctx, TestState* parent, std::string name, bool chatty);

  TestContext& ctx;
  TestState* const parent;          // nullptr for a root
  const int level;                  // 0 root, 1 top-level test, 2 its subtests...
  const std::string name;           // full name, "" for a root
  const bool chatty;                // -test.v
  std::unique_ptr<FuzzState> fuzz;  // set for an F before it starts

  mutable std::mutex mu;
  std::string output;  // buffered log lines and finished subtests' reports
  bool failed = false;
  bool skipped = false;
  bool finished = false;  // the body returned or called FailNow/SkipNow
  bool done = false;      // reported; later logs go to the parent
  bool has_sub = false;   // Run was called
  bool ran = false;       // some leaf test ran under this one
  bool is_parallel = false;
  bool env_set = false;
  bool cleanup_started = false;
  std::vector<std::function<void()>> cleanups;
  std::vector<TestState*> parallel_subs;  // paused subtests, released by `barrier`
  std::vector<std::unique_ptr<TestState>> children;
  std::string temp_dir;
  int temp_dir_seq = 0;
  // Contexts handed out, the current one last. A fuzzing worker reuses one
  // state for many inputs: an input after a cancelled one gets a new one.
  std::vector<std::unique_ptr<ContextState>> contexts;

  Signal signal;                          // sent when the test pauses in Parallel and when it ends
  Gate barrier;                           // opened when the body has returned (releases parallel subs)
  bool stop_thrown = false;               // own thread: a StopTest was thrown
  Clock::time_point start;                // own thread
  Clock::duration duration{};             // own thread
  std::atomic<int64_t> running_since{0};  // steady-clock ns while listed as running
  std::atomic<uint64_t> races_seen{0};    // races_reported() already accounted for (race.h)
  bool race_logged = false;               // check_races failed this test already

  // What the test code gets. They live as long as the state, so cleanups
  // and parallel subtests may keep using `t` after the body returned.
  T t_handle{this};
  F f_handle{this};
};

// The test whose body runs on the calling thread, or nullptr.
TestState*& current_test();

// Marks t and its parents failed.
void fail(TestState& t);
bool failed(const TestState& t);
bool skipped(const TestState& t);
// Marks t failed (or skipped) and finished, then throws StopTest.
[[noreturn]] void fail_now(TestState& t);
[[noreturn]] void skip_now(TestState& t);

// Appends an already decorated log text to t's log (or prints it with -v).
void log_decorated(TestState& t, std::string_view text);
// Logs `text` with the `file.cpp:LINE: ` prefix of loc (none if loc.file is null).
void log_at(TestState& t, internal::Location loc, std::string_view text);
// Logs "panic: <what>" and fails t, for misuse of the API and exceptions.
void log_panic(TestState& t, std::string_view what);

// t's current context (TB::Context), made on first use.
ContextState& context_of(TestState& t);

// Cancels t's context (Go's cancelCtx), then runs t's cleanups, last
// registered first; each one's failures and exceptions are recorded on t
// and do not stop the others.
void run_cleanups(TestState& t);

// Go's report: on failure (or with -v) writes `--- FAIL: name (0.00s)` and
// the buffered log to the parent's log (for a top-level test: stdout).
void report(TestState& t);

// Marks t and its parents as having run a test.
void set_ran(TestState& t);

// Go's checkFuzzFn: while an F's seed inputs run, only their T may be used.
// Calling F method `method` then fails and stops the input's test.
void check_fuzz_fn(TestState* s, const char* method);

// Whether -test.failfast is set and a test failed.
bool should_fail_fast();
void count_failure();

}  // namespace cxxtest::runtime
