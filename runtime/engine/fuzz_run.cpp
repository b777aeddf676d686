// engine/fuzz_run.cpp: choosing the target to fuzz and running it as
// coordinator or worker (see fuzz_run.h).
#include "engine/fuzz_run.h"

#include "engine/coordinator/sanitizer_report.h"

#include <signal.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <thread>
#include <vector>

#include "cachedir/corpus_dir.h"
#include "common/exit_code.h"
#include "engine/coordinator/coordinator.h"
#include "engine/coordinator/worker_handle.h"
#include "engine/shared/coverage.h"
#include "engine/shared/protocol.h"
#include "engine/worker/worker.h"
#include "flags/config.h"
#include "flags/matcher.h"
#include "testing/env_log.h"
#include "testing/libfuzzer_harness.h"
#include "testing/output.h"
#include "testing/test_runner.h"

namespace cxxtest::runtime::engine {
namespace {

using internal::FuzzEntry;

// The targets whose names match -test.fuzz (and not -test.skip), in order.
std::vector<const FuzzEntry*> matching(const Flags& fl, std::span<const FuzzEntry> targets) {
  Filter fuzz, skip;
  std::string err;
  compile_filter(fl.fuzz, "-test.fuzz", fuzz, err);
  compile_filter(fl.skip, "-test.skip", skip, err);
  Matcher m(fuzz, skip);
  std::vector<const FuzzEntry*> out;
  for (const FuzzEntry& e : targets)
    if (m.full_name(nullptr, e.name).ok) out.push_back(&e);
  return out;
}

bool g_several_targets = false;  // fuzz_in_turn: label progress lines

// *seed = -fuzzseed=N, else CXXTEST_FUZZSEED, else a fresh draw in [1, 2^31)
// so that every printed seed can be passed back as -fuzzseed. Returns
// whether the seed was given (the run is then repeatable, coordinator.h).
bool fuzz_seed(const Flags& fl, uint64_t* seed) {
  if (fl.fuzzseed > 0) return *seed = uint64_t(fl.fuzzseed), true;
  const char* s = env_lookup("CXXTEST_FUZZSEED");
  if (s && *s) return *seed = std::strtoull(s, nullptr, 10), true;
  uint64_t r = std::random_device{}() ^ uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
  *seed = r % 0x7fffffffu + 1;
  return false;
}

void coordinator_runner(TestState& f, const FuzzTarget& target) { coordinate(f, target); }
// The worker's one read of the flags.
WorkerOptions worker_options(const Flags& fl, const FuzzTarget& target) {
  WorkerOptions o;
  o.compare_guidance = fl.fuzzcmp;
  if (!fl.fuzzcachedir.empty()) o.target_cache = std::filesystem::path(fl.fuzzcachedir) / target.name;
  o.detect_leaks = fl.fuzzleaks;
  o.timeout = fl.fuzztimeout;
  o.rss_limit_mb = fl.fuzzrsslimit;
  // The coordinator starts a repeatable run's only worker with fixed
  // addresses (worker_handle.cpp), which is how the worker knows.
  o.repeatable = (personality(0xffffffff) & ADDR_NO_RANDOMIZE) != 0;
  return o;
}

void worker_runner(TestState& f, const FuzzTarget& target) {
  serve_worker(f, target, worker_options(flags(), target));
}

// Runs the F body of e under a fresh root, as run_main's fuzz-test phase does.
bool run_target(const Flags& fl, const FuzzEntry& e, bool chatty) {
  Filter none;
  TestContext ctx(fl.parallel, none, none, std::nullopt);
  TestState root(ctx, nullptr, "", chatty);
  run_test(root, [&](TestState& r) {
    run_subtest(
        r, e.name, [fn = e.fn](TestState& s) { run_fuzz_body(s, fn); }, TestKind::Fuzz);
  });
  return !failed(root);
}

// -fuzzkeepgoing with several matching targets: each is fuzzed for the
// whole -fuzztime, one after another with all the workers, its progress
// lines labeled with its name; a failing one does not stop the others.
int fuzz_in_turn(const Flags& fl, const std::vector<const FuzzEntry*>& found) {
  if (fl.fuzztime.duration <= 0 && fl.fuzztime.count <= 0) {
    std::fprintf(stderr,
                 "testing: -fuzz matches %zu fuzz tests: with -fuzzkeepgoing each is fuzzed for -fuzztime "
                 "in turn, so -fuzztime must be set\n",
                 found.size());
    write_stdout("FAIL\n");
    return 1;
  }
  if (fl.fuzzcachedir.empty()) {
    std::fprintf(stderr, "testing: -test.fuzzcachedir must be set if -test.fuzz is set\n");
    return 2;
  }
  g_several_targets = true;
  set_fuzz_runner(coordinator_runner);
  bool ok = true;
  for (const FuzzEntry* e : found) ok = run_target(fl, *e, fl.verbose) && ok;
  set_fuzz_runner(nullptr);
  write_stdout(ok ? "PASS\n" : "FAIL\n");
  if (ok) return 0;
  return race_reported() ? kRaceExitCode : 1;
}

}  // namespace

bool fuzzed_in_seed_phase(std::string_view name) {
  const Flags& fl = flags();
  if (fl.fuzz.empty() || fl.fuzzworker) return false;
  Filter fuzz, skip;
  std::string err;
  if (!compile_filter(fl.fuzz, "-test.fuzz", fuzz, err)) return false;
  compile_filter(fl.skip, "-test.skip", skip, err);
  return Matcher(fuzz, skip).full_name(nullptr, name).ok;
}

int run_fuzzing(std::span<const FuzzEntry> targets) {
  const Flags& fl = flags();
  std::vector<const FuzzEntry*> found = matching(fl, targets);
  if (fl.fuzzworker) {
    if (found.size() != 1) return kWorkerInternalExit;
    set_fuzz_runner(worker_runner);
    bool ok = run_target(fl, *found[0], false);
    // No exit-time leak check (inputs were checked one by one, leak_check.h)
    // and no static destructors racing a target's threads.
    std::fflush(nullptr);
    _exit(ok ? 0 : kWorkerInternalExit);
  }
  if (found.empty()) {
    std::fprintf(stderr, "testing: warning: no fuzz tests to fuzz\n");
    write_stdout("PASS\n");
    return 0;
  }
  if (found.size() > 1 && fl.fuzzkeepgoing) return fuzz_in_turn(fl, found);
  if (found.size() > 1) {
    std::string names;
    for (const FuzzEntry* e : found) names += (names.empty() ? "" : " ") + std::string(e->name);
    std::fprintf(stderr, "testing: will not fuzz, -fuzz matches more than one fuzz test: [%s]\n",
                 names.c_str());
    write_stdout("FAIL\n");
    return 1;
  }
  if (fl.fuzzcachedir.empty()) {
    std::fprintf(stderr, "testing: -test.fuzzcachedir must be set if -test.fuzz is set\n");
    return 2;
  }
  set_fuzz_runner(coordinator_runner);
  bool ok = run_target(fl, *found[0], fl.verbose);
  set_fuzz_runner(nullptr);
  write_stdout(ok ? "PASS\n" : "FAIL\n");
  if (ok) return 0;
  return race_reported() ? kRaceExitCode : 1;
}

void coordinate(TestState& f, const FuzzTarget& target) {
  const Flags& fl = flags();
  CoordinatorOptions o;
  o.fuzz_duration = fl.fuzztime.duration;
  o.fuzz_count = fl.fuzztime.count;
  o.minimize_duration = fl.fuzzminimizetime.duration;
  o.minimize_count = fl.fuzzminimizetime.count;
  o.structured = harness_mutators().any();
  // Workers past a few per CPU only compete for it: -parallel=100000 forked
  // thousands of processes and ignored -fuzztime while doing so.
  int64_t cpus = std::max<int64_t>(1, static_cast<int64_t>(std::thread::hardware_concurrency()));
  int64_t cap = std::max<int64_t>(16, 4 * cpus);
  o.parallel = std::min<int64_t>(fl.parallel, cap);
  if (fl.parallel > cap)
    std::fprintf(
        stderr, "fuzz: -parallel=%lld is more than %lld workers (4 per CPU, at least 16): using %lld\n",
        static_cast<long long>(fl.parallel), static_cast<long long>(cap), static_cast<long long>(cap));
  o.mask_size = mask_size();
  o.cache_dir = cachedir::target_corpus_dir(fl.fuzzcachedir, target.name);
  const char* pkg = env_lookup("CXXTEST_PACKAGE");
  o.package = pkg && *pkg ? pkg : ".";
  // Build flags a reproduction needs (-asan...), put before the package.
  if (const char* flags = env_lookup("CXXTEST_RERUN_FLAGS"); flags && *flags) {
    o.package = flags + (" " + o.package);
    o.needs = flags;
  }
  o.timeout = fl.fuzztimeout;
  o.rss_limit_mb = fl.fuzzrsslimit;
  o.max_len = size_t(std::max<int64_t>(0, fl.fuzzmaxlen));
  o.seed_given = fuzz_seed(fl, &o.seed);
  o.verbose = fl.verbose;
  o.keep_going = fl.fuzzkeepgoing;
  o.minimize_corpus = fl.fuzzminimizecorpus;
  if (g_several_targets) o.label = target.name;
  // When the process that started us (cxxtest) dies, even by SIGKILL, stop
  // as on ^C: workers end (their own death signal), the corpus is on disk.
  prctl(PR_SET_PDEATHSIG, SIGINT);
  ProcessLauncher launcher(target.name);
  Coordinator(f, target, std::move(o), launcher).run();
}

}  // namespace cxxtest::runtime::engine
