// engine/progress.cpp: see progress.h.
#include "engine/progress.h"

#include <cstdio>

#include <cmath>

namespace cxxtest::runtime::engine {
namespace {

std::string prefix(Nanos elapsed) { return "fuzz: elapsed: " + format_duration(round_to_second(elapsed)); }

// Go's %.0f: round half to even, as printf does.
std::string no_decimals(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", x);
  return buf;
}

}  // namespace

std::string stability_line(uint64_t hit, uint64_t differ) {
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.2f%%", hit ? 100.0 * double(hit - differ) / double(hit) : 100.0);
  return std::string("fuzz: stability: ") + pct + " (" + std::to_string(hit - differ) + " of " +
         std::to_string(hit) + " counters the same when the first input ran twice)\n";
}

std::string baseline_line(const BaselineStats& s) {
  std::string line = prefix(s.elapsed) + (s.coverage ? ", gathering baseline coverage: " : ", testing seed corpus: ");
  line += std::to_string(s.done) + "/" + std::to_string(s.total) + " completed";
  if (s.workers > 0) line += ", now fuzzing with " + std::to_string(s.workers) + " workers";
  return line + "\n";
}

std::string fuzz_line(const FuzzStats& s) {
  std::string line = prefix(s.elapsed) + ", execs: " + std::to_string(s.execs) + " (" + no_decimals(s.rate) + "/sec)";
  if (s.coverage) {
    line += ", new interesting: " + std::to_string(s.new_interesting) + " (total: " + std::to_string(s.total) + ")";
  }
  return line + "\n";
}

std::string minimizing_line(Nanos elapsed) { return prefix(elapsed) + ", minimizing\n"; }

std::string minimizing_file_line(size_t file_bytes) {
  return "fuzz: minimizing " + std::to_string(file_bytes) + "-byte failing input file\n";
}

double exec_rate(int64_t execs_then, int64_t execs_now, Nanos interval) {
  if (interval <= 0) return 0;
  return double(execs_now - execs_then) / (double(interval) / 1e9);
}

}  // namespace cxxtest::runtime::engine
