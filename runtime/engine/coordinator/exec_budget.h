// engine/coordinator/exec_budget.h: -fuzztime=Nx, exactly N executions in total.
//
// Every execution counts: baseline runs, fuzzing runs and minimization runs,
// on every worker. Before sending a command the coordinator reserves the
// executions it may use (grant); when the command ends it settles the
// reservation with what was actually run. Reservations never exceed what is
// left, so the total can never pass N, and a worker never runs more than its
// command's limit. A slice asks for ceil(N / workers), as Go does, so the
// workers share the last executions.
//
// With no limit (a duration or nothing), grant() gives what was asked and
// the counts are only kept for the progress lines.
#pragma once

#include <algorithm>
#include <cstdint>

namespace cxxtest::runtime::engine {

class ExecBudget {
 public:
  // limit 0: unlimited.
  explicit ExecBudget(int64_t limit = 0) : limit_(limit) {}

  bool limited() const { return limit_ > 0; }
  int64_t limit() const { return limit_; }
  // Executions finished (settled).
  int64_t done() const { return done_; }
  // Executions reserved by commands still running.
  int64_t in_flight() const { return in_flight_; }
  // Neither finished nor reserved; INT64_MAX when unlimited.
  int64_t unreserved() const { return limited() ? limit_ - done_ - in_flight_ : INT64_MAX; }
  // Every execution has run (only with a limit).
  bool exhausted() const { return limited() && done_ >= limit_; }

  // Reserves up to `want` (>= 0) executions; returns how many (0: none left).
  int64_t grant(int64_t want) {
    int64_t g = std::max<int64_t>(0, std::min(want, unreserved()));
    in_flight_ += g;
    return g;
  }
  // A command that reserved `granted` ran `used` (<= granted) executions.
  void settle(int64_t granted, int64_t used) {
    in_flight_ -= granted;
    done_ += std::min(used, granted);
  }
  // One execution nobody reserved ahead (only when unreserved() > 0 or
  // unlimited: callers grant(1) first when limited).
  void count(int64_t n) { done_ += n; }

  // Executions per fuzzing slice for `workers` workers: ceil(N/workers), or
  // `unlimited_slice` without a limit.
  int64_t slice(int64_t workers, int64_t unlimited_slice) const {
    if (!limited()) return unlimited_slice;
    return std::max<int64_t>(1, (limit_ + workers - 1) / std::max<int64_t>(1, workers));
  }

 private:
  int64_t limit_;
  int64_t done_ = 0;
  int64_t in_flight_ = 0;
};

}  // namespace cxxtest::runtime::engine
