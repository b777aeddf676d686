// engine/worker/executor.cpp: see executor.h.
#include "engine/worker/executor.h"

#include <cxxabi.h>
#include <time.h>

#include <cstdio>
#include <cstring>

#include "crash/exceptions.h"
#include "crash/input_stack.h"
#include "engine/shared/failure.h"
#include "engine/worker/stack_depth.h"
#include "engine/worker/worker_crash.h"
#include "testing/running.h"

namespace cxxtest::runtime::engine {
namespace {

constexpr int64_t kUnlimitedParallel = int64_t{1} << 40;

void set_where(FailureRecord& r, const std::string& s) { std::snprintf(r.where, kWhereCap, "%s", s.c_str()); }

}  // namespace

int64_t coarse_now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

Executor::States::States(const std::string& name)
    : ctx(kUnlimitedParallel, Filter{}, Filter{}, std::nullopt),
      root(ctx, nullptr, "", false),
      input(ctx, &root, name, false) {
  root.barrier.open();  // t.Parallel() inside the fuzz function does not wait
}

Executor::Executor(const FuzzTarget& target, const ShmView& shm)
    : target_(target),
      shm_(shm),
      saved_current_(current_test()),
      states_(std::make_unique<States>(target.name)) {
  log_ = &states_->input.output;
  current_test() = &states_->input;
}

Executor::~Executor() { current_test() = saved_current_; }

bool Executor::run(const std::vector<Value>& input, int64_t started) {
  TestState& in = states_->input;
  started_ = started;
  uintptr_t stack_start = UINTPTR_MAX;
  try {
    // The stack a plain run gives it (input_stack.h), its depth measured.
    invoke_measuring_depth(target_.fn, in.t_handle, input, &stack_start);
  } catch (const StopTest&) {
  } catch (abi::__forced_unwind&) {
    throw;
  } catch (...) {
    record_exception();
  }
  note_stack_depth(stack_start);
  bool dirty;
  {
    std::lock_guard lock(in.mu);
    dirty = in.failed || in.finished || !in.output.empty() || !in.cleanups.empty() || in.has_sub ||
            in.is_parallel || in.env_set || !in.temp_dir.empty();
  }
  return dirty && finish_slow();
}

void Executor::record_exception() {
  FailureRecord& r = shm_.header().failure;
  r.kind = FailureKind::Exception;
  std::type_info* type = abi::__cxa_current_exception_type();
  set_where(r, type ? demangle(type->name()) : "unknown");
  // Where it was thrown: recorded only while a failure's input runs again
  // (worker.cpp); the coordinator symbolizes the frames for its report.
  void* frames[kMaxFrames];
  set_record_frames(r, frames, current_throw_frames(frames, kMaxFrames));
  log_panic(states_->input, "uncaught exception " + describe_current_exception());
}

void Executor::record_test_failure() {
  const std::string& output = states_->input.output;
  FailureRecord& r = shm_.header().failure;
  if (r.kind == FailureKind::None) {
    r.kind = FailureKind::TestFailed;
    set_where(r, first_log_location(output));
  }
  r.nanos = uint64_t(coarse_now() - started_);
  size_t n = std::min(output.size(), kReportCap);
  std::memcpy(shm_.report(), output.data(), n);
  r.text_len = uint32_t(n);
  if (r.kind == FailureKind::TestFailed) r.nframes = 0;  // an exception's keep its throw site
}

// Runs the input's cleanups, records a failure, and resets what the input
// changed; an input that ran subtests gets fresh states.
bool Executor::finish_slow() {
  TestState& in = states_->input;
  run_cleanups(in);
  bool failed, parallel, subtests;
  {
    std::lock_guard lock(in.mu);
    failed = in.failed;
    parallel = in.is_parallel;
    subtests = in.has_sub;
  }
  if (parallel) states_->ctx.limit.release();
  running_remove(in);
  if (failed) record_test_failure();
  if (subtests) {
    states_ = std::make_unique<States>(target_.name);
    log_ = &states_->input.output;
    current_test() = &states_->input;
    return failed;
  }
  {
    std::lock_guard lock(in.mu);
    in.output.clear();
    in.failed = in.skipped = in.finished = in.done = false;
    in.is_parallel = in.env_set = in.cleanup_started = false;
    in.cleanups.clear();
    in.parallel_subs.clear();
    in.temp_dir.clear();
    in.temp_dir_seq = 0;
  }
  in.stop_thrown = false;
  std::lock_guard lock(states_->root.mu);
  states_->root.failed = false;
  states_->root.parallel_subs.clear();
  return failed;
}

}  // namespace cxxtest::runtime::engine
