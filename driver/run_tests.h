// Running test binaries: several packages at once (-p), output printed in
// package order as go test does, the first unfinished package streamed live.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "driver/process.h"

namespace cxxtest::driver {

using Emit = std::function<void(std::string_view)>;

// What running one package's binary gave.
struct RunOutcome {
  ExitStatus status;
  double seconds = 0;
};

// One package's run. `run` is called on a worker thread, reports output
// through `emit` as it arrives, and returns how the binary ended.
struct PackageRun {
  std::string import_path;
  // What to print instead of running (build failed, no test files, cached):
  // when set, `run` is not called and this text is printed as is.
  std::string precomputed;
  bool precomputed_failed = false;
  std::function<RunOutcome(const Emit& emit)> run;
  // Filled from `run`'s outcome:
  ExitStatus status;
  double seconds = 0;
  std::string trailer;  // appended to the ok (and FAIL) line: " [inputs that need -asan]" (needs_runs.h)
  bool cached = false;  // the output came from the test cache: "(cached)"
  // -cover: the output's last line is the driver's "coverage: ..." line,
  // which the ok line repeats (and a passing non-verbose run drops).
  bool cover = false;
  // -fuzzimport: the binary ran no test, and its "imported N files" line
  // says what it did, so a success prints no ok line.
  bool import_only = false;
};

struct RunSummary {
  bool any_failed = false;
  bool race = false;  // a test binary exited 66: a data race halted it (-race)
};

// How run_packages prints a package's output, as go test does.
enum class Shown {
  Streamed,  // as it comes; a passing run's final PASS line dropped unless verbose
  Failures,  // package list mode (packages named, no -v, -bench, -fuzz, -list):
             // held, and of a passing run only its "ok" line printed
};

// Runs every package with at most `parallel` at once and prints to stdout.
// Each package's output is filtered as go test does (Shown, above).
// With `json`, everything is printed as go test -json events instead.
RunSummary run_packages(std::vector<PackageRun>& runs, int parallel, bool verbose, bool json = false,
                        Shown shown = Shown::Streamed);

// The lines printed for a finished run, given its raw output (exposed for tests).
std::string format_result(const PackageRun& run, const std::string& output, bool verbose,
                          Shown shown = Shown::Streamed);

}  // namespace cxxtest::driver
