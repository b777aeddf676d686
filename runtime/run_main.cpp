// run_main.cpp: the test binary's main (Go's testing.M.Run). The one file at
// runtime/'s root: it reaches every room (testing/, bench/, engine/...).
#include <cxxtest/cxxtest.h>

#include <cstdio>
#include <random>
#include <span>

#include "bench/bench.h"
#include "corpus/corpus_import.h"
#include "crash/crash.h"
#include "crash/exceptions.h"
#include "crash/input_stack.h"
#include "crash/race.h"
#include "engine/fuzz_run.h"
#include "flags/config.h"
#include "testing/env_log.h"
#include "testing/fuzz_target.h"
#include "testing/output.h"
#include "testing/seed_leaks.h"
#include "testing/test_runner.h"
#include "testing/watchdog.h"

namespace cxxtest::internal {
namespace {

using namespace cxxtest::runtime;

struct Phase {
  bool ran = false;
  bool ok = true;
};

int usage_error(const char* argv0, const std::string& message) {
  if (!message.empty()) std::fprintf(stderr, "%s\n", message.c_str());
  std::fprintf(stderr, "Usage of %s:\n%s", argv0, flags_usage().c_str());
  return 2;
}

// Go's listTests: the names matching -test.list, one per line.
int list_tests(std::span<const TestEntry> tests, std::span<const FuzzEntry> fuzz) {
  std::string error;
  std::optional<Regexp> re = Regexp::compile(flags().list, error);
  if (!re) {
    std::fprintf(stderr, "testing: invalid regexp in -test.list (\"%s\"): %s\n", flags().list.c_str(),
                 error.c_str());
    return 2;
  }
  std::string out;
  for (const TestEntry& t : tests)
    if (re->search(t.name)) out += std::string(t.name) + "\n";
  for (const BenchmarkEntry& b : registered_benchmarks())
    if (re->search(b.name)) out += std::string(b.name) + "\n";
  for (const FuzzEntry& f : fuzz)
    if (re->search(f.name)) out += std::string(f.name) + "\n";
  write_stdout(out);
  return 0;
}

std::optional<std::chrono::system_clock::time_point> deadline() {
  if (flags().timeout <= 0) return std::nullopt;
  return std::chrono::system_clock::now() + std::chrono::nanoseconds(flags().timeout);
}

// Runs `body` under a fresh root for each -test.count iteration (Go's
// runTests / runFuzzTests).
Phase run_phase(const Filter& run, const Filter& skip, const std::function<void(TestState& root)>& body) {
  Phase phase;
  for (uint64_t i = 0; i < flags().count; ++i) {
    if (should_fail_fast() || (i > 0 && !phase.ran)) break;
    TestContext ctx(flags().parallel, run, skip, deadline());
    TestState root(ctx, nullptr, "", flags().verbose);
    chatty().reset();
    run_test(root, body);
    phase.ok = phase.ok && !failed(root);
    phase.ran = phase.ran || root.ran;
  }
  return phase;
}

void run_tests(TestState& root, std::span<const TestEntry> tests) {
  for (const TestEntry& e : tests) root.t_handle.Run(e.name, e.fn);
}

void run_fuzz_tests(TestState& root, std::span<const FuzzEntry> targets) {
  for (const FuzzEntry& e : targets) {
    if (should_fail_fast()) break;
    Matcher::Match m = root.ctx.matcher.full_name(nullptr, e.name);
    if (!m.ok || engine::fuzzed_in_seed_phase(e.name)) continue;  // its seeds run in the fuzzing baseline
    if (!flags().seedsneeding.empty() && !has_inputs_needing(e.name, flags().seedsneeding)) continue;
    run_subtest(
        root, m.name, [fn = e.fn](TestState& s) { run_fuzz_body(s, fn); }, TestKind::Fuzz);
  }
}

// Go's -test.shuffle: "off" keeps the declaration order; "on" takes a seed
// from the clock, N uses N; either way the seed is printed first as
// `-test.shuffle N`, so that the order can be had again. Fuzz tests keep
// their order, as in Go. The shuffle is Go's rand.Shuffle (Fisher-Yates from
// the end) drawing from std::mt19937_64, not Go's source: a seed gives the
// same order on every cxxtest run, not the order Go would give.
std::vector<TestEntry> shuffled(std::span<const TestEntry> tests) {
  std::vector<TestEntry> out(tests.begin(), tests.end());
  const std::string& mode = flags().shuffle;
  if (mode == "off") return out;
  int64_t seed =
      mode == "on" ? std::chrono::system_clock::now().time_since_epoch().count() : std::stoll(mode);
  write_stdout("-test.shuffle " + std::to_string(seed) + "\n");
  std::mt19937_64 rng(static_cast<uint64_t>(seed));
  for (size_t i = out.size(); i > 1; --i) std::swap(out[i - 1], out[rng() % i]);
  return out;
}

// Go's -test.v=test2json: -test.v with framing markers (output.h). The
// value is taken here, -test.v being a Bool flag (flags.def).
void take_test2json(std::vector<std::string>& args) {
  for (std::string& a : args) {
    if (a != "-test.v=test2json" && a != "--test.v=test2json") continue;
    a = "-test.v=true";
    set_framing(true);
  }
}

void (*g_test_main)(M&) = nullptr;

// Steps 2-7 of run_main, after the flags: what M::Run does.
int run_selected(const Filter& run, const Filter& skip, std::span<const TestEntry> test_list,
                 std::span<const FuzzEntry> fuzz_list) {
  const Flags& f = flags();

  // 2. Modes that run no tests.
  if (!f.list.empty()) return list_tests(test_list, fuzz_list);
  if (f.fuzzworker) {           // a fuzzing worker runs only the fuzzed target (engine/worker/worker.h)
    record_throw_sites(false);  // it never prints them (exceptions.h)
    install_crash_handlers();
    ThreadAltStack alt_stack;
    return engine::run_fuzzing(fuzz_list);
  }

  // 3. Process-wide set-up: crash reports, the environment log, the
  // timeout (stdout is line-buffered already, see run_main).
  install_crash_handlers();
  ThreadAltStack alt_stack;
  env_log_start();
  if (f.fuzz.empty()) race_count_in_tests();  // fuzzing halts at a race (race.h)
  start_watchdog(f.timeout);
  if (f.fuzzleaks) start_seed_leak_checks();  // a leaking seed fails its own subtest
  set_tests_running(true);

  // 4. -test.fuzzimport: the target's F body (for its argument kinds) and
  // the import (corpus_import.h), instead of the tests and fuzzing.
  if (!f.fuzzimport.empty()) {
    int code = run_import(fuzz_list);
    stop_watchdog();
    set_tests_running(false);
    return code;
  }

  // 5. The tests (in -test.shuffle's order), then the fuzz tests' seed
  // corpora; under -test.seedsneeding only those inputs (fuzz_target.h).
  std::vector<TestEntry> ordered = f.seedsneeding.empty() ? shuffled(test_list) : std::vector<TestEntry>{};
  Phase t = run_phase(run, skip, [&](TestState& root) { run_tests(root, ordered); });
  Phase z = run_phase(run, skip, [&](TestState& root) { run_fuzz_tests(root, fuzz_list); });

  // 6. Summary; a race outside every test fails the run too.
  stop_watchdog();  // -test.timeout does not cover benchmarks and fuzzing, as in Go
  // Then -test.bench's benchmarks, when every test passed (Go's runBenchmarks).
  bool benchmarks_ok = !(t.ok && z.ok) || !f.seedsneeding.empty() ||
                       run_benchmarks(registered_benchmarks(), registered_import_path());
  bool ok = t.ok && z.ok && benchmarks_ok;
  if (std::string races = race_finish(); !races.empty()) {
    write_stdout(races + "testing: race detected outside of any test\n");
    ok = false;
  }
  if (!f.fuzz.empty() && ok) {  // 7. Fuzzing (engine/fuzz_run.h).
    int code = engine::run_fuzzing(fuzz_list);
    set_tests_running(false);
    return code;
  }
  set_tests_running(false);
  if (!t.ran && !z.ran && f.fuzz.empty() && f.bench.empty())
    std::fprintf(stderr, "testing: warning: no tests to run\n");
  if (!f.testlogfile.empty() && !env_log_write(f.testlogfile)) {
    std::fprintf(stderr, "testing: cannot write %s\n", f.testlogfile.c_str());
  }
  write_stdout(frame() + std::string(ok ? "PASS\n" : "FAIL\n"));
  return ok ? 0 : 1;
}

}  // namespace

// What run_main returns after the package's TestMain returned: m.Run()'s
// code, 0 if it never called it (Go 1.15 and later).
struct MainAccess {
  static int code(const M& m) { return m.code_; }
};

void set_test_main(void (*test_main)(M&)) { g_test_main = test_main; }

int run_main(int argc, char** argv, const TestEntry* tests, size_t n_tests, const FuzzEntry* fuzz_targets,
             size_t n_fuzz_targets) {
  std::span<const TestEntry> test_list(tests, n_tests);
  std::span<const FuzzEntry> fuzz_list(fuzz_targets, n_fuzz_targets);
  const char* argv0 = argc > 0 ? argv[0] : "test";

  // 1. Flags: a bad one is a usage error (exit 2), -h prints the help.
  Flags f;
  std::vector<std::string> args(argv + (argc > 0), argv + argc);
  take_test2json(args);
  ParseResult parsed = parse_flags(args, f);
  if (parsed.status == ParseStatus::Help) return usage_error(argv0, ""), 0;
  if (parsed.status == ParseStatus::Error) return usage_error(argv0, parsed.error);
  set_flags(f);
  prepare_input_stacks();      // before any thread: the stack fuzz inputs get (input_stack.h)
  set_test_args(parsed.rest);  // cxxtest::Args()
  if (f.parallel < 1) {
    std::fprintf(stderr, "testing: -parallel can only be given a positive integer\n");
    return usage_error(argv0, "");
  }
  Filter run, skip;
  std::string error;
  if (!compile_filter(f.run, "-test.run", run, error) || !compile_filter(f.skip, "-test.skip", skip, error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }

  // 2-7. The tests, fuzz tests and fuzzing, through the package's TestMain
  // when it has one (stdout line-buffered like a terminal from here, so
  // TestMain's own output keeps its place among the tests').
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  auto selected = [&] { return run_selected(run, skip, test_list, fuzz_list); };
  if (!g_test_main) return selected();
  M m(selected);
  g_test_main(m);
  return MainAccess::code(m);
}

}  // namespace cxxtest::internal

namespace cxxtest {

int M::Run() {
  if (ran_) {  // Go runs them again; here the first run's result stands
    std::fprintf(stderr, "testing: m.Run called again; the tests ran once\n");
    return code_;
  }
  ran_ = true;
  code_ = run_();
  return code_;
}

}  // namespace cxxtest
