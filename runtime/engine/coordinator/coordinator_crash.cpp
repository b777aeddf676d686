// engine/coordinator/coordinator_crash.cpp: checking that a crash repeats in a fresh
// process, minimizing it one candidate at a time and reporting it (see
// coordinator.h).
//
// Unlike Go, which minimizes only failures the worker survives, every crash
// is minimized here: each candidate runs as one RunOnce command, and a
// candidate that kills the worker is judged from the record it left (or its
// exit status); the worker is restarted before the next candidate. A
// candidate is kept only if it fails the same way as the crash
// (same_failure), so minimization cannot wander to another bug.
#include <poll.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>

#include "cachedir/atomic_file.h"
#include "cachedir/corpus_dir.h"
#include "corpus/corpus_v1.h"
#include "engine/coordinator/coordinator.h"
#include "engine/coordinator/interrupt.h"
#include "engine/coordinator/progress.h"
#include "engine/coordinator/report.h"
#include "engine/coordinator/sanitizer_report.h"
#include "fuzz/budget.h"
#include "fuzz/minimize.h"
#include "testing/output.h"

namespace cxxtest::runtime::engine {
namespace {

constexpr int64_t kLogEvery = 3 * kSecond;

constexpr int kMaxResumes = 5;

// LeakSanitizer's scan is conservative: in a fresh process a stale copy of
// the leaked pointer (a stack slot, a register) can hide the leak once. A
// leak counts as unreproduced only after this many fresh runs miss it.
constexpr int kLeakReruns = 3;

// ThreadSanitizer sees a race only when one access finds the other in its
// shadow memory; two threads that touch the location at the same instant
// can each miss the other's write, and the scheduler decides which threads
// overlap at all. A two-thread race went unreported in about 6% of runs of
// a loaded machine (clang 14). In a -race build a failure counts as
// unreproduced only after this many fresh runs miss it.
constexpr int kRaceReruns = 5;

// How long a candidate may run, while a hang is minimized, before it counts
// as hanging too: a second, far above an input's usual milliseconds and
// short enough for tens of cuts. Each candidate that still hangs would
// otherwise cost the whole -fuzztimeout (at 25s, two or three in the 60s a
// minimization has: a 7,635-byte Lua hang lost 36 bytes; at a tenth of it,
// 2.5s, yaml-cpp's took 80s to reach its 2 bytes). The result is run
// again for the whole timeout after (confirm_minimized_hang).
Nanos hang_probe(Nanos timeout) { return kSecond < timeout ? kSecond : 0; }

bool race_build(const std::string& needs) { return (" " + needs + " ").find(" -race ") != std::string::npos; }

}  // namespace

bool Coordinator::rerun_fresh(const Crash& c, Failure* got, std::string* output) {
  Slot& s = slots_[c.slot];
  int tries = c.failure.kind == FailureKind::Leak ? kLeakReruns : race_build(opts_.needs) ? kRaceReruns : 1;
  for (int i = 0; i < tries; ++i) {
    if (s.link->running()) {  // a fresh process, as the printed re-run command starts one
      s.link->kill_now();
      s.link->reap();
    }
    s.state = State::Off;
    if (!run_candidate(s, c.input, got, output)) return false;
    if (got->kind != FailureKind::None && same_failure(c.failure, *got)) return true;
    if (interrupted()) break;
  }
  return true;
}

// A minimized hang ran only until candidate_limit_: it must hang for the
// whole -fuzztimeout in a fresh process, as the re-run command runs it.
// Then *last and *said are that run's (with the stack it hung in).
bool Coordinator::confirm_minimized_hang(const Crash& c, const std::vector<Value>& minimized, Failure* last,
                                         std::string* said) {
  Crash m{c.slot, minimized, *last, ""};
  Failure got;
  std::string output;
  if (!rerun_fresh(m, &got, &output) || got.kind != FailureKind::Timeout) return false;
  *last = std::move(got);
  *said = std::move(output);
  return true;
}

bool Coordinator::resume_after_unreproduced() {
  const Crash& c = *crash_;
  bool resource = c.failure.kind == FailureKind::Memory || c.failure.kind == FailureKind::Timeout;
  // c.rerun: it failed in a fresh process already (a slow input's check).
  if (!resource || c.rerun || resumed_ >= kMaxResumes || interrupted() || c.input.empty()) return false;
  if (deadline_ && now() >= deadline_) return false;
  Failure got;
  std::string output;
  if (c.failure.kind == FailureKind::Timeout) std::fputs(hang_confirm_line(opts_.timeout).c_str(), stderr);
  if (!rerun_fresh(c, &got, &output)) return false;
  if (got.kind != FailureKind::None && same_failure(c.failure, got)) {
    crash_->rerun = true;  // handle_crash reports it without a third run
    crash_->rerun_failure = std::move(got);
    crash_->rerun_output = std::move(output);
    return false;
  }
  keep_unreproduced(c.input, c.failure,
                    c.failure.kind == FailureKind::Memory ? "the worker's memory grew over many inputs"
                                                          : "the worker was slowed by earlier inputs");
  ++resumed_;
  crash_.reset();
  stop_ = Stop::None;
  return true;
}

// Writes the input to <cache>/unreproduced/ and says on stderr what happened.
void Coordinator::keep_unreproduced(const std::vector<Value>& input, const Failure& f,
                                    const std::string& why) {
  ReportContext ctx{target_.name, opts_.timeout, opts_.rss_limit_mb};
  std::string first = failure_text(f, ctx, "");
  first = first.substr(0, first.find('\n'));
  std::filesystem::path dir = opts_.cache_dir / "unreproduced";
  Expected<std::string> kept = cachedir::write_corpus_entry(dir, corpus::encode(input));
  std::fprintf(stderr, "fuzz: %s, but the input did not fail when run again in a fresh process (%s); %s\n",
               first.c_str(), why.c_str(),
               kept ? ("input kept as " + (dir / *kept).string() + ", fuzzing goes on").c_str()
                    : ("input not kept: " + kept.error()).c_str());
}

void Coordinator::handle_crash() {
  // The executions it took, before any minimizing: a failure found before
  // the first periodic line would otherwise show no count at all.
  if (baseline_complete_) log_final();
  Crash c = *crash_;
  Slot& s = slots_[c.slot];
  std::vector<Value> input = c.input;
  Failure last = c.failure;
  std::string said = c.output;  // what the process wrote as `last` failed
  // Before anything is written: does the input fail in a fresh process, as
  // it must for the printed re-run command to fail? If not, say so plainly
  // and keep the input aside instead of writing a reproducer that passes.
  if (!input.empty() && !interrupted()) {
    Failure got = c.rerun_failure;
    std::string output = c.rerun_output;
    if (!c.rerun && c.failure.kind == FailureKind::Timeout)
      std::fputs(hang_confirm_line(opts_.timeout).c_str(), stderr);
    if ((c.rerun || rerun_fresh(c, &got, &output)) &&
        (got.kind == FailureKind::None || !same_failure(c.failure, got))) {
      report_unreproduced(input, c.failure, got);
      return;
    }
    if (got.kind != FailureKind::None) {
      last = got;
      said = std::move(output);
    }
  }
  bool enabled = opts_.minimize_count > 0 || opts_.minimize_duration > 0;
  // The input as found goes to testdata before minimizing (atomically), so
  // a run killed while minimizing still leaves a reproducer; report_crash
  // replaces it with the minimized one.
  std::filesystem::path dir = cachedir::testdata_corpus_dir("", target_.name);
  std::string unminimized;  // report_crash says why it cannot write, if so
  const std::string needs = fails_in_plain_build(last, !last.sanitizer.empty()) ? "" : opts_.needs;
  if (enabled && !input.empty())
    if (auto written = cachedir::write_corpus_entry(dir, corpus::encode(input, needs)))
      unminimized = *written;
  if (enabled && !input.empty() && !interrupted()) {
    std::fputs(minimizing_file_line(corpus::encode(input, needs).size()).c_str(), stderr);
    // Minimizing can take its whole -fuzzminimizetime: say what failed.
    ReportContext ctx{target_.name, opts_.timeout, opts_.rss_limit_mb};
    std::string headline = failure_headline(last, ctx, sanitizer_summary(last.sanitizer));
    std::fprintf(stderr, "fuzz: the input failed with: %s\n", headline.c_str());
    minimizing_crash_ = true;
    fuzz::Budget budget = fuzz::Budget::from_flag(opts_.minimize_duration, opts_.minimize_count);
    if (budget_.limited()) budget.cap_calls(budget_.unreserved());
    // A hang's candidates run for hang_probe() only, and a slow input is
    // not an endless one: libexif's recursion (time exponential in its
    // nesting) had candidates past the probe that did not hang, and every
    // minimization spent its minute to a result the full timeout then
    // failed to confirm. So the first candidate that passes the probe runs
    // for the whole timeout (not counted in the minimization's time); if it
    // ends, the input is reported as found (nothing was accepted before it,
    // so the minimized input is still the found one).
    bool probed = false;
    fuzz::StillFails still = [&](const std::vector<Value>& candidate) {
      Failure got;
      std::string output;
      if (!run_candidate(s, candidate, &got, &output)) {
        budget.stop();
        return false;
      }
      if (got.kind == FailureKind::None || !same_failure(c.failure, got)) return false;
      if (candidate_limit_ > 0 && !probed) {
        probed = true;
        Nanos probe = candidate_limit_, from = now();
        candidate_limit_ = 0;
        bool endless = confirm_minimized_hang(c, candidate, &got, &output);
        candidate_limit_ = probe;
        budget.extend(std::chrono::nanoseconds(now() - from));
        if (!endless) {
          std::fputs(hang_unconfirmed_line(corpus::encode(candidate, needs).size(), opts_.timeout).c_str(),
                     stderr);
          budget.stop();
          return false;
        }
      }
      last = std::move(got);
      said = std::move(output);
      return true;
    };
    // The fresh re-run above was the minimizer's first call (Go counts the
    // crash's re-run in -fuzzminimizetime=Nx).
    const std::vector<Value> found = input;
    const Failure found_failure = last;
    const std::string found_said = said;
    candidate_limit_ = last.kind == FailureKind::Timeout ? hang_probe(opts_.timeout) : 0;
    if (budget.take()) fuzz::minimize(input, still, budget);
    candidate_limit_ = 0;
    if (last.kind == FailureKind::Timeout && input != found &&
        !confirm_minimized_hang(c, input, &last, &said)) {
      std::fputs(hang_unconfirmed_line(corpus::encode(input, needs).size(), opts_.timeout).c_str(), stderr);
      input = found;
      last = found_failure;
      said = found_said;
    }
  }
  std::string written = report_crash(input, last, said);
  // The minimized file replaces the one written before minimizing; if it
  // could not be written, that one stays.
  if (!unminimized.empty() && !written.empty() && written != unminimized) {
    std::error_code ec;
    std::filesystem::remove(dir / unminimized, ec);
  }
}

bool Coordinator::keep_going_after_crash() {
  if (!opts_.keep_going || report_.empty()) return false;
  if (interrupted() || stop_ == Stop::Error) return false;
  reported_.push_back(failure_signature(crash_->failure, crash_->failure.sanitizer));
  // Shown now, each under the target as Go shows its one failure.
  log_decorated(f_, indent(report_));
  report_.clear();
  if ((deadline_ && now() >= deadline_) || budget_.exhausted() || budget_.unreserved() == 0) return false;
  crash_.reset();
  minimizing_crash_ = false;
  stop_ = Stop::None;
  return true;
}

void Coordinator::finish_corpus_minimization() {
  std::set<std::string> redundant;
  for (size_t i : redundant_) redundant.insert(corpus_[i].name);
  // Every file of the generated corpus that was loaded goes unless it was
  // kept: the redundant ones and copies of an input under another name.
  // Files that did not load (an older fuzz function's) are left alone.
  std::set<std::string> kept;
  for (size_t i = 0; i < corpus_.size(); ++i)
    if (corpus_[i].source == Source::Cache && !redundant.count(corpus_[i].name)) kept.insert(corpus_[i].name);
  size_t generated = 0, removed = 0;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(opts_.cache_dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (!it->is_regular_file(ec) || kept.count(name)) {
      generated += kept.count(name);
      continue;
    }
    auto data = cachedir::read_file(it->path());
    if (!data || !corpus_.contains(*data)) continue;
    ++generated;
    if (std::filesystem::remove(it->path(), ec)) ++removed;
  }
  std::fprintf(stderr,
               "fuzz: corpus minimized: kept %zu of %zu generated inputs in %s, covering %zu counters\n",
               generated - removed, generated, opts_.cache_dir.string().c_str(), covered_counters());
}

// Runs one candidate on s; false if it could not run (no executions left,
// the worker cannot start, ^C). *out is the failure, kind None if it passed.
bool Coordinator::run_candidate(Slot& s, const std::vector<Value>& input, Failure* out, std::string* output) {
  if (!ensure_running(s) || budget_.grant(1) == 0) return false;
  write_original(s, input, nullptr);
  s.op = Op::RunOnce;
  s.state = State::Busy;
  s.granted = 1;
  // Its one execution counts 1: it has been running since now
  // (check_hung_workers; candidate_limit_ is measured from here).
  s.seen_count = 1;
  s.seen_since = now();
  s.link->send(Command::run_once());
  const ShmView& shm = s.link->shm();
  Reply r;
  if (wait_reply(s, r)) {
    budget_.settle(1, int64_t(r.count));
    s.state = State::Idle;
    *out = r.outcome == Outcome::Failure ? read_failure(shm) : Failure{};
    attach_sanitizer_report(*out);  // LeakSanitizer's, for a leak the worker survived
    if (output) *output = s.link->output();
    return true;
  }
  if (interrupted()) s.link->kill_now();
  int status = s.link->reap();
  budget_.settle(1, int64_t(shm.header().exec_count));
  s.state = State::Off;
  if (interrupted()) return false;
  if (!classify_death(shm, status, out)) *out = Failure{};
  attach_sanitizer_report(*out);           // this candidate's, not another's
  if (output) *output = s.link->output();  // kept until the worker starts again
  return true;
}

// Starts s again if a candidate killed it; false if it cannot be started.
bool Coordinator::ensure_running(Slot& s) {
  if (s.state == State::Idle && s.link->running()) return true;
  if (s.link->running()) {
    s.link->kill_now();
    s.link->reap();
  }
  if (!s.link->start()) return false;
  s.state = State::Starting;
  Reply r;
  if (!wait_reply(s, r) || r.outcome != Outcome::Hello) return false;
  s.state = State::Initializing;
  s.link->send(Command::init(rng_(), s.stream));
  if (!wait_reply(s, r)) return false;
  s.state = State::Idle;
  return true;
}

// Waits for s's next reply, logging progress; false on EOF or ^C.
bool Coordinator::wait_reply(Slot& s, Reply& r) {
  for (;;) {
    if (interrupted()) return false;
    pollfd fds[2] = {{s.link->reply_fd(), POLLIN, 0}, {interrupt_fd(), POLLIN, 0}};
    int64_t wait_ms = std::max<int64_t>(0, (last_log_ + kLogEvery - now()) / 1'000'000) + 1;
    if (candidate_limit_ > 0) wait_ms = std::min<int64_t>(wait_ms, 20);  // a hanging candidate ends on time
    int n = poll(fds, 2, int(wait_ms));
    if (now() >= last_log_ + kLogEvery) log_progress();
    if (n > 0 && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) return s.link->receive(r);
    if (s.state == State::Busy) check_hung_workers();
  }
}

void Coordinator::report_unreproduced(const std::vector<Value>& input, const Failure& f,
                                      const Failure& again) {
  ReportContext ctx{target_.name, opts_.timeout, opts_.rss_limit_mb};
  std::string text = failure_report(f, ctx);  // with the report its sanitizer wrote then
  std::filesystem::path dir = opts_.cache_dir / "unreproduced";
  Expected<std::string> kept = cachedir::write_corpus_entry(dir, corpus::encode(input));
  if (again.kind == FailureKind::None)
    text +=
        "The input did not fail when run again in a fresh process: the failure is flaky or depends on\n"
        "earlier inputs, so no reproducer was written to testdata.\n";
  else
    text += "Run again in a fresh process, the input failed another way (" +
            failure_headline(again, ctx, sanitizer_summary(again.sanitizer)) +
            "): the failure depends on earlier inputs, so no reproducer was written to testdata.\n";
  text += kept ? "Input kept as " + (dir / *kept).string() + "\n" : "Input not kept: " + kept.error() + "\n";
  text += "Its v1 text:\n" + indent_by(corpus::encode(input), 4);
  report_ = text;
}

std::string Coordinator::report_crash(const std::vector<Value>& input, const Failure& f,
                                      const std::string& output) {
  ReportContext ctx{target_.name, opts_.timeout, opts_.rss_limit_mb};
  std::string text = failure_report(f, ctx, output);
  // The build flags its file says it needs: none when a plain build fails alike.
  const std::string needs = fails_in_plain_build(f, !f.sanitizer.empty()) ? "" : opts_.needs;
  std::string data = corpus::encode(input, needs);
  Expected<std::string> written =
      cachedir::write_corpus_entry(cachedir::testdata_corpus_dir("", target_.name), data);
  if (written) {
    text += written_text(target_.name, *written, opts_.package, needs, limit_flags(f, ctx));
  } else {
    // Disk full, read-only: the input must not be lost with the file.
    text += "Failing input could not be written: " + written.error() +
            "\nIts v1 text (save it as testdata/fuzz/" + target_.name + "/<name> to reproduce):\n" +
            indent_by(data, 4);
  }
  report_ = text;
  return written ? *written : std::string();
}

}  // namespace cxxtest::runtime::engine
