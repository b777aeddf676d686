// export_entry.cpp: an exported target's LLVMFuzzerTestOneInput (see
// <cxxtest/export.h>).
//
// The fuzz function may use locals of FuzzXxx's body (captured by
// reference), so the body must still be running while inputs run, as it is
// under cxxtest's own engine. The body therefore runs on a thread of its
// own (started by the first input, after any fork the engine does); when it
// reaches F.Fuzz, the runner installed here serves inputs until the process
// ends. Each input is handed over through `turn`: the engine's thread
// publishes the input and waits for the body's thread to run it. Exactly one
// of the two threads works at any time; each spins briefly before sleeping,
// so a fast target pays little for the hand-over.
#include <cxxtest/export.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "exceptions.h"
#include "export_body.h"
#include "fuzz_target.h"
#include "raw_input.h"
#include "running.h"
#include "test_state.h"

namespace cxxtest::runtime {
namespace {

enum Turn : int { kEngine, kTarget };

struct Bridge {
  std::atomic<int> turn{kEngine};
  const uint8_t* data = nullptr;   // the input, valid while turn == kTarget
  size_t size = 0;
  int result = 0;                  // run_exported_input's return value
};

Bridge bridge;

// Waits until `turn` is `want`: a short spin, then a futex wait.
void await(std::atomic<int>& turn, int want) {
  for (int i = 0; i < 4000; ++i)
    if (turn.load(std::memory_order_acquire) == want) return;
  for (int v; (v = turn.load(std::memory_order_acquire)) != want;) turn.wait(v, std::memory_order_acquire);
}

void hand_to(Turn who) {
  bridge.turn.store(who, std::memory_order_release);
  bridge.turn.notify_one();
}

// Prints the failed test's log as a test run would, then aborts: the engine
// records the input as a crash.
[[noreturn]] void report_failure(const std::string& name, const std::string& log) {
  std::fprintf(stderr, "--- FAIL: %s\n%s", name.c_str(), log.c_str());
  if (!log.empty() && log.back() != '\n') std::fputc('\n', stderr);
  std::fflush(stderr);
  std::abort();
}

// The test state inputs run under, as the engine's executor keeps it: a
// root and the input, named like the target.
struct InputStates {
  explicit InputStates(const std::string& name)
      : ctx(int64_t{1} << 40, Filter{}, Filter{}, std::nullopt), root(ctx, nullptr, "", false), input(ctx, &root, name, false) {
    root.barrier.open();  // t.Parallel() inside the fuzz function does not wait
  }
  TestContext ctx;
  TestState root;
  TestState input;
};

// Runs one input; aborts the process if it fails. Returns -1 for a skip.
int run_one(const FuzzTarget& target, std::unique_ptr<InputStates>& states, std::vector<Value>& values) {
  decode_raw(bridge.data, bridge.size, target.fn.kinds, values);
  TestState& in = states->input;
  current_test() = &in;
  auto call = [&] { target.fn.invoke(in.t_handle, values); };
  run_guarded(in, std::ref(call));  // by reference: no allocation per input
  run_cleanups(in);
  bool failed, skipped, dirty;
  {
    std::lock_guard lock(in.mu);
    failed = in.failed;
    skipped = in.skipped;
    dirty = in.finished || !in.output.empty() || in.has_sub || in.is_parallel || in.env_set || !in.temp_dir.empty();
  }
  if (failed) report_failure(target.name, in.output);
  if (dirty || skipped) {  // a fresh state for the next input, as the engine's executor does
    running_remove(in);
    states = std::make_unique<InputStates>(target.name);
  }
  return skipped ? -1 : 0;
}

// The FuzzRunner: serves inputs for as long as the process lives.
void serve_inputs(TestState& f, const FuzzTarget& target) {
  auto states = std::make_unique<InputStates>(target.name);
  std::vector<Value> values;
  f.fuzz->in_fuzz_fn = true;
  for (;;) {
    hand_to(kEngine);
    await(bridge.turn, kTarget);
    bridge.result = run_one(target, states, values);
  }
}

// The body's thread: FuzzXxx(F&), which serves inputs from F.Fuzz on.
// Returning means the body never got there (it failed, skipped or forgot
// to call F.Fuzz): no input can run, so the process ends.
void run_body(const internal::FuzzEntry& entry) {
  BodyResult r = run_body_with(entry, serve_inputs);
  if (r.skipped && !r.failed) {
    std::fprintf(stderr, "cxxtest: %s skipped before F.Fuzz: no input can run\n%s", entry.name, r.log.c_str());
    std::exit(1);
  }
  report_failure(entry.name, r.log);
}

}  // namespace
}  // namespace cxxtest::runtime

namespace cxxtest::internal {

int run_exported_input(const FuzzEntry& entry, const uint8_t* data, size_t size) {
  using namespace cxxtest::runtime;
  // Started by the first input of each process: an engine that forks after
  // calling this (AFL++'s fork server) gets a body thread in every child.
  static pid_t started_in = 0;
  if (started_in != getpid()) {
    started_in = getpid();
    bridge.turn.store(kTarget);
    std::thread(run_body, std::cref(entry)).detach();
    await(bridge.turn, kEngine);  // the body reached F.Fuzz (else it ended the process)
  }
  bridge.data = data;
  bridge.size = size;
  hand_to(kTarget);
  await(bridge.turn, kEngine);
  return bridge.result;
}

}  // namespace cxxtest::internal
