// engine/worker/worker.cpp: the worker's command loop (see worker.h).
#include "engine/worker/worker.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>

#include "crash/exceptions.h"
#include "engine/coordinator/sanitizer_report.h"
#include "engine/shared/auto_dict.h"
#include "engine/shared/coverage.h"
#include "engine/shared/input_codec.h"
#include "engine/shared/protocol.h"
#include "engine/worker/cmp_table.h"
#include "engine/worker/executor.h"
#include "engine/worker/guidance.h"
#include "engine/worker/int_solver.h"
#include "engine/worker/leak_check.h"
#include "engine/worker/worker_crash.h"
#include "engine/worker/worker_limits.h"
#include "fuzz/budget.h"
#include "fuzz/chain.h"
#include "fuzz/minimize.h"
#include "fuzz/scalar_ops.h"
#include "testing/libfuzzer_harness.h"

namespace cxxtest::runtime::engine {
namespace {

// Where stdout and stderr go once the worker serves (route_output): the
// coordinator's record of this process's output, and /dev/null. -1: not
// routed (the output is kept, or routing could not be set up).
int g_record_fd = -1, g_null_fd = -1;

// A RunOnce or Baseline command (a failure's re-run, a minimization
// candidate, a seed) writes into the record, emptied first, so a failure's
// report shows what its input wrote (protocol.h). Fuzz and Minimize
// commands write to /dev/null: their output would only be dropped (a
// failure found while fuzzing is re-run before it is reported), and a
// target that prints on every input runs half as fast writing it.
void route_output(Op op) {
  if (g_record_fd < 0 || op == Op::Init) return;  // Init's record: why a start failed
  bool record = records_output(op);
  std::fflush(stdout);  // the last command's lines go where that command's went
  int to = record ? g_record_fd : g_null_fd;
  dup2(to, 1);
  dup2(to, 2);
  if (record && ftruncate(g_record_fd, 0) != 0) g_record_fd = -1;  // not a file: /dev/null
}

[[noreturn]] void internal_error(const std::string& what) {
  std::fprintf(stderr, "cxxtest fuzz worker: %s\n", what.c_str());
  _exit(kWorkerInternalExit);
}

int64_t steady_nanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The target's dictionary, then its automatic one (auto_dict.h) unless
// comparison guidance is off.
std::vector<std::string> dictionary_of(const FuzzTarget& target, const WorkerOptions& opts) {
  std::vector<std::string> dict = target.dict;
  if (!opts.compare_guidance || opts.target_cache.empty()) return dict;
  AutoDict learned(auto_dict_path(opts.target_cache));
  dict.insert(dict.end(), learned.tokens().begin(), learned.tokens().end());
  return dict;
}

// LLVMFuzzerMutate while this process fuzzes: one of the worker's byte
// mutations (mutate_bytes: the built-in ops, dictionary and compare pairs
// included) within the custom mutator's max_size.
fuzz::Mutator* g_harness_mutator = nullptr;
std::string g_harness_scratch;

size_t mutate_for_harness(uint8_t* data, size_t size, size_t max_size) {
  if (g_harness_mutator == nullptr || max_size == 0) return size;
  g_harness_scratch.assign(reinterpret_cast<const char*>(data), std::min(size, max_size));
  size_t saved = g_harness_mutator->max_bytes();
  g_harness_mutator->set_max_bytes(max_size);
  g_harness_mutator->mutate_bytes(g_harness_scratch, 0);
  g_harness_mutator->set_max_bytes(saved);
  std::memcpy(data, g_harness_scratch.data(), g_harness_scratch.size());
  return g_harness_scratch.size();
}

class Worker {
 public:
  Worker(const FuzzTarget& target, const ShmView& shm, const uint8_t* mask, const WorkerOptions& opts)
      : target_(target),
        compare_guidance_(opts.compare_guidance),
        shm_(shm),
        mask_(mask),
        regions_(registered()),
        executor_(target, shm),
        guidance_(dictionary_of(target, opts), opts.compare_guidance) {
    scratch_.resize(shm.mask_size());
  }

  const Executor& executor() const { return executor_; }

