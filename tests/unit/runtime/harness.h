// harness.h: running a test program as a child process and looking at what
// it printed (behaviour tests).
#pragma once

#include <string>
#include <vector>

namespace cxxtest_test {

struct Run {
  std::string out;  // stdout, durations normalized to (0.00s)
  std::string err;  // stderr
  int code = -1;    // exit code; 128+N when killed by signal N
};

// Runs program `name` (basic, crash, fuzz, parallel) with args. `cwd` empty:
// the fuzzpkg directory. `env` entries ("K=V") are added to the environment;
// "K=" with nothing after the '=' removes K.
Run run(const std::string& name, const std::vector<std::string>& args,
        const std::vector<std::string>& env = {});

// Replaces every "(1.23s)" with "(0.00s)".
std::string normalize_durations(const std::string& s);

bool contains(const std::string& haystack, const std::string& needle);
int count(const std::string& haystack, const std::string& needle);

// A fresh directory, removed with everything in it when the object dies.
struct ScratchDir {
  ScratchDir();
  ~ScratchDir();
  std::string path;
};

}  // namespace cxxtest_test
