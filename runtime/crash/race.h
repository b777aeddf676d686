// crash/race.h: ThreadSanitizer's data race reports (-race), as go test -race
// treats them.
//
// Two modes, chosen once by run_main:
//  - halt (the default, and under -test.fuzz and in fuzzing workers): the
//    first race ends the process after its report, with the running test's
//    `--- FAIL` and exit status 66, so the fuzzer keeps the input that raced;
//  - count (a plain run, race_count_in_tests()): the process goes on. Each
//    report is written to a private file (mkdtemp) instead of stderr, and
//    check_races(t), called when a test ends or pauses, fails t when races
//    were reported since t started (Go's checkRaces), logging the report
//    text under t and "race detected during execution of test".
// Both do nothing in a binary built without ThreadSanitizer.
#pragma once

#include <cstdint>
#include <string>

namespace cxxtest::runtime {

struct TestState;

// Plain runs: switch from halting to counting (see above).
void race_count_in_tests();

// Races reported so far by ThreadSanitizer in this process.
uint64_t races_reported();

// Count mode: if races were reported since t.races_seen, fails t (once per
// test), logs the report text not yet shown, and raises races_seen of t and
// its parents so they do not report the same races again.
void check_races(TestState& t);

// Count mode, after the tests: the report text no test took (races outside
// any test), or ""; then routes later reports to stderr again and removes
// the private directory. Returns "" in halt mode.
std::string race_finish();

// Count mode, when the process is about to end early (-test.timeout, a
// crash, exit() in a test): removes the private directory and its file so
// nothing is left in $TMPDIR. Async-signal-safe: only unlink and rmdir of
// paths fixed when counting started.
void race_remove_files();

}  // namespace cxxtest::runtime