  // Runs one input: true if it failed (its counters are then cleared: its
  // coverage counts for nothing). An input that leaked (leak_check.h) ends
  // the worker, as a crash does, so the next one starts with no leak on
  // record. A libFuzzer harness's -1 (libfuzzer_harness.h) clears the
  // counters of an input that passed: it adds nothing to the corpus.
  bool run_input(const std::vector<Value>& in, int64_t now) {
    begin_leak_window();
    Guidance::input_started();
    bool failed = executor_.run(in, now);
    Guidance::input_ended();
    bool rejected = take_rejected_input();
    if (!failed && leak_suspected()) {
      // The re-run and the heap scan each get their own -fuzztimeout, as
      // libFuzzer times each run: an input of 6 s under a 10 s limit is
      // not a hang because it leaked (run, re-run and scan: 12 s or more).
      heartbeat();
      failed = rerun_for_leaks(in, now);  // the second run failing fails the input
      take_rejected_input();              // the second run's -1 was the first's
      heartbeat();
      if (!failed && input_leaked()) record_leak_and_exit();
    }
    if (failed || rejected) clear_counters(regions_);
    return failed;
  }

  // An input that kept more allocations than it freed runs once more, as
  // libFuzzer does, and only if it still does is the heap scanned: memory
  // a library keeps from its first call is not a leak, and a scan costs
  // far more than a run. The first run's counters are what the input
  // covered; the second's are dropped, and so are its blocks from the leak
  // report. Returns whether the second run failed.
  bool rerun_for_leaks(const std::vector<Value>& in, int64_t now) {
    saved_counters_.clear();
    for (const CounterRegion& r : regions_) saved_counters_.insert(saved_counters_.end(), r.begin, r.end);
    begin_leak_window();
    begin_unreported_allocations();
    bool failed = executor_.run(in, now);
    end_unreported_allocations();
    size_t at = 0;
    for (const CounterRegion& r : regions_) {
      std::memcpy(r.begin, saved_counters_.data() + at, size_t(r.end - r.begin));
      at += size_t(r.end - r.begin);
    }
    return failed;
  }

  // Answers commands until EOF on the command pipe.
  void serve() {
    Command cmd;
    while (read_message(kCommandFd, &cmd, sizeof cmd)) {
      int64_t start = steady_nanos();
      if (cmd.op == Op::Fuzz) set_fuzz_cut(cmd.cut_nanos);  // before busy: the watchdog reads both
      set_busy(true);
      shm_.header().phase = Phase::Busy;
      route_output(cmd.op);
      Reply reply = handle(cmd);
      std::fflush(stdout);  // in the record before the coordinator reads it
      shm_.header().phase = Phase::Idle;
      set_busy(false);
      set_fuzz_cut(0);
      wait_for_dying_path();  // a watchdog that fired first ends the process (worker_crash.h)
      reply.nanos = steady_nanos() - start;
      if (leak_checks_stopped()) reply.notes |= kNoteLeakChecksStopped;
      if (!write_message(kReplyFd, &reply, sizeof reply)) internal_error("cannot reply to the coordinator");
    }
  }

 private:
  Reply handle(const Command& cmd) {
    if (cmd.op == Op::Init) return init(cmd);
    if (!load_original()) internal_error("malformed input in shared memory");
    clear_counters(regions_);
    switch (cmd.op) {
      case Op::Baseline: return cmd.limit >= 2 ? calibrate(cmd.limit) : run_once(true);
      case Op::RunOnce: {  // a failure's re-run or a minimization candidate: its report is shown
        record_throw_sites(true);
        Reply r = run_once(false);
        record_throw_sites(false);
        return r;
      }
      case Op::Fuzz: return fuzz(cmd);
      case Op::Minimize: return minimize(cmd);
      default: internal_error("unknown command");
    }
  }

  Reply init(const Command& cmd) {
    size_t args = target_.fn.kinds.empty() ? 1 : target_.fn.kinds.size();
    max_bytes_ = kInputCap / args - 100;
    mutator_.emplace(fuzz::Pcg32(cmd.seed, cmd.stream), max_bytes_);
    mutator_->set_dictionary(guidance_.tokens());
    mutator_->set_compare_pairs(guidance_.pairs());
    mutator_->set_int_dictionary(guidance_.ints());
    mutator_->set_custom(&harness_mutators());
    g_harness_mutator = &*mutator_;
    set_default_mutation(&mutate_for_harness);
    guidance_.start_recording();
    return Reply{};
  }

  bool load_original() {
    ShmHeader& h = shm_.header();
    h.exec_count = 0;
    partner_.clear();
    if (!decode_input(shm_.original(), h.original_len, original_)) return false;
    if (h.partner_len == 0) return true;
    partner_.emplace_back();
    return decode_input(shm_.original() + h.original_len, h.partner_len, partner_.back());
  }

