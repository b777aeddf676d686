// engine/worker/int_solver.h: solving integer comparisons on integer arguments,
// a light form of RedQueen's input-to-state correspondence.
//
// Once per fuzzing slice the worker runs its original input, then the same
// input with one integer argument v moved to v+1, recording the comparison
// table (cmp_table.h) after each run. A comparison site whose operand moved
// by d while the other operand stayed put depends on the argument linearly
// (operand = c + d*v, as far as one step shows), so the argument that makes
// the operand equal the other is v + (other - operand) / d. Trying that
// value and its neighbours (for <, <=, >, >= boundaries) solves compares the
// compiler rewrote beyond what the compared constants show, such as a range
// check `a > 100000 && a < 100100` folded into `a - 100001 < 99`, or
// `b == 7*a - 3` once a is fixed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/worker/cmp_table.h"

namespace cxxtest::runtime::engine {

// Candidate values for an argument whose value was `v` in the run that
// left `base` and v+1 in the run that left `moved` (both kCmpSlots
// entries). Appends distinct values (not v itself) to `out` until it
// holds `cap`. Values are raw 64-bit; the caller truncates to the kind.
void solve_candidates(const CmpEntry* base, const CmpEntry* moved, uint64_t v, std::vector<uint64_t>& out,
                      size_t cap);

}  // namespace cxxtest::runtime::engine
