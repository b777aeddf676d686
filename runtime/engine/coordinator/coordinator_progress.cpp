// engine/coordinator/coordinator_progress.cpp: the coordinator's periodic log line.
#include <algorithm>
#include <cstdio>

#include "engine/coordinator/coordinator.h"
#include "engine/coordinator/progress.h"
#include "engine/shared/coverage.h"

namespace cxxtest::runtime::engine {

// Finished executions plus those running commands have counted so far.
int64_t Coordinator::execs_now() const {
  int64_t n = budget_.done();
  for (const Slot& s : slots_) {
    if (s.state != State::Busy) continue;
    n += std::min(int64_t(s.link->shm().header().exec_count), s.granted);
  }
  return n;
}

// The mask's edge counters: all but the stack-depth steps (coverage.h),
// which are the last region when there are any.
size_t Coordinator::edge_counters() const { return std::min(mask_size_, depth_base()); }

size_t Coordinator::covered_counters() const {
  size_t hit = 0, edges = edge_counters();
  for (size_t k = 0; k < edges; ++k) hit += mask_[k] != 0;
  return hit;
}

// The corpus entries' byte values (what the length limit bounds), averaged.
uint64_t Coordinator::mean_entry_bytes() const {
  if (corpus_.size() == 0) return 0;
  uint64_t total = 0;
  for (size_t e = 0; e < corpus_.size(); ++e)
    for (const Value& v : corpus_[e].values) total += v.bytes.size();
  return total / corpus_.size();
}

void Coordinator::log_progress() {
  int64_t t = now();
  int64_t execs = execs_now();
  std::string line;
  if (minimizing_crash_) {
    line = minimizing_line(t - start_);
  } else if (!baseline_complete_) {
    line = baseline_line(BaselineStats{t - start_, baseline_done_, baseline_total_, 0, coverage_});
  } else {
    FuzzStats st{t - start_,
                 execs,
                 exec_rate(last_log_execs_, execs, t - last_log_),
                 new_interesting_,
                 baseline_total_ + new_interesting_,
                 coverage_};
    line = fuzz_line(st);
  }
  std::fputs(labeled(line, opts_.label).c_str(), stderr);
  last_line_ = std::move(line);
  // -v: where the workers' time went since the last line (none before the
  // first: that line is printed as the workers start).
  if (opts_.verbose && last_log_ > start_ && t > last_log_ && !minimizing_crash_) {
    // An input running for seconds is time spent, though its command has
    // not replied (a hang before -fuzztimeout ends it; a slow input).
    for (Slot& s : slots_) {
      if (s.state != State::Busy) continue;
      Nanos running = input_running_for(s, t);
      if (running < kSecond) continue;
      activity_.running = std::max(activity_.running, running);
      activity_.running_share += std::min(running, t - last_log_);
    }
    std::fputs(activity_line(activity_, t - last_log_, int64_t(slots_.size())).c_str(), stderr);
    if (coverage_ && baseline_complete_) {
      std::string line =
          coverage_line(covered_counters(), edge_counters(), corpus_.size(), mean_entry_bytes(), len_limit_);
      std::fputs(labeled(line, opts_.label).c_str(), stderr);
    }
  }
  activity_ = Activity{};
  last_log_ = t;
  last_log_execs_ = execs;
}

// The last line, unless the periodic one just said the same (the run ending
// right after it printed it twice, the second time at 0/sec; a minimization
// that ended within the second of its periodic "minimizing" line).
void Coordinator::log_final() {
  if (last_log_ > start_ && execs_now() == last_log_execs_ && now() - last_log_ < kSecond) return;
  if (minimizing_crash_ && last_line_ == minimizing_line(now() - start_)) return;
  log_progress();
}

// A user who sees "(0/sec)" for a minute should know why: one input is
// still running, and when it will count as a hang.
void Coordinator::note_slow_inputs(int64_t t) {
  // Five seconds; half the timeout when that is shorter.
  const Nanos slow = opts_.timeout > 0 ? std::min<Nanos>(5 * kSecond, opts_.timeout / 2) : 5 * kSecond;
  for (Slot& s : slots_) {
    if (s.state != State::Busy) continue;
    Nanos running = input_running_for(s, t);
    if (running < slow || s.noted_since == s.seen_since) continue;
    if (opts_.timeout > 0 && running >= opts_.timeout) continue;  // its failure is on the way
    s.noted_since = s.seen_since;
    std::fputs(labeled(slow_input_line(running, opts_.timeout), opts_.label).c_str(), stderr);
  }
}

}  // namespace cxxtest::runtime::engine