  // Makes `in` the input of the next execution in shared memory.
  void publish(const std::vector<Value>& in) {
    ShmHeader& h = shm_.header();
    h.current_len = uint32_t(encode_input(in, shm_.current(), kInputCap));
    h.exec_count = h.exec_count + 1;
    heartbeat();
  }

  Reply run_once(bool coverage) {
    publish(original_);
    Reply r{Outcome::Done, 0, 1};
    if (run_input(original_, coarse_now())) {
      r.outcome = Outcome::Failure;
    } else if (coverage) {
      collect_all(regions_, shm_.snap(), shm_.mask_size());
    } else {
      clear_counters(regions_);
    }
    return r;
  }

  // Stability (AFL's figure, calibrate in protocol.h): runs the input
  // kCalibrateRuns times, and on to `limit` when they disagree. The first
  // run only warms up: what a library does once per process on its first
  // call (libxml2's encoding tables: two thirds of its counters read as
  // unstable) is not the target's instability, so the second run is the
  // reference and the figure counts the counters of runs 2 and on. snap
  // holds the union of all runs, the warm-up's too, so the baseline misses
  // nothing any run saw; keep marks the counters that differed, for naming
  // them (unstable.h).
  Reply calibrate(uint64_t limit) {
    Reply r{Outcome::Done, 0, 0};
    const size_t n = shm_.mask_size();
    if (!run_counted(r)) return r;
    std::vector<uint8_t> warm(shm_.snap(), shm_.snap() + n);
    if (!run_counted(r)) return r;
    std::vector<uint8_t> first(shm_.snap(), shm_.snap() + n), seen(first);
    uint8_t* differed = shm_.keep();
    std::memset(differed, 0, n);
    bool unstable = false;
    while (r.count < limit && (r.count < kCalibrateRuns || unstable)) {
      if (!run_counted(r)) return r;
      const uint8_t* snap = shm_.snap();
      for (size_t i = 0; i < n; ++i) {
        if (snap[i] == first[i]) continue;
        differed[i] = 1;
        unstable = true;
        seen[i] |= snap[i];
      }
    }
    uint64_t hit = 0, differ = 0;
    for (size_t i = 0; i < n; ++i) {
      hit += seen[i] != 0;
      differ += differed[i] != 0;
      seen[i] |= warm[i];
    }
    std::memcpy(shm_.snap(), seen.data(), n);
    r.changed = hit;
    r.differed = uint32_t(differ);
    return r;
  }

  // One more calibration run, its whole snapshot in snap; false (and r
  // says Failure) if it failed.
  bool run_counted(Reply& r) {
    publish(original_);
    ++r.count;
    if (run_input(original_, coarse_now())) {
      r.outcome = Outcome::Failure;
      return false;
    }
    collect_all(regions_, shm_.snap(), shm_.mask_size());
    return true;
  }

  // Whether a command's executions have made its cap_cmps compares since
  // compares_made() read `from` (never, with no cap).
  static bool past_compare_cap(const Command& cmd, uint64_t from) {
    return cmd.cap_cmps > 0 && compares_made() - from >= cmd.cap_cmps;
  }

  Reply fuzz(const Command& cmd) {
    if (!mutator_) internal_error("Fuzz before Init");
    mutator_->set_max_bytes(cmd.max_len > 0 ? std::min<size_t>(cmd.max_len, max_bytes_) : max_bytes_);
    mutator_->set_splice_source(partner_);
    guidance_.refresh();  // what the last slice compared, for this one's mutations
    set_cmp_recording(true);
    const bool coverage = !regions_.empty();
    // libFuzzer's REDUCE: a shorter input with the entry's own features
    // (the keep area) replaces it. Checked before the scan clears them.
    reduce_words_ = coverage ? counter_words(regions_, keep_words(shm_.keep(), shm_.mask_size()))
                             : std::vector<CounterWord>{};
    original_bytes_ = encoded_size(original_);
    int64_t now = coarse_now();
    const int64_t deadline = now + cmd.nanos;
    const int64_t cap = cmd.cap_nanos > 0 ? now + cmd.cap_nanos : INT64_MAX;
    Reply r{Outcome::Done, 0, 0};
    if (coverage && compare_guidance_ && solve_integers(cmd, r)) {
      mutator_->set_splice_source({});
      return r;
    }
    fuzz::MutationChain chain(*mutator_, original_);
    // Early in a slice the tokens may predate this input's compares (the
    // first slice of a run starts with none): refresh after kRecordedExecs
    // executions too, so a compared constant is tried within microseconds.
    // The table is read at that refresh and the next slice's first one
    // only, so the hooks record until then (cmp_table.h).
    bool recording = true;
    const uint64_t compares_from = compares_made();
    while (r.count < cmd.limit) {
      if (recording && r.count >= kRecordedExecs) {
        guidance_.refresh();
        set_cmp_recording(false);
        recording = false;
      }
      chain.next(input_);
      bool go_on = try_input(input_, cmd, r, now, coverage);
      int64_t then = now;
      now = coarse_now();
      r.slowest = std::max(r.slowest, now - then);
      if (!go_on || now >= cap || (now >= deadline && r.count >= cmd.floor)) break;
      if (past_compare_cap(cmd, compares_from)) {
        r.capped = 1;
        break;
      }
    }
    mutator_->set_splice_source({});
    return r;
  }

