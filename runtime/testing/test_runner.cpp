// testing/test_runner.cpp: Go's tRunner, T.Run and T.Parallel on threads.
//
// Every test body runs on a thread of its own, the way Go runs each test in
// a goroutine; a parent blocked in Run waits on the child's `signal`. A
// parallel subtest signals early, then waits for its parent's `barrier` (the
// end of the parent's body) and for a slot of -test.parallel.
#include "testing/test_runner.h"

#include "crash/crash.h"
#include "crash/exceptions.h"
#include "crash/race.h"
#include "flags/config.h"
#include "testing/output.h"
#include "testing/running.h"
#include "testing/test_threads.h"

namespace cxxtest::runtime {
namespace {

// Sets current_test() for the scope.
struct CurrentTest {
  explicit CurrentTest(TestState& t) : saved(current_test()) { current_test() = &t; }
  ~CurrentTest() { current_test() = saved; }
  TestState* saved;
};

void run_body(TestState& t, const Body& body) {
  bool stopped = false;  // a StopTest reached the runner
  run_guarded(t, [&] {
    try {
      body(t);
    } catch (const StopTest&) {
      stopped = true;
      return;
    }
    std::lock_guard lock(t.mu);
    t.finished = true;
  });
  if (t.stop_thrown && !stopped) {
    log_panic(t,
              "test continued after FailNow or SkipNow: the exception that stops the test "
              "was caught by a catch (...) that did not rethrow it, or FailNow was called "
              "from another thread");
  }
}

// Waits for the parallel subtests released by the end of t's body.
void finish_parallel_subs(TestState& t, const std::vector<TestState*>& subs) {
  t.ctx.limit.release();
  running_remove(t);
  t.barrier.open();
  for (TestState* sub : subs) sub->signal.wait();
  running_add(t);
  Clock::time_point cleanup_start = Clock::now();
  run_cleanups(t);
  t.duration += Clock::now() - cleanup_start;
  bool is_parallel;
  {
    std::lock_guard lock(t.mu);
    is_parallel = t.is_parallel;
  }
  if (!is_parallel) t.ctx.limit.acquire();  // sequential again, as Go's tRunner
}

}  // namespace

void run_test(TestState& t, Body body) {
  CurrentTest scope(t);
  t.start = Clock::now();
  t.races_seen = races_reported();
  run_body(t, body);
  std::vector<TestState*> subs;
  {
    std::lock_guard lock(t.mu);
    subs = t.parallel_subs;
  }
  if (subs.empty()) run_cleanups(t);
  t.duration += Clock::now() - t.start;
  if (!subs.empty()) {
    finish_parallel_subs(t, subs);
  } else if (t.is_parallel) {
    t.ctx.limit.release();
  }
  check_races(t);
  if (failed(t)) count_failure();
  report(t);
  bool leaf;
  {
    std::lock_guard lock(t.mu);
    t.done = true;
    leaf = !t.has_sub || t.fuzz;  // Go's fRunner always counts the F as run
  }
  if (t.parent && leaf) set_ran(t);
  running_remove(t);
  body = nullptr;  // its captures die before Run returns, as at a thread's end
  release_test_thread();
  t.signal.send();
}

bool run_subtest(TestState& parent, std::string name, Body body, TestKind kind) {
  auto owned = std::make_unique<TestState>(parent.ctx, &parent, std::move(name), parent.chatty);
  TestState& child = *owned;
  if (kind == TestKind::Fuzz) child.fuzz = std::make_unique<FuzzState>();
  {
    std::lock_guard lock(parent.mu);
    parent.children.push_back(std::move(owned));
  }
  if (child.chatty) chatty().update(child.name, frame() + ("=== RUN   " + child.name + "\n"));
  running_add(child);
  start_on_test_thread([&child, body = std::move(body)]() mutable { run_test(child, std::move(body)); });
  child.signal.wait();  // ended, or paused in Parallel
  return !failed(child);
}

void pause_for_parallel(TestState& t) {
  // In a fuzzing worker, as in Go, t.Parallel is accepted and has no effect:
  // inputs run one at a time, and no tRunner waits to release the barrier
  // (pausing hung the baseline, or ended in std::terminate).
  if (flags().fuzzworker) return;
  {
    std::unique_lock lock(t.mu);
    if (t.is_parallel) {
      lock.unlock();
      log_panic(t, "testing: t.Parallel called multiple times");
      fail_now(t);
    }
    if (t.env_set) {
      lock.unlock();
      log_panic(t, kParallelConflict);  // env_set: by Setenv, or Chdir's $PWD
      fail_now(t);
    }
    t.is_parallel = true;
  }
  t.duration += Clock::now() - t.start;
  check_races(t);  // races so far are this test's, not its parallel siblings'
  {
    std::lock_guard lock(t.parent->mu);
    t.parent->parallel_subs.push_back(&t);
  }
  if (t.chatty) chatty().update(t.name, frame() + ("=== PAUSE " + t.name + "\n"));
  running_remove(t);
  t.signal.send();
  t.parent->barrier.wait();
  t.ctx.limit.acquire();
  if (t.chatty) chatty().update(t.name, frame() + ("=== CONT  " + t.name + "\n"));
  running_add(t);
  t.start = Clock::now();
  t.races_seen = races_reported();  // those while paused were the others'
}

}  // namespace cxxtest::runtime
