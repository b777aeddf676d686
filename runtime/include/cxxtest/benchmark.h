// cxxtest/benchmark.h: cxxtest::B and cxxtest::PB, Go's testing.B and
// testing.PB, and the optimizer barriers benchmarks need. Included by
// cxxtest.h after TB.
//
//   void BenchmarkParse(cxxtest::B& b) {
//     std::string doc = load();           // set-up, not timed (see Loop)
//     for (auto _ : b.Loop()) cxxtest::DoNotOptimize(parse(doc));
//   }
//
// The driver finds `void BenchmarkXxx(cxxtest::B&)` like the tests and runs
// it only with `cxxtest -bench=regexp` (in a build at -O2). Two styles, as
// in Go: a loop of b.N iterations, the function being called again with a
// growing b.N until it runs for -benchtime; or b.Loop(), which ramps up the
// iterations inside one call, so set-up before the loop runs once per
// -count and is never timed. `while (b.Loop())` works too.
//
// Every B method but the Log/Error variants must be called from the
// benchmark's own thread (RunParallel's bodies call only PB::Next).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
// <chrono>'s durations and std::function: cxxtest.h has included them.

namespace cxxtest {

// Makes the compiler assume `value` is read and written here, so the
// computation that produced it cannot be optimized away and it cannot be
// hoisted out of a loop: `cxxtest::DoNotOptimize(parse(doc))`.
template <class X>
inline void DoNotOptimize(X&& value) {
  asm volatile("" : : "r"(&value) : "memory");
}
// Go's runtime.KeepAlive: the same barrier, under Go's name.
template <class X>
inline void KeepAlive(X&& value) {
  DoNotOptimize(value);
}

namespace runtime {
struct BenchState;
struct ParallelCounter;
}  // namespace runtime

// PB hands out the iterations of one RunParallel call (Go's testing.PB).
class PB {
 public:
  // Reports whether there is one more iteration to run on this thread.
  bool Next() {
    if (cache_ == 0 && !refill()) return false;
    --cache_;
    return true;
  }

 private:
  friend struct runtime::ParallelCounter;
  explicit PB(runtime::ParallelCounter* counter) : counter_(counter) {}
  bool refill();  // takes the next grain of iterations; false when none are left
  runtime::ParallelCounter* counter_;
  uint64_t cache_ = 0;
};

// B is the state of one benchmark (Go's testing.B). The runner creates
// every B; it stays valid until the benchmark's function returns.
class B : public TB {
 public:
  // The number of iterations to run (Go's b.N); 0 inside a Loop() loop.
  int64_t N = 0;

  // What b.Loop() returns: a range for `for (auto _ : b.Loop())`, and a
  // condition for `while (b.Loop())`. Each check runs one more iteration
  // or ends the loop; the first one resets the timer.
  class LoopRange;
  LoopRange Loop();

  // Timing: the timer runs from the start of each call of the function;
  // StopTimer/StartTimer exclude set-up in between, ResetTimer zeroes the
  // time and allocation counts so far (and the ReportMetric values).
  void StartTimer();
  void StopTimer();
  void ResetTimer();
  // The time measured so far (Go's b.Elapsed).
  std::chrono::nanoseconds Elapsed() const;
  // Reports B/op and allocs/op for this benchmark, as -benchmem does for all.
  void ReportAllocs();
  // Adds `n unit` to the result line (a per-op metric should be divided by
  // N, and end in "/op"); "ns/op" 0 hides the time. The unit must be
  // non-empty and without blanks, else the benchmark fails.
  void ReportMetric(double n, std::string_view unit);
  // Bytes processed per iteration: the line gets MB/s.
  void SetBytes(int64_t n);
  // RunParallel starts p times the -cpu count of threads (default 1).
  void SetParallelism(int p);

  // Runs fn as a sub-benchmark `<Name()>/<name>`; a benchmark that calls
  // Run is not measured itself, and runs once. Returns false if it failed.
  bool Run(std::string_view name, std::function<void(B&)> fn);
  // Runs body on SetParallelism x -cpu threads, which share the N
  // iterations through pb.Next() (Go's b.RunParallel).
  void RunParallel(const std::function<void(PB&)>& body);

  explicit B(runtime::TestState* state, runtime::BenchState* bench)
      : TB(state), bench_(bench) {}  // for the runner

 private:
  friend struct runtime::BenchState;
  // Loop's state (Go's b.loop): iterations run and the current target.
  bool loop_more() {
    if (loop_i_ < loop_n_) {
      ++loop_i_;
      return true;
    }
    return loop_slow();
  }
  bool loop_slow();  // first call, or the target reached: ramps up or ends
  uint64_t loop_i_ = 0, loop_n_ = 0;
  runtime::BenchState* bench_;
};

class B::LoopRange {
 public:
  struct [[maybe_unused]] Value {};
  class Iterator {
   public:
    explicit Iterator(B* b) : b_(b) {}
    Value operator*() const { return {}; }
    Iterator& operator++() { return *this; }
    bool operator!=(const Iterator&) const { return b_->loop_more(); }

   private:
    B* b_;
  };
  Iterator begin() const { return Iterator(b_); }
  Iterator end() const { return Iterator(b_); }
  explicit operator bool() const { return b_->loop_more(); }

 private:
  friend class B;
  explicit LoopRange(B* b) : b_(b) {}
  B* b_;
};

inline B::LoopRange B::Loop() { return LoopRange(this); }

// The result of Benchmark (Go's testing.BenchmarkResult).
struct BenchmarkResult {
  int64_t N = 0;           // iterations
  int64_t T = 0;           // total time, ns
  int64_t Bytes = 0;       // SetBytes
  uint64_t MemAllocs = 0;  // allocations over all iterations
  uint64_t MemBytes = 0;   // bytes allocated over all iterations
  int64_t NsPerOp() const { return N > 0 ? T / N : 0; }
  int64_t AllocsPerOp() const { return N > 0 ? int64_t(MemAllocs) / N : 0; }
  int64_t AllocedBytesPerOp() const { return N > 0 ? int64_t(MemBytes) / N : 0; }
};

// Runs fn as a benchmark outside -bench, for -benchtime, and returns its
// result (Go's testing.Benchmark); nothing is printed.
BenchmarkResult Benchmark(std::function<void(B&)> fn);

}  // namespace cxxtest
