// fake_worker.h: scripted workers for the coordinator's unit tests.
//
// A FakeLink is a WorkerLink (engine/coordinator/worker_link.h) that starts no
// process: it answers each command at once, in the test's own thread, by
// running a FakeTarget over one-string inputs the way a worker would
// (protocol.h), and writes the shared memory the coordinator reads: the
// current input, the execution count, the coverage snapshot, the failure
// record. A failure of a kind that ends a real worker (a signal, a
// timeout...) ends the fake one too: its failure record is written, then
// the link reports EOF, and reap() returns a matching wait status.
//
// Replies wait in memory; a pipe is only the doorbell the coordinator
// polls (one byte per reply, its write end closed when the worker dies),
// so the coordinator's real event loop runs unchanged.
//
// Fuzz commands are bounded by executions only (no clock): a slice with a
// huge limit stops after kFakeSliceExecs, as a real one stops after kSliceNanos.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/coordinator/worker_link.h"
#include "engine/shared/coverage.h"

namespace cxxtest::testing {

using runtime::engine::Command;
using runtime::engine::FailureKind;

inline constexpr uint64_t kFakeSliceExecs = 100;

// The fuzzed function, seen through its effects. Inputs are one bytes value.
struct FakeTarget {
  // The mask indices (counters) the input covers.
  std::function<std::vector<size_t>(const std::string&)> covers = [](const std::string&) {
    return std::vector<size_t>{0};
  };
  // How the input fails (None: it passes). Slow: it passes, but a Fuzz
  // command's cut stops it (as it stops a Timeout one).
  std::function<FailureKind(const std::string&)> fails = [](const std::string&) { return FailureKind::None; };
  // The n-th input the fake workers mutate from `original` (n counts every
  // fuzzing execution of the test, on any worker, from 1).
  std::function<std::string(const std::string& original, uint64_t n)> mutate =
      [](const std::string& original, uint64_t) { return original; };
  // Every worker process fails to start (fork or pipe failing).
  bool cannot_start = false;
};

// One command as a fake worker received it.
struct SentCommand {
  size_t link = 0;  // which link (in the order the launcher made them)
  Command command;
  std::string input;  // the original it was sent with
};

// What every fake worker of a test did, for the test's checks.
struct FakeLog {
  std::vector<SentCommand> commands;
  std::vector<int> starts;  // per link: processes started
  int64_t executions = 0;   // inputs run, all links and commands
  uint64_t fuzzed = 0;      // fuzzing executions (FakeTarget::mutate's n)
};

class FakeLauncher final : public runtime::engine::WorkerLauncher {
 public:
  explicit FakeLauncher(FakeTarget target) : target_(std::move(target)) {}
  std::unique_ptr<runtime::engine::WorkerLink> make(int mask_fd, bool fixed_addresses) override;

  const FakeLog& log() const { return log_; }
  // How many commands with this op were sent (to any link).
  size_t count(runtime::engine::Op op) const;

 private:
  FakeTarget target_;
  FakeLog log_;
};

}  // namespace cxxtest::testing
