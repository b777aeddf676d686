// coordinator_test.cpp: the coordinator's scheduling, budgets and failure
// handling (engine/coordinator/coordinator.h), run against scripted workers
// (fake_worker.h): no process is started.
#include "engine/coordinator/coordinator.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "fake_worker.h"
#include "scratch.h"

namespace cxxtest::testing {
namespace {

using runtime::Filter;
using runtime::FuzzTarget;
using runtime::kSecond;
using runtime::TestContext;
using runtime::TestState;
using runtime::engine::CoordinatorOptions;
using runtime::engine::Op;

// fd 2 goes to a file while it lives; text() is what was written.
class CapturedStderr {
 public:
  explicit CapturedStderr(std::filesystem::path path) : path_(std::move(path)) {
    std::fflush(stderr);
    saved_ = dup(2);
    FILE* f = std::fopen(path_.c_str(), "w");
    dup2(fileno(f), 2);
    std::fclose(f);
  }
  ~CapturedStderr() { restore(); }
  std::string text() {
    restore();
    std::ifstream in(path_);
    std::stringstream all;
    all << in.rdbuf();
    return all.str();
  }

 private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(stderr);
    dup2(saved_, 2);
    close(saved_);
    saved_ = -1;
  }
  std::filesystem::path path_;
  int saved_ = -1;
};

// One coordinator run of FuzzFake (one bytes argument) in a scratch
// directory (its testdata/ and cache), with fake workers.
struct FakeRun {
  explicit FakeRun(FakeTarget target) : launcher(std::move(target)) {
    opts.mask_size = 64;
    opts.cache_dir = dir / "cache" / "FuzzFake";
    opts.seed = 1;
    opts.minimize_duration = 60 * kSecond;
  }

  // Runs the coordinator from seed inputs; fills `stderr_text`, `failed`, `log`.
  void run(const std::vector<std::string>& seeds) {
    FuzzTarget target;
    target.name = "FuzzFake";
    target.fn.kinds = {Kind::Bytes};
    for (const std::string& s : seeds) target.seeds.push_back({Value{Kind::Bytes, s, 0}});
    std::filesystem::path was = std::filesystem::current_path();
    std::filesystem::current_path(dir.path());
    Filter none;
    TestContext ctx(1, none, none, std::nullopt);
    TestState f(ctx, nullptr, "FuzzFake", false);
    {
      CapturedStderr captured(dir / "stderr.txt");
      runtime::engine::Coordinator(f, target, opts, launcher).run();
      stderr_text = captured.text();
    }
    std::filesystem::current_path(was);
    failed = runtime::failed(f);
    log = f.output;
  }

  // The commands with this op, in the order they were sent.
  std::vector<SentCommand> sent(Op op) const {
    std::vector<SentCommand> out;
    for (const SentCommand& c : launcher.log().commands)
      if (c.command.op == op) out.push_back(c);
    return out;
  }

