// What a running script can see and change: environment, current directory,
// the last command's output and status, background processes, and the log.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <string>

#include "runner/args.h"
#include "runner/process.h"

namespace cxxtest::script {

struct Background {
  pid_t pid = -1;
  int line = 0;  // the `bg` line, names its output files
  Clock::time_point deadline;
  std::string command;  // for the log
};

struct State {
  std::filesystem::path work;     // $WORK
  std::filesystem::path out_dir;  // where each command's stdout/stderr is kept
  std::filesystem::path cwd;      // changed by `cd`
  Env env;                        // exactly what children get
  std::string cxxtest;            // what `exec cxxtest` runs
  std::chrono::milliseconds timeout{300'000};

  int line = 0;  // the line being run

  // Set by `exec` and `wait`; read by stdout, stderr, status, cmp, cp.
  std::string stdout_text, stderr_text;
  bool ran = false;
  int status = 0;

  std::map<std::string, Background> background;  // by `bg` NAME
  std::string log;                               // printed on failure or -v

  // `p` resolved against the current directory.
  std::filesystem::path path(const std::string& p) const { return cwd / p; }
};

}  // namespace cxxtest::script
