// engine/executor.cpp: see executor.h.
#include "engine/executor.h"

#include <cxxabi.h>
#include <time.h>

#include <cstdio>
#include <cstring>

#include "engine/failure.h"
#include "exceptions.h"
#include "running.h"

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

Executor::Executor(const FuzzTarget& target, const ShmView& shm)
    : target_(target),
      shm_(shm),
      ctx_(kUnlimitedParallel, Filter{}, Filter{}, std::nullopt),
      root_(ctx_, nullptr, "", false),
      input_(ctx_, &root_, target.name, false) {
  root_.barrier.open();  // t.Parallel() inside the fuzz function does not wait
  current_test() = &input_;
}

bool Executor::run(const std::vector<Value>& input) {
  started_ = coarse_now();
  try {
    target_.fn.invoke(input_.t_handle, input);
  } catch (const StopTest&) {
  } catch (abi::__forced_unwind&) {
    throw;
  } catch (...) {
    record_exception();
  }
  bool dirty;
  {
    std::lock_guard lock(input_.mu);
    dirty = input_.failed || input_.finished || !input_.output.empty() || !input_.cleanups.empty() ||
            input_.has_sub || input_.is_parallel || input_.env_set || !input_.temp_dir.empty();
  }
  return dirty && finish_slow();
}

void Executor::record_exception() {
  FailureRecord& r = shm_.header().failure;
  r.kind = FailureKind::Exception;
  std::type_info* type = abi::__cxa_current_exception_type();
  set_where(r, type ? demangle(type->name()) : "unknown");
  log_panic(input_, "uncaught exception " + describe_current_exception());
}

void Executor::record_test_failure() {
  FailureRecord& r = shm_.header().failure;
  if (r.kind == FailureKind::None) {
    r.kind = FailureKind::TestFailed;
    set_where(r, first_log_location(input_.output));
  }
  r.nanos = uint64_t(coarse_now() - started_);
  size_t n = std::min(input_.output.size(), kReportCap);
  std::memcpy(shm_.report(), input_.output.data(), n);
  r.text_len = uint32_t(n);
  r.nframes = 0;
}

bool Executor::finish_slow() {
  run_cleanups(input_);
  bool failed, parallel;
  {
    std::lock_guard lock(input_.mu);
    failed = input_.failed;
    parallel = input_.is_parallel;
  }
  if (parallel) ctx_.limit.release();
  running_remove(input_);
  if (failed) record_test_failure();
  {
    std::lock_guard lock(input_.mu);
    input_.output.clear();
    input_.failed = input_.skipped = input_.finished = input_.done = false;
    input_.has_sub = input_.ran = input_.is_parallel = input_.env_set = input_.cleanup_started = false;
    input_.cleanups.clear();
    input_.parallel_subs.clear();
    input_.children.clear();
    input_.temp_dir.clear();
    input_.temp_dir_seq = 0;
  }
  input_.stop_thrown = false;
  std::lock_guard lock(root_.mu);
  root_.failed = false;
  root_.parallel_subs.clear();
  return failed;
}

}  // namespace cxxtest::runtime::engine
