// engine/coordinator/progress.cpp: see progress.h.
#include "engine/coordinator/progress.h"

#include <algorithm>
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

std::string resume_line(size_t inputs, const std::string& dir, bool in_fuzz_area) {
  return "fuzz: resuming from " + std::to_string(inputs) + (inputs == 1 ? " input" : " inputs") +
         " of the generated corpus in " + dir +
         (in_fuzz_area ? " (cxxtest clean -fuzzcache empties it)\n" : " (delete it to start afresh)\n");
}

std::string stability_line(uint64_t hit, uint64_t differ, uint64_t runs) {
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.2f%%", hit ? 100.0 * double(hit - differ) / double(hit) : 100.0);
  // "of the counters the first input hits": not of all the binary's, which
  // a user read as a library left uninstrumented (44 of PROJ's thousands).
  return std::string("fuzz: stability: ") + pct + " (" + std::to_string(hit - differ) + " of the " +
         std::to_string(hit) + " counters the first input hits were the same in " + std::to_string(runs) +
         " runs)\n";
}

std::string baseline_line(const BaselineStats& s) {
  std::string line =
      prefix(s.elapsed) + (s.coverage ? ", gathering baseline coverage: " : ", testing seed corpus: ");
  line += std::to_string(s.done) + "/" + std::to_string(s.total) + " completed";
  if (s.workers > 0) line += ", now fuzzing with " + std::to_string(s.workers) + " workers";
  return line + "\n";
}

std::string fuzz_line(const FuzzStats& s) {
  std::string line =
      prefix(s.elapsed) + ", execs: " + std::to_string(s.execs) + " (" + no_decimals(s.rate) + "/sec)";
  if (s.coverage) {
    line += ", new interesting: " + std::to_string(s.new_interesting) +
            " (total: " + std::to_string(s.total) + ")";
  }
  return line + "\n";
}

std::string activity_line(const Activity& a, Nanos interval, int64_t workers) {
  double total = double(std::max<Nanos>(1, interval)) * double(std::max<int64_t>(1, workers));
  // A command's time counts where it ends, so a share can pass 100%.
  auto pct = [&](Nanos part) { return no_decimals(std::min(100.0, 100.0 * double(part) / total)) + "%"; };
  Nanos busy = a.fuzzing + a.minimizing + a.calibrating + a.checking + a.running_share;
  std::string line = "fuzz: last " + format_duration(round_to_second(interval)) + " of " +
                     std::to_string(workers) + (workers == 1 ? " worker: " : " workers: ") + pct(a.fuzzing) +
                     " fuzzing, " + pct(a.minimizing) + " minimizing " + std::to_string(a.minimized) +
                     " new inputs";
  if (a.kept_as_found > 0) line += ", " + std::to_string(a.kept_as_found) + " more kept as found";
  if (a.reduced > 0) line += ", " + std::to_string(a.reduced) + " entries reduced";
  if (a.calibrating > 0) line += ", " + pct(a.calibrating) + " calibrating";
  if (a.checking > 0) line += ", " + pct(a.checking) + " checking slow inputs";
  line += ", " + pct(std::max<Nanos>(0, Nanos(total) - busy)) + " idle or starting";
  // The workers' clock ticks every few ms (CLOCK_MONOTONIC_COARSE).
  constexpr Nanos kMs = 1'000'000;
  line += a.slowest < 10 * kMs ? std::string("; slowest input under 10ms")
                               : "; slowest input " + format_duration(a.slowest / kMs * kMs);
  if (a.running >= kSecond)
    line += ", one running for " + format_duration(round_to_second(a.running)) + " so far";
  if (a.started > 0)
    line += ", " + std::to_string(a.started) + (a.started == 1 ? " worker" : " workers") + " started";
  if (a.capped > 0)
    line += ", " + std::to_string(a.capped) + (a.capped == 1 ? " command" : " commands") +
            " ended at the compare cap";
  if (a.cut > 0)
    line += ", " + std::to_string(a.cut) + (a.cut == 1 ? " slow input" : " slow inputs") + " cut at " +
            format_duration(round_to_second(a.cut_at));
  if (a.checked > 0) line += ", " + std::to_string(a.checked) + " run again for the whole -fuzztimeout";
  return line + "\n";
}

std::string coverage_line(uint64_t hit, uint64_t counters, uint64_t entries, uint64_t mean_bytes,
                          uint64_t len_limit) {
  return "fuzz: coverage: " + std::to_string(hit) + " of " + std::to_string(counters) + " counters hit, " +
         std::to_string(entries) + (entries == 1 ? " corpus entry" : " corpus entries") + " of " +
         std::to_string(mean_bytes) + " bytes on average, length limit " + std::to_string(len_limit) + "\n";
}

std::string labeled(const std::string& line, const std::string& label) {
  if (label.empty() || !line.starts_with("fuzz: ")) return line;
  return "fuzz: " + label + ": " + line.substr(6);
}

std::string minimizing_line(Nanos elapsed) { return prefix(elapsed) + ", minimizing\n"; }

std::string minimizing_file_line(size_t file_bytes) {
  return "fuzz: minimizing " + std::to_string(file_bytes) + "-byte failing input file\n";
}

std::string slow_input_line(Nanos running, Nanos timeout) {
  std::string line = "fuzz: an input has been running for " + format_duration(round_to_second(running));
  if (timeout > 0) return line + "; at -fuzztimeout=" + format_duration(timeout) + " it fails as a hang\n";
  return line + " (-fuzztimeout=0: no time limit)\n";
}

std::string hang_confirm_line(Nanos timeout) {
  return "fuzz: the input ran longer than -fuzztimeout=" + format_duration(timeout) +
         "; running it again in a fresh process to confirm\n";
}

std::string hang_unconfirmed_line(size_t minimized_bytes, Nanos timeout) {
  return "fuzz: the minimized input (" + std::to_string(minimized_bytes) +
         " bytes) ran less than -fuzztimeout=" + format_duration(timeout) +
         " in a fresh process; the input as found is reported\n";
}

double exec_rate(int64_t execs_then, int64_t execs_now, Nanos interval) {
  if (interval <= 0) return 0;
  return double(execs_now - execs_then) / (double(interval) / 1e9);
}

}  // namespace cxxtest::runtime::engine
