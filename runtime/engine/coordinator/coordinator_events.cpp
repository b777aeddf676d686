// engine/coordinator/coordinator_events.cpp: what the coordinator does with each reply
// and with each worker that dies (see coordinator.h).
#include <poll.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "cachedir/corpus_dir.h"
#include "corpus/corpus_v1.h"
#include "engine/coordinator/coordinator.h"
#include "engine/coordinator/interrupt.h"
#include "engine/coordinator/progress.h"
#include "engine/coordinator/report.h"
#include "engine/coordinator/sanitizer_report.h"
#include "engine/coordinator/unstable.h"
#include "engine/shared/coverage.h"
#include "engine/shared/input_codec.h"
#include "flags/config.h"
#include "testing/output.h"

namespace cxxtest::runtime::engine {

void Coordinator::on_readable(size_t i) {
  Reply r;
  if (slots_[i].link->receive(r)) {
    on_reply(i, r);
  } else {
    on_death(i);
  }
}

void Coordinator::on_reply(size_t i, const Reply& r) {
  Slot& s = slots_[i];
  if (s.state == State::Starting) {
    if (r.outcome != Outcome::Hello || r.count != mask_size_) {
      error("fuzzing process terminated without fuzzing: it does not match the coordinator");
      return;
    }
    s.state = State::Initializing;
    s.link->send(Command::init(rng_(), s.stream));
    return;
  }
  if (s.state != State::Busy) {
    s.state = State::Idle;  // the Init reply, or a stray one
    return;
  }
  s.state = State::Idle;
  s.seen_since = 0;
  if ((r.notes & kNoteLeakChecksStopped) && !leak_note_shown_) {
    leak_note_shown_ = true;
    std::fputs(
        "fuzz: leak checks stopped: the heap scans of inputs that kept memory found no leak and cost "
        "too much (the target keeps memory on purpose, or a suppressed leak recurs); later leaks go "
        "unreported\n",
        stderr);
  }
  if (s.op == Op::Fuzz)
    activity_.fuzzing += r.nanos, activity_.slowest = std::max(activity_.slowest, r.slowest);
  if (s.op == Op::Minimize) activity_.minimizing += r.nanos, ++activity_.minimized;
  activity_.capped += r.capped;
  if (s.checking) return on_check(i, r);
  if (s.op == Op::Baseline || s.op == Op::RunOnce) activity_.calibrating += r.nanos;
  switch (s.op) {
    case Op::Baseline:
    case Op::RunOnce: return on_baseline(i, r);
    case Op::Fuzz: return on_fuzz(i, r);
    case Op::Minimize: return on_minimize(i, r);
    default: return;
  }
}

void Coordinator::on_baseline(size_t i, const Reply& r) {
  Slot& s = slots_[i];
  budget_.settle(s.granted, int64_t(r.count));
  const Entry& e = corpus_[s.entry];
  if (r.outcome == Outcome::Failure) {
    Failure f = read_failure(s.link->shm());
    if (e.source == Source::Seed || e.source == Source::Testdata)
      return seed_failed(s.entry, f, s.link->output());
    return found_crash(i, f);
  }
  // The user's inputs' times set the slow-input cap (slow_cap); the
  // cache's may hold slow inputs an earlier run found.
  if (e.source != Source::Cache && r.count > 0) seed_times_.push_back(r.nanos / int64_t(r.count));
  size_t brought = coverage_ ? new_bits(mask_, s.link->shm().snap(), scratch_.data(), mask_size_) : 0;
  if (brought > 0 && e.source == Source::Cache)
    corpus_.set_own(s.entry, keep_words(scratch_.data(), mask_size_));
  if (opts_.minimize_corpus && e.source == Source::Cache && brought == 0) redundant_.push_back(s.entry);
  // A seed weighs what it covers that the entries before it did not, as a
  // generated input weighs what it brought (corpus.h).
  corpus_.set_new_counters(s.entry, uint32_t(std::min<size_t>(brought, UINT32_MAX)));
  if (coverage_) {
    corpus_.set_features(s.entry, s.link->shm().snap(), mask_size_);
    merge(mask_, s.link->shm().snap(), mask_size_);
  }
  if (r.count >= 2) {
    stable_hit_ = r.changed;
    stable_differ_ = r.differed;
    stable_runs_ = r.count;
    if (opts_.verbose) unstable_ = differing_indices(s.link->shm().keep(), mask_size_, 4096);
  }
  baseline_entry_done();
}

void Coordinator::baseline_entry_done() {
  ++baseline_done_;
  if (baseline_done_ == baseline_total_) {
    baseline_complete_ = true;
    if (!seed_times_.empty()) {
      auto mid = seed_times_.begin() + ptrdiff_t(seed_times_.size() / 2);
      std::nth_element(seed_times_.begin(), mid, seed_times_.end());
      median_seed_ = *mid;
    }
    fuzzing_since_ = now();
    BaselineStats b{now() - start_, baseline_done_, baseline_total_, int64_t(slots_.size()), coverage_};
    std::fputs(labeled(baseline_line(b), opts_.label).c_str(), stderr);
    if (stable_hit_ > 0)
      std::fputs(stability_line(stable_hit_, stable_differ_, stable_runs_).c_str(), stderr);
    if (!unstable_.empty())
      std::fputs(unstable_lines(registered(), unstable_, 10, stable_differ_).c_str(), stderr);
    if (opts_.minimize_corpus) stop_ = Stop::Limit;  // nothing to fuzz
  }
}

void Coordinator::on_fuzz(size_t i, const Reply& r) {
  Slot& s = slots_[i];
  budget_.settle(s.granted, int64_t(r.count));
  if (r.outcome == Outcome::Done) s.execs_per_second = next_rate(s.execs_per_second, r.count, r.nanos);
  if (r.outcome == Outcome::Failure) return found_crash(i, read_failure(s.link->shm()));
  if (r.outcome == Outcome::NewCoverage) {
    if (Status saved = auto_dict_.add(read_learned(s.link->shm())); !saved) return error(saved.error());
    new_coverage(i);
  }
  if (r.outcome == Outcome::Reduced) reduce_entry(s.entry, current_input(s));
}

// A shorter input kept entry e's own features: it replaces the entry, and
// its file the entry's (written first, then the old one removed).
void Coordinator::reduce_entry(size_t e, std::vector<Value> input) {
  if (!corpus_.reducible(e)) return;
  std::string old_name = corpus_[e].name;
  bool written = std::find(unwritten_.begin(), unwritten_.end(), e) == unwritten_.end();
  if (!corpus_.replace(e, std::move(input))) return;
  ++activity_.reduced;
  // A corpus update, as libFuzzer counts one: the length limit grows only
  // once mutation within it stops making progress (coordinator.h).
  len_quiet_from_ = budget_.done();
  if (!written) return;  // its new data is written in its place
  unwritten_.push_back(e);
  superseded_.push_back(std::move(old_name));
}

// A worker found new coverage: confirm it, then minimize it on that worker
// (if minimizing is on and executions are left) or accept it as it is.
void Coordinator::new_coverage(size_t i) {
  Slot& s = slots_[i];
  const ShmView& shm = s.link->shm();
  if (new_bits(mask_, shm.snap(), scratch_.data(), mask_size_) == 0) return;  // another worker was first
  if (s.op == Op::Fuzz) corpus_.credit(s.entry);
  std::vector<Value> input = current_input(s);
  bool enabled = !opts_.structured && (opts_.minimize_count > 0 || opts_.minimize_duration > 0);
  // Minimizing new inputs may take a tenth of all executions (and the
  // first kMinimizeHeadStart, when the first inputs, the ones most mutated
  // from, come fast); past that, inputs are kept as found, as libFuzzer
  // keeps them all: on a slow target the round trips and candidates
  // otherwise eat the fuzzing time.
  bool affordable =
      opts_.minimize_count > 0 || new_input_minimize_execs_ <= std::max(execs_now() / 10, kMinimizeHeadStart);
  int64_t want = opts_.minimize_count > 0 ? opts_.minimize_count : kNewInputMinimizeExecs;
  if (budget_.limited() && opts_.minimize_count == 0)
    want = std::min(want, budget_.slice(int64_t(slots_.size()), 0));
  bool by_count = opts_.minimize_count > 0 || repeatable();
  int64_t granted = enabled && affordable ? budget_.grant(want) : 0;
  activity_.kept_as_found += opts_.structured || (enabled && !affordable);
  if (granted == 0) return accept(std::move(input), shm.snap());
  write_original(s, input, nullptr);
  std::memcpy(shm.keep(), scratch_.data(), mask_size_);
  s.granted = granted;
  s.op = Op::Minimize;
  s.state = State::Busy;
  uint64_t limit = uint64_t(granted);
  Nanos nanos = by_count ? 0 : std::min(opts_.minimize_duration, opts_.new_input_minimize_cap);
  // A count the user gave (-fuzzminimizetime=Nx) is theirs to spend.
  uint64_t cap_cmps = repeatable() && opts_.minimize_count == 0 ? kNewInputMinimizeCapCmps : 0;
  s.link->send(Command::minimize(limit, nanos, cap_cmps));
}

void Coordinator::on_minimize(size_t i, const Reply& r) {
  Slot& s = slots_[i];
  budget_.settle(s.granted, int64_t(r.count));
  new_input_minimize_execs_ += int64_t(r.count);
  const ShmView& shm = s.link->shm();
  if (r.outcome == Outcome::Failure) return found_crash(i, read_failure(shm));
  if (r.outcome == Outcome::NewCoverage) return accept(current_input(s), shm.snap());
  // Flaky: the bits did not come back. Count them as known, or every worker
  // would keep stopping its slices to report them again.
  merge(mask_, shm.keep(), mask_size_);
}

// Adds an input with new coverage to the mask and the corpus. Its file goes
// to the cache dir right after the next dispatch (write_accepted), so the
// worker waiting for its next command does not wait for the file too; a
// killed run loses at most the inputs of that one loop turn.
void Coordinator::accept(std::vector<Value> values, const uint8_t* snap) {
  size_t fresh = new_bits(mask_, snap, scratch_.data(), mask_size_);
  if (fresh == 0) return;
  Entry e{std::move(values), {}, {}, Source::Generated};
  e.data = corpus::encode(e.values);
  if (!corpus_.contains(e.data)) {
    e.name = cachedir::corpus_entry_name(e.data);
    corpus_.add(std::move(e), uint32_t(std::min<size_t>(fresh, UINT32_MAX)));
    corpus_.set_features(corpus_.size() - 1, snap, mask_size_);
    corpus_.set_own(corpus_.size() - 1, keep_words(scratch_.data(), mask_size_));
    unwritten_.push_back(corpus_.size() - 1);
    ++new_interesting_;
    len_quiet_from_ = budget_.done();
  }
  merge(mask_, snap, mask_size_);
}

void Coordinator::write_accepted() {
  for (size_t i : unwritten_) {
    if (Expected<std::string> written = cachedir::write_corpus_entry(opts_.cache_dir, corpus_[i].data);
        !written) {
      unwritten_.clear();
      return error(written.error());
    }
  }
  unwritten_.clear();
  // Files of reduced entries, now that their replacements are written.
  for (const std::string& name : superseded_) {
    std::error_code ec;
    std::filesystem::remove(opts_.cache_dir / name, ec);
  }
  superseded_.clear();
}

void Coordinator::on_death(size_t i) {
  Slot& s = slots_[i];
  State was = s.state;
  int status = s.link->reap();
  s.state = State::Off;
  // SIGTERM to the process group (`timeout`) reached the workers too: the
  // run is stopping on it (interrupt.h), not failing. The kernel signals a
  // group one process at a time, so a worker on the other core can die of
  // it before ours arrives: wait a moment for it. One a target raised
  // itself fails below, as Go's "unexpected signal".
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) {
    if (!interrupted() && interrupt_fd() >= 0) {
      pollfd fd{interrupt_fd(), POLLIN, 0};
      while (poll(&fd, 1, 250) < 0 && errno == EINTR && !interrupted()) {
      }
    }
    if (interrupted()) return;
  }
  if (was == State::Starting || was == State::Initializing) {
    std::string said = indent_by(s.link->output(), 4);  // under the message
    if (!said.empty()) said.pop_back();                 // error() ends the line
    return error("fuzzing process terminated without fuzzing: " + describe_status(status) +
                 (said.empty() ? "" : "; its output:\n" + said));
  }
  const ShmView& shm = s.link->shm();
  if (shm.header().failure.kind == FailureKind::Slow) return after_cut(i, was);
  if (was == State::Idle && shm.header().failure.kind != FailureKind::None) {
    // Its watchdog fired (memory, time) while the input's command was
    // ending: the reply came first, the record and the death just after.
    Failure f;
    if (classify_death(shm, status, &f)) return found_crash(i, f);
  }
  if (was != State::Busy)
    return error("fuzzing process hung or terminated unexpectedly: " + describe_status(status));
  budget_.settle(s.granted, int64_t(shm.header().exec_count));
  Failure f;
  if (!classify_death(shm, status, &f)) {
    return error("fuzzing process terminated by unexpected signal; no crash will be recorded: " +
                 describe_status(status));
  }
  if (s.checking) return check_failed(i, std::move(f));
  const Entry& e = corpus_[s.entry];
  bool baseline = s.op == Op::Baseline || s.op == Op::RunOnce;
  if (baseline && (e.source == Source::Seed || e.source == Source::Testdata))
    return seed_failed(s.entry, f, s.link->output());
  found_crash(i, f);
}

