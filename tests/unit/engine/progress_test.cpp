// progress_test.cpp: Go's progress lines (engine/coordinator/progress.h).
#include "engine/coordinator/progress.h"

#include <doctest/doctest.h>

using namespace cxxtest::runtime::engine;
using cxxtest::runtime::kSecond;

TEST_CASE("Baseline lines") {
  CHECK(baseline_line({0, 0, 12, 0, true}) ==
        "fuzz: elapsed: 0s, gathering baseline coverage: 0/12 completed\n");
  CHECK(baseline_line({400'000'000, 12, 12, 2, true}) ==
        "fuzz: elapsed: 0s, gathering baseline coverage: 12/12 completed, now fuzzing with 2 workers\n");
  CHECK(baseline_line({0, 1, 3, 0, false}) == "fuzz: elapsed: 0s, testing seed corpus: 1/3 completed\n");
  CHECK(baseline_line({0, 3, 3, 8, false}) ==
        "fuzz: elapsed: 0s, testing seed corpus: 3/3 completed, now fuzzing with 8 workers\n");
}

TEST_CASE("A resumed run says where its inputs are and how to start afresh") {
  CHECK(resume_line(1, "/c/fuzz/m/FuzzX", true) ==
        "fuzz: resuming from 1 input of the generated corpus in /c/fuzz/m/FuzzX "
        "(cxxtest clean -fuzzcache empties it)\n");
  CHECK(resume_line(12, "/work/fc/FuzzX", false) ==
        "fuzz: resuming from 12 inputs of the generated corpus in /work/fc/FuzzX (delete it to start "
        "afresh)\n");
}

TEST_CASE("Fuzzing lines round elapsed time to seconds, Go style") {
  CHECK(fuzz_line({3 * kSecond, 40304, 13431.2, 104, 108, true}) ==
        "fuzz: elapsed: 3s, execs: 40304 (13431/sec), new interesting: 104 (total: 108)\n");
  CHECK(fuzz_line({60 * kSecond + 400'000'000, 5, 0.4, 0, 1, true}) ==
        "fuzz: elapsed: 1m0s, execs: 5 (0/sec), new interesting: 0 (total: 1)\n");
  CHECK(fuzz_line({2'600'000'000, 7, 2.6, 0, 0, false}) == "fuzz: elapsed: 3s, execs: 7 (3/sec)\n");
  CHECK(fuzz_line({3723 * kSecond, 1, 1, 0, 0, false}) == "fuzz: elapsed: 1h2m3s, execs: 1 (1/sec)\n");
}

TEST_CASE("Minimizing lines") {
  CHECK(minimizing_line(4 * kSecond) == "fuzz: elapsed: 4s, minimizing\n");
  CHECK(minimizing_file_line(34) == "fuzz: minimizing 34-byte failing input file\n");
}

TEST_CASE("Hang lines") {
  CHECK(slow_input_line(6 * kSecond + kSecond / 3, 25 * kSecond) ==
        "fuzz: an input has been running for 6s; at -fuzztimeout=25s it fails as a hang\n");
  CHECK(slow_input_line(90 * kSecond, 0) ==
        "fuzz: an input has been running for 1m30s (-fuzztimeout=0: no time limit)\n");
  CHECK(hang_confirm_line(2 * kSecond) ==
        "fuzz: the input ran longer than -fuzztimeout=2s; running it again in a fresh process to confirm\n");
  CHECK(
      hang_unconfirmed_line(40, 25 * kSecond) ==
      "fuzz: the minimized input (40 bytes) ran less than -fuzztimeout=25s in a fresh process; the input as "
      "found is reported\n");
}

TEST_CASE("The rate is executions since the last line over the time since it") {
  CHECK(exec_rate(100, 40404, 3 * kSecond) == doctest::Approx(13434.67));
  CHECK(exec_rate(0, 10, 0) == 0);
}

TEST_CASE("Activity lines say where the workers' time went") {
  Activity a;
  a.fuzzing = 5 * kSecond;
  a.minimizing = kSecond / 2;
  a.minimized = 14;
  a.kept_as_found = 2;
  a.calibrating = kSecond / 10;
  a.slowest = 41'300'000;
  a.started = 1;
  CHECK(activity_line(a, 3 * kSecond, 2) ==
        "fuzz: last 3s of 2 workers: 83% fuzzing, 8% minimizing 14 new inputs, 2 more kept as found, 2% "
        "calibrating, "
        "7% idle or starting; slowest input 41ms, 1 worker started\n");
  Activity quiet;
  quiet.fuzzing = 4 * kSecond;  // a command that began in the previous interval
  CHECK(activity_line(quiet, 3 * kSecond, 1) ==
        "fuzz: last 3s of 1 worker: 100% fuzzing, 0% minimizing 0 new inputs, 0% idle or starting; "
        "slowest input under 10ms\n");
  quiet.capped = 9;  // -fuzzseed: commands bounded by compares
  CHECK(activity_line(quiet, 3 * kSecond, 1) ==
        "fuzz: last 3s of 1 worker: 100% fuzzing, 0% minimizing 0 new inputs, 0% idle or starting; "
        "slowest input under 10ms, 9 commands ended at the compare cap\n");
  Activity hung;  // one input has run 6s and goes on: busy, not idle
  hung.running = 6 * kSecond + kSecond / 3;
  hung.running_share = 3 * kSecond;
  CHECK(activity_line(hung, 3 * kSecond, 1) ==
        "fuzz: last 3s of 1 worker: 0% fuzzing, 0% minimizing 0 new inputs, 0% idle or starting; "
        "slowest input under 10ms, one running for 6s so far\n");
}

TEST_CASE("-v's coverage line: counters hit of all, corpus entries, their mean size, the length limit") {
  CHECK(coverage_line(1363, 13019, 165, 57, 226) ==
        "fuzz: coverage: 1363 of 13019 counters hit, 165 corpus entries of 57 bytes on average, length "
        "limit 226\n");
  CHECK(coverage_line(0, 10, 1, 0, 4) ==
        "fuzz: coverage: 0 of 10 counters hit, 1 corpus entry of 0 bytes on average, length limit 4\n");
}
