#include "driver/run_tests.h"

#include "common/exit_code.h"
#include "driver/json_events.h"
#include "driver/runner_frames.h"

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

namespace cxxtest::driver {

namespace {

constexpr std::string_view kNoTests = "testing: warning: no tests to run\n";
constexpr std::string_view kNoFuzzTests = "testing: warning: no fuzz tests to fuzz\n";
constexpr std::string_view kCoverage = "coverage: ";  // the line -cover appends (cover.h)

std::string seconds_text(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3fs", s);
  return buf;
}

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Whether `line` (with its newline) is a whole line of `s`.
bool has_line(const std::string& s, std::string_view line) {
  for (size_t at = s.find(line); at != std::string::npos; at = s.find(line, at + 1))
    if (at == 0 || s[at - 1] == '\n') return true;
  return false;
}

// Shared between the worker running a package and the printing thread.
struct Slot {
  std::mutex mu;
  std::condition_variable cv;
  std::string output;
  bool done = false;
};

void write_out(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stdout);
  std::fflush(stdout);
}

// Where one package's output goes: stdout as is, or as -json events. Every
// chunk handed to it ends at a line boundary.
class PackageOutput {
 public:
  PackageOutput(const std::string& import_path, bool json)
      : json_(json), events_(import_path, Framing::Marked) {}  // the binary runs with -test.v=test2json
  void write(std::string_view text) {
    if (!json_) return write_out(text);
    std::string out;
    for (size_t start = 0; start < text.size();) {
      size_t nl = text.find('\n', start);
      size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
      out += events_.line(text.substr(start, end - start));
      start = end;
    }
    write_out(out);
  }
  void finish(bool passed, double seconds) {
    if (json_) write_out(events_.finish(passed, seconds));
  }
  void finish_part() {
    if (json_) write_out(events_.finish_part());
  }

 private:
  bool json_;
  JsonEvents events_;
};

// The start of `text`'s last line when it is a coverage line, else npos.
size_t coverage_line_start(std::string_view text) {
  if (text.empty() || text.back() != '\n') return std::string_view::npos;
  size_t start = text.rfind('\n', text.size() - 2);
  start = start == std::string_view::npos ? 0 : start + 1;
  return text.substr(start).rfind(kCoverage, 0) == 0 ? start : std::string_view::npos;
}

// How much of `out` may be printed now: up to the last newline, minus a
// trailing coverage line, "PASS" line or no-tests warning.
size_t streamable(const std::string& out) {
  size_t nl = out.rfind('\n');
  if (nl == std::string::npos) return 0;
  std::string_view done(out.data(), nl + 1);
  if (size_t cov = coverage_line_start(done); cov != std::string_view::npos) done = done.substr(0, cov);
  for (std::string_view tail : {std::string_view("PASS\n"), kNoTests}) {
    if (done.size() >= tail.size() && done.substr(done.size() - tail.size()) == tail &&
        (done.size() == tail.size() || done[done.size() - tail.size() - 1] == '\n'))
      done.remove_suffix(tail.size());
  }
  return done.size();
}

}  // namespace

std::string format_result(const PackageRun& run, const std::string& output, bool verbose, Shown shown) {
  if (!run.precomputed.empty()) return output;
  std::string out = output;
  std::string trailer = run.trailer;
  std::string when = run.cached ? "(cached)" : seconds_text(run.seconds);
  std::string coverage;  // "coverage: 66.7% of statements\n", printed after PASS or FAIL, as Go does
  if (size_t cov = run.cover ? coverage_line_start(out) : std::string::npos; cov != std::string::npos) {
    coverage = out.substr(cov);
    out.resize(cov);
    when += "\t" + coverage.substr(0, coverage.size() - 1);
  }
  if (run.status.ok()) {
    if (run.import_only) return ends_with(out, "PASS\n") ? out.substr(0, out.size() - 5) : out;
    if (ends_with(out, "PASS\n") && !verbose) out.resize(out.size() - 5);
    if (ends_with(out, kNoTests) || ends_with(out, std::string(kNoTests) + "PASS\n")) {
      if (!verbose && ends_with(out, kNoTests)) out.resize(out.size() - kNoTests.size());
      trailer += " [no tests to run]";
    }
    if (has_line(out, kNoFuzzTests)) trailer += " [no fuzz tests to fuzz]";  // -fuzz matched no target
    if (shown == Shown::Failures) out.clear();
    if (verbose) out += coverage;
    return out + "ok  \t" + run.import_path + "\t" + when + trailer + "\n";
  }
  if (!out.empty() && out.back() != '\n') out += "\n";
  if (!ends_with(out, "FAIL\n")) out += run.status.describe() + "\n";
  return out + coverage + "FAIL\t" + run.import_path + "\t" + seconds_text(run.seconds) + run.trailer + "\n";
}

