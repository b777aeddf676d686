// engine/worker/int_solver.cpp: see int_solver.h.
#include "engine/worker/int_solver.h"

#include <algorithm>

namespace cxxtest::runtime::engine {
namespace {

// x as a signed number of `size` bytes.
int64_t signed_in(uint64_t x, uint32_t size) {
  if (size >= 8) return static_cast<int64_t>(x);
  unsigned shift = 64 - 8 * size;
  return static_cast<int64_t>(x << shift) >> shift;
}

void add(std::vector<uint64_t>& out, uint64_t value, uint64_t v, size_t cap) {
  if (out.size() >= cap || value == v) return;
  if (std::find(out.begin(), out.end(), value) == out.end()) out.push_back(value);
}

// The argument values that bring `operand` (which moved by `step` when the
// argument moved by one) to `target`, and one either side of it.
void solve(uint64_t operand, int64_t step, uint64_t target, uint32_t size, uint64_t v,
           std::vector<uint64_t>& out, size_t cap) {
  int64_t gap = signed_in(target - operand, size);
  int64_t k = gap / step;  // rounds toward zero: the neighbours cover the rest
  for (int64_t delta : {k, k - 1, k + 1}) add(out, v + static_cast<uint64_t>(delta), v, cap);
}

}  // namespace

void solve_candidates(const CmpEntry* base, const CmpEntry* moved, uint64_t v, std::vector<uint64_t>& out,
                      size_t cap) {
  for (size_t i = 0; i < kCmpSlots && out.size() < cap; ++i) {
    const CmpEntry& b = base[i];
    const CmpEntry& m = moved[i];
    if (b.size == 0 || m.size != b.size || (b.flags & (kCmpDiv | kCmpGep))) continue;
    int64_t step_a = signed_in(m.a - b.a, b.size);
    int64_t step_b = signed_in(m.b - b.b, b.size);
    // Exactly one operand moved: it follows the argument, the other is the goal.
    if (step_a != 0 && step_b == 0) solve(b.a, step_a, b.b, b.size, v, out, cap);
    if (step_b != 0 && step_a == 0) solve(b.b, step_b, b.a, b.size, v, out, cap);
  }
}

}  // namespace cxxtest::runtime::engine
