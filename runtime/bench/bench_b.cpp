// bench/bench_b.cpp: the public B and PB methods (benchmark.h) and the timer.
#include <chrono>
#include <thread>
#include <vector>

#include "bench/bench.h"
#include "crash/crash.h"
#include "crash/exceptions.h"

namespace cxxtest {

using runtime::BenchState;

namespace runtime {

void start_timer(BenchState& b) {
  if (b.timer_on) return;
  b.start_allocs = alloc_counts();
  b.start = Clock::now();
  b.timer_on = true;
}

void stop_timer(BenchState& b) {
  if (!b.timer_on) return;
  b.duration += std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - b.start).count();
  b.net_allocs += alloc_counts() - b.start_allocs;
  b.timer_on = false;
}

void reset_timer(BenchState& b) {
  b.extra.clear();
  if (b.timer_on) {
    b.start_allocs = alloc_counts();
    b.start = Clock::now();
  }
  b.duration = 0;
  b.net_allocs = {};
}

}  // namespace runtime

void B::StartTimer() { runtime::start_timer(*bench_); }
void B::StopTimer() { runtime::stop_timer(*bench_); }
void B::ResetTimer() { runtime::reset_timer(*bench_); }

std::chrono::nanoseconds B::Elapsed() const {
  runtime::Nanos d = bench_->duration;
  if (bench_->timer_on)
    d += std::chrono::duration_cast<std::chrono::nanoseconds>(runtime::Clock::now() - bench_->start).count();
  return std::chrono::nanoseconds(d);
}

void B::ReportAllocs() { bench_->show_allocs = true; }
void B::SetBytes(int64_t n) { bench_->bytes = n; }
void B::SetParallelism(int p) {
  if (p >= 1) bench_->parallelism = p;
}

void B::ReportMetric(double n, std::string_view unit) {
  // Go panics on these; here they fail the benchmark, with Go's text.
  if (unit.empty() || unit.find_first_of(" \t\n\r\v\f") != std::string_view::npos) {
    runtime::log_panic(
        *state_, unit.empty() ? "metric unit must not be empty" : "metric unit must not contain whitespace");
    runtime::fail_now(*state_);
  }
  bench_->extra[std::string(unit)] = n;
}

bool B::Run(std::string_view name, std::function<void(B&)> fn) {
  return runtime::run_sub_benchmark(*bench_, name, std::move(fn));
}

// Go 1.24's B.Loop slow path: the first call starts the loop (N = 1, or
// -benchtime=Nx) and resets the timer; reaching the target either ends the
// loop (time filled, or the fixed count run) or raises the target the way
// launch raises b.N.
bool B::loop_slow() {
  BenchState& s = *bench_;
  if (!s.timer_on) {
    runtime::log_at(*state_, {}, "B.Loop called with timer stopped");
    runtime::fail_now(*state_);
  }
  if (loop_n_ == 0) {
    loop_n_ = s.bench_time.count > 0 ? uint64_t(s.bench_time.count) : 1;
    N = 0;  // inside a Loop loop, b.N is not the iteration count
    ResetTimer();
    ++loop_i_;
    return true;
  }
  bool more = false;
  if (s.bench_time.count == 0) {
    int64_t elapsed = Elapsed().count();
    if (elapsed < s.bench_time.duration) {
      uint64_t previous = loop_n_;
      loop_n_ = uint64_t(
          runtime::predict_iterations(s.bench_time.duration, int64_t(previous), elapsed, int64_t(previous)));
      more = previous < loop_n_;  // false once at the 1e9 cap
    }
  }
  if (!more) {
    StopTimer();
    N = int64_t(loop_n_);
    return false;
  }
  ++loop_i_;
  return true;
}

// Go's RunParallel: threads share b.N iterations, taken in grains of about
// 100 µs (from the last run's speed, 1 to 1e4 iterations).
void B::RunParallel(const std::function<void(PB&)>& body) {
  BenchState& s = *bench_;
  if (N == 0) return;  // nothing to do when probing (and inside Loop)
  uint64_t grain = 0;
  if (s.previous_n > 0 && s.previous_duration > 0)
    grain = uint64_t(1e5 * double(s.previous_n) / double(s.previous_duration));
  grain = std::min<uint64_t>(std::max<uint64_t>(grain, 1), 10'000);
  runtime::ParallelCounter counter;
  counter.grain = grain;
  counter.total = uint64_t(N);
  int threads = s.parallelism * (s.context ? s.context->procs : 1);
  std::vector<std::thread> workers;
  for (int i = 0; i < threads; ++i) {
    workers.emplace_back([&] {
      runtime::ThreadAltStack alt_stack;
      PB pb = runtime::ParallelCounter::make_pb(&counter);
      runtime::run_guarded(*state_, [&] { body(pb); });
    });
  }
  for (std::thread& w : workers) w.join();
  if (counter.n.load() <= counter.total && !Failed()) {
    runtime::log_at(*state_, {}, "RunParallel: body exited without pb.Next() == false");
    runtime::fail_now(*state_);
  }
}

bool PB::refill() {
  uint64_t n = counter_->n.fetch_add(counter_->grain) + counter_->grain;
  if (n <= counter_->total) {
    cache_ = counter_->grain;
  } else if (n < counter_->total + counter_->grain) {
    cache_ = counter_->total + counter_->grain - n;
  } else {
    return false;
  }
  return true;
}

BenchmarkResult Benchmark(std::function<void(B&)> fn) { return runtime::run_standalone(std::move(fn)); }

}  // namespace cxxtest