  // Runs one input of a fuzzing slice (started at coarse time `now`).
  // False when the slice's executions are used up or the input failed or
  // found coverage (then r.outcome says so, and with new coverage the
  // learned tokens the input gained go to the coordinator). `collect`:
  // whether new coverage counts (not without counters, nor for the
  // original, whose coverage is already credited to it or about to be).
  // Inlined: it is the body of the fuzzing loop.
  [[gnu::always_inline]] bool try_input(const std::vector<Value>& in, const Command& cmd, Reply& r,
                                        int64_t now, bool collect) {
    if (r.count >= cmd.limit) return false;
    publish(in);
    ++r.count;
    if (run_input(in, now)) {
      r.outcome = Outcome::Failure;
      return false;
    }
    if (!collect) {
      clear_counters(regions_);
      return true;
    }
    bool reduces =
        !reduce_words_.empty() && encoded_size(in) < original_bytes_ && counters_have_all(reduce_words_);
    if (collect_new(regions_, mask_, shm_.snap())) {
      r.outcome = Outcome::NewCoverage;
      write_learned(shm_, guidance_.credited(original_, in));
      return false;
    }
    if (reduces) {
      r.outcome = Outcome::Reduced;
      return false;
    }
    return true;
  }

  // int_solver.h, once per slice: probes each integer argument of the
  // original and tries the values that would satisfy the comparisons it
  // feeds. True when a tried value failed or found coverage.
  bool solve_integers(const Command& cmd, Reply& r) {
    constexpr size_t kMaxCandidates = 24;  // per argument and slice
    auto is_integer = [](const Value& v) { return v.kind >= Kind::Char && v.kind <= Kind::Uint64; };
    if (std::none_of(original_.begin(), original_.end(), is_integer)) return false;
    auto stopped = [&] { return r.outcome != Outcome::Done; };
    clear_cmp_table();
    if (!try_input(original_, cmd, r, coarse_now(), false)) return stopped();
    base_cmps_.assign(cmp_table(), cmp_table() + kCmpSlots);
    for (size_t i = 0; i < original_.size(); ++i) {
      if (!is_integer(original_[i])) continue;
      Kind kind = original_[i].kind;
      uint64_t v = original_[i].bits;
      input_ = original_;
      input_[i].bits = fuzz::ops::normalize(kind, v + 1);
      clear_cmp_table();
      if (!try_input(input_, cmd, r, coarse_now(), true)) return stopped();
      candidates_.clear();
      solve_candidates(base_cmps_.data(), cmp_table(), v, candidates_, kMaxCandidates);
      for (uint64_t c : candidates_) {
        input_[i].bits = fuzz::ops::normalize(kind, c);
        if (input_[i].bits == v) continue;
        if (!try_input(input_, cmd, r, coarse_now(), true)) return stopped();
      }
    }
    return false;
  }

  // One minimization candidate: fails -> stop (the candidate stays in
  // shared memory); keeps every keep bit -> its coverage goes to snap.
  bool keeps_coverage(const std::vector<Value>& candidate, const std::vector<KeepWord>& keep,
                      fuzz::Budget& budget, bool& failed, uint64_t& count) {
    publish(candidate);
    ++count;
    if (run_input(candidate, coarse_now())) {
      failed = true;
      budget.stop();
      return false;
    }
    collect_all(regions_, scratch_.data(), scratch_.size());
    if (!has_all(scratch_.data(), keep)) return false;
    std::memcpy(shm_.snap(), scratch_.data(), scratch_.size());
    return true;
  }

