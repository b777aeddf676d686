// engine/leak_check.h: LeakSanitizer per input while fuzzing under -asan,
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
// LeakSanitizer. Returns whether inputs are checked.
bool start_leak_checks(bool wanted);

// Marks the start of one input.
void begin_leak_window();

// After an input that otherwise passed: whether it leaked (then the report
// has been written). False when checks are off.
bool input_leaked();

}  // namespace cxxtest::runtime::engine