void Coordinator::found_crash(size_t i, Failure f) {
  if (crash_) return;  // one crash at a time, as Go
  // Taken now: the report goes with this failure, whatever re-runs and
  // candidates write later.
  attach_sanitizer_report(f);
  if (opts_.keep_going && !reported_.empty()) {
    // The signatures of the reported failures tell sanitizer bugs apart by
    // their report (a leak's by its allocation site).
    std::string sig = failure_signature(f, f.sanitizer);
    if (std::find(reported_.begin(), reported_.end(), sig) != reported_.end()) {
      ++repeats_;  // the worker, if it died, is started again by dispatch
      return;
    }
  }
  // A worker keeps what its inputs write only while it runs single inputs
  // (protocol.h); the fresh re-run in handle_crash records a fuzzed one's.
  const Slot& s = slots_[i];
  crash_ = Crash{i, current_input(s), std::move(f), records_output(s.op) ? s.link->output() : std::string()};
  stop_ = Stop::Crash;
}

void Coordinator::seed_failed(size_t entry, const Failure& f, const std::string& output) {
  if (crash_ || stop_ == Stop::Error) return;
  const Entry& e = corpus_[entry];
  std::fprintf(stderr, "failure while testing seed corpus entry: %s/%s\n", target_.name.c_str(),
               e.name.c_str());
  ReportContext ctx{target_.name, opts_.timeout, opts_.rss_limit_mb};
  // A sanitizer's report says what went wrong (as for an input found while
  // fuzzing), not "hung or terminated unexpectedly: exit status 1".
  Failure reported = f;
  reported.sanitizer = take_sanitizer_report();
  report_ = failure_report(reported, ctx, output, " on seed corpus entry " + e.name);
  std::string alone = "To re-run it alone:\ncxxtest -run=" + target_.name + "/" + e.name +
                      (opts_.package.empty() ? "" : " " + opts_.package) + "\n";
  if (opts_.keep_going) {
    // -fuzzkeepgoing reports each distinct failure and goes on: a seed that
    // fails (a reproducer an earlier run wrote) is one, shown now and never
    // fuzzed from; the same bug found again while fuzzing is not reported.
    report_ += "-fuzzkeepgoing fuzzes on without this seed.\n" + alone;
    log_decorated(f_, indent(report_));
    report_.clear();
    reported_.push_back(failure_signature(reported, reported.sanitizer));
    corpus_.exclude(entry);
    baseline_entry_done();
    return;
  }
  // Go stops here too; say how to see it alone and what lets fuzzing start.
  report_ += "A failing seed stops fuzzing before it starts: fix the code, or ";
  report_ += e.source == Source::Testdata ? "move the file out of testdata/fuzz/" + target_.name + "/"
                                          : std::string("remove the f.Add seed");
  report_ += " while fuzzing (or fuzz with -fuzzkeepgoing).\n" + alone;
  stop_ = Stop::Error;
}

void Coordinator::error(const std::string& text) {
  if (crash_ || stop_ == Stop::Error) return;
  report_ = text + "\n";
  stop_ = Stop::Error;
}

// The input a worker ran last (the original if it ran none).
std::vector<Value> Coordinator::current_input(const Slot& s) {
  const ShmView& shm = s.link->shm();
  const ShmHeader& h = shm.header();
  std::vector<Value> values;
  bool ran = h.exec_count > 0;
  if (!decode_input(ran ? shm.current() : shm.original(), ran ? h.current_len : h.original_len, values)) {
    values.clear();
  }
  return values;
}

}  // namespace cxxtest::runtime::engine
