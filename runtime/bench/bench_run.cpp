// bench/bench_run.cpp: running benchmarks, Go's runBenchmarks / B.Run / run1 /
// launch / runN / processBench.
//
// A benchmark first runs once with N = 1 (run1). If it called Run, it is a
// parent and is done; else it is measured (launch): with -benchtime=Nx, one
// more run with N = n; with a duration, runs with N predicted from the last
// run to fill the duration (x1.2, at most x100 the last N, at least one
// more, at most 1e9) until one lasts the duration. A function that used
// b.Loop() ramped up inside its first call, and is not called again. Each
// -cpu value and each -count repetition measures afresh, under a new B.
#include <algorithm>
#include <thread>

#include "bench/bench.h"
#include "crash/crash.h"
#include "crash/exceptions.h"
#include "flags/config.h"
#include "testing/output.h"
#include "testing/running.h"

namespace cxxtest::runtime {
namespace {

const internal::BenchmarkEntry* g_benchmarks = nullptr;
size_t g_count = 0;
std::string g_import_path;

// Prints Go's goos/goarch/pkg/cpu lines once per process (labelsOnce).
void print_labels_once(const BenchContext& ctx) {
  static std::once_flag once;
  std::call_once(once, [&] { write_stdout(bench_labels(ctx.import_path)); });
}

std::string output_of(TestState& t) {
  std::lock_guard lock(t.mu);
  return t.output;
}

// Go's runN: one call of the function with b.N = n, timed, then its cleanups.
void run_n(BenchState& b, int64_t n) {
  TestState*& current = current_test();
  TestState* saved = current;
  current = &b.test;
  running_add(b.test);
  b.handle.N = n;
  b.reset_loop();
  b.parallelism = 1;
  reset_timer(b);
  start_timer(b);
  run_guarded(b.test, [&] { b.fn(b.handle); });  // nothing between the timer calls allocates
  stop_timer(b);
  b.previous_n = b.handle.N;
  b.previous_duration = b.duration;
  run_cleanups(b.test);
  running_remove(b.test);
  current = saved;
}

// Go's launch: measures b after run1, into b.result.
void launch(BenchState& b) {
  if (!b.loop_ran()) {
    if (b.bench_time.count > 0) {
      if (b.bench_time.count > 1) run_n(b, b.bench_time.count);  // run1 was -benchtime=1x
    } else {
      for (int64_t n = 1; !failed(b.test) && b.duration < b.bench_time.duration && n < 1'000'000'000;) {
        int64_t last = n;
        n = predict_iterations(b.bench_time.duration, b.handle.N, b.duration, last);
        run_n(b, n);
      }
    }
  }
  b.result.r = BenchmarkResult{b.handle.N, b.duration, b.bytes, b.net_allocs.mallocs, b.net_allocs.bytes};
  b.result.extra = b.extra;
}

// Go's run1: the first call, N = 1. Returns whether b is to be measured
// (it did not fail, skip, or call Run).
bool run1(BenchState& b) {
  if (BenchContext* ctx = b.context; ctx && b.test.name.size() + ctx->ext_len + 1 > ctx->max_len)
    ctx->max_len = b.test.name.size() + ctx->ext_len + 1 + 8;  // slack, so the column rarely jumps
  run_n(b, 1);
  if (failed(b.test)) {
    if (b.context) write_stdout("--- FAIL: " + b.test.name + "\n" + output_of(b.test));
    return false;
  }
  bool finished;
  {
    std::lock_guard lock(b.test.mu);
    finished = b.test.finished;
  }
  if (b.has_sub || finished) {
    std::string out = output_of(b.test);
    if (b.context && b.test.chatty && (!out.empty() || finished))
      write_stdout("--- " + std::string(skipped(b.test) ? "SKIP" : "BENCH") + ": " + b.test.name + "\n" +
                   trim_output(out));
    return false;
  }
  return true;
}

// A fresh TestState for a benchmark named `name` under `parent`.
TestState& new_state(TestState& parent, std::string name) {
  auto owned = std::make_unique<TestState>(parent.ctx, &parent, std::move(name), parent.chatty);
  TestState& state = *owned;
  std::lock_guard lock(parent.mu);
  parent.children.push_back(std::move(owned));
  return state;
}

std::string padded(const std::string& name, size_t width) {
  return name + std::string(width > name.size() ? width - name.size() : 0, ' ') + "\t";
}

// Go's processBench: measures b once per -cpu value and -count repetition
// and prints each result line.
void process_bench(BenchContext& ctx, BenchState& first) {
  std::vector<int> cpus = cpu_list(flags().cpu);
  std::vector<std::unique_ptr<BenchState>> again;
  for (size_t i = 0; i < cpus.size(); ++i) {
    for (uint64_t j = 0; j < flags().count; ++j) {
      ctx.procs = cpus[i];
      std::string name = benchmark_name(first.test.name, cpus[i]);
      if (!first.test.chatty) write_stdout(padded(name, ctx.max_len));
      BenchState* b = &first;
      if (i > 0 || j > 0) {  // measured afresh: a new B, from run1 on
        TestState& state = new_state(*first.test.parent, first.test.name);
        again.push_back(std::make_unique<BenchState>(state, &ctx, first.fn));
        b = again.back().get();
        run1(*b);
      }
      launch(*b);
      if (failed(b->test)) {
        write_stdout("--- FAIL: " + name + "\n" + output_of(b->test));
        continue;
      }
      std::string line = result_text(b->result);
      if (flags().benchmem || b->show_allocs) line += "\t" + mem_text(b->result);
      std::string out = output_of(b->test);
      if (b->test.chatty) line = padded(name, ctx.max_len) + line;
      write_stdout(line + "\n" + (out.empty() ? "" : "--- BENCH: " + name + "\n" + trim_output(out)));
    }
  }
}

// Go's B.add: a parent's result as if its sub-benchmarks ran in sequence.
void add_result(BenchState& b, const BenchResult& other) {
  BenchmarkResult& r = b.result.r;
  r.N = 1;
  r.T += other.r.NsPerOp();
  if (other.r.Bytes == 0) {
    b.missing_bytes = true;
    r.Bytes = 0;
  }
  if (!b.missing_bytes) r.Bytes += other.r.Bytes;
  r.MemAllocs += uint64_t(other.r.AllocsPerOp());
  r.MemBytes += uint64_t(other.r.AllocedBytesPerOp());
}

}  // namespace

int64_t predict_iterations(int64_t goal, int64_t prev_n, int64_t prev_ns, int64_t last) {
  if (prev_ns <= 0) prev_ns = 1;
  // Multiply first: for fast benchmarks prev_n ~ prev_ns, and dividing
  // first would lose an order of magnitude. __int128 keeps it exact.
  auto n = static_cast<int64_t>(static_cast<__int128>(goal) * prev_n / prev_ns);
  n += n / 5;                   // 1.2x what seems needed
  n = std::min(n, 100 * last);  // grow at most 100x, in case of a timing error
  n = std::max(n, last + 1);    // at least one more than last time
  return std::min<int64_t>(n, 1'000'000'000);
}

BenchState::BenchState(TestState& test_, BenchContext* context_, std::function<void(B&)> fn_)
    : test(test_), context(context_), fn(std::move(fn_)), handle(&test_, this) {
  bench_time = flags().benchtime;
}

bool run_sub_benchmark(BenchState& b, std::string_view name, std::function<void(B&)> fn) {
  b.has_sub = true;
  Matcher::Match m{b.test.name, true, false};
  if (b.context) {
    m = b.context->tests.matcher.full_name(b.test.level > 0 ? &b.test.name : nullptr, name);
    if (!m.ok) return true;
  }
  TestState& state = new_state(b.test, m.name);
  BenchState sub(state, b.context, std::move(fn));
  sub.has_sub = m.partial;  // -bench=X/Y matched BenchmarkX: only its sub-benchmarks run
  if (sub.context && b.test.chatty) {
    // -v: the name line, then its logs as they come, with no "=== NAME"
    // line (the chatty printer has just printed this name).
    print_labels_once(*sub.context);
    chatty().update(m.name, m.name + "\n");
  }
  if (run1(sub)) {
    if (sub.context) {
      print_labels_once(*sub.context);
      process_bench(*sub.context, sub);
    } else {
      launch(sub);
    }
  }
  add_result(b, sub.result);
  return !failed(sub.test);
}

BenchmarkResult run_standalone(std::function<void(B&)> fn) {
  static TestContext tests(1, Filter{}, Filter{}, std::nullopt);
  static TestState& root =
      *new TestState(tests, nullptr, "", false);  // never freed: B handles may outlive a call
  TestState& state = new_state(root, "");
  BenchState b(state, nullptr, std::move(fn));
  if (run1(b)) launch(b);
  return b.result.r;
}

bool run_benchmarks(std::span<const internal::BenchmarkEntry> benchmarks, const std::string& import_path) {
  const Flags& f = flags();
  if (f.bench.empty()) return true;
  Filter bench, skip;
  std::string error;
  if (!compile_filter(f.bench, "-test.bench", bench, error) ||
      !compile_filter(f.skip, "-test.skip", skip, error)) {
    write_stdout("testing: " + error + "\n");
    return false;
  }
  TestContext tests(1, bench, skip, std::nullopt);
  BenchContext ctx(tests);
  ctx.import_path = import_path;
  std::vector<int> cpus = cpu_list(f.cpu);
  int max_procs = *std::max_element(cpus.begin(), cpus.end());
  ctx.ext_len = benchmark_name("", max_procs).size();
  std::vector<internal::BenchmarkEntry> selected;
  for (const internal::BenchmarkEntry& e : benchmarks) {
    if (!tests.matcher.full_name(nullptr, e.name).ok) continue;
    selected.push_back(e);
    ctx.max_len = std::max(ctx.max_len, benchmark_name(e.name, max_procs).size() + ctx.ext_len + 1);
  }
  // Go's "Main" benchmark, the root: runs each selected one as its
  // sub-benchmark.
  TestState root(tests, nullptr, "", f.verbose);
  BenchState main(root, &ctx, [&](B& b) {
    for (const internal::BenchmarkEntry& e : selected) b.Run(e.name, e.fn);
  });
  std::thread runner([&] {  // a thread of its own, as each test has
    ThreadAltStack alt_stack;
    run_n(main, 1);
  });
  runner.join();
  return !failed(root);
}

std::span<const internal::BenchmarkEntry> registered_benchmarks() { return {g_benchmarks, g_count}; }
const std::string& registered_import_path() { return g_import_path; }

}  // namespace cxxtest::runtime

void cxxtest::internal::set_benchmarks(const BenchmarkEntry* benchmarks, size_t n, const char* import_path) {
  runtime::g_benchmarks = benchmarks;
  runtime::g_count = n;
  runtime::g_import_path = import_path ? import_path : "";
}
