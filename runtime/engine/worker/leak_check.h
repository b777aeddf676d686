// engine/worker/leak_check.h: LeakSanitizer per input while fuzzing under -asan,
// as libFuzzer does it. Counting allocations costs two relaxed increments
// per malloc/free; only an input that leaves more allocations than it frees
// pays for a heap scan (__lsan_do_recoverable_leak_check), whose report goes
// where the worker's sanitizer reports go (sanitizer_report.h).
//
// Memory kept on purpose (a cache, a lazily built table) is reachable and
// not a leak; only unreachable blocks are. Switched off by -test.fuzzleaks=false
// (cxxtest.toml: [fuzz] detect_leaks = false).
#pragma once

namespace cxxtest::runtime::engine {

// Starts counting allocations when `wanted` and the binary has
// LeakSanitizer. Returns whether inputs are checked. Scans stop after
// kMaxLeakScans clean ones or, unless `repeatable`, once they take a fifth
// of the worker's time; a repeatable run (-fuzzseed, one worker) must not
// depend on time: where the scans stopped decided which inputs ran twice,
// whose compares then moved its commands' ends (fuzz_seed_repeat failed
// under load).
bool start_leak_checks(bool wanted, bool repeatable);

// Marks the start of one input.
void begin_leak_window();

// After an input that otherwise passed: whether it made more allocations
// than it freed since begin_leak_window(). The worker then runs it again
// (a cache filled on the first run is not refilled) and asks input_leaked().
bool leak_suspected();

// Around the second run of a suspected input, on the thread that runs it:
// the blocks that thread allocates meanwhile are never reported, so a leak
// shows once, as the first run made it ("640 bytes in 1 object", not 2),
// as libFuzzer's second run under __lsan_disable does.
void begin_unreported_allocations();
void end_unreported_allocations();

// After an input that otherwise passed: whether it leaked (then the report
// has been written). False when checks are off. A leak scan stops the
// world and walks the heap (on libxml2 under ASan, scans took 8 of every 9
// seconds), so, as libFuzzer does, checks end after kMaxLeakScans scans,
// or earlier once scans have taken more than a fifth of the worker's time.
bool input_leaked();
inline constexpr int kMaxLeakScans = 1000;

// Whether input_leaked() has stopped the checks for that reason (the
// coordinator says so once, as libFuzzer does).
bool leak_checks_stopped();

}  // namespace cxxtest::runtime::engine
