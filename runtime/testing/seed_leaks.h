// testing/seed_leaks.h: LeakSanitizer per seed input in a plain -asan run, so a
// leaking input fails its own subtest (FuzzXxx/seed#N, FuzzXxx/<file>)
// while it runs, instead of a report at exit that names no input after the
// run printed PASS. Counting is the engine's (engine/worker/leak_check.h): only an
// input that leaves more allocations than it frees pays for a heap scan.
#pragma once

namespace cxxtest::runtime {

struct TestState;

// Turns the checks on when the binary has LeakSanitizer; called once by
// run_main before the tests of a plain run (fuzzing workers check their
// inputs themselves).
void start_seed_leak_checks();

// Whether seed inputs are checked.
bool seed_leak_checks_on();

// Before and after one seed input: when it leaked (LeakSanitizer's report
// is then written to stderr), fails `t` saying so.
void begin_seed_leak_window();
void check_seed_leak(TestState& t);

// A seed input threw: what its frames would have freed stays allocated (a
// harness's delete[] after the call that threw), and LeakSanitizer's exit
// check would report it after the exception's failure, under no test. The
// process, failing already, ends before that check (as after a leak).
void input_threw_during_leak_checks();

}  // namespace cxxtest::runtime
