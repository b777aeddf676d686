// engine/progress.h: the coordinator's log lines, in Go's exact words.
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

#include "duration.h"

namespace cxxtest::runtime::engine {

// "fuzz: stability: 100.00% (57 of 57 counters the same when the first input
// ran twice)": AFL's stability, the share of hit counters whose bucket did
// not change on a rerun of the same input. Below 100% the target's coverage
// depends on more than its input (time, threads, global state).
std::string stability_line(uint64_t hit, uint64_t differ);

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

// Executions per second between two samples; 0 for an empty interval.
double exec_rate(int64_t execs_then, int64_t execs_now, Nanos interval);

}  // namespace cxxtest::runtime::engine
