// engine/coordinator/coordinator.cpp: set-up, the event loop and dispatching (see
// coordinator.h).
#include "engine/coordinator/coordinator.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>

#include "cachedir/corpus_dir.h"
#include "cachedir/location.h"
#include "engine/coordinator/interrupt.h"
#include "engine/coordinator/progress.h"
#include "engine/coordinator/sanitizer_report.h"
#include "engine/shared/coverage.h"
#include "engine/shared/input_codec.h"
#include "testing/output.h"

namespace cxxtest::runtime::engine {
namespace {

constexpr Nanos kNoTimeLimit = int64_t{1} << 60;
constexpr int64_t kLogEvery = 3 * kSecond;

}  // namespace

Coordinator::Coordinator(TestState& f, const FuzzTarget& target, CoordinatorOptions opts,
                         WorkerLauncher& launcher)
    : f_(f),
      target_(target),
      opts_(std::move(opts)),
      launcher_(launcher),
      budget_(opts_.fuzz_count),
      auto_dict_(auto_dict_path(opts_.cache_dir)),
      rng_(opts_.seed) {}

Coordinator::~Coordinator() {
  slots_.clear();  // kills and reaps what is left
  remove_sanitizer_reports();
  if (mask_) munmap(mask_, mask_size_);
  if (mask_fd_ >= 0) close(mask_fd_);
}

int64_t Coordinator::now() const {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void Coordinator::run() {
  coverage_ = opts_.mask_size > 0;
  if (!coverage_) {
    std::fprintf(stderr,
                 "warning: the test binary was not built with coverage instrumentation, so fuzzing will run "
                 "without coverage guidance and may be inefficient\n");
  }
  if (!load_corpus()) return;
  prepare_sanitizer_reports();
  InterruptWatch interrupt;
  start_ = last_log_ = now();
  if (opts_.fuzz_duration > 0) deadline_ = start_ + opts_.fuzz_duration;
  if (!start_workers()) return;
  std::fprintf(stderr, "fuzz: seed %llu (-fuzzseed=%llu repeats this run with -parallel=1)\n",
               static_cast<unsigned long long>(opts_.seed), static_cast<unsigned long long>(opts_.seed));
  // A run that goes on from an earlier one's corpus says so: its first
  // progress lines count those inputs.
  size_t cached = 0;
  for (size_t i = 0; i < corpus_.size(); ++i) cached += corpus_[i].source == Source::Cache;
  if (cached > 0) {
    Expected<std::filesystem::path> root = cachedir::cache_root();
    bool in_area = root && cachedir::in_fuzz_area(*root, opts_.cache_dir);
    std::fputs(resume_line(cached, opts_.cache_dir.string(), in_area).c_str(), stderr);
  }
  // That the tokens arrived (libFuzzer says "Dictionary: N entries").
  if (!target_.dict.empty()) {
    size_t calls = target_.dict_calls, file = target_.dict.size() - calls;
    std::string from = "testdata/fuzz/" + target_.name + ".dict";
    if (file == 0) from = "F::Dict";
    else if (calls > 0)
      from = std::to_string(calls) + " from F::Dict, " + std::to_string(file) + " from " + from;
    std::fprintf(stderr, "fuzz: dictionary: %zu %s (%s)\n", target_.dict.size(),
                 target_.dict.size() == 1 ? "entry" : "entries", from.c_str());
  }
  log_progress();
  loop();
  write_accepted();
  for (;;) {
    while (crash_ && resume_after_unreproduced()) {
      loop();
      write_accepted();
    }
    if (!crash_) break;
    handle_crash();
    if (!keep_going_after_crash()) break;
    loop();
    write_accepted();
  }
  stop_workers();
  if (opts_.minimize_corpus && !crash_ && report_.empty() && baseline_complete_) finish_corpus_minimization();
  log_final();  // Go's last stats line comes before the failure report
  if (opts_.keep_going && !reported_.empty()) {
    std::fprintf(stderr, "fuzz: %zu distinct failures found (%lld found again and not reported)\n",
                 reported_.size() + !report_.empty(), static_cast<long long>(repeats_));
    fail(f_);
  }
  if (!report_.empty()) {
    log_decorated(f_, indent(report_));
    fail(f_);
  }
}

bool Coordinator::load_corpus() {
  auto testdata = testdata_entries(target_.name, target_.fn.kinds);
  if (!testdata) {
    log_decorated(f_, indent(testdata.error() + "\n"));
    fail(f_);
    return false;
  }
  for (Entry& e : seed_entries(target_.seeds)) corpus_.add(std::move(e));
  for (Entry& e : *testdata) corpus_.add(std::move(e));
  if (coverage_)
    for (Entry& e : cache_entries(opts_.cache_dir, target_.fn.kinds)) corpus_.add(std::move(e));
  for (size_t i = 0; i < corpus_.size(); ++i) baseline_.push_back(i);
  if (opts_.minimize_corpus) {
    // Seeds and testdata first (kept whatever they cover), then the
    // generated inputs from the smallest: a big one is kept only for what
    // no smaller one covers.
    std::stable_sort(baseline_.begin(), baseline_.end(), [&](size_t a, size_t b) {
      bool ga = corpus_[a].source == Source::Cache, gb = corpus_[b].source == Source::Cache;
      if (ga != gb) return gb;
      return ga && corpus_[a].data.size() < corpus_[b].data.size();
    });
  }
  size_t largest = 0;
  for (size_t i = 0; i < corpus_.size(); ++i)
    for (const Value& v : corpus_[i].values)
      if (is_byte_kind(v.kind)) largest = std::max(largest, v.bytes.size());
  max_len_ = max_len_for(opts_.max_len, largest);
  len_limit_ = std::min(max_len_, std::max(kFirstLenLimit, largest));
  baseline_total_ = int64_t(corpus_.size());
  baseline_complete_ = baseline_total_ == 0;
  if (corpus_.size() == 0) {
    std::fprintf(stderr, "warning: starting with empty corpus\n");
    corpus_.add(zero_entry(target_.fn.kinds));
  }
  return true;
}

bool Coordinator::start_workers() {
  mask_size_ = opts_.mask_size;
  std::string err;
  Expected<int> mask_fd = create_mask(mask_size_, &mask_);
  mask_fd_ = mask_fd ? *mask_fd : -1;
  if (!mask_fd) err = mask_fd.error();
  scratch_.resize(mask_size_);
  int64_t n = opts_.parallel;
  if (budget_.limited()) n = std::min(n, budget_.limit());
  // Whether an input adds a counter depends on the ones judged before it:
  // with several workers their replies' order varied, and so did what was kept.
  if (opts_.minimize_corpus) n = 1;
  for (int64_t i = 0; i < n && mask_fd_ >= 0; ++i) {
    Slot s;
    s.link = launcher_.make(mask_fd_, opts_.seed_given && n == 1);  // repeatable(): fixed addresses
    s.stream = uint64_t(i) + 1;
    if (Status made = s.link->init(mask_size_); !made) {
      err = made.error();
      break;
    }
    slots_.push_back(std::move(s));
    if (!start_worker(slots_.back())) {
      log_decorated(f_, indent(report_));  // a run that cannot fuzz fails, saying why
      fail(f_);
      return false;
    }
  }
  if (mask_fd_ < 0 || int64_t(slots_.size()) < n) {
    error("cannot start fuzzing processes: " + err);
    log_decorated(f_, indent(report_));
    fail(f_);
    return false;
  }
  return true;
}

bool Coordinator::start_worker(Slot& s) {
  if (Status started = s.link->start(); !started) {
    error("cannot start fuzzing process: " + started.error());
    return false;
  }
  s.state = State::Starting;
  ++activity_.started;
  return true;
}

void Coordinator::loop() {
  while (stop_ == Stop::None) {
    dispatch();
    write_accepted();
    bool active = false;
    for (const Slot& s : slots_) active = active || (s.state != State::Idle && s.state != State::Off);
    if (!active) {
      bool any_running = false;
      for (const Slot& s : slots_) any_running = any_running || s.state == State::Idle;
      if (!any_running) error("fuzzing stopped: no fuzzing process is running");
      if (budget_.exhausted() || budget_.unreserved() == 0) stop_ = Stop::Limit;
      if (stop_ != Stop::None) break;
    }
    int64_t t = now();
    int64_t wake = last_log_ + kLogEvery;
    if (deadline_) wake = std::min(wake, deadline_);
    wait_events(int(std::max<int64_t>(0, (wake - t) / 1'000'000) + 1));
    if (interrupted()) stop_ = stop_ == Stop::None ? Stop::Interrupt : stop_;
    if (deadline_ && now() >= deadline_ && stop_ == Stop::None) stop_ = Stop::Limit;
    if (now() >= last_log_ + kLogEvery) log_progress();
    check_hung_workers();
  }
}

void Coordinator::dispatch() {
  for (Slot& s : slots_) {
    if (stop_ != Stop::None) return;
    // -fuzzkeepgoing: a worker a failure ended is started again.
    if (opts_.keep_going && s.state == State::Off && !s.link->running() && !start_worker(s)) return;
    if (s.state == State::Idle && !dispatch_one(s)) return;
  }
}

// Gives an idle worker its next command; false when there is nothing to do.
bool Coordinator::dispatch_one(Slot& s) {
  if (s.to_check) return send_check(s);
  if (!baseline_.empty()) {
    // The first input calibrates the stability figure (protocol.h) with
    // what the execution budget spares after one run of every other
    // baseline input.
    int64_t want = 1;
    if (coverage_ && !stability_asked_) {
      want = int64_t(kCalibrateMaxRuns);
      if (budget_.limited()) want = std::min(want, budget_.unreserved() - int64_t(baseline_.size() - 1));
      stability_asked_ = true;
    }
    int64_t g = budget_.grant(std::max<int64_t>(1, want));
    if (g == 0) return false;
    s.granted = g;
    send_baseline(s, uint64_t(g));
    return true;
  }
  if (!baseline_complete_) return false;  // Go: no fuzzing before the whole baseline is back
  int64_t want = budget_.slice(int64_t(slots_.size()), int64_t{1} << 40);
  want = std::min(want, repeatable() ? kSliceExecs : slice_execs(s.execs_per_second));
  int64_t g = budget_.grant(want);
  if (g == 0) return false;
  s.granted = g;
  send_fuzz(s);
  return true;
}

void Coordinator::send_baseline(Slot& s, uint64_t runs) {
  s.entry = baseline_.front();
  baseline_.pop_front();  // O(1): a cache of 100,000 inputs made erase quadratic
  write_original(s, corpus_[s.entry].values, nullptr);
  s.op = coverage_ ? Op::Baseline : Op::RunOnce;
  s.state = State::Busy;
  s.link->send(coverage_ ? Command::baseline(runs) : Command::run_once());
}

void Coordinator::send_fuzz(Slot& s) {
  s.entry = corpus_.pick(rng_());
  const std::vector<Value>* partner = nullptr;
  if (corpus_.size() > 1) {
    size_t j = size_t(rng_() % (corpus_.size() - 1));
    partner = &corpus_[j >= s.entry ? j + 1 : j].values;
  }
  write_original(s, corpus_[s.entry].values, partner);
  // The entry's own features, for REDUCE (protocol.h); none: never.
  uint8_t* keep = s.link->shm().keep();
  std::memset(keep, 0, mask_size_);
  if (corpus_.reducible(s.entry))
    for (const KeepWord& k : corpus_.own(s.entry)) std::memcpy(keep + 8 * size_t{k.index}, &k.bits, 8);
  s.op = Op::Fuzz;
  s.state = State::Busy;
  int64_t quiet = budget_.done() - len_quiet_from_;
  len_limit_ = grown_len_limit(len_limit_, max_len_, quiet);
  len_quiet_from_ = budget_.done() - quiet;
  uint32_t max_len = uint32_t(std::min<size_t>(len_limit_, UINT32_MAX));
  if (repeatable())
    s.link->send(Command::fuzz(uint64_t(s.granted), kNoTimeLimit, max_len, 0, 0, kSliceCapCmps));
  else
    s.link->send(
        Command::fuzz(uint64_t(s.granted), kSliceNanos, max_len, kSliceExecs, kSliceCapNanos, 0, slow_cap()));
}

void Coordinator::write_original(Slot& s, const std::vector<Value>& values,
                                 const std::vector<Value>* partner) {
  const ShmView& shm = s.link->shm();
  size_t n = encode_input(values, shm.original(), kInputCap);
  size_t p = partner ? encode_input(*partner, shm.original() + n, kInputCap - n) : 0;
  shm.header().original_len = uint32_t(n);
  shm.header().partner_len = uint32_t(p);
}

void Coordinator::wait_events(int timeout_ms) {
  std::vector<pollfd> fds;
  std::vector<size_t> owner;
  for (size_t i = 0; i < slots_.size(); ++i) {
    if (slots_[i].state == State::Off) continue;  // idle ones too: their death shows as EOF
    fds.push_back(pollfd{slots_[i].link->reply_fd(), POLLIN, 0});
    owner.push_back(i);
  }
  fds.push_back(pollfd{interrupt_fd(), POLLIN, 0});
  int n = poll(fds.data(), fds.size(), timeout_ms);
  if (n <= 0) return;
  for (size_t k = 0; k + 1 < fds.size(); ++k) {
    if (fds[k].revents & (POLLIN | POLLHUP | POLLERR)) on_readable(owner[k]);
  }
}

// How long the input a busy worker runs has been running, as seen from
// here: since its execution count last changed (sampled at each call, so
// short by up to the time between calls).
Nanos Coordinator::input_running_for(Slot& s, int64_t t) {
  uint64_t count = s.link->shm().header().exec_count;
  if (count != s.seen_count || s.seen_since == 0) {
    s.seen_count = count;
    s.seen_since = t;
  }
  return t - s.seen_since;
}

// The backstop for a worker whose own watchdog did not end a hung input.
// A worker whose command is done (Phase::Idle, its reply not read yet:
// another worker's crash is being minimized, which reads only that one's
// replies) is not hung, however long it waits.
void Coordinator::check_hung_workers() {
  int64_t t = now();
  if (!crash_) note_slow_inputs(t);  // not the re-runs of a failure being handled
  if (opts_.timeout <= 0) return;
  for (Slot& s : slots_) {
    if (s.state != State::Busy) continue;
    ShmHeader& h = s.link->shm().header();
    if (std::atomic_ref<Phase>(h.phase).load(std::memory_order_acquire) == Phase::Idle) {
      s.seen_since = t;
      continue;
    }
    Nanos limit = candidate_limit_ > 0 ? candidate_limit_ : opts_.timeout + 10 * kSecond;
    if (input_running_for(s, t) > limit) {
      if (h.failure.kind == FailureKind::None) {
        h.failure.kind = FailureKind::Timeout;
        h.failure.value = uint64_t(opts_.timeout);
      }
      s.link->kill_now();
      s.seen_since = t;
    }
  }
}

void Coordinator::stop_workers() {
  for (Slot& s : slots_) {
    if (s.state == State::Busy) budget_.settle(s.granted, int64_t(s.link->shm().header().exec_count));
    s.state = State::Off;
    s.link->close_commands();  // a worker returns from F.Fuzz at EOF and exits
  }
  int64_t until = now() + kSecond;  // then, as Go, SIGKILL what is left
  for (Slot& s : slots_) {
    if (!s.link->running()) continue;
    int64_t left = std::max<int64_t>(0, until - now()) / 1'000'000;
    if (s.link->reap(int(left)) == -1) {
      s.link->kill_now();
      s.link->reap();
    }
  }
}

}  // namespace cxxtest::runtime::engine