RunSummary run_packages(std::vector<PackageRun>& runs, int parallel, bool verbose, bool json, Shown shown) {
  std::vector<Slot> slots(runs.size());
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next++) < runs.size();) {
      Slot& slot = slots[i];
      if (runs[i].precomputed.empty()) {
        RunnerFrameFilter frames;  // sanitizer stacks end at the test (runner_frames.h)
        RunOutcome outcome = runs[i].run([&](std::string_view chunk) {
          std::string kept = frames.feed(chunk);
          std::lock_guard lock(slot.mu);
          slot.output.append(kept);
          slot.cv.notify_all();
        });
        std::lock_guard lock(slot.mu);
        slot.output.append(frames.finish());
        runs[i].status = outcome.status;
        runs[i].seconds = outcome.seconds;
      }
      std::lock_guard lock(slot.mu);
      slot.done = true;
      slot.cv.notify_all();
    }
  };
  // Replaying cached output and printing precomputed text need no thread:
  // when nothing is left to execute (a no-op run), do it all here.
  size_t to_execute = 0;
  for (const auto& r : runs) to_execute += r.precomputed.empty() && !r.cached;
  std::vector<std::thread> threads;
  if (to_execute == 0) worker();
  else
    for (size_t t = 0; t < std::min<size_t>(std::max(1, parallel), to_execute); ++t)
      threads.emplace_back(worker);

  RunSummary summary;
  // In -json, a package's second pass (needs_runs.h) goes on with its
  // events, and one pass or fail event ends both, as Go ends a package.
  bool part_passed = true;
  double part_seconds = 0;
  for (size_t i = 0; i < runs.size(); ++i) {
    Slot& slot = slots[i];
    std::string output;
    size_t printed = 0;
    PackageOutput out(runs[i].import_path, json);
    {
      // Stream this package's complete lines while it runs. A trailing
      // "PASS" or no-tests warning is held back, since a passing
      // non-verbose run drops it; everything streamed is a prefix of what
      // format_result prints.
      // Held whole when only a failure shows it.
      std::unique_lock lock(slot.mu);
      while (!slot.done) {
        size_t end = shown == Shown::Streamed ? streamable(slot.output) : 0;
        if (end > printed) {
          out.write(std::string_view(slot.output).substr(printed, end - printed));
          printed = end;
        }
        slot.cv.wait(lock);
      }
      output = slot.output;
    }
    const PackageRun& run = runs[i];
    bool passed = run.precomputed.empty() ? run.status.ok() : !run.precomputed_failed;
    double seconds = run.precomputed.empty() ? run.seconds : 0;
    if (!run.precomputed.empty()) {
      out.write(run.precomputed);
    } else {
      // In verbose mode the formatted text starts with the raw output, of
      // which the first `printed` bytes were streamed already.
      out.write(std::string_view(format_result(run, output, verbose, shown)).substr(printed));
      summary.race |= run.status.code == kRaceExitCode;
    }
    summary.any_failed |= !passed;
    part_passed &= passed;
    part_seconds += seconds;
    bool continued =
        i + 1 < runs.size() && !runs[i + 1].trailer.empty() && runs[i + 1].import_path == run.import_path;
    if (continued) {
      out.finish_part();
    } else {
      out.finish(part_passed, part_seconds);
      part_passed = true;
      part_seconds = 0;
    }
  }
  for (auto& t : threads) t.join();
  return summary;
}

}  // namespace cxxtest::driver
