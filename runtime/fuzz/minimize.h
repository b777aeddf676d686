// fuzz/minimize.h: shrinking a failing (or interesting) input.
//
// minimize() tries smaller or simpler candidates one argument at a time,
// left to right, and keeps each candidate the caller's predicate accepts.
// Only one argument differs between a candidate and the current input.
//
// Bytes and std::string (Go's four stages, in order):
//   1. cut the tail: for n = 1024, 512, ..., 1, drop n bytes from the end
//      while the input still qualifies;
//   2. delete each single byte, left to right;
//   3. delete every sub-range [i, j) of two or more bytes (O(n^2) calls);
//   4. replace each byte by the first of `012789ABCXYZabcxyz !"#$%&'()*+,.`
//      that qualifies (stopping at the byte itself if it is in the list).
//   A value is never made empty: every stage stops at length 1.
// Beyond Go, for the other kinds:
//   integers: 0; for a negative value its absolute value; then a bisection
//     of the magnitude toward 0 (halving first), reaching the smallest
//     qualifying magnitude when qualifying is monotone; then clearing set
//     bits from the highest;
//   float/double: +0; toward zero to an integer; the integer bisection
//     (below 2^53); then the fewest significant digits (%.Ng) that qualify;
//   bool: false;  char: the printable list, as a byte;
//   char32_t: 'a', else the integer steps.
//
// The budget is taken before every predicate call; once it refuses, the
// job stops and `args` holds the best input found so far.
#pragma once

#include "fuzz/budget.h"

#include <cxxtest/value.h>

#include <functional>
#include <vector>

namespace cxxtest::fuzz {

// True if the input still fails "the same way" (the caller decides what
// that means: any failure for a crash, kept coverage for an interesting
// input). It must not keep references into the vector it is given.
using StillFails = std::function<bool(const std::vector<Value>&)>;

// Minimizes args in place. `args` must qualify on entry (the caller has
// re-checked it); on return it is the smallest qualifying input found.
// Returns whether args changed.
bool minimize(std::vector<Value>& args, const StillFails& still_fails, Budget& budget);

}  // namespace cxxtest::fuzz