  Reply minimize(const Command& cmd) {
    std::vector<KeepWord> keep = keep_words(shm_.keep(), shm_.mask_size());
    fuzz::Budget budget =
        cmd.nanos > 0 ? fuzz::Budget::time(std::chrono::nanoseconds(cmd.nanos)) : fuzz::Budget::unlimited();
    if (cmd.limit > 0) budget.cap_calls(int64_t(cmd.limit));
    bool failed = false;
    Reply r{Outcome::NewCoverage, 0, 0};
    const uint64_t compares_from = compares_made();
    fuzz::StillFails pred = [&](const std::vector<Value>& c) {
      bool kept = keeps_coverage(c, keep, budget, failed, r.count);
      if (past_compare_cap(cmd, compares_from)) {
        r.capped = 1;
        budget.stop();
      }
      return kept;
    };
    input_ = original_;
    if (!budget.take() || !pred(input_)) {
      r.outcome = failed ? Outcome::Failure : Outcome::Flaky;
      return r;
    }
    r.changed = fuzz::minimize(input_, pred, budget) ? 1 : 0;
    if (failed) {
      r.outcome = Outcome::Failure;
      return r;
    }
    ShmHeader& h = shm_.header();
    h.current_len = uint32_t(encode_input(input_, shm_.current(), kInputCap));
    return r;
  }

  static constexpr uint64_t kRecordedExecs = 64;
  const FuzzTarget& target_;
  const bool compare_guidance_;
  ShmView shm_;
  const uint8_t* mask_;
  std::span<const CounterRegion> regions_;
  Executor executor_;
  Guidance guidance_;
  std::optional<fuzz::Mutator> mutator_;
  size_t max_bytes_ = 0;  // the mutator's own limit; a Fuzz command's max_len may lower it
  std::vector<Value> original_, input_;
  std::vector<CounterWord> reduce_words_;  // this slice's entry's own features, in the counters
  size_t original_bytes_ = 0;              // encoded_size(original_): a reducing input is shorter
  std::vector<std::vector<Value>> partner_;
  std::vector<uint8_t> scratch_;
  std::vector<uint8_t> saved_counters_;  // rerun_for_leaks
  std::vector<CmpEntry> base_cmps_;      // solve_integers: the original's compares
  std::vector<uint64_t> candidates_;     // solve_integers: values to try
};

// Keeps the inherited descriptors away from programs the target starts.
void close_on_exec(int fd) { fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC); }

// Until now stdout and stderr went to the coordinator's record of this
// start (WorkerLink::output); from here on each command routes them
// (route_output), unless worker_output_kept() (protocol.h): then they all
// pass through.
void prepare_output_routes() {
  if (worker_output_kept()) return;
  std::fflush(stdout);
  std::fflush(stderr);
  // Appending, a write after the record was emptied lands at its start,
  // not past a hole.
  int flags = fcntl(1, F_GETFL);
  if (flags >= 0) fcntl(1, F_SETFL, flags | O_APPEND);
  g_record_fd = fcntl(1, F_DUPFD_CLOEXEC, 10);
  g_null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (g_null_fd < 0) g_record_fd = -1;
}

}  // namespace

void serve_worker(TestState& f, const FuzzTarget& target, const WorkerOptions& opts) {
  for (int fd : {kCommandFd, kReplyFd, kShmFd, kMaskFd}) close_on_exec(fd);
  size_t size = mask_size();
  ShmView shm;
  const uint8_t* mask = nullptr;
  if (Status mapped = map_shm(kShmFd, size, shm); !mapped) internal_error(mapped.error());
  if (Status mapped = map_mask(kMaskFd, size, &mask); !mapped) internal_error(mapped.error());
  f.fuzz->in_fuzz_fn = true;  // f.Log & co. inside the fuzz function are misuse
  Worker worker(target, shm, mask, opts);
  install_worker_crash_handlers(shm, worker.executor().log_slot());
  route_sanitizer_reports();
  start_leak_checks(opts.detect_leaks, opts.repeatable);
  start_worker_limits(shm, opts.timeout, uint64_t(std::max<int64_t>(0, opts.rss_limit_mb)) << 20);
  prepare_output_routes();
  Reply hello{Outcome::Hello, 0, size};
  if (!write_message(kReplyFd, &hello, sizeof hello)) internal_error("cannot reach the coordinator");
  worker.serve();
  f.fuzz->in_fuzz_fn = false;
}

}  // namespace cxxtest::runtime::engine
