// Starting child processes: the compiler tools, ninja, test binaries.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace cxxtest::driver {

// How a child ended. Exactly one of `code` (normal exit) or `signal` is set.
struct ExitStatus {
  int code = -1;
  int signal = 0;
  bool ok() const { return code == 0; }
  // "exit status 3" or "signal: segmentation fault", as Go prints them.
  std::string describe() const;
};

struct ProcessOptions {
  std::string cwd;                     // empty: inherit
  std::vector<std::string> extra_env;  // NAME=VALUE entries added to the environment
  bool merge_stderr = true;            // stderr goes into the same capture as stdout
  bool new_process_group = false;      // so a timeout can kill the whole group
};

// Runs argv[0] (searched in PATH) and collects its output. If `on_chunk` is set
// it is called with each piece of output as it arrives (and nothing is
// collected). On a failure to start, returns code 127 and puts the reason
// ("cannot run ninja: No such file or directory") into `output`.
ExitStatus run_process(const std::vector<std::string>& argv, const ProcessOptions& opts, std::string* output,
                       const std::function<void(std::string_view)>& on_chunk = nullptr);

// Sends `sig` to every child run_process is running now. Async-signal-safe:
// a signal handler of the driver's passes SIGTERM on to the test binary it
// waits for, which stops fuzzing on it (runtime/engine/coordinator/interrupt.h).
void forward_signal_to_children(int sig);

// Looks up a program in PATH; returns "" when absent.
std::string find_in_path(const std::string& name);

}  // namespace cxxtest::driver
