// Running one script file end to end.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>

namespace cxxtest::script {

struct Options {
  std::string cxxtest;                         // absolute path run by `exec cxxtest`
  std::string share;                           // exported as $CXXTEST_SHARE
  std::chrono::milliseconds timeout{300'000};  // per command
  bool keep = false;                           // keep the work dir even when the script passes
  bool verbose = false;                        // print the log even when the script passes
};

enum class Result { Pass = 0, Fail = 1, Broken = 2 };

// Runs `script` in a fresh directory under $TMPDIR (or /tmp):
//   <root>/work   $WORK, the cwd, holding the script's files
//   <root>/out    line<N>.stdout / line<N>.stderr of every exec and bg
// Children see only: WORK, HOME=$WORK/home, CXXTESTCACHE=$WORK/cache,
// TMPDIR=$WORK/tmp, PWD, CXXTEST (the cxxtest path), CXXTEST_SHARE,
// SCRIPT_RUNNER (this runner, for its self-tests) and PATH (the cxxtest
// binary's directory first, then the runner's PATH).
// Prints "PASS: NAME" or the log, then "FAIL: NAME:LINE: why" and the kept
// root. Broken: the script cannot be read or parsed, or the dir not made.
Result run_script(const std::filesystem::path& script, const Options& options);

}  // namespace cxxtest::script
