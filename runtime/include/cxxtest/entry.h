// cxxtest/entry.h: what the generated test main needs, and nothing more, so
// that compiling it costs almost nothing: the tables of test and fuzz
// functions and the runner's entry point. Users include <cxxtest/cxxtest.h>.
#pragma once

#include <cstddef>

namespace cxxtest {

class T;
class F;
class B;
class M;

namespace internal {

struct TestEntry {
  const char* name;
  void (*fn)(T&);
};
struct FuzzEntry {
  const char* name;
  void (*fn)(F&);
};
struct BenchmarkEntry {
  const char* name;
  void (*fn)(B&);
};

// The benchmarks run_main runs after the tests with -test.bench, and the
// package's import path for their `pkg:` line. Called before run_main; the
// arrays must outlive it.
void set_benchmarks(const BenchmarkEntry* benchmarks, size_t n, const char* import_path);

// The package's TestMain (Go's TestMain(m *testing.M)). Called before
// run_main, which then calls test_main instead of running the tests itself:
// M::Run runs them and returns the exit code, and run_main returns that
// code (0 when TestMain never called m.Run) unless TestMain ends the
// process itself.
void set_test_main(void (*test_main)(M&));

// The whole test binary: parses -test.* flags, runs the selected tests and
// fuzz targets, prints Go's output. Returns the exit code (0 pass, 1 fail,
// 2 usage error); crashes and timeouts exit the process with 2 directly.
int run_main(int argc, char** argv, const TestEntry* tests, size_t n_tests, const FuzzEntry* fuzz_targets,
             size_t n_fuzz_targets);

}  // namespace internal
}  // namespace cxxtest
