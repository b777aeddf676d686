// engine/coordinator/worker_handle.h: one worker process, seen from the coordinator:
// the real WorkerLink (worker_link.h).
//
// The coordinator owns the worker's shared memory for the whole run: it is
// created once and handed to every process started for this slot, so an
// input survives the process that ran it. start() re-executes this binary
// (/proc/self/exe) with the coordinator's own arguments plus
// -test.fuzzworker; the child gets the pipes and memory as fds 3-6
// (protocol.h), stdout and stderr in a memfd of ours (WorkerLink::output;
// never shown as they are written, as Go's workers'), SIGINT ignored
// (not SIGTERM: a target that raises it fails, as in Go), and is killed
// if the coordinator dies (PR_SET_PDEATHSIG).
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "engine/coordinator/worker_link.h"
#include "engine/shared/protocol.h"
#include "engine/shared/shm.h"

namespace cxxtest::runtime::engine {

class WorkerHandle final : public WorkerLink {
 public:
  // args: the worker's argv[1..] (already including -test.fuzzworker).
  WorkerHandle(std::vector<std::string> args, int mask_fd) : args_(std::move(args)), mask_fd_(mask_fd) {}
  ~WorkerHandle() override;
  WorkerHandle(const WorkerHandle&) = delete;
  WorkerHandle& operator=(const WorkerHandle&) = delete;

  // Starts later processes with address-space randomization off, so that
  // pointer values the target compares (and the fuzzer learns from) are
  // the same from run to run: a repeatable run (coordinator.h) needs it.
  void set_fixed_addresses(bool on) { fixed_addresses_ = on; }
  // The WorkerLink calls. init creates the memory with create_shm; start
  // forks and execs; kill_now sends SIGKILL; reap also closes the pipes.
  Status init(size_t mask_size) override;
  Status start() override;
  bool running() const override { return pid_ > 0; }
  int reply_fd() const override { return reply_fd_; }
  const ShmView& shm() const override { return shm_; }
  bool send(const Command& cmd) override;
  bool receive(Reply& reply) override;
  void close_commands() override;
  void kill_now() override;
  int reap(int timeout_ms = -1) override;
  std::string output() const override;

  pid_t pid() const { return pid_; }

 private:
  void close_fds();

  std::vector<std::string> args_;
  bool fixed_addresses_ = false;
  int mask_fd_;
  int shm_fd_ = -1;
  int output_fd_ = -1;  // a memfd: the worker's stdout and stderr (WorkerLink::output)
  ShmView shm_;
  pid_t pid_ = -1;
  int cmd_fd_ = -1;    // write end of the command pipe
  int reply_fd_ = -1;  // read end of the reply pipe
};

// Makes WorkerHandlees for fuzzing one target: this binary's own
// arguments, -test.fuzz narrowed to that target (a -fuzzkeepgoing campaign
// fuzzes several in turn), plus -test.fuzzworker.
class ProcessLauncher final : public WorkerLauncher {
 public:
  explicit ProcessLauncher(const std::string& target_name);
  std::unique_ptr<WorkerLink> make(int mask_fd, bool fixed_addresses) override;

 private:
  std::vector<std::string> args_;
};

// This process's arguments (from /proc/self/cmdline), without argv[0].
std::vector<std::string> own_arguments();

}  // namespace cxxtest::runtime::engine
