// bench/bench.h: the runtime side of benchmarks (Go's testing.B, benchContext and
// runBenchmarks).
//
// One thread runs every benchmark, one at a time (Go's benchmarkLock). Each
// B has a TestState of its own for logs, failures and cleanups; the
// TestStates are owned by their parents' `children` (the root by
// run_benchmarks), as tests' are. A B's fields are touched only on its
// thread, except RunParallel's counter.
#pragma once

#include <cxxtest/cxxtest.h>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>

#include "bench/alloc_count.h"
#include "flags/flags.h"
#include "testing/test_state.h"

namespace cxxtest::runtime {

// What every benchmark of a run shares (Go's benchContext): the -test.bench
// and -test.skip matcher (in `tests`), the width of the name column, and
// where results go.
struct BenchContext {
  explicit BenchContext(TestContext& tests_) : tests(tests_) {}
  TestContext& tests;
  size_t max_len = 0;  // the name column's width, grown by run1 as Go does
  size_t ext_len = 0;  // the longest "-N" suffix of -test.cpu
  int procs = 1;       // the -test.cpu value running now
  std::string import_path;
};

// A result with the ReportMetric values (Go's BenchmarkResult.Extra).
struct BenchResult {
  BenchmarkResult r;
  std::map<std::string, double> extra;
};

struct BenchState {
  BenchState(TestState& test_, BenchContext* context_, std::function<void(B&)> fn_);

  TestState& test;        // name, logs, failures, cleanups
  BenchContext* context;  // nullptr under cxxtest::Benchmark: nothing printed
  std::function<void(B&)> fn;
  B handle;
  DurationOrCount bench_time;  // -test.benchtime

  int64_t previous_n = 0;  // iterations of the last run_n
  Nanos previous_duration = 0;
  bool timer_on = false;
  Clock::time_point start;
  Nanos duration = 0;                   // timed so far in this run_n
  AllocCounts start_allocs;             // alloc_counts() when the timer started
  AllocCounts net_allocs;               // while the timer ran
  int64_t bytes = 0;                    // SetBytes
  bool missing_bytes = false;           // a sub-benchmark had no SetBytes (add)
  bool show_allocs = false;             // ReportAllocs
  int parallelism = 1;                  // SetParallelism
  bool has_sub = false;                 // Run was called, or -bench matched it partially
  std::map<std::string, double> extra;  // ReportMetric
  BenchResult result;

  // Access to B's Loop state for the runner.
  void reset_loop() { handle.loop_i_ = handle.loop_n_ = 0; }
  bool loop_ran() const { return handle.loop_n_ != 0; }
};

// The sizes of RunParallel's shared iteration counter (Go's PB fields).
struct ParallelCounter {
  std::atomic<uint64_t> n{0};  // iterations handed out
  uint64_t grain = 1;          // handed out at a time
  uint64_t total = 0;          // b.N
  static PB make_pb(ParallelCounter* c) { return PB(c); }
};

// Go's runBenchmarks: runs the benchmarks matching -test.bench (none when
// it is empty) and prints their results. Returns false if one failed.
bool run_benchmarks(std::span<const internal::BenchmarkEntry> benchmarks, const std::string& import_path);

// The benchmarks and import path the generated main registered.
std::span<const internal::BenchmarkEntry> registered_benchmarks();
const std::string& registered_import_path();

// The timer (B::StartTimer and friends), for the runner too.
void start_timer(BenchState& b);
void stop_timer(BenchState& b);
void reset_timer(BenchState& b);

// Go's predictN: the iterations to fill `goal` ns after `prev_n` took
// `prev_ns`: 1.2x the estimate, at most 100x `last`, at least last + 1,
// at most 1e9.
int64_t predict_iterations(int64_t goal, int64_t prev_n, int64_t prev_ns, int64_t last);

// B::Run: runs fn as sub-benchmark `name` of b (run1, then run).
bool run_sub_benchmark(BenchState& b, std::string_view name, std::function<void(B&)> fn);

// Go's testing.Benchmark.
BenchmarkResult run_standalone(std::function<void(B&)> fn);

// Formatting (bench_format.cpp), Go's texts.
std::string benchmark_name(const std::string& name, int procs);  // "BenchmarkX-4" (no suffix for 1)
std::string result_text(const BenchResult& r);                   // BenchmarkResult.String
std::string mem_text(const BenchResult& r);                      // BenchmarkResult.MemString
std::string trim_output(std::string output);                     // at most 10 lines
std::string bench_labels(const std::string& import_path);        // goos:, goarch:, pkg:, cpu: lines

}  // namespace cxxtest::runtime
