// engine/worker_process.h: one worker process, seen from the coordinator.
//
// The coordinator owns the worker's shared memory for the whole run: it is
// created once and handed to every process started for this slot, so an
// input survives the process that ran it. start() re-executes this binary
// (/proc/self/exe) with the coordinator's own arguments plus
// -test.fuzzworker; the child gets the pipes and memory as fds 3-6
// (protocol.h), stdout and stderr on /dev/null (as Go's workers), SIGINT
// ignored, and is killed if the coordinator dies (PR_SET_PDEATHSIG).
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "engine/protocol.h"
#include "engine/shm.h"

namespace cxxtest::runtime::engine {

class WorkerProcess {
 public:
  // args: the worker's argv[1..] (already including -test.fuzzworker).
  WorkerProcess(std::vector<std::string> args, int mask_fd) : args_(std::move(args)), mask_fd_(mask_fd) {}
  ~WorkerProcess();
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  // Starts later processes with address-space randomization off, so that
  // pointer values the target compares (and the fuzzer learns from) are
  // the same from run to run: a repeatable run (coordinator.h) needs it.
  void set_fixed_addresses(bool on) { fixed_addresses_ = on; }
  // Creates the shared memory (once per slot). False with *err on failure.
  bool init(size_t mask_size, std::string* err);
  // Starts a process; the previous one must have been reaped.
  bool start(std::string* err);

  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  int reply_fd() const { return reply_fd_; }
  const ShmView& shm() const { return shm_; }

  // Sends a command (false if the worker is gone).
  bool send(const Command& cmd);
  // Reads one reply; false on EOF (the worker died or exited).
  bool receive(Reply& reply);

  // Closes the command pipe: the worker returns from F.Fuzz and exits.
  void close_commands();
  // Sends SIGKILL (no-op once reaped).
  void kill_now();
  // Waits for the process to end and returns its wait status; closes the
  // pipes. timeout_ms < 0: wait as long as it takes; on timeout returns -1
  // and the process is still running.
  int reap(int timeout_ms = -1);

 private:
  void close_fds();

  std::vector<std::string> args_;
  bool fixed_addresses_ = false;
  int mask_fd_;
  int shm_fd_ = -1;
  ShmView shm_;
  pid_t pid_ = -1;
  int cmd_fd_ = -1;    // write end of the command pipe
  int reply_fd_ = -1;  // read end of the reply pipe
};

// This process's arguments (from /proc/self/cmdline), without argv[0].
std::vector<std::string> own_arguments();

}  // namespace cxxtest::runtime::engine
