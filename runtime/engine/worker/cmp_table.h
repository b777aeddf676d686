// engine/worker/cmp_table.h: the values the target compared most recently.
//
// SanitizerCoverage's comparison tracing (-fsanitize-coverage=trace-cmp)
// calls a hook before every integer comparison, switch, division and array
// index of instrumented code (cov_hooks.cpp). Each hook stores its operands
// in one slot of a small per-process table, chosen by the calling pc, so a
// comparison site keeps overwriting its own slot: the table holds one recent
// pair per (hashed) site. Recording is four stores, one branch and no lock.
//
// Readers (the mutators of the guidance issue) take the table as a hint:
// slots written by another thread may be torn, which costs a wasted
// mutation, never correctness.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cxxtest::runtime::engine {

struct CmpEntry {
  uint64_t a = 0;      // first operand (the constant, for const compares)
  uint64_t b = 0;      // second operand
  uint32_t size = 0;   // operand width in bytes (1, 2, 4, 8); 0 for an empty slot
  uint32_t flags = 0;  // kCmpConst, kCmpSwitch, kCmpDiv, kCmpGep
};

inline constexpr uint32_t kCmpConst = 1, kCmpSwitch = 2, kCmpDiv = 4, kCmpGep = 8;
inline constexpr size_t kCmpSlots = 512;  // a power of two

// The table (kCmpSlots entries).
CmpEntry* cmp_table();

// Whether the hooks record (on at start). Off, a hook returns at once: the
// worker reads the table only at a few points of a fuzzing slice, so it
// records only in the executions before them (worker.cpp); a JSON parser
// spent over half its fuzzing time recording every compare.
void set_cmp_recording(bool on);
bool cmp_recording();

// Records one comparison made at `pc`, and counts it (compares_made).
void record_cmp(uintptr_t pc, uint64_t a, uint64_t b, uint32_t size, uint32_t flags);

// Compares the instrumented code has made so far on the calling thread (the
// worker's, which runs the target), recorded or not: a measure of the work
// an execution did that, unlike time, is the same when the run is repeated
// (a repeatable run's caps, protocol.h). On OpenSSL's BN under ASan and on
// JSON parsers, 70-170 million a second.
uint64_t compares_made();

// Empties the table (e.g. before an input whose compares are wanted alone).
void clear_cmp_table();

}  // namespace cxxtest::runtime::engine