  ScratchDir dir;
  FakeLauncher launcher;
  CoordinatorOptions opts;
  std::string stderr_text, log;
  bool failed = false;
};

// Inputs grow by one byte every seventh execution, and each length is a
// counter of its own: new coverage now and then, for minimization.
FakeTarget growing_target() {
  FakeTarget t;
  t.covers = [](const std::string& s) { return std::vector<size_t>{0, std::min<size_t>(s.size(), 63)}; };
  t.mutate = [](const std::string& original, uint64_t n) { return n % 7 == 0 ? original + "x" : original; };
  return t;
}

// Fails (as `kind`) the inputs holding an X; the 40th fuzzing execution
// makes a long one, so minimizing it takes many candidates.
FakeTarget failing_target(FailureKind kind, uint64_t every = 0) {
  FakeTarget t;
  t.fails = [kind](const std::string& s) {
    return s.find('X') != std::string::npos ? kind : FailureKind::None;
  };
  t.mutate = [every](const std::string& original, uint64_t n) {
    bool bad = every ? n % every == 0 : n == 40;
    return bad ? std::string(100, 'a') + "X" + std::string(100, 'b') : original;
  };
  return t;
}

TEST_CASE("-fuzztime=Nx: the workers run exactly N inputs in all, as the last progress line says") {
  for (int64_t workers : {1, 3}) {
    CAPTURE(workers);
    FakeRun r(growing_target());
    r.opts.parallel = workers;
    r.opts.fuzz_count = 1000;
    r.run({"a", "b"});
    CHECK_FALSE(r.failed);
    CHECK(r.launcher.log().starts.size() == size_t(workers));
    CHECK(r.launcher.log().executions == 1000);
    CHECK(r.stderr_text.find("execs: 1000 ") != std::string::npos);
    CHECK_FALSE(r.sent(Op::Minimize).empty());  // minimization counted too
  }
}

TEST_CASE("a worker process that cannot start fails the run, saying why") {
  FakeTarget t;
  t.cannot_start = true;
  FakeRun r(t);
  r.run({"seed"});
  CHECK(r.failed);
  CHECK(r.log.find("cannot start fuzzing process: fork: Resource temporarily unavailable") !=
        std::string::npos);
}

TEST_CASE("a Fuzz command asks for kSliceExecs executions, more once the worker is fast") {
  using runtime::engine::kSliceExecs;
  using runtime::engine::next_rate;
  using runtime::engine::slice_execs;
  CHECK(slice_execs(0) == kSliceExecs);             // rate not known yet
  CHECK(slice_execs(10'000) == kSliceExecs);        // 1,000 runs take 100 ms
  CHECK(slice_execs(20'000'000) == 80'000);         // 4 ms at 20M execs/s
  CHECK(next_rate(0, 1000, 1'000'000) == 1e6);      // the first slice sets it
  CHECK(next_rate(1e6, 1000, 2'000'000) == 875e3);  // later ones move it a quarter
  CHECK(next_rate(1e6, 0, 0) == 1e6);               // a slice that ran nothing says nothing

  FakeRun r(growing_target());  // fake workers report no time: the rate stays unknown
  r.opts.fuzz_count = 20'000;
  r.run({"a"});
  std::vector<SentCommand> fuzz = r.sent(Op::Fuzz);
  REQUIRE(fuzz.size() >= 20);
  for (const SentCommand& c : fuzz) {
    CHECK(c.command.limit <= uint64_t(kSliceExecs));
    // Its time bound only after kSliceExecs runs, under a hard cap.
    CHECK(c.command.nanos == runtime::engine::kSliceNanos);
    CHECK(c.command.floor == uint64_t(kSliceExecs));
    CHECK(c.command.cap_nanos == runtime::engine::kSliceCapNanos);
  }
}

// Runs a growing target for 5,000 executions, repeatable (-fuzzseed, one
// worker) or not, with -fuzzminimizetime=Nx when minimize_count > 0.
void run_growing(FakeRun& r, bool repeatable, int64_t minimize_count = 0) {
  r.opts.fuzz_count = 5'000;
  r.opts.seed = 7;
  r.opts.seed_given = repeatable;
  r.opts.minimize_count = minimize_count;
  r.run({"a"});
}

TEST_CASE("a repeatable run's commands are bounded by executions and compares, not time") {
  FakeRun r(growing_target());
  run_growing(r, true);
  std::vector<SentCommand> fuzz = r.sent(Op::Fuzz);
  REQUIRE_FALSE(fuzz.empty());
  for (const SentCommand& c : fuzz) {
    CHECK(c.command.cap_nanos == 0);
    CHECK(c.command.nanos > 1000 * kSecond);
    CHECK(c.command.cap_cmps == runtime::engine::kSliceCapCmps);
  }
  std::vector<SentCommand> minimize = r.sent(Op::Minimize);
  REQUIRE_FALSE(minimize.empty());
  for (const SentCommand& c : minimize) {
    CHECK(c.command.nanos == 0);
    CHECK(c.command.cap_cmps == runtime::engine::kNewInputMinimizeCapCmps);
  }
}

TEST_CASE("a repeatable run spends a -fuzzminimizetime=Nx count as given, with no compare cap") {
  FakeRun r(growing_target());
  run_growing(r, true, 50);
  REQUIRE_FALSE(r.sent(Op::Minimize).empty());
  for (const SentCommand& c : r.sent(Op::Minimize)) {
    CHECK(c.command.cap_cmps == 0);
    CHECK(c.command.limit <= 50);
  }
}

TEST_CASE("a default run caps its commands by time, not compares") {
  FakeRun r(growing_target());
  run_growing(r, false);
  REQUIRE_FALSE(r.sent(Op::Fuzz).empty());
  REQUIRE_FALSE(r.sent(Op::Minimize).empty());
  for (const SentCommand& c : r.sent(Op::Fuzz)) CHECK(c.command.cap_cmps == 0);
  for (const SentCommand& c : r.sent(Op::Minimize)) CHECK(c.command.cap_cmps == 0);
}

TEST_CASE("the length limit starts at the longest corpus value and grows while nothing new is found") {
  using runtime::engine::grown_len_limit;
  int64_t quiet = 200;  // 4 bytes: growing takes more than 100 * log2(4) quiet executions
  CHECK(grown_len_limit(4, 4096, quiet) == 4);
  CHECK(quiet == 200);
  quiet = 201;
  CHECK(grown_len_limit(4, 4096, quiet) == 6);
  CHECK(quiet == 0);
  quiet = 402;  // two steps' worth: 4 -> 6 -> 8
  CHECK(grown_len_limit(4, 4096, quiet) == 8);
  quiet = int64_t{1} << 40;
  CHECK(grown_len_limit(4090, 4096, quiet) == 4096);  // never past the maximum
  CHECK(grown_len_limit(4096, 4096, quiet) == 4096);

  FakeRun r(FakeTarget{});  // never anything new: the limit only grows
  r.opts.fuzz_count = 20'000;
  r.run({"abcdef"});
  std::vector<SentCommand> fuzz = r.sent(Op::Fuzz);
  REQUIRE(fuzz.size() >= 2);
  CHECK(fuzz.front().command.max_len == 6);  // the longest value in the corpus
  uint32_t last = 0;
  for (const SentCommand& c : fuzz) {
    CHECK(c.command.max_len >= last);
    last = c.command.max_len;
  }
  CHECK(last > 6);
  CHECK(last <= runtime::engine::kDefaultMaxLen);
}

TEST_CASE("a new-coverage input is minimized for at most the new-input caps, or -fuzzminimizetime's count") {
  FakeRun r(growing_target());
  r.opts.fuzz_count = 2000;
  SUBCASE("the caps, when -fuzzminimizetime is longer") {
    r.run({"a"});
    REQUIRE_FALSE(r.sent(Op::Minimize).empty());
    for (const SentCommand& c : r.sent(Op::Minimize)) {
      CHECK(c.command.nanos == r.opts.new_input_minimize_cap);
      CHECK(c.command.limit <= uint64_t(runtime::engine::kNewInputMinimizeExecs));
    }
  }
  SUBCASE("-fuzzminimizetime, when shorter than the cap") {
    r.opts.minimize_duration = r.opts.new_input_minimize_cap / 4;
    r.run({"a"});
    REQUIRE_FALSE(r.sent(Op::Minimize).empty());
    for (const SentCommand& c : r.sent(Op::Minimize)) CHECK(c.command.nanos == r.opts.minimize_duration);
  }
  SUBCASE("-fuzzminimizetime=7x") {
    r.opts.minimize_count = 7;
    r.run({"a"});
    REQUIRE_FALSE(r.sent(Op::Minimize).empty());
    for (const SentCommand& c : r.sent(Op::Minimize)) {
      CHECK(c.command.limit == 7);
      CHECK(c.command.nanos == 0);
    }
  }
}

TEST_CASE("a failure is minimized with -fuzzminimizetime's whole count, one RunOnce per candidate") {
  FakeRun r(failing_target(FailureKind::TestFailed));
  r.opts.minimize_count = 5;
  r.run({"a"});
  CHECK(r.failed);
  CHECK(r.sent(Op::Minimize).empty());  // the new-input cap is not for failures
  // The re-run in a fresh process is the minimizer's first call.
  CHECK(r.sent(Op::RunOnce).size() == 5);
  CHECK(r.launcher.log().starts == std::vector<int>{2});
  CHECK(r.log.find("Failing input written to testdata/fuzz/FuzzFake/") != std::string::npos);
}

TEST_CASE("a worker that dies of an input is started again for each candidate, and the crash is reported") {
  FakeRun r(failing_target(FailureKind::Signal));
  r.opts.minimize_count = 4;
  r.run({"a"});
  CHECK(r.failed);
  std::vector<SentCommand> reruns = r.sent(Op::RunOnce);
  REQUIRE(reruns.size() == 4);
  // The crash's own input goes first; each failing candidate kills the
  // worker, so each next command found a new one (one Init per process).
  CHECK(reruns[0].input.find('X') != std::string::npos);
  CHECK(r.sent(Op::Init).size() == size_t(r.launcher.log().starts[0]));
  CHECK(r.launcher.log().starts[0] >= 3);
  CHECK(r.log.find("SIGSEGV") != std::string::npos);
  CHECK(r.log.find("Failing input written to testdata/fuzz/FuzzFake/") != std::string::npos);
  CHECK(std::filesystem::is_directory(r.dir / "testdata" / "fuzz" / "FuzzFake"));
}

TEST_CASE("-fuzzkeepgoing: the crashed worker is started again and fuzzing goes on to the count") {
  FakeRun r(failing_target(FailureKind::Signal, 100));
  r.opts.keep_going = true;
  r.opts.minimize_count = 2;
  r.opts.fuzz_count = 600;
  r.run({"a"});
  CHECK(r.failed);
  CHECK(r.launcher.log().executions == 600);
  CHECK(r.launcher.log().starts[0] >= 5);  // after each of the five later crashes too
  CHECK(r.stderr_text.find("1 distinct failures found (4 found again") != std::string::npos);
}

// Inputs holding an S run long (as `kind`: Slow ends in time, Timeout never
// does) and cover a counter of their own; every tenth fuzzing execution
// makes one.
FakeTarget slow_target(FailureKind kind) {
  FakeTarget t;
  t.fails = [kind](const std::string& s) {
    return s.find('S') != std::string::npos ? kind : FailureKind::None;
  };
  t.covers = [](const std::string& s) {
    return s.find('S') != std::string::npos ? std::vector<size_t>{0, 5} : std::vector<size_t>{0};
  };
  t.mutate = [](const std::string& original, uint64_t n) { return n % 10 == 0 ? "S" + original : original; };
  return t;
}

// The Baseline commands that ran a cut input again.
size_t checks(const FakeRun& r) {
  size_t n = 0;
  for (const SentCommand& c : r.sent(Op::Baseline)) n += c.input.find('S') != std::string::npos;
  return n;
}

TEST_CASE(
    "slow_cap_for: 20 times the seeds' median, at least a second, none unless -fuzztimeout is twice it") {
  using runtime::engine::slow_cap_for;
  CHECK(slow_cap_for(0, 25 * kSecond) == kSecond);
  CHECK(slow_cap_for(kSecond / 10, 25 * kSecond) == 2 * kSecond);
  CHECK(slow_cap_for(0, 2 * kSecond) == kSecond);
  CHECK(slow_cap_for(0, kSecond) == 0);             // -fuzztimeout=1s: no cut
  CHECK(slow_cap_for(kSecond, 25 * kSecond) == 0);  // seeds of a second: 20s is over half
  CHECK(slow_cap_for(0, 0) == 0);                   // -fuzztimeout=0
  CHECK(runtime::engine::check_cut(1));
  CHECK(runtime::engine::check_cut(2));
  CHECK_FALSE(runtime::engine::check_cut(3));
  CHECK(runtime::engine::check_cut(64));
  CHECK_FALSE(runtime::engine::check_cut(0));
  using runtime::engine::check_affordable;
  CHECK(check_affordable(0, 0, 1));  // the first check is always made
  CHECK(check_affordable(10 * kSecond, 100 * kSecond, 1));
  CHECK_FALSE(check_affordable(11 * kSecond, 100 * kSecond, 1));
  CHECK(check_affordable(20 * kSecond, 100 * kSecond, 2));  // a tenth of two workers' time
}

TEST_CASE("a slow input is cut while fuzzing, run again at its place's 1st, 2nd, 4th... cut, and not kept") {
  FakeRun r(slow_target(FailureKind::Slow));
  r.opts.fuzz_count = 400;
  r.run({"a"});
  CHECK_FALSE(r.failed);
  std::vector<SentCommand> fuzz = r.sent(Op::Fuzz);
  REQUIRE_FALSE(fuzz.empty());
  CHECK(fuzz.back().command.cut_nanos == kSecond);
  // Each cut ends its worker, started again for the next command.
  int64_t cuts = r.launcher.log().starts[0] - 1;
  CHECK(cuts >= 30);
  size_t powers = 0;
  for (int64_t n = 1; n <= cuts; n *= 2) ++powers;
  CHECK(checks(r) == powers);
  // The checks ended in time; none of their inputs joined the corpus.
  std::error_code ec;
  for (const auto& file : std::filesystem::directory_iterator(r.opts.cache_dir, ec)) {
    std::ifstream in(file.path());
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str().find('S') == std::string::npos);
  }
}

TEST_CASE(
    "an endless input cut while fuzzing hangs in its check, the fresh re-run: reported without another") {
  FakeRun r(slow_target(FailureKind::Timeout));
  r.opts.minimize_duration = 0;
  r.run({"a"});
  CHECK(r.failed);
  CHECK(checks(r) == 1);
  CHECK(r.sent(Op::RunOnce).empty());  // neither re-run nor minimized
  CHECK(r.log.find("fuzzing process hung") != std::string::npos);
  CHECK(r.log.find("Failing input written to testdata/fuzz/FuzzFake/") != std::string::npos);
}

TEST_CASE("-fuzzkeepgoing: once a hang is reported no cut runs again; each later one costs the cap only") {
  FakeRun r(slow_target(FailureKind::Timeout));
  r.opts.keep_going = true;
  r.opts.minimize_duration = 0;
  r.opts.fuzz_count = 400;
  r.run({"a"});
  CHECK(r.failed);
  CHECK(r.launcher.log().starts[0] >= 30);
  CHECK(checks(r) == 1);
  CHECK(r.log.find("fuzzing process hung") != std::string::npos);
}

TEST_CASE("no cut in a repeatable run, nor when -fuzztimeout is under twice the cap") {
  for (bool repeatable : {true, false}) {
    CAPTURE(repeatable);
    FakeRun r(slow_target(FailureKind::Slow));
    r.opts.fuzz_count = 200;
    if (repeatable) r.opts.seed_given = true;
    else r.opts.timeout = kSecond;
    r.run({"a"});
    CHECK_FALSE(r.failed);
    for (const SentCommand& c : r.sent(Op::Fuzz)) CHECK(c.command.cut_nanos == 0);
    CHECK(r.launcher.log().starts[0] == 1);
    CHECK(checks(r) == 0);
  }
}

}  // namespace
}  // namespace cxxtest::testing
