// engine/worker/cmp_table.h: the values the target compared most recently.
//
// SanitizerCoverage's comparison tracing (-fsanitize-coverage=trace-cmp)
// calls a hook before every integer comparison, switch, division and array
// index of instrumented code (cov_hooks.cpp). Each hook stores its operands
// in one slot of a small per-process table, chosen by the calling pc, so a
// comparison site keeps overwriting its own slot: the table holds one recent
// pair per (hashed) site. Recording is two stores, no branch and no lock.
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

// The table (kCmpSlots entries) and the number of hook calls so far.
CmpEntry* cmp_table();
uint64_t cmp_calls();

// Records one comparison made at `pc`.
void record_cmp(uintptr_t pc, uint64_t a, uint64_t b, uint32_t size, uint32_t flags);

// Empties the table (e.g. before an input whose compares are wanted alone).
void clear_cmp_table();

}  // namespace cxxtest::runtime::engine
