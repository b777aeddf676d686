// engine/coordinator/progress.h: the coordinator's log lines, in Go's exact words.
//
//   fuzz: elapsed: 0s, gathering baseline coverage: 0/12 completed
//   fuzz: elapsed: 0s, gathering baseline coverage: 12/12 completed, now fuzzing with 2 workers
//   fuzz: elapsed: 3s, execs: 40304 (13431/sec), new interesting: 104 (total: 108)
//   fuzz: elapsed: 4s, minimizing
//   fuzz: minimizing 34-byte failing input file
//
// Without coverage instrumentation the baseline reads "testing seed corpus"
// and the execs line ends after the rate. Elapsed time is rounded to whole
// seconds in Go's duration style (0s, 3s, 1m0s); the rate is the executions
// since the previous line divided by the seconds since it, no decimals.
#pragma once

#include <cstdint>
#include <string>

#include "flags/duration.h"

namespace cxxtest::runtime::engine {

// "fuzz: stability: 100.00% (57 of 57 counters the same in 8 runs of the
// first input)": AFL's stability, the share of hit counters whose value
// was the same in every run of the same input (calibration, worker.cpp).
// Below 100% the target's coverage depends on more than its input (time,
// threads, global state).
std::string stability_line(uint64_t hit, uint64_t differ, uint64_t runs);

// What the workers did between two progress lines, so -v can say where the
// time went when the exec rate falls: "fuzz: last 3s of 2 workers: 90%
// fuzzing, 6% minimizing 14 new inputs, 2 more kept as found, 1% calibrating,
// 3% idle or starting; slowest input 41ms, 1 worker started" (and, in a
// repeatable run, ", 9 commands ended at the compare cap"; while an input
// has run for a second or more, ", one running for 6s so far"; when slow
// inputs were cut, "..., 4% checking slow inputs, ...; ..., 12 slow inputs
// cut at 1s, 2 run again for the whole -fuzztimeout"). Times are
// worker time from the replies (Reply.nanos), so they add up to at most
// interval x workers; the rest is idle (waiting for the coordinator, a
// process starting).
struct Activity {
  Nanos fuzzing = 0, minimizing = 0, calibrating = 0;  // baseline runs count as calibrating
  int64_t minimized = 0;                               // new-coverage inputs minimized
  int64_t kept_as_found = 0;  // new-coverage inputs not minimized (its share was used up)
  int64_t reduced = 0;        // entries replaced by a shorter input with their own features
  int64_t started = 0;        // worker processes started
  Nanos slowest = 0;          // the longest single fuzzing execution
  int64_t capped = 0;         // commands their compare cap ended (repeatable runs)
  // Inputs running for a second or more when the line is printed: the
  // longest one's time so far, and the workers' time in them during the
  // interval (busy, not idle, though no reply has counted it yet).
  Nanos running = 0, running_share = 0;
  // Slow inputs cut at `cut_at` (coordinator.h, kSlowCapMin), those of
  // them run again with the whole -fuzztimeout, and the time that took.
  int64_t cut = 0, checked = 0;
  Nanos cut_at = 0, checking = 0;
};
std::string activity_line(const Activity& a, Nanos interval, int64_t workers);

// -v, with each progress line: "fuzz: coverage: 1363 of 13019 counters
// hit, 165 corpus entries of 57 bytes on average, length limit 226" (the
// counters the accepted inputs reach, in the mask; the entries: seeds and
// inputs kept), what libFuzzer's cov:, corp: and lim: say.
// `mean_bytes`: the entries' byte values (std::string, std::string_view...)
// averaged over them; `len_limit`: how long mutation may make them for now
// (coordinator.h, grown_len_limit).
std::string coverage_line(uint64_t hit, uint64_t counters, uint64_t entries, uint64_t mean_bytes,
                          uint64_t len_limit);

// "fuzz: resuming from 12 inputs of the generated corpus in DIR (cxxtest
// clean -fuzzcache empties it)", when a run starts from an earlier one's
// inputs (libFuzzer: "INFO: seed corpus: files: N"). A DIR outside the
// cache's fuzz area (-fuzzcachedir) ends "(delete it to start afresh)":
// cxxtest clean leaves it alone.
std::string resume_line(size_t inputs, const std::string& dir, bool in_fuzz_area);

// "fuzz: elapsed: ..." as "fuzz: FuzzA: elapsed: ..." when several targets
// are fuzzed in one run (-fuzzkeepgoing); unchanged for an empty label.
std::string labeled(const std::string& line, const std::string& label);

struct BaselineStats {
  Nanos elapsed = 0;
  int64_t done = 0;
  int64_t total = 0;
  int64_t workers = 0;  // > 0 once the baseline is complete: ", now fuzzing with N workers"
  bool coverage = true;
};
std::string baseline_line(const BaselineStats& s);

struct FuzzStats {
  Nanos elapsed = 0;
  int64_t execs = 0;
  double rate = 0;  // executions per second
  int64_t new_interesting = 0;
  int64_t total = 0;
  bool coverage = true;
};
std::string fuzz_line(const FuzzStats& s);

std::string minimizing_line(Nanos elapsed);
std::string minimizing_file_line(size_t file_bytes);

// Hangs, which Go's lines have no words for. An input running for seconds
// leaves the periodic lines at "(0/sec)" until -fuzztimeout ends it, then
// the fresh re-run takes the timeout again: said once each.
// "fuzz: an input has been running for 6s; at -fuzztimeout=25s it fails as a hang"
std::string slow_input_line(Nanos running, Nanos timeout);
// "fuzz: the input ran longer than -fuzztimeout=25s; running it again in a fresh process to confirm"
std::string hang_confirm_line(Nanos timeout);
// The minimized hang did not hang when run again (hang_probe, coordinator.h).
std::string hang_unconfirmed_line(size_t minimized_bytes, Nanos timeout);

// Executions per second between two samples; 0 for an empty interval.
double exec_rate(int64_t execs_then, int64_t execs_now, Nanos interval);

}  // namespace cxxtest::runtime::engine
