// Finding TestXxx / FuzzXxx in test files, by running cxxtest-discover
// (Clang LibTooling, a separate program so the driver never loads libclang).
// Results are cached per test file, keyed by the file, the headers it reaches
// (path, mtime, size), the compile arguments and the tool itself.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cachedir/cache.h"
#include "common/expected.h"

namespace cxxtest::driver {

struct TestFunc {
  bool fuzz = false;  // FuzzXxx(cxxtest::F&) rather than TestXxx(cxxtest::T&)
  std::string name;
  std::filesystem::path file;
  int line = 0, col = 0;
  bool bench = false;      // BenchmarkXxx(cxxtest::B&) (then `fuzz` is false)
  bool test_main = false;  // the package's TestMain(cxxtest::M&) (then `fuzz` and `bench` are false)
};

struct DiscoveryJob {
  std::filesystem::path file;                  // a *_test.cpp
  std::vector<std::filesystem::path> headers;  // module headers it reaches
  std::string compiler;
  std::vector<std::string> args;  // compile flags
  // Filled in by discover():
  std::vector<TestFunc> funcs;
  std::vector<std::string> errors;  // "file:line:col: message"
};

// Runs discovery for every job, from the cache where possible (one tool run
// for all the misses that share compiler and arguments). Returns an error
// only when the tool itself cannot run; signature errors land in job.errors.
// With `print_commands`, the tool's command line goes to stderr (-x).
Expected<bool> discover(std::vector<DiscoveryJob>& jobs, cxxtest::cachedir::Cache& cache,
                        bool print_commands);

// Parses the tool's output lines ("test\tFILE\tLINE\tCOL\tName", "fuzz\t...", "bench\t...",
// "error\tFILE\tLINE\tCOL\tmessage") into the jobs whose file matches.
void parse_discovery_output(const std::string& text, std::vector<DiscoveryJob*>& jobs);

}  // namespace cxxtest::driver
