// Child processes for `exec` and `bg`: POSIX only.
//
// Every child runs in its own process group (so a timeout or `kill` reaches
// the grandchildren too: test binaries, fuzz workers), with stdin from
// /dev/null and stdout/stderr written to files (so no pipe can fill up and
// the output survives a crash of the runner).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "runner/args.h"

namespace cxxtest::script {

using Clock = std::chrono::steady_clock;

struct Started {
  pid_t pid = -1;     // also the process group id; -1 on failure
  std::string error;  // why it could not start (not found, exec failed)
};

// Starts argv with exactly `env` in `cwd`. A name without "/" is looked up in
// env's PATH. `out` and `err` are created or truncated.
Started start_process(const std::vector<std::string>& argv, const Env& env, const std::string& cwd,
                      const std::string& out, const std::string& err);

struct Exited {
  int status = 0;          // exit code, or 128 + signal number when killed
  int signal = 0;          // the terminating signal, 0 for a normal exit
  bool timed_out = false;  // `deadline` passed and the group was SIGKILLed
};

// Waits for `pid` until `deadline`. Either way, afterwards SIGKILLs whatever
// is left of its process group, so no stray grandchild outlives the command.
Exited wait_process(pid_t pid, Clock::time_point deadline);

// Sends `sig` to the process group of `pid`. Returns false if it is gone.
bool signal_group(pid_t pid, int sig);

// "INT", "SIGINT" or "2" -> 2; nullopt when unknown.
std::optional<int> parse_signal(const std::string& name);
// 11 -> "SIGSEGV" ("signal 77" when unnamed).
std::string signal_name(int sig);

}  // namespace cxxtest::script
