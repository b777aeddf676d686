// export/export_entry.cpp: an exported target's LLVMFuzzerTestOneInput (see
// <cxxtest/export.h>).
//
// The fuzz function may use locals of FuzzXxx's body (captured by
// reference), so the body must still be running while inputs run, as it is
// under cxxtest's own engine. The body therefore runs on a fiber (fiber.h),
// started by the first input; when it reaches F.Fuzz, the runner installed
// here serves inputs until the process ends: LLVMFuzzerTestOneInput puts
// the input in `pending` and resumes the fiber, which runs it and yields.
#include <cxxtest/export.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "corpus/raw_input.h"
#include "crash/exceptions.h"
#include "export/export_body.h"
#include "export/fiber.h"
#include "testing/fuzz_target.h"
#include "testing/running.h"
#include "testing/test_state.h"

namespace cxxtest::runtime {
namespace {

// The input being handed to the fiber, and its result.
struct Pending {
  const uint8_t* data = nullptr;
  size_t size = 0;
  int result = 0;  // run_exported_input's return value
};
Pending pending;
const internal::FuzzEntry* entry = nullptr;

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
      : ctx(int64_t{1} << 40, Filter{}, Filter{}, std::nullopt),
        root(ctx, nullptr, "", false),
        input(ctx, &root, name, false) {
    root.barrier.open();  // t.Parallel() inside the fuzz function does not wait
  }
  TestContext ctx;
  TestState root;
  TestState input;
};

// Runs one input; aborts the process if it fails. Returns -1 for a skip.
int run_one(const FuzzTarget& target, std::unique_ptr<InputStates>& states, std::vector<Value>& values) {
  decode_raw(pending.data, pending.size, target.fn.kinds, values);
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
    dirty = in.finished || !in.output.empty() || in.has_sub || in.is_parallel || in.env_set ||
            !in.temp_dir.empty();
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
    fiber_yield();
    pending.result = run_one(target, states, values);
  }
}

// The fiber: FuzzXxx(F&), which serves inputs from F.Fuzz on. Returning
// means the body never got there (it failed, skipped or forgot to call
// it): no input can run, so the process ends.
void run_body() {
  BodyResult r = run_body_with(*entry, serve_inputs);
  if (r.skipped && !r.failed) {
    std::fprintf(stderr, "cxxtest: %s skipped before F.Fuzz: no input can run\n%s", entry->name,
                 r.log.c_str());
    std::exit(1);
  }
  report_failure(entry->name, r.log);
}

}  // namespace
}  // namespace cxxtest::runtime

namespace cxxtest::internal {

int run_exported_input(const FuzzEntry& target, const uint8_t* data, size_t size) {
  using namespace cxxtest::runtime;
  if (!entry) {
    entry = &target;
    fiber_start(run_body);  // returns once the body waits in F.Fuzz
  }
  pending.data = data;
  pending.size = size;
  fiber_resume();
  return pending.result;
}

}  // namespace cxxtest::internal
